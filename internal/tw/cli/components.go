package cli

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/i18n"
)

// component is an optional part of tw: a program or data of a Debian
// package that a feature needs, found by its program or its folder.
type component struct {
	ID      string   `json:"id"`
	Gives   string   `json:"gives"`   // what it gives tw, in the catalogue's words
	Package string   `json:"package"` // the Debian package that installs it
	Program string   `json:"program,omitempty"`
	Folder  string   `json:"folder,omitempty"`
	Check   []string `json:"-"` // arguments that make Program say it runs (its version)
}

// components are tw's optional components, in the order listed.
var components = []component{
	{ID: "espeak-ng", Gives: i18n.Key("speech and IPA pronunciations"), Package: "espeak-ng", Program: "espeak-ng", Check: []string{"--version"}},
	{ID: "speech-dispatcher", Gives: i18n.Key("speech through the system's speech service"), Package: "speech-dispatcher", Program: "speech-dispatcher", Check: []string{"--version"}},
	{ID: "tesseract", Gives: i18n.Key("reading scanned pages and pictures (OCR)"), Package: "tesseract-ocr", Program: "tesseract", Check: []string{"--version"}},
	{ID: "jbig2dec", Gives: i18n.Key("scanned PDF pages in JBIG2"), Package: "jbig2dec", Program: "jbig2dec", Check: []string{"--version"}},
	{ID: "ffmpeg", Gives: i18n.Key("audio exports to FLAC, MP3, Opus and M4B"), Package: "ffmpeg", Program: "ffmpeg", Check: []string{"-version"}},
	{ID: "pandoc", Gives: i18n.Key("reading and writing more document formats"), Package: "pandoc", Program: "pandoc", Check: []string{"--version"}},
	{ID: "libreoffice", Gives: i18n.Key("reading old Office files and writing PDF"), Package: "libreoffice-writer", Program: "soffice", Check: []string{"--version"}},
	{ID: "liblouis", Gives: i18n.Key("braille files (BRF)"), Package: "liblouis-bin", Program: "lou_translate", Check: []string{"--version"}},
	{ID: "hunspell", Gives: i18n.Key("spelling suggestions"), Package: "hunspell", Program: "hunspell", Check: []string{"-v"}},
	{ID: "wordnet", Gives: i18n.Key("define_word and tw define"), Package: "wordnet-base", Folder: "/usr/share/wordnet"},
}

// where finds a component: the path of its program or folder, or "".
func (c component) where() string {
	if c.Program != "" {
		p, _ := exec.LookPath(c.Program)
		return p
	}
	if fi, err := os.Stat(c.Folder); err == nil && fi.IsDir() {
		return c.Folder
	}
	return ""
}

func componentsCmd(env Env) *cobra.Command {
	c := &cobra.Command{
		Use:   "components",
		Short: "The optional components tw uses: which are installed, and whether they run",
		Long: `tw components list says, for each optional component (a program or data of a
Debian package that a feature needs), what it gives, whether it is installed
and where, and the package that installs it. tw components verify runs each
installed program once (its version) and says whether it works; it exits 1
when one does not.`,
		Example: "  tw components list\n  tw components verify --json",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(env.p, "components", env.tr("unknown command %q: use list or verify", args[0]))
			}
			return listComponents(env, false)
		},
	}
	var listJSON, verifyJSON bool
	list := &cobra.Command{
		Use: "list", Short: "List the optional components and whether they are installed", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return listComponents(env, listJSON) },
	}
	list.Flags().BoolVar(&listJSON, "json", false, "print JSON: each component's id, gives, package, program or folder, installed and path")
	verify := &cobra.Command{
		Use: "verify", Short: "Run each installed component once and say whether it works", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return verifyComponents(env, verifyJSON) },
	}
	verify.Flags().BoolVar(&verifyJSON, "json", false, "print JSON: each installed component's id, path, works and error")
	c.AddCommand(list, verify)
	return c
}

func listComponents(env Env, asJSON bool) error {
	type row struct {
		component
		Installed bool   `json:"installed"`
		Path      string `json:"path,omitempty"`
	}
	var rows []row
	for _, c := range components {
		p := c.where()
		rows = append(rows, row{c, p != "", p})
	}
	if asJSON {
		return printJSON(env.Stdout, rows)
	}
	w := onTerminal(env.Stdout)
	for _, r := range rows {
		state := env.tr("not installed; apt install %s", r.Package)
		if r.Installed {
			state = env.tr("installed at %s", r.Path)
		}
		fmt.Fprintf(w, "%s: %s; %s\n", r.ID, env.printer().Text(r.Gives), state)
	}
	return nil
}

func verifyComponents(env Env, asJSON bool) error {
	type row struct {
		ID    string `json:"id"`
		Path  string `json:"path"`
		Works bool   `json:"works"`
		Error string `json:"error,omitempty"`
	}
	rows := []row{}
	broken := 0
	for _, c := range components {
		p := c.where()
		if p == "" {
			continue
		}
		r := row{ID: c.ID, Path: p, Works: true}
		if c.Program != "" {
			if out, err := exec.Command(p, c.Check...).CombinedOutput(); err != nil {
				line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
				r.Works, r.Error = false, fmt.Sprintf("%v: %s", err, line)
			}
		}
		if !r.Works {
			broken++
		}
		rows = append(rows, r)
	}
	if asJSON {
		if err := printJSON(env.Stdout, rows); err != nil {
			return err
		}
	} else {
		w := onTerminal(env.Stdout)
		for _, r := range rows {
			if r.Works {
				fmt.Fprintln(w, env.tr("%s works (%s).", r.ID, r.Path))
			} else {
				fmt.Fprintln(w, env.tr("%s does not work (%s): %s", r.ID, r.Path, r.Error))
			}
		}
	}
	if broken > 0 {
		return exitCode(1)
	}
	return nil
}
