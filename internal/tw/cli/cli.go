// Package cli is tw's command line: it parses arguments and runs the
// command. cmd/tw only calls Main.
package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
	speechcli "textfirst/internal/tw/speech/cli"
	"textfirst/internal/tw/units"
)

// Version is tw's version, as initialize and --version report it.
const Version = "0.1.0-beta.1"

// Env is what a command runs with.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
}

// Extra commands, filled in by packages that provide them (speech, the
// terminal reader), so this package need not import them.
var Extra = map[string]func(argv []string, env Env) int{}

// Main runs tw with argv (without the program name) and returns the exit
// code.
func Main(argv []string, env Env) int {
	if len(argv) == 0 {
		fmt.Fprintln(env.Stdout, "tw reads documents aloud. Try: tw open FILE, tw text FILE, tw serve --stdio.")
		fmt.Fprintln(env.Stdout, "Commands: open, text, info, search, marks, serve, speak, voices, backends, export-audio; tw --version.")
		return 0
	}
	cmd, rest := argv[0], argv[1:]
	switch cmd {
	case "--version", "-V", "version":
		fmt.Fprintf(env.Stdout, "tw %s\n", Version)
		return 0
	case "--help", "-h", "help":
		return Main(nil, env)
	case "serve":
		return runServe(rest, env)
	case "text":
		return runText(rest, env)
	case "info":
		return runInfo(rest, env)
	case "search":
		return runSearch(rest, env)
	case "marks":
		return runMarks(rest, env)
	case "backends":
		return speechcli.Backends(rest, env.Stdin, env.Stdout, env.Stderr)
	case "voices":
		return speechcli.Voices(rest, env.Stdin, env.Stdout, env.Stderr)
	case "speak":
		return speechcli.Speak(rest, env.Stdin, env.Stdout, env.Stderr)
	case "export-audio":
		return speechcli.ExportAudio(rest, env.Stdin, env.Stdout, env.Stderr)
	}
	if f, ok := Extra[cmd]; ok {
		return f(rest, env)
	}
	if f, ok := Extra["open"]; ok && !strings.HasPrefix(cmd, "-") {
		// `tw FILE` opens the file in the terminal reader.
		return f(argv, env)
	}
	return fail(env, 2, fmt.Sprintf("unknown command %q", cmd), "Run tw with no arguments to see the commands.")
}

// fail prints "Error: what failed: why. What to do." and returns code.
func fail(env Env, code int, what, todo string) int {
	msg := "Error: " + what
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	if todo != "" {
		msg += " " + todo
	}
	fmt.Fprintln(env.Stderr, msg)
	return code
}

func usage(env Env, err error, cmd string) int {
	return fail(env, 2, fmt.Sprintf("tw %s: %v", cmd, err), fmt.Sprintf("See tw %s --help.", cmd))
}

// Home returns the folder for settings and state: --home, else
// TEXTWEAVER_HOME, else the user's config folder.
func Home(flag string, getenv func(string) string) string {
	if flag != "" {
		return flag
	}
	if h := getenv("TEXTWEAVER_HOME"); h != "" {
		return h
	}
	if dir, err := os.UserConfigDir(); err == nil {
		return filepath.Join(dir, "textweaver")
	}
	return ".textweaver"
}

// loadFile loads a document for a command, printing the error line.
func loadFile(env Env, cmd, path string) (*doc.Document, int) {
	d, err := load.File(path)
	if err != nil {
		var le *load.Error
		if errors.As(err, &le) {
			todo := "Check the path and try again."
			switch le.Reason {
			case "is a folder":
				todo = "Give a file, not a folder."
			case "binary file, not a document":
				todo = "Give a text, Markdown or HTML document."
			}
			return nil, fail(env, 1, fmt.Sprintf("tw %s: cannot read %s: %s.", cmd, path, le.Reason), todo)
		}
		return nil, fail(env, 1, fmt.Sprintf("tw %s: cannot read %s: %v.", cmd, path, err), "Check the path and try again.")
	}
	return d, 0
}

