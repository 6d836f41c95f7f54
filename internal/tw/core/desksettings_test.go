package core_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// TestEditingAuthorInTheTemplate: editing.author is the author a new
// document from the template gets, in place of the name on this computer.
func TestEditingAuthorInTheTemplate(t *testing.T) {
	app, _, _ := openWithSettings(t, "notes.md", "# Notes\n\nSome words.\n", map[string]any{"editing.author": "Ada Lovelace"})
	defer app.Close()
	mustAction(t, app, "new_from_template", nil)
	app.Answer("Engines")
	if text := app.Doc().Text; !strings.Contains(text, "\nauthor: \"Ada Lovelace\"\n") {
		t.Errorf("the new document:\n%s", text)
	}
}

// TestQuietScreenSetting: accessibility.quiet_screen starts the reader
// with the text hidden, and the quiet screen key turns it off and saves
// that, so the next start shows the text.
func TestQuietScreenSetting(t *testing.T) {
	app, rec, path := openWithSettings(t, "notes.md", "# Notes\n\nSome words.\n", map[string]any{"accessibility.quiet_screen": true})
	if !app.View().Quiet {
		t.Fatal("accessibility.quiet_screen on, but the view shows the text")
	}
	mustAction(t, app, "quiet_screen", nil)
	if app.View().Quiet || rec.last() != "Quiet screen off." {
		t.Errorf("quiet screen key: view quiet %v, said %q", app.View().Quiet, rec.last())
	}
	app.Close()
	st, _, err := settings.Open(filepath.Join(filepath.Dir(path), "home"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Bool("accessibility.quiet_screen") {
		t.Error("turning the quiet screen off was not saved")
	}
	again := core.New(core.Options{Home: filepath.Join(filepath.Dir(path), "home"), Events: &recorder{}, Load: load.File,
		Parse: load.Bytes, Settings: st})
	defer again.Close()
	if again.View().Quiet {
		t.Error("the next start hides the text")
	}
}

// TestRSVPPacing: the reading_aids.rsvp settings give a long word more
// time, by letter up to their most, and add their pauses after a clause,
// a sentence and a paragraph, in percent of a word's time.
func TestRSVPPacing(t *testing.T) {
	app, _, _ := openWithSettings(t, "fish.txt", "Extraordinarily long, fish swim. End\n\nNext word here.\n", map[string]any{
		"reading_aids.rsvp.wpm": 600, "reading_aids.rsvp.long_word_len": 4, "reading_aids.rsvp.long_word_step": 10,
		"reading_aids.rsvp.long_word_max": 30, "reading_aids.rsvp.clause_pause": 50,
		"reading_aids.rsvp.sentence_pause": 100, "reading_aids.rsvp.paragraph_pause": 200,
	})
	defer app.Close()
	mustAction(t, app, "rsvp_toggle", nil)
	const word = 100 * time.Millisecond
	for _, want := range []struct {
		word string
		time time.Duration
	}{
		{"Extraordinarily", word * 130 / 100}, // 11 letters past 4, at most 30%
		{"long", word * 150 / 100},            // a comma after it
		{"fish", word},
		{"swim", word * 200 / 100}, // the end of a sentence
		{"End", word * 300 / 100},  // the end of a paragraph
		{"Next", word},
	} {
		v := app.View().RSVP
		if v == nil || v.Word != want.word || v.Time != want.time {
			t.Errorf("RSVP shows %+v, want %s for %v", v, want.word, want.time)
		}
		mustAction(t, app, "caret_next_word", nil)
	}
}

// syncedHomes makes a shared folder and one document, and returns the
// folder and open, which opens the document in a new app whose home is
// the folder name beside them, with values in its settings; the apps
// close when the test ends.
func syncedHomes(t *testing.T) (shared string, open func(name string, values map[string]any) (*core.App, *recorder, *settings.Store)) {
	t.Helper()
	dir := t.TempDir()
	shared = filepath.Join(dir, "stick")
	if err := os.Mkdir(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	doc := writeTestFile(t, filepath.Join(dir, "tides.md"), "# Tides\n\nThe sea rises twice a day.\n\nThe moon pulls the water.\n")
	return shared, func(name string, values map[string]any) (*core.App, *recorder, *settings.Store) {
		app, rec, st := appWithSettings(t, filepath.Join(dir, name), values)
		t.Cleanup(app.Close)
		if err := app.Open(doc); err != nil {
			t.Fatal(err)
		}
		return app, rec, st
	}
}

// TestSyncSettings: with sync.folder and sync.device_name in its
// settings, a home syncs without sync setup; with sync.notes off the
// other home neither shares its note nor takes this one's, and with
// sync.places off it shares no place; sync.enabled off stops sync and
// says why.
func TestSyncSettings(t *testing.T) {
	shared, open := syncedHomes(t)
	desk, deskSaid, _ := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk"})
	lab, labSaid, labSettings := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab",
		"sync.notes": false, "sync.places": false})
	if _, err := desk.GoTo("line 5"); err != nil {
		t.Fatal(err)
	}
	mustAction(t, desk, "add_note", nil)
	desk.Answer("Check the moon tables")
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "No other computer has this document yet." {
		t.Errorf("the desk's sync, set by its settings alone: %q", got)
	}
	mustAction(t, lab, "add_note", nil)
	lab.Answer("Lab note")
	mustAction(t, lab, "sync_now", nil)
	notes := func(app *core.App) int {
		ns, err := app.Notes()
		if err != nil {
			t.Fatal(err)
		}
		return len(ns)
	}
	if got := labSaid.last(); got != "Synced with desk." || notes(lab) != 1 {
		t.Errorf("the lab with sync.notes off: said %q, has %d notes", got, notes(lab))
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with lab." || notes(desk) != 1 {
		t.Errorf("the desk took the lab's note: said %q, has %d notes", got, notes(desk))
	}
	mustAction(t, desk, "sync_go_to_place", nil)
	if l := desk.ListState(); l != nil && len(l.Items) > 0 {
		t.Errorf("the lab shared a place with sync.places off: %q", l.Items)
	}
	desk.Cancel()
	if _, err := labSettings.Set("sync.enabled", false); err != nil {
		t.Fatal(err)
	}
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Sync is turned off in the settings (sync.enabled)." {
		t.Errorf("with sync.enabled off: %q", got)
	}
}

