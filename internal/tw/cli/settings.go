package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/atomicfile"
	"textfirst/internal/editdistance"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/keymap"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// settingsCmd is `tw settings`: the settings of settings.toml read, changed,
// reset, exported and imported from the command line, with the same checks
// as the settings list and JSON-RPC's set_setting (a value that does not fit
// is refused with the reason and changes nothing).
func settingsCmd(env Env) *cobra.Command {
	var home string
	c := &cobra.Command{
		Use:   "settings",
		Short: "Read, change, reset, export or import the settings",
		Long: `Read and change tw's settings (settings.toml in the home) from the command
line. Every value is checked as the settings list checks it: one that does not
fit is refused with the reason, and nothing changes.`,
		Example: "  tw settings list speech\n  tw settings get speech.rate\n  tw settings set speech.rate 300\n" +
			"  tw settings reset speech.rate\n  tw settings export my-settings.toml\n  tw settings import my-settings.toml",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.PersistentFlags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	open := func(cmd string) (*settings.Store, string, error) {
		dir := session.Home(home, env.Getenv)
		st, _, err := settings.OpenMessages(dir)
		if err != nil {
			return nil, dir, fail(env.p, 1, env.tr("tw settings %s: %v", cmd, err), env.tr("Fix settings.toml by hand first: %s", settings.File(dir)))
		}
		return st, dir, nil
	}
	c.AddCommand(
		settingsListCmd(env, open), settingsGetCmd(env, open), settingsSetCmd(env, open, &home),
		settingsResetCmd(env, open), settingsExportCmd(env, open), settingsImportCmd(env, open),
		settingsPathCmd(env, &home), settingsLanguageCmd(env, open), settingsProfileCmd(env, open),
	)
	return c
}

// openSettings opens the settings of the command's home; its error is the
// command's whole answer.
type openSettings func(cmd string) (*settings.Store, string, error)

func settingsListCmd(env Env, open openSettings) *cobra.Command {
	var asJSON, changed bool
	c := &cobra.Command{
		Use:   "list [SECTION]",
		Short: "List the settings and their values, or those of one section",
		Long: `List every setting as PATH = VALUE, one a line, with the default after a
value that differs from it; SECTION (speech, reading, display, ...) lists that
section only; --changed only the settings that differ from their defaults.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			st, _, err := open("list")
			if err != nil {
				return err
			}
			section := ""
			if len(args) == 1 {
				section = strings.TrimSuffix(args[0], ".")
				if !knownSettingsSection(section) {
					return usage(env.p, "settings list", env.tr("there is no section %s; the sections are %s", section, strings.Join(settingsSections(), ", ")))
				}
			}
			var rows []map[string]any
			for _, s := range settings.Schema() {
				if s.Internal || (section != "" && s.Section != section) {
					continue
				}
				v, _ := st.Get(s.Path)
				differs := !sameSetting(v, s.Default)
				if changed && !differs {
					continue
				}
				if asJSON {
					rows = append(rows, map[string]any{"path": s.Path, "label": s.Label, "kind": string(s.Kind), "value": v, "default": s.Default})
					continue
				}
				line := s.Path + " = " + settingText(v)
				if differs {
					def := settingText(s.Default)
					if s.Default == nil {
						def = env.tr("unset")
					}
					line += " " + env.tr("(default %s)", def)
				}
				fmt.Fprintln(env.Stdout, line)
			}
			if asJSON {
				if rows == nil {
					rows = []map[string]any{}
				}
				return printJSON(env.Stdout, rows)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the settings as a JSON array (path, label, kind, value, default)")
	c.Flags().BoolVar(&changed, "changed", false, "only the settings that differ from their defaults")
	return c
}

func settingsGetCmd(env Env, open openSettings) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "get PATH",
		Short: "Print the value of one setting, such as speech.rate",
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usage(env.p, "settings get", env.tr("give one setting, such as speech.rate"))
			}
			st, _, err := open("get")
			if err != nil {
				return err
			}
			v, err := st.Get(args[0])
			if err != nil {
				return unknownSetting(env, "settings get", args[0])
			}
			if asJSON {
				return printJSON(env.Stdout, v)
			}
			fmt.Fprintln(env.Stdout, settingText(v))
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the value as JSON")
	return c
}

func settingsSetCmd(env Env, open openSettings, home *string) *cobra.Command {
	return &cobra.Command{
		Use:   "set PATH VALUE",
		Short: "Change one setting, such as speech.rate 300",
		Long: `Change one setting and save it. A number is clamped to the setting's range; a
toggle takes on or off (true, false, yes, no); a list takes its items
separated by commas; speech.voice must match a voice of the speech engine in
use. A value that does not fit is refused with the reason, and nothing
changes.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usage(env.p, "settings set", env.tr("give a setting and its value, such as speech.rate 300"))
			}
			path, text := args[0], args[1]
			st, _, err := open("set")
			if err != nil {
				return err
			}
			schema, ok := settingNamed(path)
			if !ok {
				return unknownSetting(env, "settings set", path)
			}
			value, err := parseSettingValue(env, schema, text)
			if err != nil {
				return err
			}
			if path == "speech.voice" {
				// The voice is checked against the engines, as the reader
				// and set_setting check it.
				s := session.Open(session.Options{Home: *home, Getenv: env.Getenv, Localized: true})
				defer s.Close()
				if s.Settings != nil {
					st = s.Settings
				}
			}
			stored, err := st.Set(path, value)
			if err != nil {
				return fail(env.p, 1, env.tr("tw settings set: %v", localized(env, err)), "")
			}
			fmt.Fprintln(env.Stdout, path+" = "+settingText(stored))
			return nil
		},
	}
}