func runText(argv []string, env Env) int {
	a, err := parseArgs(argv, []string{"to", "out", "home"}, []string{"structure", "json", "y"}, map[string]string{"o": "out"})
	if err != nil {
		return usage(env, err, "text")
	}
	if len(a.pos) != 1 {
		return usage(env, errors.New("give one document"), "text")
	}
	d, code := loadFile(env, "text", a.pos[0])
	if d == nil {
		return code
	}
	to := a.flags["to"]
	if a.bools["json"] {
		to = "json"
	}
	var out []byte
	switch to {
	case "", "text":
		if a.bools["structure"] {
			out = []byte(structureText(d))
		} else {
			out = []byte(d.Text)
			if len(out) > 0 && out[len(out)-1] != '\n' {
				out = append(out, '\n')
			}
		}
	case "json":
		out, err = doc.TextJSON(d)
		if err != nil {
			return fail(env, 1, "tw text: cannot write JSON: "+err.Error(), "")
		}
		out = append(out, '\n')
	default:
		return fail(env, 2, fmt.Sprintf("tw text: cannot convert to %q", to), "Use --to text or --to json.")
	}
	if o := a.flags["out"]; o != "" {
		if err := os.WriteFile(o, out, 0o644); err != nil {
			return fail(env, 1, fmt.Sprintf("tw text: cannot write %s: %v", o, err), "Check the folder exists and is writable.")
		}
		return 0
	}
	env.Stdout.Write(out)
	return 0
}

// structureText prints the text with a line per structure marker.
func structureText(d *doc.Document) string {
	var b strings.Builder
	ix := units.New(d)
	for _, m := range d.Markers {
		fmt.Fprintf(&b, "%d:%d %s", ix.LineOf(m.Start)+1, m.Start-ix.LineStart(ix.LineOf(m.Start))+1, m.Kind)
		if m.Level > 0 {
			fmt.Fprintf(&b, " level %d", m.Level)
		}
		if m.Label != "" {
			fmt.Fprintf(&b, " %q", m.Label)
		}
		if m.Reference != "" {
			fmt.Fprintf(&b, " -> %s", m.Reference)
		}
		text := strings.Join(strings.Fields(d.Slice(m.Start, m.End)), " ")
		if utf8.RuneCountInString(text) > 60 {
			text = string([]rune(text)[:60]) + "…"
		}
		fmt.Fprintf(&b, ": %s\n", text)
	}
	return b.String()
}

func runInfo(argv []string, env Env) int {
	a, err := parseArgs(argv, []string{"home"}, []string{"json"}, nil)
	if err != nil {
		return usage(env, err, "info")
	}
	if len(a.pos) != 1 {
		return usage(env, errors.New("give one document"), "info")
	}
	d, code := loadFile(env, "info", a.pos[0])
	if d == nil {
		return code
	}
	ix := units.New(d)
	words := ix.WordCount()
	sentences, paragraphs := 0, 0
	for pos := 0; ; {
		p, ok := ix.ParagraphAtOrAfter(pos)
		if !ok || p.Start < pos && pos > 0 {
			break
		}
		paragraphs++
		sentences += len(ix.Sentences(p))
		pos = p.End + 1
		if pos >= d.Len() {
			break
		}
	}
	count := func(k doc.Kind) int { return len(d.MarkersOf(k)) }
	rate := 265
	minutes := (words + rate - 1) / rate
	str := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	if a.bools["json"] {
		out := map[string]any{"file": d.Meta.Path, "format": d.Meta.Format, "title": d.Meta.Title,
			"author": str(d.Meta.Author), "language": str(d.Meta.Language), "characters": d.Len(),
			"words": words, "sentences": sentences, "lines": ix.Lines(), "paragraphs": paragraphs,
			"headings": count(doc.Heading), "lists": count(doc.List), "tables": count(doc.Table),
			"links": count(doc.Link), "images": count(doc.Image), "reading_minutes": minutes, "rate": rate}
		data, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintln(env.Stdout, string(data))
		return 0
	}
	orNone := func(p *string) string {
		if p == nil {
			return "unknown"
		}
		return *p
	}
	w := env.Stdout
	fmt.Fprintf(w, "File: %s\n", d.Meta.Path)
	fmt.Fprintf(w, "Format: %s\n", d.Meta.Format)
	fmt.Fprintf(w, "Title: %s\n", d.Meta.Title)
	fmt.Fprintf(w, "Author: %s\n", orNone(d.Meta.Author))
	fmt.Fprintf(w, "Language: %s\n", orNone(d.Meta.Language))
	fmt.Fprintf(w, "Characters: %d\n", d.Len())
	fmt.Fprintf(w, "Words: %d\n", words)
	fmt.Fprintf(w, "Sentences: %d\n", sentences)
	fmt.Fprintf(w, "Lines: %d\n", ix.Lines())
	fmt.Fprintf(w, "Paragraphs: %d\n", paragraphs)
	fmt.Fprintf(w, "Structure: %d headings, %d lists, %d tables, %d links, %d images\n",
		count(doc.Heading), count(doc.List), count(doc.Table), count(doc.Link), count(doc.Image))
	if minutes == 1 {
		fmt.Fprintf(w, "Reading time: about 1 minute at %d words per minute\n", rate)
	} else {
		fmt.Fprintf(w, "Reading time: about %d minutes at %d words per minute\n", minutes, rate)
	}
	return 0
}

