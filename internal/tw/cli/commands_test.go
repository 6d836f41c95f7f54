package cli_test

// The command line as a Go tool's: help for every command, mistyped
// commands, shell completions, standard input for "-", and `tw FILE`.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// commands are every command tw has, as `tw help` lists them.
var commands = []string{"backends", "changes", "cite", "completion", "components", "convert", "define", "dictate", "eloquence", "export-audio", "help", "info",
	"library", "lint", "marks", "migrate-star", "notes", "ocr", "open", "search", "serve", "settings", "speak", "stats", "study", "summarize", "sync", "text",
	"update", "vault", "version", "voices"}

func TestHelpForEveryCommand(t *testing.T) {
	// The list of commands is the one tw prints.
	_, out, _ := run(t, "", nil, "help")
	for _, c := range commands {
		if !strings.Contains(out, "\n  "+c+" ") {
			t.Errorf("tw help does not list %s:\n%s", c, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, stdout, stderr := run(t, "", nil, args...)
		if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage:\n  tw [flags]\n  tw [command]") {
			t.Errorf("tw %s: exit %d, stderr %q, stdout:\n%s", args[0], code, stderr, stdout)
		}
	}
	for _, c := range commands {
		for _, args := range [][]string{{"help", c}, {c, "--help"}, {c, "-h"}} {
			code, stdout, stderr := run(t, "", nil, args...)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage:\n  tw "+c) {
				t.Errorf("tw %s: exit %d, stderr %q, stdout:\n%s", strings.Join(args, " "), code, stderr, stdout)
			}
		}
	}
	// Flags are documented where they belong.
	for c, flags := range map[string][]string{
		"serve":        {"--stdio", "--no-speech", "--backend", "--home", "--open"},
		"text":         {"--to", "-o, --out", "--structure", "--json"},
		"search":       {"--regex", "--case-sensitive", "--whole-word", "--json"},
		"open":         {"--no-speech", "--backend", "--home", "Ctrl+Q quits"},
		"export-audio": {"-o, --out", "--rate", "--pitch", "--voice", "--backend"},
	} {
		_, stdout, _ := run(t, "", nil, c, "--help")
		for _, f := range flags {
			if !strings.Contains(stdout, f) {
				t.Errorf("tw %s --help does not mention %s", c, f)
			}
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	cases := []struct {
		args    []string
		suggest string // "" for no suggestion
	}{
		{[]string{"frobnicate"}, ""},
		{[]string{"transcode", "x.md"}, ""},
		{[]string{"bookshelf"}, ""},
		{[]string{"stat", "notes.md"}, "Did you mean tw stats?"},
		{[]string{"tex", "notes.md"}, "Did you mean tw text?"},
		{[]string{"serv", "--stdio"}, "Did you mean tw serve?"},
		{[]string{"voice"}, "Did you mean tw voices?"},
		{[]string{"help", "frob"}, ""},
	}
	for _, c := range cases {
		code, stdout, stderr := run(t, "", nil, c.args...)
		name := c.args[0]
		if name == "help" {
			name = c.args[1]
		}
		want := `Error: unknown command "` + name + `".`
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("tw %s: exit %d, stdout %q, stderr %q", strings.Join(c.args, " "), code, stdout, stderr)
			continue
		}
		if !strings.Contains(stderr, "The commands are "+strings.Join(commands, ", ")+";") {
			t.Errorf("tw %s does not name the commands: %q", strings.Join(c.args, " "), stderr)
		}
		if got := strings.Contains(stderr, "Did you mean"); got != (c.suggest != "") || c.suggest != "" && !strings.Contains(stderr, c.suggest) {
			t.Errorf("tw %s: suggestion in %q, want %q", strings.Join(c.args, " "), stderr, c.suggest)
		}
	}
}

// Options tw does not know, before or after the command.
func TestUnknownOption(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "Error: tw: unknown option --bogus. Run tw help"},
		{[]string{"--no-speech", "notes.md"}, "Error: tw: unknown option --no-speech."},
		{[]string{"text", "-q", "x"}, "Error: tw text: unknown option -q. See tw text --help."},
		{[]string{"info", "x", "--home"}, "Error: tw info: --home needs a value. See tw info --help."},
		{[]string{"backends", "--json=maybe"}, "Error: tw backends: invalid argument"},
		{[]string{"version", "extra"}, "Error: unknown command \"extra\" for \"tw version\"."},
	} {
		code, stdout, stderr := run(t, "", nil, c.args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("tw %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(c.args, " "), code, stdout, stderr, c.want)
		}
	}
}

