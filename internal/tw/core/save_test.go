package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

func openApp(t *testing.T, home, path string) (*core.App, *recorder) {
	t.Helper()
	rec := &recorder{}
	app := core.New(core.Options{Home: home, Events: rec, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	return app, rec
}

func mustAction(t *testing.T, app *core.App, id string, confirm *bool) core.ActionResult {
	t.Helper()
	res, err := app.Action(id, confirm)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Saving over a file another program changed since edit mode read it
// asks first; no keeps the other program's text, yes overwrites it. A
// touch that changes nothing is no change.
func TestSaveAsksWhenTheFileChangedOnDisk(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	mustAction(t, app, "toggle_edit_mode", nil)
	app.Insert("Mine. ")
	later := time.Now().Add(2 * time.Second)
	os.Chtimes(f.path, later, later) // touched: same text
	res := mustAction(t, app, "save", nil)
	if res.Pending != nil || !strings.HasPrefix(rec.last(), "Saved notes.md") {
		t.Fatalf("a touch asked: %+v %q", res.Pending, rec.last())
	}
	app.Insert("More. ")
	f.write("Theirs.\n")
	res = mustAction(t, app, "save", nil)
	want := "notes.md changed on disk since it was opened. Overwrite it? y or n"
	if res.Pending == nil || res.Pending.Question != want || res.Pending.Action != "save" {
		t.Fatalf("save over a changed file: pending %+v, status %q", res.Pending, res.Status)
	}
	if got := readString(t, f.path); got != "Theirs.\n" {
		t.Fatalf("the other program's text was overwritten before the answer: %q", got)
	}
	no := false
	mustAction(t, app, "save", &no)
	if got := readString(t, f.path); got != "Theirs.\n" {
		t.Fatalf("no overwrote: %q", got)
	}
	yes := true
	mustAction(t, app, "save", &yes)
	if got := readString(t, f.path); !strings.Contains(got, "Mine. More. ") {
		t.Fatalf("yes did not save: %q", got)
	}
	// Saved now: the next save asks nothing.
	app.Insert("x")
	if res := mustAction(t, app, "save", nil); res.Pending != nil {
		t.Fatalf("asked again after its own save: %+v", res.Pending)
	}
}

// A document opened through a symbolic link is saved into the file the
// link points to; the link stays a link.
func TestSaveWritesThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := writeTestFile(t, filepath.Join(dir, "real.md"), notesMD)
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink("real.md", link); err != nil {
		t.Fatal(err)
	}
	app, rec := openApp(t, t.TempDir(), link)
	mustAction(t, app, "toggle_edit_mode", nil)
	app.Insert("Linked. ")
	mustAction(t, app, "save", nil)
	if !strings.HasPrefix(rec.last(), "Saved link.md") {
		t.Fatalf("save said %q", rec.last())
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link became a plain file")
	}
	if got := readString(t, real); !strings.Contains(got, "Linked. ") {
		t.Fatalf("the target was not updated: %q", got)
	}
}

// save_as resolves a relative name against the document's folder and
// refuses names that are folders or hold control or direction characters.
func TestSaveAsNames(t *testing.T) {
	cases := []struct {
		answer string
		file   string // where it lands, relative to the document's folder; "" refused
		says   string
	}{
		{"../up.md", "../up.md", "Saved up.md. Still editing."},
		{"sub/deep", "sub/deep.md", "Saved deep.md. Still editing."},
		{".", "", ". is a folder, not a file name. Still editing."},
		{"..", "", ".. is a folder, not a file name. Still editing."},
		{"sub", "", "sub is a folder, not a file name. Still editing."},
		{"sub/", "", "sub/ is a folder, not a file name. Still editing."},
		{"two\nlines.md", "", "File names cannot hold control characters such as new lines or tabs. Still editing."},
		{"tab\there.md", "", "File names cannot hold control characters such as new lines or tabs. Still editing."},
		{"evil\u202edm.txt", "", "File names cannot hold characters that change the text direction. Still editing."},
	}
	for _, c := range cases {
		t.Run(c.answer, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "docs")
			if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			path := writeTestFile(t, filepath.Join(dir, "notes.md"), notesMD)
			t.Chdir(t.TempDir()) // the server's folder is elsewhere
			app, rec := openApp(t, t.TempDir(), path)
			mustAction(t, app, "toggle_edit_mode", nil)
			app.Insert("New. ")
			mustAction(t, app, "save_as", nil)
			app.Answer(c.answer)
			if rec.last() != c.says {
				t.Fatalf("said %q, want %q", rec.last(), c.says)
			}
			if c.file != "" {
				if got := readString(t, filepath.Join(dir, c.file)); !strings.Contains(got, "New. ") {
					t.Fatalf("%s holds %q", c.file, got)
				}
				return
			}
			if got := readString(t, path); got != notesMD {
				t.Fatalf("the document changed: %q", got)
			}
			entries, _ := os.ReadDir(root)
			if len(entries) != 1 {
				t.Fatalf("files appeared beside the folder: %v", entries)
			}
		})
	}
}

// Each line keeps its ending: a mixed file stays mixed where it was not
// edited, a CRLF file stays CRLF, new lines included.
func TestSaveKeepsLineEndings(t *testing.T) {
	cases := []struct {
		name, before string
		insert       string
		after        string
	}{
		{"mixed", "One.\r\nTwo.\nThree.\r\nFour.\n", "Zero. ", "Zero. One.\r\nTwo.\nThree.\r\nFour.\n"},
		{"mixed, new line", "One.\r\nTwo.\nThree.\r\n", "New.\n", "New.\r\nOne.\r\nTwo.\nThree.\r\n"},
		{"crlf", "One.\r\nTwo.\r\n", "A.\nB.\n", "A.\r\nB.\r\nOne.\r\nTwo.\r\n"},
		{"lf", "One.\nTwo.\n", "A.\n", "A.\nOne.\nTwo.\n"},
		{"bom and crlf", "\ufeffOne.\r\nTwo.\r\n", "A.\n", "\ufeffA.\r\nOne.\r\nTwo.\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeTestFile(t, filepath.Join(t.TempDir(), "doc.txt"), c.before)
			app, _ := openApp(t, t.TempDir(), path)
			mustAction(t, app, "toggle_edit_mode", nil)
			mustAction(t, app, "document_start", nil)
			app.Insert(c.insert)
			mustAction(t, app, "save", nil)
			if got := readString(t, path); got != c.after {
				t.Fatalf("saved %q, want %q", got, c.after)
			}
		})
	}
}

// Opening a document sweeps the temporary copies killed saves left beside
// it; a recent one (a save in progress) stays.
func TestOpenSweepsStaleTemps(t *testing.T) {
	f := newFixture(t)
	dir := filepath.Dir(f.path)
	stale := filepath.Join(dir, ".notes.md.tmp-111")
	fresh := filepath.Join(dir, ".notes.md.tmp-222")
	for _, p := range []string{stale, fresh} {
		writeTestFile(t, p, notesMD)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(stale, old, old)
	f.open()
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("the stale temporary file is still there")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Fatal("the fresh temporary file was removed")
	}
}
