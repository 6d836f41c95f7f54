package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// liveManuals are Debian's live-manual EPUBs (live-manual-epub, installed
// by scripts/deps-formats.sh).
const liveManuals = "/usr/share/doc/live-manual/epub"

// heard records announcements and lets a test wait for one.
type heard struct {
	mu   sync.Mutex
	says []string
	seen int // announcements waitFor has passed
	news chan struct{}
}

func newHeard() *heard { return &heard{news: make(chan struct{}, 1000)} }

func (h *heard) Announce(text string, _ core.Priority) {
	h.mu.Lock()
	h.says = append(h.says, text)
	h.mu.Unlock()
	h.news <- struct{}{}
}
func (h *heard) Playback(string)        {}
func (h *heard) Position(int, int, int) {}

// waitFor waits for an announcement after the last one it returned that
// starts with prefix, and returns it; the deadline only keeps a broken
// test from hanging.
func (h *heard) waitFor(t *testing.T, prefix string) string {
	t.Helper()
	deadline := time.After(2 * time.Minute)
	for {
		h.mu.Lock()
		for ; h.seen < len(h.says); h.seen++ {
			if strings.HasPrefix(h.says[h.seen], prefix) {
				s := h.says[h.seen]
				h.seen++
				h.mu.Unlock()
				return s
			}
		}
		h.mu.Unlock()
		select {
		case <-h.news:
		case <-deadline:
			t.Fatalf("never heard %q; heard %q", prefix, h.all())
		}
	}
}

func (h *heard) all() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string{}, h.says...)
}

// libraryApp is an app on a new home whose library folders are folders.
func libraryApp(t *testing.T, home string, folders ...string) (*core.App, *heard) {
	t.Helper()
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("library.folders", folders); err != nil {
		t.Fatal(err)
	}
	h := newHeard()
	app := core.New(core.Options{Home: home, Events: h, Settings: settingsStore{st}, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	return app, h
}

func runAction(t *testing.T, app *core.App, id string) core.ActionResult {
	t.Helper()
	res, err := app.Action(id, nil)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return res
}

func listKeys(t *testing.T, app *core.App, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, _, err := app.ListKey(k); err != nil {
			t.Fatalf("list key %q: %v", k, err)
		}
	}
}

func itemIndex(items []string, prefix string) int {
	for i, it := range items {
		if strings.Contains(it, prefix) {
			return i
		}
	}
	return -1
}

// TestOpenLibrary: the library indexes its folders in the background (the
// ten live manuals, a note, and a corrupt EPUB listed with its reason), the
// list filters by full text as the user types, Enter opens a document,
// and the document read comes back first, as recent, with its place.
func TestOpenLibrary(t *testing.T) {
	if _, err := os.Stat(liveManuals); err != nil {
		t.Fatalf("%s is missing: run scripts/deps-formats.sh (live-manual-epub): %v", liveManuals, err)
	}
	mine := t.TempDir()
	testkit.WriteFiles(t, mine, map[string]string{
		"cells.md":    "# Cell biology\n\nThe mitochondria make the cell's energy.\n\nRibosomes build proteins.\n",
		"broken.epub": "PK\x03\x04 no zip here"})
	home := t.TempDir()
	app, h := libraryApp(t, home, liveManuals, mine)

	res := runAction(t, app, "open_library")
	if len(res.Effects) == 0 {
		t.Fatalf("open_library showed nothing: %+v", res)
	}
	h.waitFor(t, "Library updated: 11 added, 0 changed, 0 removed, 1 could not be read.")
	ls := app.ListState()
	if ls == nil || ls.Title != "Library" || ls.Filter == nil || len(ls.Items) != 12 {
		t.Fatalf("the library list after the scan: %+v", ls)
	}
	if i := itemIndex(ls.Items, "broken.epub, could not be read: "); i < 0 {
		t.Errorf("the corrupt EPUB is not listed with its reason: %q", ls.Items)
	}
	if i := itemIndex(ls.Items, "Live Systems Manual, by Live Systems Project"); i < 0 {
		t.Errorf("the English live manual is not listed by title and author: %q", ls.Items)
	}
	// Typing searches the full text.
	listKeys(t, app, strings.Split("mitochondria", "")...)
	ls = app.ListState()
	if len(ls.Items) != 1 || ls.Items[0] != "Cell biology" {
		t.Fatalf("filtered by a word of the text: %q", ls.Items)
	}
	listKeys(t, app, "enter")
	if got := h.waitFor(t, "Opened"); got != "Opened Cell biology." {
		t.Fatalf("Enter said %q", got)
	}
	if _, err := app.GoTo("line 5"); err != nil {
		t.Fatal(err)
	}
	app.Close()

	// A new session: the note is recent, with its place; continue reading
	// lists it and opens it there.
	app, h = libraryApp(t, home, liveManuals, mine)
	runAction(t, app, "open_library")
	ls = app.ListState()
	if ls == nil || !strings.HasPrefix(ls.Items[0], "Recent: Cell biology, ") || !strings.HasSuffix(ls.Items[0], " percent") {
		t.Fatalf("the recent document is not first: %+v", ls)
	}
	app.Cancel()
	runAction(t, app, "continue_reading")
	ls = app.ListState()
	if ls == nil || ls.Title != "Continue reading" || len(ls.Items) != 1 || !strings.HasPrefix(ls.Items[0], "Cell biology, ") {
		t.Fatalf("continue reading: %+v", ls)
	}
	listKeys(t, app, "enter")
	if got := h.waitFor(t, "Opened Cell biology."); !strings.Contains(got, "Resumed at") {
		t.Errorf("continue reading opened with %q, want it resumed", got)
	}
}

// TestLibraryFolderGone: a library folder that vanished is said, and the
// library still opens.
func TestLibraryFolderGone(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "usb-stick")
	app, h := libraryApp(t, t.TempDir(), gone)
	runAction(t, app, "open_library")
	got := h.waitFor(t, "The library folder ")
	if !strings.Contains(got, gone) || !strings.Contains(got, "is gone") {
		t.Errorf("a vanished folder is said as %q", got)
	}
}

