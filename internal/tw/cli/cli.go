// Package cli is tw's command line, one command per file, on one parser
// (spf13/cobra): it parses arguments, builds what a command needs (through
// package session, as every front end does) and runs it. cmd/tw only calls
// Main.
//
// Exit codes: 0 done, 1 failed, 2 typed wrong. Errors are one line on
// stderr: "Error: what failed: why. What to do." Results go to stdout;
// progress and notices to stderr.
//
// The messages for people (errors, notices, progress, prompts and
// confirmations) are worded in the interface language, interface.language of
// the home's settings.toml (the locale when auto), through the i18n
// catalogue; command names, options, help text and machine-readable output
// (JSON, tw text's formats, tw search's LINE:COL lines, tw info's labels)
// stay English.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// version is tw's version, as initialize and --version report it.
const version = core.Version

// Env is what a command runs with.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string

	// p words the messages for people (errors, notices, progress,
	// prompts) in the interface language; nil is English.
	p *i18n.Printer
	// home is the settings.toml of the command's home, read once at the
	// start (nil when it could not be read), with its warnings.
	home *homeSettings
}

// homeSettings is the settings.toml a command runs with.
type homeSettings struct {
	dir      string
	store    *settings.Store
	warnings []i18n.Message
}

// tr formats one of the command line's messages for people in the
// interface language. key is the English text as a constant format; paths,
// names and errors go in args.
func (env Env) tr(key string, args ...any) string {
	return env.printer().Sprintf(key, args...)
}

// lang is an Env that only words messages, for the helpers given a Printer.
func lang(p *i18n.Printer) Env { return Env{p: p} }

func (env Env) printer() *i18n.Printer {
	if env.p == nil {
		return i18n.For("en")
	}
	return env.p
}

// interfaceLanguage is the Printer of interface.language in the settings.toml
// of the home a command runs with (--home, else $TEXTWEAVER_HOME, else the
// usual one), the locale when it is auto, as the terminal reader chooses
// it. The flag is looked for before the command line is parsed, so that a
// typing error is worded in the same language too.
func interfaceLanguage(argv []string, getenv func(string) string) (*i18n.Printer, *homeSettings) {
	home := ""
	for i, a := range argv {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--home="); ok {
			home = v
		} else if a == "--home" && i+1 < len(argv) {
			home = argv[i+1]
		}
	}
	setting := i18n.Auto
	hs := &homeSettings{dir: session.Home(home, getenv)}
	if st, warnings, err := settings.OpenMessages(hs.dir); err == nil {
		hs.store, hs.warnings = st, warnings
		setting = st.String(i18n.Setting)
	}
	return i18n.For(i18n.Resolve(setting, getenv)), hs
}

// OS is the environment of the running process.
func OS() Env {
	return Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
}

const intro = `tw reads documents aloud. Try: tw open FILE, tw text FILE, tw serve --stdio.
Commands: open, text, convert, info, search, marks, notes, changes, serve, speak, voices, backends, eloquence, export-audio, settings, summarize, define, lint, ocr, components; tw --version.
tw help CMD tells more about a command; tw completion SHELL writes shell completions.
`

// exitError ends a command with an exit code; msg (a whole line, or ""
// when the command has already said what happened) goes to stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// fail is the error line "Error: what. What to do." with its exit code;
// what and todo are already in the interface language (p's).
func fail(p *i18n.Printer, code int, what, todo string) error {
	msg := lang(p).tr("Error: %s", what)
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	if todo != "" {
		msg += " " + todo
	}
	return &exitError{code, oneLine(msg)}
}

// oneLine keeps an error on one line, whatever was typed.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// exitCode ends a command with code and nothing more said.
func exitCode(code int) error { return &exitError{code: code} }

// usage is a command typed wrong (exit 2); why is in p's language.
func usage(p *i18n.Printer, cmd string, why string) error {
	return fail(p, 2, lang(p).tr("tw %s: %s", cmd, why), lang(p).tr("See tw %s --help.", cmd))
}

// oneDocument is the Args of a command that takes one document: any other
// count of arguments is a usage error.
func oneDocument(env Env, cmd string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usage(env.p, cmd, env.tr("give one document"))
		}
		return nil
	}
}

// noArguments is the Args of a command that takes no arguments: the first
// one given is named in a usage error.
func noArguments(env Env, cmd string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) > 0 {
			return usage(env.p, cmd, env.tr("unexpected argument %q", args[0]))
		}
		return nil
	}
}

// flagError words pflag's errors as tw always has.
func flagError(p *i18n.Printer, c *cobra.Command, err error) error {
	msg := err.Error()
	var notExist *pflag.NotExistError
	var needs *pflag.ValueRequiredError
	switch {
	case errors.As(err, &notExist):
		name := notExist.GetSpecifiedName()
		if notExist.GetSpecifiedShortnames() != "" {
			name = "-" + name
		} else {
			name = "--" + name
		}
		msg = lang(p).tr("unknown option %s", name)
	case errors.As(err, &needs):
		name := "--" + needs.GetFlag().Name
		if needs.GetSpecifiedName() != needs.GetFlag().Name {
			name = "-" + needs.GetSpecifiedName()
		}
		msg = lang(p).tr("%s needs a value", name)
	}
	if !c.HasParent() {
		return fail(p, 2, "tw: "+msg, lang(p).tr("Run tw help to see the commands and their options."))
	}
	return usage(p, c.Name(), msg)
}

