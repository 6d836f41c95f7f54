package po

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []*Entry
	}{
		{"one message", "msgid \"Find\"\nmsgstr \"Rechercher\"\n",
			[]*Entry{{ID: "Find", Str: []string{"Rechercher"}}}},
		{"comments of every kind", "# translator\n#. extracted\n#: a.go b.go\n#: c.go\n#, fuzzy, c-format\nmsgid \"a\"\nmsgstr \"b\"\n",
			[]*Entry{{Comments: []string{"translator"}, Extracted: []string{"extracted"}, References: []string{"a.go", "b.go", "c.go"},
				Flags: []string{"fuzzy", "c-format"}, ID: "a", Str: []string{"b"}}}},
		{"strings continued and escaped", "msgid \"\"\n\"a \\\"b\\\"\\n\"\n\"c\\\\d\\t\"\nmsgstr \"x\"\n",
			[]*Entry{{ID: "a \"b\"\nc\\d\t", Str: []string{"x"}}}},
		{"plural forms", "msgid \"%d words\"\nmsgid_plural \"%d words\"\nmsgstr[0] \"%[1]d mot\"\nmsgstr[1] \"%[1]d mots\"\n",
			[]*Entry{{ID: "%d words", Plural: "%d words", HasPlural: true, Str: []string{"%[1]d mot", "%[1]d mots"}}}},
		{"obsolete and previous entries skipped", "#| msgid \"old\"\n#~ msgid \"gone\"\n#~ msgstr \"parti\"\nmsgid \"a\"\nmsgstr \"b\"\n",
			[]*Entry{{ID: "a", Str: []string{"b"}}}},
		{"entries without blank lines, CRLF", "msgid \"a\"\r\nmsgstr \"b\"\r\nmsgid \"c\"\r\nmsgstr \"d\"\r\n",
			[]*Entry{{ID: "a", Str: []string{"b"}}, {ID: "c", Str: []string{"d"}}}},
		{"context", "msgctxt \"menu\"\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n",
			[]*Entry{{Context: "menu", HasContext: true, ID: "a", Str: []string{"b"}}, {ID: "a", Str: []string{"c"}}}},
		{"comments with no message are dropped", "msgid \"a\"\nmsgstr \"b\"\n\n# trailing\n", []*Entry{{ID: "a", Str: []string{"b"}}}},
		{"empty file", "", nil},
		{"byte order mark", "\ufeff# note\nmsgid \"a\"\nmsgstr \"b\"\n", []*Entry{{Comments: []string{"note"}, ID: "a", Str: []string{"b"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(f.Entries, tt.want) {
				t.Errorf("got  %#v\nwant %#v", f.Entries, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"msgid given twice", "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", "line 6: msgid \"a\" given twice"},
		{"no msgstr", "msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"c\"\n", "line 2: msgid \"a\" has no msgstr"},
		{"unknown escape", "msgid \"\\q\"\nmsgstr \"\"\n", "line 1: msgid: unknown escape \\q"},
		{"unquoted", "msgid a\nmsgstr \"\"\n", "line 1: msgid: not a quoted string"},
		{"stray quote", "msgid \"a\"b\"\nmsgstr \"\"\n", "line 1: msgid: unescaped quote"},
		{"continuation of nothing", "\"a\"\n", "line 1: a string continues nothing"},
		{"plural form out of order", "msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[1] \"b\"\n", "line 3: msgstr[1] out of order"},
		{"plural form without msgid_plural", "msgid \"a\"\nmsgstr[0] \"b\"\n", "line 2: unexpected \"msgstr[0]\""},
		{"unknown keyword", "msgid \"a\"\nmsgtext \"b\"\n", "line 2: unexpected \"msgtext\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one with %q", err, tt.want)
			}
		})
	}
}

func TestFuzzy(t *testing.T) {
	f, err := Parse([]byte("#, c-format, fuzzy\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\"\nmsgstr \"d\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !f.Entries[0].Fuzzy() || f.Entries[1].Fuzzy() {
		t.Errorf("fuzzy: %v %v, want true false", f.Entries[0].Fuzzy(), f.Entries[1].Fuzzy())
	}
}

func TestHeader(t *testing.T) {
	f, err := Parse([]byte("msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Header("Language"); got != "fr" {
		t.Errorf("Language %q", got)
	}
	if got := f.Header("Plural-Forms"); got != "nplurals=2; plural=(n > 1);" {
		t.Errorf("Plural-Forms %q", got)
	}
	if got := f.Header("Last-Translator"); got != "" {
		t.Errorf("Last-Translator %q", got)
	}
}

// roundTrip checks that what Parse reads from data, written by Bytes, is
// read back the same.
func roundTrip(t *testing.T, data []byte) {
	f, err := Parse(data)
	if err != nil {
		return
	}
	out := f.Bytes()
	g, err := Parse(out)
	if err != nil {
		t.Fatalf("written file does not parse: %v\n%s", err, out)
	}
	if !reflect.DeepEqual(f.Entries, g.Entries) {
		t.Fatalf("round trip changed the entries:\n%#v\n%#v", f.Entries, g.Entries)
	}
}

// seeds are the catalogue's own files and small hand-made ones.
func seeds(t testing.TB) [][]byte {
	out := [][]byte{
		[]byte("msgid \"\"\nmsgstr \"Language: ar\\n\"\n\n#, fuzzy\nmsgid \"a\\tb\"\nmsgstr \"c\\n\"\n"),
		[]byte("msgctxt \"x\"\nmsgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"\"\n\"b\"\nmsgstr[1] \"c\\\\\"\n#~ msgid \"d\"\n"),
		[]byte("#\n#.\n#:\n#,\nmsgid \"\\a\\b\\f\\v\\r\"\nmsgstr \"\"\n"),
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "locales", "*.po*"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for _, s := range seeds(t) {
		if _, err := Parse(s); err != nil {
			t.Fatalf("seed does not parse: %v", err)
		}
		roundTrip(t, s)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range seeds(f) {
		// The head of each catalogue: whole files make each run slow.
		f.Add(s[:min(len(s), 2000)])
	}
	f.Fuzz(roundTrip)
}