func runSearch(argv []string, env Env) int {
	a, err := parseArgs(argv, []string{"home"}, []string{"regex", "case-sensitive", "whole-word", "json"}, nil)
	if err != nil {
		return usage(env, err, "search")
	}
	if len(a.pos) != 2 {
		return usage(env, errors.New("give a document and a pattern"), "search")
	}
	d, code := loadFile(env, "search", a.pos[0])
	if d == nil {
		return code
	}
	pattern := a.pos[1]
	if !a.bools["regex"] {
		pattern = regexp.QuoteMeta(pattern)
	}
	if a.bools["whole-word"] {
		pattern = `\b(?:` + pattern + `)\b`
	}
	if !a.bools["case-sensitive"] {
		pattern = "(?i)" + pattern
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return fail(env, 2, fmt.Sprintf("tw search: %q is not a regular expression: %v", a.pos[1], err), "Fix the pattern, or leave out --regex.")
	}
	ix := units.New(d)
	type hit struct {
		Start, End, Line, Column int
		Context                  string
	}
	var hits []hit
	for _, loc := range re.FindAllStringIndex(d.Text, -1) {
		if loc[0] == loc[1] {
			continue
		}
		s, e := d.Pos(loc[0]), d.Pos(loc[1])
		l := ix.LineOf(s)
		lr := ix.Line(l)
		hits = append(hits, hit{s, e, l + 1, s - lr.Start + 1, d.Slice(lr.Start, lr.End)})
	}
	if a.bools["json"] {
		out := []map[string]any{}
		for _, h := range hits {
			out = append(out, map[string]any{"start": h.Start, "end": h.End, "line": h.Line, "column": h.Column,
				"text": d.Slice(h.Start, h.End), "context": h.Context})
		}
		data, _ := json.MarshalIndent(map[string]any{"pattern": a.pos[1], "matches": out}, "", "  ")
		fmt.Fprintln(env.Stdout, string(data))
	} else {
		for _, h := range hits {
			fmt.Fprintf(env.Stdout, "%d:%d: %s\n", h.Line, h.Column, h.Context)
		}
	}
	switch len(hits) {
	case 0:
		fmt.Fprintf(env.Stderr, "No matches for %s.\n", a.pos[1])
		return 1
	case 1:
		fmt.Fprintln(env.Stderr, "1 match.")
	default:
		fmt.Fprintf(env.Stderr, "%d matches.\n", len(hits))
	}
	return 0
}

