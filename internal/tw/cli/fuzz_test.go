package cli

import (
	"errors"
	"io"
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
		root := newRoot(env)
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
