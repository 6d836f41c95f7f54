package i18n

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// messagePackages are the packages whose words the user sees or hears,
// relative to this package.
var messagePackages = []string{"../core", "../tui", "../settings", "../cli", "../session", "../speech"}

// keyFuncs are the calls whose first argument is a message key: the
// core's tr and msg, i18n.Key, and the front ends' translators.
var keyFuncs = map[string]bool{"tr": true, "msg": true, "Key": true, "T": true, "Tf": true, "Msg": true}

// sinks are calls that show or say their argument at index; a string
// literal, a fmt.Sprintf or a concatenation with words there bypasses
// the catalogue.
var sinks = map[string]int{"say": 0, "sayError": 0, "ask": 1, "openPrompt": 1, "notAvailable": 0,
	"notice": 0, "setStatus": 0, "flash": 0,
	// The command line's typing errors: usage(printer, cmd, why).
	"usage": 2}

// schemaFuncs build settings in the schema; their second argument is the
// label the settings list shows, their third the help sentence.
var schemaFuncs = map[string]bool{"choice": true, "number": true, "toggle": true}

// properNames are choice labels said the same in every language: names of
// products and formats, and each language's name for itself.
var properNames = map[string]bool{
	"eSpeak NG": true, "Speech Dispatcher": true, "Piper": true, "IBM ViaVoice (ECI)": true,
	"DECtalk": true, "Windows SAPI 5": true, "WAV": true, "FLAC": true, "Ogg Vorbis": true, "MP3": true,
	"English": true, "العربية (Arabic)": true, "Deutsch (German)": true, "Español (Spanish)": true,
	"Français (French)": true, "Português (Portuguese)": true,
}

type found struct {
	key string
	pos token.Position
}

// extract walks the packages' non-test Go files and returns every
// message key and every place a user-visible text bypasses the catalogue.
func extract(t *testing.T) (keys []found, bypass []string) {
	t.Helper()
	fset := token.NewFileSet()
	for _, dir := range messagePackages {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					// The settings schema's choices: Choice{value, label}.
					if id, ok := n.Type.(*ast.Ident); ok && id.Name == "Choice" && len(n.Elts) == 2 {
						if s, ok := stringLit(n.Elts[1]); ok && !properNames[s] {
							keys = append(keys, found{s, fset.Position(n.Pos())})
						}
					}
					// []Choice{{value, label}, ...}
					if at, ok := n.Type.(*ast.ArrayType); ok {
						if id, ok := at.Elt.(*ast.Ident); ok && id.Name == "Choice" {
							for _, e := range n.Elts {
								if c, ok := e.(*ast.CompositeLit); ok && len(c.Elts) == 2 {
									if s, ok := stringLit(c.Elts[1]); ok && !properNames[s] {
										keys = append(keys, found{s, fset.Position(c.Pos())})
									}
								}
							}
						}
					}
				case *ast.CallExpr:
					name := callName(n.Fun)
					// The settings schema's labels: choice, number and
					// toggle take the path, then the label.
					if schemaFuncs[name] && len(n.Args) > 1 {
						if s, ok := stringLit(n.Args[1]); ok {
							keys = append(keys, found{s, fset.Position(n.Pos())})
						}
					}
					if schemaFuncs[name] && len(n.Args) > 2 {
						if s, ok := stringLit(n.Args[2]); ok {
							keys = append(keys, found{s, fset.Position(n.Pos())})
						} else {
							bypass = append(bypass, fset.Position(n.Args[2].Pos()).String())
						}
					}
					if keyFuncs[name] && len(n.Args) > 0 {
						if s, ok := stringLit(n.Args[0]); ok {
							keys = append(keys, found{s, fset.Position(n.Pos())})
						}
					}
					if i, ok := sinks[name]; ok && i < len(n.Args) && wordy(n.Args[i]) {
						bypass = append(bypass, fset.Position(n.Args[i].Pos()).String())
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Label" {
						if s, ok := stringLit(n.Value); ok {
							keys = append(keys, found{s, fset.Position(n.Pos())})
						}
					}
					// The settings schema's help sentences (Help: "...").
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Help" {
						if s, ok := stringLit(n.Value); ok {
							keys = append(keys, found{s, fset.Position(n.Pos())})
						} else if wordy(n.Value) {
							bypass = append(bypass, fset.Position(n.Value.Pos()).String())
						}
					}
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Title" && wordy(n.Value) {
						bypass = append(bypass, fset.Position(n.Value.Pos()).String())
					}
				}
				return true
			})
		}
	}
	return keys, bypass
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

