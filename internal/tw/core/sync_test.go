package core_test

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// TestSyncTwoHomesOneFolder: two computers (two homes) share one sync
// folder. A note made on one arrives on the other; the other's later edit
// of it wins back on the first, which keeps the text it replaced and puts
// it back on Enter; each can go to the other's place; stopping leaves the
// folder as it is.
func TestSyncTwoHomesOneFolder(t *testing.T) {
	dir := t.TempDir()
	shared := filepath.Join(dir, "stick")
	doc := writeTestFile(t, filepath.Join(dir, "tides.md"), "# Tides\n\nThe sea rises twice a day.\n\nThe moon pulls the water.\n\nStorms raise it more.\n")
	open := func(name string) (*core.App, *recorder) {
		rec := &recorder{}
		app := core.New(core.Options{Home: filepath.Join(dir, name), Events: rec, Load: load.File, Parse: load.Bytes})
		t.Cleanup(app.Close)
		if err := app.Open(doc); err != nil {
			t.Fatal(err)
		}
		return app, rec
	}
	desk, deskSaid := open("desk")
	lab, labSaid := open("lab")

	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Sync is off. Set it up with sync setup." {
		t.Errorf("before setup: %q", got)
	}
	setup := func(app *core.App, rec *recorder, name string) string {
		mustAction(t, app, "sync_setup", nil)
		if p := app.PromptState(); p == nil || p.Purpose != "sync_folder" {
			t.Fatalf("no sync_folder prompt: %+v", p)
		}
		app.Answer(shared)
		if p := app.PromptState(); p == nil || p.Purpose != "sync_computer_name" {
			t.Fatalf("no sync_computer_name prompt: %+v", p)
		}
		app.Answer(name)
		return rec.last()
	}
	if got := setup(desk, deskSaid, "desk"); got != "Sync set up: desk, through "+shared+". No other computer has this document yet." {
		t.Errorf("desk's setup: %q", got)
	}
	// A note on the desk, at the second paragraph.
	if _, err := desk.GoTo("line 5"); err != nil {
		t.Fatal(err)
	}
	mustAction(t, desk, "add_note", nil)
	desk.Answer("Check the moon tables")
	mustAction(t, desk, "sync_now", nil)

	if got := setup(lab, labSaid, "lab"); got != "Sync set up: lab, through "+shared+". Synced with desk. 1 note arrived." {
		t.Errorf("lab's setup: %q", got)
	}
	notes, err := lab.Notes()
	if err != nil || len(notes) != 1 || notes[0].Text != "Check the moon tables" {
		t.Fatalf("the lab's notes: %+v %v", notes, err)
	}
	// The lab edits the note; its edit is newer and wins on the desk.
	if _, err := lab.GoTo("line 5"); err != nil {
		t.Fatal(err)
	}
	mustAction(t, lab, "edit_note", nil)
	lab.Answer("Moon tables checked")
	mustAction(t, lab, "sync_now", nil)
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with lab. 1 note was replaced by a newer edit; sync replaced notes lists it." {
		t.Errorf("desk after the lab's edit: %q", got)
	}
	if notes, _ := desk.Notes(); len(notes) != 1 || notes[0].Text != "Moon tables checked" {
		t.Fatalf("the desk's notes: %+v", notes)
	}
	mustAction(t, desk, "sync_replaced_notes", nil)
	l := desk.ListState()
	if l == nil || l.Title != "Replaced notes" || len(l.Items) != 1 || l.Items[0] != "Replaced by lab: Check the moon tables" {
		t.Fatalf("replaced notes: %+v", l)
	}
	desk.Choose(0)
	if notes, _ := desk.Notes(); len(notes) != 1 || notes[0].Text != "Check the moon tables" {
		t.Errorf("after putting it back: %+v", notes)
	}
	// Put back is an edit made now: it goes to the lab at the next sync.
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if notes, _ := lab.Notes(); len(notes) != 1 || notes[0].Text != "Check the moon tables" {
		t.Errorf("the lab after the desk put the note back: %+v", notes)
	}

	// Places: the lab went to the end; the desk goes there.
	if _, err := lab.GoTo("end"); err != nil {
		t.Fatal(err)
	}
	mustAction(t, lab, "sync_now", nil)
	mustAction(t, desk, "sync_go_to_place", nil)
	l = desk.ListState()
	if l == nil || len(l.Items) != 1 || !strings.HasPrefix(l.Items[0], "lab, ") {
		t.Fatalf("places: %+v", l)
	}
	desk.Choose(0)
	if got := deskSaid.last(); !strings.HasPrefix(got, "Place of lab: Storms raise it more") {
		t.Errorf("going to the lab's place: %q", got)
	}
	mustAction(t, desk, "sync_status", nil)
	if got := deskSaid.last(); got != "Syncing as desk through "+shared+". Other computers with this document: lab." {
		t.Errorf("status: %q", got)
	}
	mustAction(t, desk, "sync_stop", nil)
	mustAction(t, desk, "sync_status", nil)
	if got := deskSaid.last(); got != "Sync is off. Set it up with sync setup." {
		t.Errorf("after stop: %q", got)
	}
	mustAction(t, lab, "sync_status", nil)
	if got := labSaid.last(); !strings.HasSuffix(got, "Other computers with this document: desk.") {
		t.Errorf("the lab after the desk stopped (the folder is left): %q", got)
	}
}