func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, stdout, stderr := run(t, "", nil, "completion", shell)
		// The scripts ask tw itself for the words (tw __complete ...).
		if code != 0 || stderr != "" || len(stdout) < 1000 || !strings.Contains(stdout, "__complete") || !strings.Contains(stdout, "tw") {
			t.Errorf("tw completion %s: exit %d, stderr %q, %d bytes", shell, code, stderr, len(stdout))
		}
	}
	// What the scripts get: the subcommands, then each command's words.
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{""}, commands},
		{[]string{"ex"}, []string{"export-audio"}},
		{[]string{"help", ""}, commands},
		{[]string{"text", "notes.md", "--to", ""}, []string{"text", "json"}},
		{[]string{"serve", "--backend", ""}, []string{"auto", "espeak", "null"}},
		{[]string{"serve", "--"}, []string{"--stdio", "--no-speech", "--open"}},
	}
	for _, c := range cases {
		code, stdout, _ := run(t, "", nil, append([]string{"__complete"}, c.args...)...)
		var words []string
		for _, l := range strings.Split(stdout, "\n") {
			if l != "" && !strings.HasPrefix(l, ":") {
				words = append(words, strings.SplitN(l, "\t", 2)[0])
			}
		}
		for _, w := range c.want {
			if code != 0 || !strings.Contains(" "+strings.Join(words, " ")+" ", " "+w+" ") {
				t.Errorf("completing tw %s: exit %d, %q lacks %q", strings.Join(c.args, " "), code, words, w)
			}
		}
	}
}

