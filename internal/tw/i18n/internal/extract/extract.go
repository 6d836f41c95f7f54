// Package extract finds the message keys of tw's catalogue in the source:
// every text the program shows or says, as the catalogue test checks it
// and as the translators' template (locales/tw.pot) lists it. It reads Go
// source with go/ast only; it never runs or imports the packages, but
// the help package, whose guide lines (help.Messages) are keys too.
package extract

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"textfirst/internal/tw/help"
)

// Packages are the packages whose words the user sees or hears, as paths
// under internal/tw.
var Packages = []string{"core", "tui", "keymap", "settings", "cli", "session", "speech", "narration", "lexicon", "mathspeech", "components"}

// keyFuncs are the calls whose first argument is a message key: the
// core's tr and msg, i18n.Key, and the front ends' translators.
var keyFuncs = map[string]bool{"tr": true, "msg": true, "Key": true, "T": true, "Tf": true, "Msg": true}

// sinks are calls that show or say their argument at index; a string
// literal, a fmt.Sprintf or a concatenation with words there bypasses
// the catalogue.
var sinks = map[string]int{"say": 0, "sayError": 0, "ask": 1, "openPrompt": 1, "askText": 1, "notAvailable": 0,
	"notice": 0, "setStatus": 0, "flash": 0,
	// The command line's typing errors: usage(printer, cmd, why).
	"usage": 2}

// schemaFuncs build settings in the schema; their second argument is the
// label the settings list shows, their third the help sentence.
var schemaFuncs = map[string]bool{"choice": true, "number": true, "toggle": true,
	"letters": true, "lines": true, "percent": true}

// properNames are choice labels said the same in every language: names of
// products and formats, and each language's name for itself.
var properNames = map[string]bool{
	"eSpeak NG": true, "Speech Dispatcher": true, "Piper": true, "IBM ViaVoice (ECI)": true,
	"DECtalk": true, "Windows SAPI 5": true, "WAV": true, "FLAC": true, "Ogg Vorbis": true, "MP3": true,
	"English": true, "العربية (Arabic)": true, "Deutsch (German)": true, "Español (Spanish)": true,
	"Français (French)": true, "Português (Portuguese)": true,
}

// Key is one place a message key is written.
type Key struct {
	Text string
	File string // slash-separated, relative to the module root: "internal/tw/core/reader.go"
	Line int
}

// Result is what Messages finds.
type Result struct {
	Keys   []Key    // in the order of Packages, then file name, then position
	Bypass []string // "file:line:column" of each text shown or said without the catalogue
}

// Messages walks the non-test Go files of Packages under twDir (the
// folder internal/tw) and returns every message key and every place a
// user-visible text bypasses the catalogue.
func Messages(twDir string) (Result, error) {
	var r Result
	fset := token.NewFileSet()
	for _, pkg := range Packages {
		files, err := filepath.Glob(filepath.Join(twDir, pkg, "*.go"))
		if err != nil {
			return r, fmt.Errorf("extract: %w", err)
		}
		if len(files) == 0 {
			return r, fmt.Errorf("extract: no Go files in %s", filepath.Join(twDir, pkg))
		}
		sort.Strings(files)
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, 0)
			if err != nil {
				return r, fmt.Errorf("extract: %w", err)
			}
			rel := path.Join("internal/tw", pkg, filepath.Base(file))
			w := walker{fset: fset, file: rel, r: &r}
			ast.Inspect(f, w.visit)
		}
	}
	// The user guide's lines, which the reader shows translated: the
	// pages under twDir's help/guide, as the help package embeds them.
	if _, err := os.Stat(filepath.Join(twDir, "help", "guide")); err == nil {
		for _, m := range help.Messages() {
			r.Keys = append(r.Keys, Key{Text: m.Text, File: path.Join("internal/tw/help", m.File), Line: m.Line})
		}
	}
	return r, nil
}

type walker struct {
	fset *token.FileSet
	file string
	r    *Result
}

func (w walker) key(s string, at token.Pos) {
	w.r.Keys = append(w.r.Keys, Key{Text: s, File: w.file, Line: w.fset.Position(at).Line})
}

func (w walker) bypass(at token.Pos) {
	w.r.Bypass = append(w.r.Bypass, w.fset.Position(at).String())
}

func (w walker) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CompositeLit:
		// The settings schema's choices: Choice{value, label}.
		if id, ok := n.Type.(*ast.Ident); ok && id.Name == "Choice" {
			w.choice(n)
		}
		// []Choice{{value, label}, ...}
		if at, ok := n.Type.(*ast.ArrayType); ok {
			if id, ok := at.Elt.(*ast.Ident); ok && id.Name == "Choice" {
				for _, e := range n.Elts {
					if c, ok := e.(*ast.CompositeLit); ok {
						w.choice(c)
					}
				}
			}
		}
	case *ast.CallExpr:
		w.call(n)
	case *ast.KeyValueExpr:
		id, ok := n.Key.(*ast.Ident)
		if !ok {
			break
		}
		switch id.Name {
		case "Label":
			if s, ok := stringLit(n.Value); ok {
				w.key(s, n.Pos())
			}
		case "Help":
			// The settings schema's help sentences (Help: "...").
			if s, ok := stringLit(n.Value); ok {
				w.key(s, n.Pos())
			} else if wordy(n.Value) {
				w.bypass(n.Value.Pos())
			}
		case "Title":
			if wordy(n.Value) {
				w.bypass(n.Value.Pos())
			}
		}
	}
	return true
}

func (w walker) choice(c *ast.CompositeLit) {
	if len(c.Elts) != 2 {
		return
	}
	if s, ok := stringLit(c.Elts[1]); ok && !properNames[s] {
		w.key(s, c.Pos())
	}
}

func (w walker) call(n *ast.CallExpr) {
	name := callName(n.Fun)
	// The settings schema's labels: choice, number and toggle take the
	// path, then the label, then the help sentence.
	if schemaFuncs[name] && len(n.Args) > 1 {
		if s, ok := stringLit(n.Args[1]); ok {
			w.key(s, n.Pos())
		}
	}
	if schemaFuncs[name] && len(n.Args) > 2 {
		if s, ok := stringLit(n.Args[2]); ok {
			w.key(s, n.Pos())
		} else {
			w.bypass(n.Args[2].Pos())
		}
	}
	if keyFuncs[name] && len(n.Args) > 0 {
		if s, ok := stringLit(n.Args[0]); ok {
			w.key(s, n.Pos())
		}
	}
	if i, ok := sinks[name]; ok && i < len(n.Args) && wordy(n.Args[i]) {
		w.bypass(n.Args[i].Pos())
	}
}

func callName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

var letters = regexp.MustCompile(`[A-Za-z]{2,}`)

// wordy reports whether e writes words of its own: a literal with words,
// a fmt.Sprintf, or a concatenation holding either.
func wordy(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		s, ok := stringLit(e)
		return ok && letters.MatchString(s)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (wordy(e.X) || wordy(e.Y))
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "fmt" && strings.HasPrefix(sel.Sel.Name, "Sprint") {
				return true
			}
		}
	}
	return false
}
