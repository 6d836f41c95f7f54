package i18n

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/counted.golden from the catalogue")

// countedKeys are the keys with plural forms (those of English, which the
// template follows), sorted.
func countedKeys() []string {
	var keys []string
	for k, m := range For("en").catalogue() {
		if m.count > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// countedText formats every counted message in every language for counts
// that reach each plural form of each language.
func countedText(sprintf func(lang, key string, args ...any) string) string {
	var b strings.Builder
	for _, key := range countedKeys() {
		fmt.Fprintf(&b, "%q\n", key)
		for _, l := range Languages {
			for _, n := range []int{0, 1, 2, 3, 11, 100, 102} {
				fmt.Fprintf(&b, "\t%s %d: %s\n", l.Code, n, sprintf(l.Code, key, sampleArgs(key, n)...))
			}
		}
	}
	return b.String()
}

// TestCountedMessagesMatchGolden compares the counted messages of every
// language with testdata/counted.golden, first written by the catalogue
// of Go map literals the PO files replaced: a plural form that moves or
// changes shows here.
func TestCountedMessagesMatchGolden(t *testing.T) {
	got := countedText(func(lang, key string, args ...any) string { return For(lang).Sprintf(key, args...) })
	path := filepath.Join("testdata", "counted.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("line %d:\ngot  %s\nwant %s\n(go test -update rewrites the golden file)", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}