// "-" reads standard input wherever a file is read.
func TestStdinDash(t *testing.T) {
	const text = "Cells are the smallest units of life.\nThe nucleus holds the DNA.\n"
	file := testkit.WriteFile(t, filepath.Join(t.TempDir(), "cells.txt"), text)
	cases := [][]string{
		{"text"}, {"text", "--to", "json"}, {"text", "--structure"},
		{"search", "nucleus"}, {"search", "CELLS", "--case-sensitive"},
	}
	for _, c := range cases {
		withFile := append([]string{c[0], file}, c[1:]...)
		withDash := append([]string{c[0], "-"}, c[1:]...)
		code1, out1, err1 := run(t, "", nil, withFile...)
		code2, out2, err2 := run(t, text, nil, withDash...)
		out1 = strings.ReplaceAll(strings.ReplaceAll(out1, file, "-"), `"title": "cells.txt"`, `"title": "standard input"`)
		if code1 != code2 || out1 != out2 || err1 != err2 {
			t.Errorf("tw %s: exit %d %q %q; from a file: exit %d %q %q", strings.Join(withDash, " "), code2, out2, err2, code1, out1, err1)
		}
	}
	code, out, _ := run(t, text, nil, "info", "-")
	if code != 0 || !strings.HasPrefix(out, "File: -\nFormat: text\n") || !strings.Contains(out, "Words: 12\nSentences: 2\n") {
		t.Errorf("tw info -: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "Hello from standard input.", nil, "speak", "-", "--backend", "null", "--rate", "900")
	if code != 0 {
		t.Errorf("tw speak -: exit %d %q", code, out)
	}
	// Binary data is refused as a binary file is.
	code, _, errs := run(t, "\x00\x01\x02PNG\x00\x00\xff", nil, "text", "-")
	if code != 1 || errs != "Error: tw text: cannot read standard input: binary file, not a document. Give a document tw reads: text, Markdown, HTML, EPUB, DOCX, ODT, RTF, PDF and more (see tw help text).\n" {
		t.Errorf("binary standard input: exit %d, %q", code, errs)
	}
}

// `tw FILE` opens FILE, whatever its name, when it exists; the reader
// then finds no terminal in a test.
func TestFileAsCommand(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"sample", "notes.md"} {
		testkit.WriteFile(t, filepath.Join(dir, name), "Some text.\n")
		cmd := exec.Command(twBinary(t), name, "--no-speech")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TEXTWEAVER_HOME="+filepath.Join(dir, "home"), "TERM=")
		out, err := cmd.CombinedOutput()
		ee, _ := err.(*exec.ExitError)
		if ee == nil || ee.ExitCode() != 1 || !strings.HasPrefix(string(out), "Error: tw open: cannot use the terminal") {
			t.Errorf("tw %s: %v, %q", name, err, out)
		}
	}
	// tw open - with no terminal for the keys says so.
	cmd := exec.Command(twBinary(t), "open", "-", "--no-speech")
	cmd.Stdin = strings.NewReader("Some text.\n")
	cmd.Env = append(os.Environ(), "TEXTWEAVER_HOME="+filepath.Join(dir, "home"), "TERM=")
	cmd.SysProcAttr = detached()
	out, err := cmd.CombinedOutput()
	if ee, _ := err.(*exec.ExitError); ee == nil || ee.ExitCode() != 1 || !strings.HasPrefix(string(out), "Error: tw open: cannot read standard input in the terminal reader: there is no terminal") {
		t.Errorf("tw open - without a terminal: %v, %q", err, out)
	}
}

// TestStdinDashFormats: "-" tells the format from the content, so a Word
// document or a PDF piped in reads as the file itself does.
func TestStdinDashFormats(t *testing.T) {
	for _, name := range []string{"sample.docx", "sample.epub", "single.pdf", "sample.html"} {
		path := testkit.Path(t, "conformance", "textweaver", name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		code1, out1, err1 := run(t, "", nil, "text", path)
		code2, out2, err2 := run(t, string(data), nil, "text", "-")
		if code1 != 0 || code2 != 0 || out1 != out2 || out1 == "" {
			t.Errorf("%s: from the file exit %d %q; from standard input exit %d %q %q", name, code1, err1, code2, err2, out2[:min(len(out2), 200)])
		}
	}
}

// Markdown on standard input reads as Markdown (told from its content),
// and --from FORMAT reads a document in the format given, pandoc's names
// included, on every command that reads one; a name tw does not read is
// a usage error.
func TestStdinMarkdownAndFrom(t *testing.T) {
	const md = "# Cells\n\nCells are the *smallest* units of life.\n\n- nucleus\n- membrane\n"
	file := testkit.WriteFile(t, filepath.Join(t.TempDir(), "cells.txt"), md)
	const read = "Cells\n\nCells are the smallest units of life.\n\nnucleus\nmembrane\n"
	cases := []struct {
		stdin string
		args  []string
		want  string
	}{
		{md, []string{"text", "-"}, read},
		{md, []string{"text", "-", "--from", "plain"}, md},
		{"# Cells\n", []string{"text", "-", "--from", "gfm"}, "Cells\n"},
		{"", []string{"text", file}, md},
		{"", []string{"text", file, "--from", "markdown"}, read},
		{"", []string{"search", file, "membrane", "--from", "commonmark"}, "6:1: membrane\n"},
	}
	for _, tc := range cases {
		code, out, errs := run(t, tc.stdin, nil, tc.args...)
		if code != 0 || out != tc.want {
			t.Errorf("tw %s: exit %d %q %q, want %q", strings.Join(tc.args, " "), code, out, errs, tc.want)
		}
	}
	code, out, _ := run(t, "", nil, "info", file, "--from", "markdown", "--json")
	if code != 0 || !strings.Contains(out, `"format": "markdown"`) {
		t.Errorf("tw info --from markdown: exit %d %s", code, out)
	}
	for _, cmd := range []string{"text", "info", "search", "convert", "open"} {
		args := []string{cmd, file, "--from", "docbook5"}
		if cmd == "search" {
			args = append(args, "x")
		}
		if cmd == "convert" {
			args = append(args, filepath.Join(t.TempDir(), "out.md"))
		}
		code, _, errs := run(t, "", nil, args...)
		if code != 2 || !strings.Contains(errs, `tw `+cmd+`: unknown input format "docbook5"`) {
			t.Errorf("tw %s --from docbook5: exit %d %q", cmd, code, errs)
		}
	}
}
