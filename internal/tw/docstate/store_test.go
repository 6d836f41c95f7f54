package docstate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A web address's state is kept without its user name, password or
// tokens: the file does not hold them, and the address with or without
// them finds the same state.
func TestStateKeepsNoAddressCredentials(t *testing.T) {
	s := Store{Home: t.TempDir()}
	full := "https://reader:hunter2@example.org/book.html?token=s3cr3t&page=4"
	st := &DocState{Path: full, Bookmarks: []Bookmark{{Name: "b", Char: 7, Context: "ctx"}}}
	if err := s.Save(st); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.FileFor(full))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"reader", "hunter2", "s3cr3t", "token"} {
		if strings.Contains(string(data), secret) {
			t.Errorf("the state file holds %q:\n%s", secret, data)
		}
	}
	if !strings.Contains(string(data), `"path": "https://example.org/book.html?page=4"`) {
		t.Errorf("the state file lacks the public address:\n%s", data)
	}
	if st.Path != full {
		t.Errorf("Save changed the state held: %q", st.Path)
	}
	back, err := s.Load("https://example.org/book.html?page=4")
	if err != nil || len(back.Bookmarks) != 1 {
		t.Errorf("the public address finds %+v (%v)", back, err)
	}
}

// An encrypted document's state keeps positions only; FillExcerpts derives
// the excerpts again from the text, filling only those that are empty.
func TestStripAndFillExcerpts(t *testing.T) {
	text := []rune("The secret plan is hidden in the third chapter of this book.")
	slice := func(a, b int) string { return string(text[a:b]) }
	st := &DocState{
		Place:      &Place{Char: 4, Context: "x"},
		Bookmarks:  []Bookmark{{Name: "mine", Char: 11, Context: "x"}},
		Notes:      []Note{{ID: 1, Start: 4, End: 10, Anchor: "secret", Text: "my note", Context: "x"}},
		Highlights: []Highlight{{ID: 2, Start: 11, End: 15, Text: "plan", Context: "x"}},
	}
	st.StripExcerpts()
	if st.Place.Context != "" || st.Bookmarks[0].Context != "" || st.Notes[0].Anchor != "" || st.Notes[0].Context != "" ||
		st.Highlights[0].Text != "" || st.Highlights[0].Context != "" {
		t.Fatalf("excerpts left: %+v", st)
	}
	if st.Notes[0].Text != "my note" || st.Bookmarks[0].Name != "mine" || st.Highlights[0].Start != 11 {
		t.Fatalf("the user's own words or positions lost: %+v", st)
	}
	st.FillExcerpts(slice, len(text))
	for _, c := range []struct{ got, want string }{
		{st.Place.Context, string(text[0:24])},
		{st.Bookmarks[0].Context, string(text[0:31])},
		{st.Notes[0].Anchor, "secret"},
		{st.Highlights[0].Text, "plan"},
		{st.Highlights[0].Context, string(text[0:31])},
	} {
		if c.got != c.want {
			t.Errorf("filled %q, want %q", c.got, c.want)
		}
	}
	st.Notes[0].Anchor = "kept"
	st.FillExcerpts(slice, len(text))
	if st.Notes[0].Anchor != "kept" {
		t.Errorf("FillExcerpts replaced an excerpt: %q", st.Notes[0].Anchor)
	}
}

// FindMoved hashes the text only when a state of the same length lost its
// file, and adopts only such a state.
func TestFindMovedAsksTheHashOnlyWhenNeeded(t *testing.T) {
	s := Store{Home: t.TempDir()}
	dir := t.TempDir()
	gone, here := filepath.Join(dir, "gone.md"), filepath.Join(dir, "here.md")
	if err := os.WriteFile(here, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, st := range []*DocState{
		{Path: gone, Length: 5, Hash: Hash("hello"), Bookmarks: []Bookmark{{Name: "mark1", Char: 1}}},
		{Path: here, Length: 5, Hash: Hash("hello")},
	} {
		if err := s.Save(st); err != nil {
			t.Fatal(err)
		}
	}
	asked := 0
	hash := func(text string) func() string { return func() string { asked++; return Hash(text) } }

	if st, err := s.FindMoved(filepath.Join(dir, "new.md"), 6, hash("hello!")); st != nil || err != nil || asked != 0 {
		t.Errorf("another length: %v, %v, hash asked %d times; want nothing, and no hashing", st, err, asked)
	}
	if st, err := s.FindMoved(filepath.Join(dir, "new.md"), 5, hash("world")); st != nil || err != nil {
		t.Errorf("another text of the same length: %v, %v; want nothing", st, err)
	}
	moved := filepath.Join(dir, "moved.md")
	st, err := s.FindMoved(moved, 5, hash("hello"))
	if err != nil || st == nil || st.Path != moved || len(st.Bookmarks) != 1 {
		t.Fatalf("the moved book: %+v, %v; want the gone file's state, now at %s", st, err, moved)
	}
	if !s.Has(moved) || s.Has(gone) || !s.Has(here) {
		t.Errorf("state files: moved %v, gone %v, here %v; want moved and here", s.Has(moved), s.Has(gone), s.Has(here))
	}
}

func TestPathKey(t *testing.T) {
	tests := []struct{ goos, path, want string }{
		{"windows", `C:\Users\Ann\book.epub`, `C:\Users\Ann\book.epub`},
		{"windows", `c:\Users\Ann\book.epub`, `C:\Users\Ann\book.epub`},
		{"windows", `c:/Users/Ann/book.epub`, `C:\Users\Ann\book.epub`},
		{"windows", `\\server\share\a.txt`, `\\server\share\a.txt`},
		{"windows", `D:\books.zip!ch1.html`, `D:\books.zip!ch1.html`},
		{"linux", `/home/ann/a\b.txt`, `/home/ann/a\b.txt`},
		{"linux", `c:/x`, `c:/x`},
	}
	for _, tt := range tests {
		if got := pathKey(tt.goos, tt.path); got != tt.want {
			t.Errorf("pathKey(%s, %q) = %q, want %q", tt.goos, tt.path, got, tt.want)
		}
	}
}