func settingsResetCmd(env Env, open openSettings) *cobra.Command {
	var section string
	var yes bool
	c := &cobra.Command{
		Use:   "reset [PATH]",
		Short: "Put settings back to their defaults: one, a section, or all of them",
		Long: `Put a setting back to its default (its line is removed from settings.toml),
or every setting of a section (--section speech), or every setting. Resetting
more than one setting asks first on a terminal; -y resets without asking.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			st, _, err := open("reset")
			if err != nil {
				return err
			}
			var paths []string
			switch {
			case len(args) == 1 && section != "":
				return usage(env.p, "settings reset", env.tr("give a setting or --section, not both"))
			case len(args) == 1:
				if _, ok := settingNamed(args[0]); !ok {
					return unknownSetting(env, "settings reset", args[0])
				}
				paths, yes = args, true
			default:
				if section != "" && !knownSettingsSection(section) {
					return usage(env.p, "settings reset", env.tr("there is no section %s; the sections are %s", section, strings.Join(settingsSections(), ", ")))
				}
				for _, s := range settings.Schema() {
					if v, _ := st.Get(s.Path); !s.Internal && (section == "" || s.Section == section) && !sameSetting(v, s.Default) {
						paths = append(paths, s.Path)
					}
				}
			}
			if len(paths) == 0 {
				fmt.Fprintln(env.Stdout, env.tr("Nothing to reset: those settings are at their defaults."))
				return nil
			}
			if !yes {
				ok, err := confirmOnTerminal(env, env.tr("Reset %d settings to their defaults (%s)? y or n: ", len(paths), strings.Join(paths, ", ")))
				if err != nil {
					return err
				}
				if !ok {
					fmt.Fprintln(env.Stdout, env.tr("Cancelled. Nothing was changed."))
					return nil
				}
			}
			for _, p := range paths {
				if _, err := st.Set(p, nil); err != nil {
					return fail(env.p, 1, env.tr("tw settings reset: %v", localized(env, err)), "")
				}
			}
			fmt.Fprintln(env.Stdout, env.tr("Reset %d settings to their defaults.", len(paths)))
			return nil
		},
	}
	c.Flags().StringVar(&section, "section", "", "reset every setting of this section (speech, reading, display, ...)")
	c.Flags().BoolVarP(&yes, "yes", "y", false, "reset without asking")
	return c
}

func settingsExportCmd(env Env, open openSettings) *cobra.Command {
	return &cobra.Command{
		Use:   "export [FILE]",
		Short: "Write every setting to a settings file (TOML), or print it",
		Long: `Write every setting a user may change, as a complete settings.toml that
tw settings import (or the settings list's import) reads back on another
machine. Without FILE it is printed.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			st, _, err := open("export")
			if err != nil {
				return err
			}
			data, err := st.ExportTOML()
			if err != nil {
				return fail(env.p, 1, env.tr("tw settings export: %v", err), "")
			}
			if len(args) == 0 || args[0] == "-" {
				env.Stdout.Write(data)
				return nil
			}
			if err := atomicfile.Write(args[0], data, atomicfile.PrivateFile); err != nil {
				return fail(env.p, 1, env.tr("tw settings export: cannot write %s: %v", args[0], err), env.tr("Check the folder exists and is writable."))
			}
			fmt.Fprintln(env.Stdout, env.tr("Settings exported to %s.", args[0]))
			return nil
		},
	}
}

