package cli

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// FuzzCommandLine parses arbitrary arguments with every command's flags and
// routes an arbitrary first word: whatever is typed, a mistake is one
// "Error: ..." line with exit 2, and nothing panics.
func FuzzCommandLine(f *testing.F) {
	for _, seed := range [][4]string{
		{"frobnicate", "--socket", "x", "-"},
		{"tex", "--home", "", ""},
		{"notes.md", "-o", "--to", "json"},
		{"help", "--rate=fast", "--", "-x"},
		{"-", "--json=1", "-h", "--help"},
		{"serve\n", "--stdio=no", "--no-speech=yes", "-ox"},
		{"", "---", "-", "--=x"},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3])
	}
	env := Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}
	f.Fuzz(func(t *testing.T, first, a, b, c string) {
		root := newRoot(env, "")
		check := func(what string, err error) {
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != 2 || !strings.HasPrefix(ee.msg, "Error: ") || strings.ContainsAny(ee.msg, "\r\n") {
				t.Fatalf("%s: %#v", what, err)
			}
		}
		if err := route(env.p, root, []string{first}); err != nil {
			check("routing "+first, err)
		}
		for _, cmd := range append(root.Commands(), root) {
			if err := cmd.ParseFlags([]string{a, b, c}); err != nil && !errors.Is(err, pflag.ErrHelp) {
				check(cmd.Name()+" "+a+" "+b+" "+c, flagError(env.p, cmd, err))
			}
		}
	})
}

// TestCommandsAreTypedByTheirNames: each entry of commands makes the
// command typed as its name, so that a run that builds that command alone
// runs the same one the whole tree would; the whole tree holds them all,
// and each one-command tree holds just it.
func TestCommandsAreTypedByTheirNames(t *testing.T) {
	env := Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}
	all := newRoot(env, "")
	var names []string
	for _, c := range commands {
		if got := c.make(env).Name(); got != c.name {
			t.Errorf("commands names %q for the command %q", c.name, got)
		}
		one := newRoot(env, c.name)
		if !isCommand(one, c.name) || len(one.Commands()) > 3 { // the command, help and completion
			t.Errorf("the tree for %q holds %d commands", c.name, len(one.Commands()))
		}
		names = append(names, c.name)
	}
	for _, c := range all.Commands() {
		if c.IsAvailableCommand() && c.Name() != "completion" && !slices.Contains(names, c.Name()) {
			t.Errorf("%q is in the tree but not in commands", c.Name())
		}
	}
	if got := typedCommand([]string{"text", "x.md"}); got != "text" {
		t.Errorf("typedCommand(text x.md) = %q", got)
	}
	for _, argv := range [][]string{nil, {"help", "text"}, {"notes.md"}, {"txet"}, {"--version"}, {"__complete", "te"}} {
		if got := typedCommand(argv); got != "" {
			t.Errorf("typedCommand(%q) = %q, want the whole tree", argv, got)
		}
	}
}