func runMarks(argv []string, env Env) int {
	a, err := parseArgs(argv, []string{"home"}, []string{"json"}, nil)
	if err != nil {
		return usage(env, err, "marks")
	}
	if len(a.pos) != 1 {
		return usage(env, errors.New("give one document"), "marks")
	}
	d, code := loadFile(env, "marks", a.pos[0])
	if d == nil {
		return code
	}
	st, err := docstate.Store{Home: Home(a.flags["home"], env.Getenv)}.Load(d.Meta.Path)
	if err != nil {
		return fail(env, 1, "tw marks: "+err.Error(), "Delete the damaged state file, or restore it.")
	}
	if a.bools["json"] {
		data, _ := json.MarshalIndent(st, "", "  ")
		fmt.Fprintln(env.Stdout, string(data))
		return 0
	}
	ix := units.New(d)
	pct := func(p int) int {
		if d.Len() == 0 {
			return 0
		}
		return min(p, d.Len()) * 100 / d.Len()
	}
	w := env.Stdout
	if st.Place != nil {
		fmt.Fprintf(w, "Place: line %d, %d percent\n", ix.LineOf(st.Place.Char)+1, pct(st.Place.Char))
	} else {
		fmt.Fprintln(w, "Place: not read yet")
	}
	fmt.Fprintf(w, "Bookmarks: %d\n", len(st.Bookmarks))
	for _, b := range st.Bookmarks {
		fmt.Fprintf(w, "  %s: line %d, %d percent\n", b.Name, ix.LineOf(b.Char)+1, pct(b.Char))
	}
	fmt.Fprintf(w, "Notes: %d\n", len(st.Notes))
	for _, n := range st.Notes {
		fmt.Fprintf(w, "  line %d: %s: %s\n", ix.LineOf(n.Start)+1, n.Anchor, n.Text)
	}
	fmt.Fprintf(w, "Highlights: %d\n", len(st.Highlights))
	for _, h := range st.Highlights {
		fmt.Fprintf(w, "  line %d, %s: %s\n", ix.LineOf(h.Start)+1, h.Color, h.Text)
	}
	return 0
}

func runServe(argv []string, env Env) int {
	a, err := parseArgs(argv, []string{"backend", "home", "open"}, []string{"stdio", "no-speech"}, nil)
	if err != nil {
		return usage(env, err, "serve")
	}
	if !a.bools["stdio"] {
		fmt.Fprintln(env.Stderr, "Error: tw serve needs a transport; use --stdio")
		return 1
	}
	home := Home(a.flags["home"], env.Getenv)
	st := docstate.Store{Home: home}
	logger := openLog(st.StateDir(), env.Getenv)
	w := rpc.NewWriter(env.Stdout)
	opts := core.Options{Home: home, Events: rpc.Events(w), Load: load.File, Parse: load.Bytes, Logger: logger}
	var settingsStore rpc.SettingsStore
	var notices []string
	if s, _ := OpenSettings(home, logger); s != nil {
		opts.Settings = readerSettings{s}
		settingsStore = settingsAPI{s}
	}
	if !a.bools["no-speech"] {
		backend := a.flags["backend"]
		if backend == "" && opts.Settings != nil {
			backend = opts.Settings.String("speech.backend")
		}
		sp, n := OpenSpeaker(backend, opts.Settings, env.Getenv)
		notices = append(notices, n...)
		if sp != nil {
			opts.Speaker = sp
			defer sp.Close()
			if s, ok := opts.Settings.(interface {
				OnChange(func(string, any))
			}); ok {
				s.OnChange(func(string, any) { sp.SetParams(SpeechParams(opts.Settings)) })
			}
		}
	}
	app := core.New(opts)
	app.StartAutosave(30 * time.Second)
	cwd, _ := os.Getwd()
	srv := &rpc.Server{Version: Version, App: app, Settings: settingsStore, BaseDir: cwd, Logger: logger}
	for _, n := range notices {
		app.Announce(n, core.Polite)
	}
	if f := a.flags["open"]; f != "" {
		if err := app.Open(f); err != nil {
			app.Announce(rpc.OpenFailure(f, err), core.Assertive)
		}
	}
	// A server ended by a signal (the client killing its child, a hangup)
	// saves the place first, as exit and the end of its input do.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	defer signal.Stop(sig)
	served := make(chan struct{})
	defer close(served)
	go func() {
		select {
		case <-sig:
			app.Close()
			os.Exit(0)
		case <-served:
		}
	}()
	if err := srv.Serve(env.Stdin, w); err != nil {
		logger.Printf("serve: %v", err)
		return 1
	}
	return 0
}

// openLog opens textweaver.log in the state folder; stdout is only for the
// protocol, and the spec keeps stderr quiet too.
func openLog(dir string, getenv func(string) string) *log.Logger {
	if err := os.MkdirAll(dir, 0o755); err == nil {
		if f, err := os.OpenFile(filepath.Join(dir, "textweaver.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
			l := log.New(f, "", log.LstdFlags)
			if getenv("TEXTWEAVER_LOG") == "debug" {
				l.SetFlags(log.LstdFlags | log.Lmicroseconds | log.Lshortfile)
			}
			return l
		}
	}
	return log.New(io.Discard, "", 0)
}