// TestEveryMessageHasEveryTranslation is the catalogue's completeness
// check: each key written at a call site has an entry in each language,
// no language keeps entries for keys no longer used, and no visible text
// bypasses the catalogue.
func TestEveryMessageHasEveryTranslation(t *testing.T) {
	keys, bypass := extract(t)
	if len(keys) < 150 {
		t.Fatalf("found only %d message keys; the extraction is broken", len(keys))
	}
	for _, b := range bypass {
		t.Errorf("%s: text shown or said without the catalogue", b)
	}
	used := map[string]bool{}
	for _, k := range keys {
		used[k.key] = true
	}
	for _, l := range Languages {
		if l.Code == "en" {
			continue
		}
		entries := Entries(l.Code)
		if len(entries) == 0 {
			t.Errorf("%s: no catalogue", l.Code)
			continue
		}
		var missing []string
		for _, k := range keys {
			if _, ok := entries[k.key]; !ok && !seen(&missing, k.key) {
				t.Errorf("%s: no %s translation of %q", k.pos, l.Code, k.key)
			}
		}
		for k := range entries {
			if !used[k] {
				t.Errorf("%s: entry for %q, which no code uses", l.Code, k)
			}
		}
	}
	for k := range Entries("en") {
		if !used[k] {
			t.Errorf("en: entry for %q, which no code uses", k)
		}
	}
}

func seen(list *[]string, k string) bool {
	for _, s := range *list {
		if s == k {
			return true
		}
	}
	*list = append(*list, k)
	return false
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*([a-zA-Z%])`)

// sampleArgs makes arguments for a key's verbs: a number for %d, a text
// holding '%' (as a heading might) for %s, an error for %v.
func sampleArgs(key string, n int) []any {
	var args []any
	for _, m := range verb.FindAllStringSubmatch(key, -1) {
		switch m[2] {
		case "d":
			args = append(args, n)
		case "s", "q":
			args = append(args, "T%d 50%x")
		case "v":
			args = append(args, errors.New("E%s"))
		}
	}
	return args
}

// verbsOf lists a format's verbs with their argument numbers, sorted.
func verbsOf(format string) []string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		n := next
		if m[1] != "" {
			n, _ = strconv.Atoi(strings.Trim(m[1], "[]"))
		}
		next = n + 1
		out = append(out, strconv.Itoa(n)+m[2])
	}
	sort.Strings(out)
	return out
}

// TestTranslationsTakeTheKeysArguments formats every entry of every
// language with arguments like real ones: each must use the same
// arguments as its English key, print no fmt error, and print text
// arguments literally (a '%' in them stays).
func TestTranslationsTakeTheKeysArguments(t *testing.T) {
	for _, l := range Languages {
		p := For(l.Code)
		for key, v := range Entries(l.Code) {
			if s, ok := v.(string); ok {
				if got, want := strings.Join(verbsOf(s), " "), strings.Join(verbsOf(key), " "); got != want {
					t.Errorf("%s %q: translation %q takes %s, the key %s", l.Code, key, s, got, want)
				}
			}
			for _, n := range []int{0, 1, 2, 3, 5, 11, 100, 102} {
				args := sampleArgs(key, n)
				out := p.Sprintf(key, args...)
				if strings.Contains(out, "%!") {
					t.Errorf("%s %q with %v: %q", l.Code, key, args, out)
				}
				for _, a := range args {
					if s, ok := a.(string); ok && !strings.Contains(out, s) {
						t.Errorf("%s %q: text argument %q not printed as it is: %q", l.Code, key, s, out)
					}
				}
				if strings.TrimSpace(out) == "" {
					t.Errorf("%s %q: empty", l.Code, key)
				}
			}
		}
	}
}

// TestNoKeyRegisteredTwice: a language split over several files gives each
// key once.
func TestNoKeyRegisteredTwice(t *testing.T) {
	for _, d := range duplicates {
		t.Errorf("registered twice: %s", d)
	}
}
