// Package cli is windows2text's command line, on spf13/cobra: one file per
// command (serve, windows, snapshot, observe, version), plus help and the
// shell completions cobra brings (bash, zsh, fish, powershell).
//
// Program.Run is the whole program without the process, so tests call it
// with their own arguments, streams and backend.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"textfirst/internal/editdistance"
	"textfirst/internal/windows2text/uitree"
)

// Program is windows2text: its version and the platform's backend.
type Program struct {
	// Version is printed by version and answered by ping.
	Version string
	// Backend opens the platform's UI tree backend (AT-SPI2 on Linux, UI
	// Automation on Windows); commands that read the desktop call it once.
	Backend func(context.Context) (uitree.Backend, error)

	// enableA11y is the --enable-a11y flag of the command line being run.
	enableA11y *bool
}

// exitError ends the program with code after printing msg ("" prints
// nothing) as "windows2text: msg" on stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageError is a mistyped command line: exit status 2.
func usageError(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

// failure is a command that could not do its work: exit status 1.
func failure(err error) error { return &exitError{code: 1, msg: err.Error()} }

// Run runs windows2text with args (without the program's name) and returns
// its exit status: 0 done, 1 failed, 2 mistyped.
func (p Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := p.root(stdin, stdout, stderr)
	args = normalize(root, args)
	root.SetArgs(args)
	var err error
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && !strings.HasPrefix(args[0], "__") {
		// A mistyped command is named as such, whatever flags follow it
		// (cobra would first complain about the flags).
		if c, _, ferr := root.Find(args[:1]); ferr != nil || c == root {
			err = unknownCommand(root, args[0])
		}
	}
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	if err == nil {
		return 0
	}
	var e *exitError
	if !errors.As(err, &e) {
		// cobra's own errors are about the command line.
		e = &exitError{code: 2, msg: err.Error()}
	}
	if e.msg != "" {
		fmt.Fprintf(stderr, "windows2text: %s\n", e.msg)
	}
	return e.code
}

// root builds the command tree.
func (p Program) root(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "windows2text",
		Short: "the desktop's UI tree as text, for computer-use agents",
		Long: `windows2text turns the desktop's accessibility tree (AT-SPI2 on Linux, UI
Automation on Windows) into text for computer-use agents, and acts on its
elements by reference. "windows2text serve" speaks the NDJSON protocol on
stdin and stdout; windows, snapshot and observe are its one-shot forms.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		// The root takes no arguments of its own: a word here is a
		// mistyped command.
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(cmd, args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			// No command at all: the usage, on stderr, and status 2.
			cmd.SetOut(cmd.ErrOrStderr())
			cmd.Usage()
			return &exitError{code: 2}
		},
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagError)
	root.SetHelpCommand(helpCommand())
	p.enableA11y = new(bool)
	root.PersistentFlags().BoolVar(p.enableA11y, "enable-a11y", false,
		"switch the session's accessibility on first, as screen readers do, so that applications started afterwards that read it (Firefox) expose their trees")
	root.AddCommand(p.serveCommand(), p.mcpCommand(), p.windowsCommand(), p.snapshotCommand(), p.observeCommand(), p.versionCommand())
	// cobra adds help and completion when it runs; add them now, so that
	// they count among the known commands from the start.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

// helpCommand is "help [command]": the usage of the program or of one
// command, on stdout; an unknown command is a mistake (status 2).
func helpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command [subcommand]]",
		Short: "print the usage of windows2text or of one command",
		RunE: func(cmd *cobra.Command, args []string) error {
			root := cmd.Root()
			target := root
			if len(args) > 0 {
				c, rest, err := root.Find(args)
				if err != nil || c == root || len(rest) > 0 {
					return unknownCommand(root, strings.Join(args, " "))
				}
				target = c
			}
			target.SetOut(cmd.OutOrStdout())
			return target.Help()
		},
		ValidArgsFunction: func(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return commandNames(cmd.Root()), cobra.ShellCompDirectiveNoFileComp
		},
	}
}

// commandNames are the names of root's commands, as the help lists them.
func commandNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() || c.Name() == "help" {
			names = append(names, c.Name())
		}
	}
	return names
}

// unknownCommand names the known commands and the nearest to name, always
// one (help included, ties to the first listed). cobra's SuggestionsFor
// does not serve: it suggests only within a distance of 2 or by prefix
// ("fly" and "serve fly" would get none, "snap" snapshot where this
// names help), leaves help out, and counts bytes, not code points.
func unknownCommand(root *cobra.Command, name string) error {
	names := commandNames(root)
	best, dist := "", -1
	for _, n := range names {
		if d := distance(name, n); dist < 0 || d < dist {
			best, dist = n, d
		}
	}
	return usageError("unknown command %q; did you mean %q?\nknown commands: %s\nRun 'windows2text help' for usage.",
		name, best, strings.Join(names, ", "))
}

// distance is the Levenshtein distance between a and b, in code points,
// ignoring case.
func distance(a, b string) int {
	return editdistance.Levenshtein(strings.ToLower(a), strings.ToLower(b))
}

// flagError words pflag's complaints as Go's flag package did before the
// move to cobra ("flag provided but not defined: -x"), and points at the
// command's help.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	for _, prefix := range []string{"unknown flag: ", "unknown shorthand flag: "} {
		if rest, ok := strings.CutPrefix(msg, prefix); ok {
			msg = "flag provided but not defined: " + rest
		}
	}
	return usageError("%s\nRun '%s --help' for usage.", msg, cmd.CommandPath())
}

// normalize keeps the Go-style spellings the command line took before
// cobra: "-version" and "--version" for the version command, and one dash
// before a long flag ("-json", "-max-depth=3") as well as two.
func normalize(root *cobra.Command, args []string) []string {
	if len(args) == 0 {
		return args
	}
	out := slices.Clone(args)
	if out[0] == "-version" || out[0] == "--version" {
		out[0] = "version"
	}
	cmd, _, err := root.Find(out[:1])
	if err != nil || cmd == root {
		return out
	}
	for i := 1; i < len(out); i++ {
		a := out[i]
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if cmd.Flags().Lookup(name) != nil {
			out[i] = "-" + a
		}
	}
	return out
}

// takesNoArgs refuses words after a command that takes none.
func takesNoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageError("%s takes no arguments", cmd.Name())
	}
	return nil
}

// withBackend opens the platform's backend, runs use with it and closes
// it; an error of either is the command's failure (status 1).
func (p Program) withBackend(ctx context.Context, use func(uitree.Backend) error) error {
	backend, err := p.Backend(ctx)
	if err != nil {
		return failure(err)
	}
	defer closeBackend(backend)
	if p.enableA11y != nil && *p.enableA11y {
		// UI Automation needs no switch: a backend without one has
		// nothing to switch on.
		if sw, ok := backend.(uitree.AccessibilitySwitch); ok {
			if err := sw.EnableAccessibility(ctx); err != nil {
				return failure(err)
			}
		}
	}
	if err := use(backend); err != nil {
		return failure(err)
	}
	return nil
}

// closeBackend releases a backend that holds resources.
func closeBackend(b uitree.Backend) {
	if c, ok := b.(uitree.Closer); ok {
		c.Close()
	}
}