// TestDeskActions: add_library_folder adds a real folder to
// library.folders once and refuses what is not a folder; reading_form
// lists the reading aids' settings and not the others; ask_first_run_again
// has the welcome given at the next start.
func TestDeskActions(t *testing.T) {
	dir := t.TempDir()
	st, _, err := settings.Open(filepath.Join(dir, "home"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("app.first_run", false); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	// The settings as the reader and the server wire them.
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Settings: session.Settings{Store: st},
		Load: load.File, Parse: load.Bytes})
	defer app.Close()
	const docs = "/usr/share/doc/python3"
	for _, want := range []string{"Added " + docs + " to the library", docs + " is in the library already."} {
		mustAction(t, app, "add_library_folder", nil)
		if p := app.PromptState(); p == nil || p.Purpose != "library_folder" {
			t.Fatalf("no library_folder prompt: %+v", p)
		}
		app.Answer(docs)
		if !strings.HasPrefix(rec.last(), want) {
			t.Errorf("said %q, want %q", rec.last(), want)
		}
	}
	mustAction(t, app, "add_library_folder", nil)
	app.Answer(docs + "/python-policy.html")
	if got := st.Strings("library.folders"); len(got) != 1 || got[0] != docs || !strings.HasSuffix(rec.last(), "is not a folder.") {
		t.Errorf("library.folders %q, said %q", got, rec.last())
	}
	mustAction(t, app, "reading_form", nil)
	l := app.ListState()
	if l == nil || !slices.ContainsFunc(l.Items, func(s string) bool { return strings.HasPrefix(s, "RSVP rate:") }) ||
		slices.ContainsFunc(l.Items, func(s string) bool { return strings.HasPrefix(s, "Speech rate:") }) {
		t.Errorf("reading_form lists %+v", l)
	}
	app.Cancel()
	mustAction(t, app, "ask_first_run_again", nil)
	if !st.Bool("app.first_run") {
		t.Error("app.first_run is still off")
	}
}

