package core_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
)

// mountTmpfs mounts a tmpfs with the mount options opts on dir until the
// test ends; without root it skips the test, saying why.
func mountTmpfs(t *testing.T, dir, opts, why string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip(why)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Fatalf("mount: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
}

// A mark whose write fails is never announced as set: the user hears that
// it could not be saved and why. It stays in memory, and the next write
// that works saves it with the rest.
func TestMarkWriteFailureIsReported(t *testing.T) {
	cases := []struct {
		name   string
		breakH func(t *testing.T, home string) (fix func())
		why    string
	}{
		{"state folder is a file", func(t *testing.T, home string) func() {
			state := filepath.Join(home, "data", "state")
			if err := os.MkdirAll(filepath.Dir(state), 0o755); err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, state, "not a folder")
			return func() { os.Remove(state) }
		}, "not a directory"},
		{"disk full", func(t *testing.T, home string) func() {
			mountTmpfs(t, home, "size=64k", "mounting a small tmpfs needs root")
			filler := filepath.Join(home, "filler")
			f, err := os.Create(filler)
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 4096)
			for {
				if _, err := f.Write(buf); err != nil {
					break
				}
			}
			f.Close()
			return func() { os.Remove(filler) }
		}, "no space left on device"},
		{"read-only home", func(t *testing.T, home string) func() {
			mountTmpfs(t, home, "ro,size=64k", "mounting a read-only tmpfs needs root")
			return func() {
				if out, err := exec.Command("mount", "-o", "remount,rw", home).CombinedOutput(); err != nil {
					t.Fatalf("remount: %v %s", err, out)
				}
			}
		}, "read-only file system"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			fix := c.breakH(t, f.home)
			app, rec := f.open()
			for _, id := range []string{"add_bookmark", "toggle_highlight"} {
				if _, err := app.Action(id, nil); err != nil {
					t.Fatal(err)
				}
				what := map[string]string{"add_bookmark": "bookmark", "toggle_highlight": "highlight"}[id]
				want := "Could not save the " + what + ": " + c.why + "."
				if got := rec.last(); got != want {
					t.Fatalf("%s said %q, want %q", id, got, want)
				}
				for _, s := range rec.says {
					if strings.HasPrefix(s, "Bookmark mark1 set") || strings.HasPrefix(s, "Highlighted") {
						t.Fatalf("announced %q though the write failed", s)
					}
				}
			}
			// Once the disk is writable again, the next write saves every
			// mark made meanwhile.
			fix()
			app.Action("next_paragraph", nil)
			app.Action("add_bookmark", nil)
			if got := rec.last(); !strings.HasPrefix(got, "Bookmark mark2 set") {
				t.Fatalf("after the fix: %q", got)
			}
			st, err := docstate.Store{Home: f.home}.Load(f.path)
			if err != nil || len(st.Bookmarks) != 2 || len(st.Highlights) != 1 {
				t.Fatalf("saved %+v, %v; want both bookmarks and the highlight", st, err)
			}
		})
	}
}

// Two apps on one home, each adding marks in turn, lose none: every write
// merges with what the other saved, and every bookmark keeps a name of
// its own.
func TestTwoAppsKeepEachOthersMarks(t *testing.T) {
	f := newFixture(t)
	var doc strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&doc, "Paragraph %d says one thing.\n\n", i)
	}
	f.write(doc.String())
	a, _ := f.open()
	b := core.New(core.Options{Home: f.home, Load: load.File, Parse: load.Bytes})
	t.Cleanup(b.Close)
	if err := b.Open(f.path); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 10; i++ {
		for k, app := range []*core.App{a, b} {
			if _, err := app.GoTo(strconv.Itoa(2*(i+10*k) - 1)); err != nil {
				t.Fatal(err)
			}
			app.Action("add_bookmark", nil)
			app.Action("toggle_highlight", nil)
			app.Action("add_note", nil)
			app.Answer(fmt.Sprintf("note %d of app %d", i, k))
		}
	}
	a.Close()
	b.Close()
	st, err := docstate.Store{Home: f.home}.Load(f.path)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, bm := range st.Bookmarks {
		names[bm.Name] = true
	}
	if len(st.Bookmarks) != 20 || len(names) != 20 || len(st.Highlights) != 20 || len(st.Notes) != 20 {
		t.Fatalf("saved %d bookmarks (%d names), %d highlights, %d notes; want 20 of each",
			len(st.Bookmarks), len(names), len(st.Highlights), len(st.Notes))
	}
}

// Quitting when the place cannot be written says so before the app goes.
func TestQuitReportsAnUnsavedPlace(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	state := filepath.Join(f.home, "data", "state")
	if err := os.MkdirAll(filepath.Dir(state), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(state, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	yes := true
	if _, err := app.Action("quit", &yes); err != nil {
		t.Fatal(err)
	}
	want := "Could not save the reading place: not a directory."
	found := false
	for _, s := range rec.says {
		found = found || s == want
	}
	if !found || !app.Quitting() {
		t.Fatalf("quitting said %q, want %q", rec.says, want)
	}
}

// Deleting a highlight from the Highlights list when the write fails says
// why in a whole sentence (it once said the bare words "highlight's
// removal" with a formatting error), and keeps the highlight listed.
func TestHighlightRemovalWriteFailureIsReported(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	if _, err := app.Action("toggle_highlight", nil); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(f.home, "data", "state")
	if err := os.RemoveAll(state); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, state, "not a folder")
	if _, err := app.Action("list_highlights", nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := app.ListKey("delete"); err != nil {
		t.Fatal(err)
	}
	want := "Could not save the highlight's removal: not a directory."
	if got := rec.last(); got != want {
		t.Fatalf("said %q, want %q", got, want)
	}
}

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
