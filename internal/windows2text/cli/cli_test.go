package cli

import (
	"bytes"
	"strings"
	"testing"
)

// call runs windows2text with args and returns its status and output.
func call(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(""), &out, &errOut)
	return status, out.String(), errOut.String()
}

// TestHelpOfEveryCommand asks every command for its usage in the four
// ways a Go tool answers: help CMD, CMD --help, CMD -h, and help alone.
func TestHelpOfEveryCommand(t *testing.T) {
	commands := []struct {
		name string
		want []string // in the usage
		not  []string // flags that mean nothing to the command
	}{
		{"serve", []string{"windows2text serve", "one JSON request per line"}, []string{"--scope"}},
		{"mcp", []string{"windows2text mcp", "MCP server", "act:true"}, []string{"--scope", "--max-targets"}},
		{"windows", []string{"windows2text windows", "--max-nodes", "--json"}, []string{"--scope", "--max-targets"}},
		{"snapshot", []string{"windows2text snapshot", "--scope", "--view", "--max-depth", "--max-nodes", "--max-text",
			"--visible-only", "--pid", "--hwnd", "--json", "(default 32)"}, []string{"--max-targets", "--include-tree"}},
		{"observe", []string{"windows2text observe", "--scope", "--max-targets", "--include-tree", "--json"}, nil},
		{"version", []string{"windows2text version", "print the version"}, nil},
		{"completion", []string{"windows2text completion", "bash", "zsh", "fish"}, nil},
		{"help", []string{"windows2text help [command [subcommand]]"}, nil},
	}
	for _, c := range commands {
		for _, args := range [][]string{{"help", c.name}, {c.name, "--help"}, {c.name, "-h"}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				status, out, errOut := call(args...)
				if status != 0 || errOut != "" {
					t.Fatalf("status %d, stderr %q", status, errOut)
				}
				if !strings.Contains(out, "Usage:") {
					t.Errorf("no usage:\n%s", out)
				}
				for _, w := range c.want {
					if !strings.Contains(out, w) {
						t.Errorf("usage lacks %q:\n%s", w, out)
					}
				}
				for _, n := range c.not {
					if strings.Contains(out, n) {
						t.Errorf("usage shows %q:\n%s", n, out)
					}
				}
			})
		}
	}
	for _, args := range [][]string{{"help", "completion", "zsh"}, {"completion", "fish", "--help"}} {
		if status, out, _ := call(args...); status != 0 || !strings.Contains(out, "windows2text completion") {
			t.Errorf("%v: status %d, usage %q", args, status, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			status, out, errOut := call(args...)
			if status != 0 || errOut != "" {
				t.Fatalf("status %d, stderr %q", status, errOut)
			}
			for _, c := range commands {
				if !strings.Contains(out, "  "+c.name+" ") {
					t.Errorf("the usage does not list %s:\n%s", c.name, out)
				}
			}
		})
	}
}

// TestMistypedCommandLines: a mistake exits 2 and says what is known.
func TestMistypedCommandLines(t *testing.T) {
	tests := []struct {
		args   []string
		stderr []string
	}{
		{[]string{"snapshto"}, []string{`unknown command "snapshto"; did you mean "snapshot"?`,
			"known commands: completion, help, mcp, observe, serve, snapshot, version, windows"}},
		{[]string{"obsrve", "--json"}, []string{`did you mean "observe"?`}},
		{[]string{"window"}, []string{`did you mean "windows"?`}},
		{[]string{"help", "fly"}, []string{`unknown command "fly"`, "known commands: "}},
		{[]string{"help", "serve", "fly"}, []string{`unknown command "serve fly"; did you mean "serve"?`}},
		{[]string{"serve", "now"}, []string{"windows2text: serve takes no arguments"}},
		{[]string{"snapshot", "extra"}, []string{`unexpected argument "extra"`}},
		{[]string{"observe", "--max-targets", "many"}, []string{`invalid argument "many"`, "windows2text observe --help"}},
		{[]string{"windows", "-x"}, []string{"flag provided but not defined", "windows2text windows --help"}},
		{[]string{"version", "now"}, []string{`unknown command "now" for "windows2text version"`}},
		{nil, []string{"Usage:", "Available Commands:"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			status, out, errOut := call(tt.args...)
			if status != 2 {
				t.Fatalf("status %d, want 2 (stderr %q)", status, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			for _, w := range tt.stderr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}

// TestOldSpellings: the Go-flag spellings of before cobra still work.
func TestOldSpellings(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
		if status, out, _ := call(args...); status != 0 || out != "windows2text "+version+"\n" {
			t.Errorf("%v: status %d, stdout %q", args, status, out)
		}
	}
	// One dash before a long flag: parsed, so the mistake is the value.
	status, _, errOut := call("snapshot", "-max-depth=x")
	if status != 2 || !strings.Contains(errOut, `invalid argument "x" for "--max-depth"`) {
		t.Errorf("-max-depth=x: status %d, stderr %q", status, errOut)
	}
}

// TestCompletions generates the shell completions.
func TestCompletions(t *testing.T) {
	tests := []struct{ shell, want string }{
		{"bash", "__start_windows2text"},
		{"zsh", "#compdef windows2text"},
		{"fish", "complete -c windows2text"},
	}
	for _, tt := range tests {
		t.Run(tt.shell, func(t *testing.T) {
			status, out, errOut := call("completion", tt.shell)
			if status != 0 || errOut != "" {
				t.Fatalf("status %d, stderr %q", status, errOut)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("%s completion lacks %q", tt.shell, tt.want)
			}
		})
	}
	// What the scripts ask at a tab: the commands, and a flag's values.
	status, out, _ := call("__complete", "sn")
	if status != 0 || !strings.Contains(out, "snapshot") {
		t.Errorf("completing sn: %d %q", status, out)
	}
	status, out, _ = call("__complete", "snapshot", "--view", "")
	if status != 0 || !strings.Contains(out, "raw\n") || !strings.Contains(out, "content\n") {
		t.Errorf("completing --view: %d %q", status, out)
	}
}
