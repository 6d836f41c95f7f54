package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/docstate"
)

// A book moved or renamed keeps its marks: they are found by its text. A
// copy left beside the original is another book, with none of its marks.
func TestMarksFollowAMovedBook(t *testing.T) {
	home, dir := t.TempDir(), t.TempDir()
	old := testkit.WriteFile(t, filepath.Join(dir, "notes.md"), testkit.NotesMD)
	app, _ := openApp(t, home, old)
	mustAction(t, app, "next_sentence", nil)
	if res := mustAction(t, app, "add_bookmark", nil); !strings.Contains(res.Status, "mark1") {
		t.Fatalf("add_bookmark: %q", res.Status)
	}
	app.Close()

	copied := testkit.WriteFile(t, filepath.Join(dir, "copy.md"), testkit.NotesMD)
	app, _ = openApp(t, home, copied)
	if n := bookmarks(t, app); n != 0 {
		t.Errorf("a copy beside the original has %d bookmarks; want none", n)
	}
	app.Close()

	moved := filepath.Join(dir, "moved.md")
	if err := os.Rename(old, moved); err != nil {
		t.Fatal(err)
	}
	app, _ = openApp(t, home, moved)
	if n := bookmarks(t, app); n != 1 {
		t.Errorf("after the move the book has %d bookmarks; want its 1", n)
	}
	app.Close()
	store := docstate.Store{Home: home}
	if !store.Has(moved) || store.Has(old) {
		t.Errorf("state files: moved %v, old %v; want the state under the new path only", store.Has(moved), store.Has(old))
	}
}

func bookmarks(t *testing.T, app *core.App) int {
	t.Helper()
	info, err := app.Info()
	if err != nil {
		t.Fatal(err)
	}
	return info.Bm
}