// TestRSVPShowsTheWordsBeside: with reading_aids.rsvp.show_previous and
// show_next on, RSVP's view holds the words before and after its word.
func TestRSVPShowsTheWordsBeside(t *testing.T) {
	app, _, _ := openWithSettings(t, "fish.txt", "One fish two fish.\n", map[string]any{
		"reading_aids.rsvp.show_previous": true, "reading_aids.rsvp.show_next": true})
	defer app.Close()
	mustAction(t, app, "rsvp_toggle", nil)
	if v := app.View().RSVP; v == nil || v.Previous != "" || v.Word != "One" || v.Next != "fish" {
		t.Errorf("at the start: %+v", v)
	}
	mustAction(t, app, "caret_next_word", nil)
	if v := app.View().RSVP; v == nil || v.Previous != "One" || v.Word != "fish" || v.Next != "two" {
		t.Errorf("at the second word: %+v", v)
	}
}

// TestSyncBookmarksAndHighlights: sync.bookmarks and sync.highlights share
// bookmarks and highlights through the sync folder: a computer takes the
// others' at places it has none, under a free name where its own bookmark
// has that name, once; with sync.highlights off it neither shares its
// highlights nor takes the others'.
func TestSyncBookmarksAndHighlights(t *testing.T) {
	shared, open := syncedHomes(t)
	desk, deskSaid, _ := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk"})
	lab, labSaid, _ := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab", "sync.highlights": false})
	goTo := func(app *core.App, where string) {
		if _, err := app.GoTo(where); err != nil {
			t.Fatal(err)
		}
	}
	goTo(desk, "line 3")
	mustAction(t, desk, "add_bookmark", nil) // mark1, on "The sea"
	mustAction(t, desk, "highlight_selection", nil)
	goTo(lab, "line 5")
	mustAction(t, lab, "add_bookmark", nil) // mark1 too, on "The moon"
	mustAction(t, lab, "highlight_selection", nil)
	marked := func(app *core.App) (bookmarks []int, highlights int) {
		for _, w := range app.BookmarkedWords() {
			bookmarks = append(bookmarks, w.Start)
		}
		hs, err := app.Highlights()
		if err != nil {
			t.Fatal(err)
		}
		return bookmarks, len(hs)
	}
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk. 1 bookmark arrived." {
		t.Errorf("the lab's sync said %q", got)
	}
	labMarks, labHighlights := marked(lab)
	if len(labMarks) != 2 || labHighlights != 1 {
		t.Errorf("the lab has bookmarks at %v and %d highlights, want two bookmarks and its own highlight only", labMarks, labHighlights)
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with lab. 1 bookmark arrived." {
		t.Errorf("the desk's sync said %q (the lab shares no highlight)", got)
	}
	deskMarks, deskHighlights := marked(desk)
	if !slices.Equal(deskMarks, labMarks) || deskHighlights != 1 {
		t.Errorf("the desk has bookmarks at %v and %d highlights; want the lab's %v and its own highlight", deskMarks, deskHighlights, labMarks)
	}
	mustAction(t, desk, "list_bookmarks", nil)
	if l := desk.ListState(); l == nil || len(l.Items) != 2 || !strings.Contains(strings.Join(l.Items, " "), "mark2") {
		t.Errorf("the desk's bookmarks: %+v; want mark1 and the lab's under mark2", l)
	}
	desk.Cancel()
	// Once shared, nothing arrives again.
	mustAction(t, lab, "sync_now", nil)
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with lab." {
		t.Errorf("a second sync said %q", got)
	}
	if again, _ := marked(desk); len(again) != 2 {
		t.Errorf("after a second sync the desk has bookmarks at %v", again)
	}
}
