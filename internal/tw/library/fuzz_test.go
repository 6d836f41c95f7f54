package library_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"textfirst/internal/tw/library"
)

// FuzzSearch: whatever is typed into the library's filter or tw library
// search, the query made of it is one FTS5 accepts (no syntax error, no
// panic), and what it finds is a document of the library.
func FuzzSearch(f *testing.F) {
	for _, seed := range []string{
		"", "live", `"initramfs boot images"`, `ram "disk image`, `x" OR 1=1 --`, "NEAR(a b)", "a* -b ^c",
		`title:foo`, "AND OR NOT", `""""`, "l'administrateur", "\x00", "🙂 émoji", "col:\"x", "{a b}", "a + b",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# Osmosis\n\nWater moves across the membrane.\n"), 0o644)
	l, err := library.Open(library.File(f.TempDir()))
	if err != nil {
		f.Fatal(err)
	}
	defer l.Close()
	if _, err := l.Scan(context.Background(), []string{dir}, library.LoadExtractor, nil); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		docs, err := l.Search(typed, 10)
		if err != nil {
			t.Fatalf("search %q (query %s): %v", typed, library.Query(typed), err)
		}
		for _, d := range docs {
			if d.Path != filepath.Join(dir, "a.md") {
				t.Fatalf("search %q found %s", typed, d.Path)
			}
		}
	})
}