// TestBrowseFiles walks down into a folder, up again, into a zip archive,
// and opens a document inside it.
func TestBrowseFiles(t *testing.T) {
	dir, src := t.TempDir(), t.TempDir()
	testkit.WriteFiles(t, dir, map[string]string{
		"notes.md": "# Notes\n\nHello.\n", "term two/essay.md": "# Essay\n\nWords.\n", ".hidden.md": "# Hidden\n"})
	testkit.WriteFiles(t, src, map[string]string{"week1/reading.md": "# Week one reading\n\nPhotosynthesis.\n"})
	testkit.ZipFolder(t, src, filepath.Join(dir, "course.zip"), "")

	app, h := libraryApp(t, t.TempDir())
	if err := app.Open(filepath.Join(dir, "notes.md")); err != nil {
		t.Fatal(err)
	}
	runAction(t, app, "browse_files")
	want := []string{"Up to " + filepath.Dir(dir), "term two, folder", "course.zip, archive", "notes.md"}
	ls := app.ListState()
	if ls == nil || ls.Title != "Files in "+dir || strings.Join(ls.Items, "|") != strings.Join(want, "|") || ls.Selected != 1 {
		t.Fatalf("browse_files: %+v, want %q", ls, want)
	}
	listKeys(t, app, "enter") // into "term two"
	if ls = app.ListState(); ls == nil || strings.Join(ls.Items[1:], "|") != "essay.md" {
		t.Fatalf("in the folder: %+v", ls)
	}
	listKeys(t, app, "home", "enter") // up again
	if ls = app.ListState(); ls == nil || ls.Title != "Files in "+dir {
		t.Fatalf("up: %+v", ls)
	}
	listKeys(t, app, "down", "enter") // into the archive
	if ls = app.ListState(); ls == nil || strings.Join(ls.Items[1:], "|") != "week1/reading.md" {
		t.Fatalf("in the archive: %+v", ls)
	}
	listKeys(t, app, "enter")
	h.waitFor(t, "Opened Week one reading.")
}

