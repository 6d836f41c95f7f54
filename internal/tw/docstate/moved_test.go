package docstate

import (
	"os"
	"path/filepath"
	"testing"
)

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