func settingsImportCmd(env Env, open openSettings) *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Apply the settings of a settings file (TOML); - reads standard input",
		Long: `Apply every setting that FILE names (a settings.toml, or what tw settings
export wrote); the others keep their values. Each value is checked: one that
does not fit, or names no setting, is refused with its reason while the rest
are applied, and the command exits 1.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usage(env.p, "settings import", env.tr("give one settings file, or - for standard input"))
			}
			st, _, err := open("import")
			if err != nil {
				return err
			}
			data, err := readInput(env, args[0], settingsFileLimit)
			if err != nil {
				return fail(env.p, 1, env.tr("tw settings import: cannot read %s: %v", args[0], err), "")
			}
			n, err := st.ImportTOML(args[0], data)
			var refused *settings.ImportError
			if errors.As(err, &refused) {
				for _, r := range refused.Refused {
					fmt.Fprintln(env.Stderr, env.tr("Refused: %s", r))
				}
				return fail(env.p, 1, env.tr("tw settings import: %d settings were refused", len(refused.Refused)),
					env.tr("%d settings were applied.", n))
			}
			if err != nil {
				return fail(env.p, 1, env.tr("tw settings import: %v", err), "")
			}
			fmt.Fprintln(env.Stdout, env.tr("Imported %d settings.", n))
			return nil
		},
	}
}

func settingsPathCmd(env Env, home *string) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "path",
		Short: "Show where the settings, key overrides and reading state are kept",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			dir := session.Home(*home, env.Getenv)
			files := []struct{ key, label, path string }{
				{"home", env.tr("Home folder"), dir},
				{"settings_file", env.tr("Settings file"), settings.File(dir)},
				{"keymap_file", env.tr("Key overrides file"), filepath.Join(dir, keymap.File)},
				{"state_dir", env.tr("Reading places, marks and notes"), docstate.Store{Home: dir}.StateDir()},
			}
			if asJSON {
				m := map[string]string{}
				for _, f := range files {
					m[f.key] = f.path
				}
				return printJSON(env.Stdout, m)
			}
			for _, f := range files {
				state := env.tr("exists")
				if _, err := os.Stat(f.path); err != nil {
					state = env.tr("not created yet")
				}
				fmt.Fprintf(env.Stdout, "%s: %s (%s)\n", f.label, f.path, state)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the paths as JSON")
	return c
}

func settingsLanguageCmd(env Env, open openSettings) *cobra.Command {
	return &cobra.Command{
		Use:   "language [CODE]",
		Short: "List the interface languages, or choose one (en, ar, de, es, fr, pt, auto)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			st, _, err := open("language")
			if err != nil {
				return err
			}
			if len(args) == 0 {
				current := st.String(i18n.Setting)
				fmt.Fprintln(env.Stdout, env.tr("Interface language: %s", current))
				for _, l := range i18n.Languages {
					fmt.Fprintf(env.Stdout, "%s: %s\n", l.Code, l.Name)
				}
				return nil
			}
			if _, err := st.Set(i18n.Setting, args[0]); err != nil {
				var codes []string
				for _, l := range i18n.Languages {
					codes = append(codes, l.Code)
				}
				return usage(env.p, "settings language", env.tr("there is no interface language %s; choose one of %s, or auto", args[0], strings.Join(codes, ", ")))
			}
			p := i18n.For(i18n.Resolve(args[0], env.Getenv))
			fmt.Fprintln(env.Stdout, lang(p).tr("Interface language: %s", args[0]))
			return nil
		},
	}
}

// settingsFileLimit bounds a settings file read for import: far above any
// real one, far below what could hurt.
const settingsFileLimit = 1 << 20

// settingNamed is the schema of a setting a user may read and change.
func settingNamed(path string) (settings.Setting, bool) {
	for _, s := range settings.Schema() {
		if s.Path == path {
			return s, !s.Internal
		}
	}
	return settings.Setting{}, false
}

// unknownSetting refuses a path that names no setting, with the nearest.
func unknownSetting(env Env, cmd, path string) error {
	var paths []string
	for _, s := range settings.Schema() {
		if !s.Internal {
			paths = append(paths, s.Path)
		}
	}
	sort.Slice(paths, func(i, j int) bool { return settingDistance(path, paths[i]) < settingDistance(path, paths[j]) })
	return fail(env.p, 2, env.tr("tw %s: there is no setting %s", cmd, path),
		env.tr("Nearest: %s. tw settings list shows them all.", strings.Join(paths[:min(3, len(paths))], ", ")))
}

// settingDistance ranks setting paths for a name typed wrong: the same key
// in another section first, then by edit distance.
func settingDistance(typed, path string) int {
	d := editdistance.Levenshtein(typed, path)
	if path[strings.LastIndexByte(path, '.')+1:] != typed[strings.LastIndexByte(typed, '.')+1:] {
		d += 1000
	}
	return d
}

// parseSettingValue turns VALUE, as typed, into what settings.Store.Set
// takes for the setting's kind.
func parseSettingValue(env Env, s settings.Setting, text string) (any, error) {
	switch s.Kind {
	case settings.KindToggle:
		switch strings.ToLower(text) {
		case "on", "true", "yes", "1":
			return true, nil
		case "off", "false", "no", "0":
			return false, nil
		}
		return nil, usage(env.p, "settings set", env.tr("%s is on or off, not %q", s.Path, text))
	case settings.KindNumber:
		n, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil {
			return nil, usage(env.p, "settings set", env.tr("%s is a number, not %q", s.Path, text))
		}
		return n, nil
	case settings.KindList:
		items := []any{}
		for _, item := range strings.Split(text, ",") {
			if item = strings.TrimSpace(item); item != "" {
				items = append(items, item)
			}
		}
		return items, nil
	case settings.KindTable:
		return nil, usage(env.p, "settings set", env.tr("%s is a table: change it in settings.toml (%s) or in the settings list", s.Path, "tw settings path"))
	}
	return text, nil
}

// settingText is a value as the settings commands print it.
func settingText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []string:
		return strings.Join(v, ", ")
	case map[string]int, map[string]string:
		data, _ := json.Marshal(v)
		return string(data)
	}
	return fmt.Sprint(v)
}

// sameSetting reports whether two values of a setting are equal.
func sameSetting(a, b any) bool { return settingText(a) == settingText(b) }

func knownSettingsSection(name string) bool { return slices.Contains(settingsSections(), name) }

// settingsSections are the sections of the settings a user may change, in
// the schema's order.
func settingsSections() []string {
	var out []string
	for _, s := range settings.Schema() {
		if !s.Internal && !slices.Contains(out, s.Section) {
			out = append(out, s.Section)
		}
	}
	return out
}

// localized words a settings error in the interface language when it is
// one of the catalogue's messages.
func localized(env Env, err error) string {
	var m i18n.Message
	if errors.As(err, &m) {
		return m.In(env.printer())
	}
	return err.Error()
}

// confirmOnTerminal asks question on stderr and reads y or n from standard
// input; without a terminal it refuses, asking for -y.
func confirmOnTerminal(env Env, question string) (bool, error) {
	f, ok := env.Stdin.(*os.File)
	if !ok || !isTerminal(f) {
		return false, fail(env.p, 2, env.tr("tw settings reset: no terminal to ask on"), env.tr("Give -y to reset without asking."))
	}
	fmt.Fprint(env.Stderr, question)
	line, _ := bufio.NewReader(f).ReadString('\n')
	answer := strings.ToLower(strings.TrimSpace(line))
	return answer == "y" || answer == "yes", nil
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