// commands are tw's commands by the name each is typed as (its Use; a
// test checks they agree), in the order help lists them.
var commands = []struct {
	name string
	make func(Env) *cobra.Command
}{
	{"open", openCmd}, {"text", textCmd}, {"info", infoCmd}, {"search", searchCmd}, {"marks", marksCmd},
	{"serve", serveCmd}, {"backends", backendsCmd}, {"voices", voicesCmd}, {"speak", speakCmd},
	{"export-audio", exportAudioCmd}, {"convert", convertCmd}, {"settings", settingsCmd},
	{"summarize", summarizeCmd}, {"define", defineCmd}, {"stats", statsCmd}, {"lint", lintCmd},
	{"study", studyCmd}, {"cite", citeCmd}, {"library", libraryCmd}, {"notes", notesCmd},
	{"changes", changesCmd}, {"sync", syncCmd}, {"ocr", ocrCmd}, {"eloquence", eloquenceCmd},
	{"components", componentsCmd}, {"version", versionCmd}, {"update", updateCmd},
	{"dictate", dictateCmd}, {"vault", vaultCmd}, {"migrate-star", migrateStarCmd},
}

// newRoot builds the command tree. With typed the name of one of the
// commands, the tree holds that command alone: a run builds only what it
// runs (each command's flags, completions and subcommands cost a start).
// With typed "" (help, completion, a file, a mistyped name) it holds them
// all.
func newRoot(env Env, typed string) *cobra.Command {
	root := &cobra.Command{
		Use:   "tw",
		Short: "tw reads documents aloud",
		Long: `tw reads documents aloud: a terminal reader (tw open FILE, or tw FILE),
command-line tools, and a JSON-RPC server for other programs (tw serve --stdio).
A FILE of - reads standard input.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if v, _ := c.Flags().GetBool("version"); v {
				return printVersion(c)
			}
			fmt.Fprint(c.OutOrStdout(), intro)
			return nil
		},
	}
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return flagError(env.p, c, err) })
	root.Flags().BoolP("version", "V", false, "print tw's version")
	root.CompletionOptions.HiddenDefaultCmd = false
	for _, c := range commands {
		if typed == "" || c.name == typed {
			root.AddCommand(c.make(env))
		}
	}
	if typed != "" {
		// One command runs: help and completion are asked with no command
		// typed, so neither is built.
		root.CompletionOptions.DisableDefaultCmd = true
		return root
	}
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help about any command: tw help CMD is the same as tw CMD --help.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, name := range commandNames(root) {
				if strings.HasPrefix(name, toComplete) {
					names = append(names, name)
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if len(args) > 0 && (err != nil || target == root || len(rest) > 0) {
				return unknownCommand(env.printer(), root, strings.Join(args, " "))
			}
			return target.Help()
		},
	})
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

// commandNames lists the commands a person may type, sorted.
func commandNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() || c.Name() == "help" {
			names = append(names, c.Name())
		}
	}
	sort.Strings(names)
	return names
}

// isCommand reports whether name is one of root's commands (or cobra's
// hidden completion requests).
func isCommand(root *cobra.Command, name string) bool {
	if strings.HasPrefix(name, "__complete") {
		return true
	}
	for _, c := range root.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return true
		}
	}
	return false
}

// looksLikeFile reports whether a first argument that is no command names
// a document (`tw FILE`): an existing file, or a name with a folder or an
// extension in it ("notes.md", "./x"), which then fails as a file would.
func looksLikeFile(arg string) bool {
	if _, err := os.Stat(arg); err == nil {
		return true
	}
	return arg == "-" || strings.ContainsAny(arg, `/.\`)
}

// unknownCommand is the one line for a mistyped command (exit 2).
func unknownCommand(p *i18n.Printer, root *cobra.Command, name string) error {
	msg := lang(p).tr("Error: unknown command %q.", name)
	if s := root.SuggestionsFor(name); len(s) > 0 {
		msg += " " + lang(p).tr("Did you mean %s?", "tw "+strings.Join(s, lang(p).tr(" or ")+"tw "))
	}
	msg += " " + lang(p).tr("The commands are %s; tw help CMD tells more.", strings.Join(commandNames(root), ", "))
	return &exitError{2, oneLine(msg)}
}

// Main runs tw with argv (without the program name) and returns the exit
// code.
func Main(argv []string, env Env) int {
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	if env.p == nil {
		env.p, env.home = interfaceLanguage(argv, env.Getenv)
		i18n.SetHome(env.home.dir, func(err error) { fmt.Fprintln(env.Stderr, env.tr("Warning: %s", err)) })
	}
	root := newRoot(env, typedCommand(argv))
	err := route(env.p, root, argv)
	if err == nil {
		root.SetArgs(argv)
		if len(argv) > 0 && (argv[0] == "-" || !strings.HasPrefix(argv[0], "-")) && !isCommand(root, argv[0]) {
			// tw FILE opens the file in the terminal reader.
			root.SetArgs(append([]string{"open"}, argv...))
		}
		_, err = root.ExecuteC()
	}
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(env.Stderr, ee.msg)
		}
		return ee.code
	}
	// What cobra itself refuses (such as a command of help it does not
	// know) is a typing error.
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	fmt.Fprintln(env.Stderr, fail(env.p, 2, msg, env.tr("Run tw help to see the commands.")).Error())
	return 2
}

// typedCommand is the command argv names first, or "" when it names none
// of them: then the whole tree is needed.
func typedCommand(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	for _, c := range commands {
		if c.name == argv[0] {
			return c.name
		}
	}
	return ""
}

// route refuses a first argument that is neither a command nor a file.
func route(p *i18n.Printer, root *cobra.Command, argv []string) error {
	if len(argv) == 0 || argv[0] != "-" && strings.HasPrefix(argv[0], "-") || isCommand(root, argv[0]) || looksLikeFile(argv[0]) {
		return nil
	}
	return unknownCommand(p, root, argv[0])
}