// TestEditDocumentDetails: the details form shows the title, author,
// DOI and ISBN one at a time, Tab and Shift+Tab move between them, Enter
// saves them all, a DOI that is not one is refused with the reason on its
// field, and the details saved show in the library list.
func TestEditDocumentDetails(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "lecture.md")
	os.WriteFile(doc, []byte("# Lecture 3\n\nOsmosis.\n"), 0o644)
	app, h := libraryApp(t, t.TempDir(), dir)
	if err := app.Open(doc); err != nil {
		t.Fatal(err)
	}
	runAction(t, app, "edit_document_details")
	key := func(k string) {
		t.Helper()
		if _, _, err := app.PromptKey(k, nil); err != nil {
			t.Fatal(err)
		}
	}
	typeText := func(text string) {
		t.Helper()
		if _, _, err := app.PromptKey("", &text); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(label, text string) {
		t.Helper()
		p := app.PromptState()
		if p == nil || p.Purpose != "document_details" || p.Label != label || p.Text != text {
			t.Fatalf("prompt %+v, want %q holding %q", p, label, text)
		}
	}
	expect("Document details, Title (1 of 4)", "Lecture 3")
	typeText("Membranes and osmosis")
	key("tab")
	expect("Document details, Author (2 of 4)", "")
	typeText("Ada Byron")
	key("tab")
	typeText("not a doi")
	key("tab")
	expect("Document details, ISBN (4 of 4)", "")
	typeText("978-0-306-40615-7")
	key("shift_tab")
	key("shift_tab")
	key("shift_tab")
	expect("Document details, Title (1 of 4)", "Membranes and osmosis")
	app.Answer("Membranes and osmosis")
	h.waitFor(t, "A DOI starts with 10.")
	expect("Document details, DOI (3 of 4)", "not a doi")
	app.Answer("https://doi.org/10.1000/182")
	h.waitFor(t, "Details saved for Membranes and osmosis.")
	runAction(t, app, "open_library")
	h.waitFor(t, "Library updated")
	ls := app.ListState()
	if ls == nil || itemIndex(ls.Items, "Membranes and osmosis, by Ada Byron") < 0 {
		t.Fatalf("the library list does not show the details: %+v", ls)
	}
	listKeys(t, app, strings.Split("byron", "")...)
	if ls = app.ListState(); len(ls.Items) != 1 {
		t.Fatalf("searching the author: %q", ls.Items)
	}
}

// TestBatchConvert converts the documents of the open document's folder
// (not its subfolders) to HTML in the background, after the question: the
// ones read are written into "converted", the corrupt one is named with
// why, and converting again replaces the files.
func TestBatchConvert(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteFiles(t, dir, map[string]string{
		"a.md": "# Apples\n\nOrchards.\n", "b.md": "# Bees\n\nHives.\n", "broken.epub": "PK\x03\x04 no zip here",
		"deeper/c.md": "# Cherries\n"})
	app, h := libraryApp(t, t.TempDir())
	if err := app.Open(filepath.Join(dir, "a.md")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		res := runAction(t, app, "batch_convert")
		if len(res.Effects) != 1 || !strings.HasPrefix(res.Status, "Convert the documents of "+dir+" to, 7 items.") {
			t.Fatalf("batch_convert: %+v", res)
		}
		_, said := app.Choose(2) // HTML
		out := filepath.Join(dir, "converted")
		if said != "Convert 3 documents to HTML into "+out+"? y or n" {
			t.Fatalf("the question: %q", said)
		}
		app.Confirm(true)
		h.waitFor(t, "Converted 2 of 3 documents into "+out+".")
		if got := h.waitFor(t, "Could not convert "); !strings.HasPrefix(got, "Could not convert broken.epub: ") {
			t.Errorf("the failure said %q", got)
		}
		for _, name := range []string{"a.html", "b.html"} {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil || !strings.Contains(string(data), "<h1") {
				t.Errorf("%s: %v, %.80q", name, err, data)
			}
		}
		if _, err := os.Stat(filepath.Join(out, "c.html")); err == nil {
			t.Error("a document of a subfolder was converted")
		}
	}
}
