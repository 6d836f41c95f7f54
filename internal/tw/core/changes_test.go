package core_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// openTracked opens path in a new app on home, its tracked changes read as
// revisions says.
func openTracked(t *testing.T, home, path, revisions string) (*core.App, *recorder) {
	t.Helper()
	rec := &recorder{}
	loadFile := func(p string) (*doc.Document, error) { return load.FileOptions(p, load.Options{Revisions: revisions}) }
	app := core.New(core.Options{Home: home, Events: rec, Load: loadFile, Parse: load.Bytes})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	return app, rec
}

func listItems(app *core.App) []string {
	if l := app.ListState(); l != nil {
		return l.Items
	}
	return nil
}

func text(app *core.App) string { d := app.Doc(); return d.Slice(0, d.Len()) }

// TestReviewWordChanges: the changes list of a Word file LibreOffice
// made, its a and r keys, accept and reject all, undo and redo, a new
// comment and the save into the file, which pandoc then reads; a note
// follows its text through every step.
func TestReviewWordChanges(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	path := testkit.TrackedDOCX(t, dir, "draft.docx")
	orig, _ := os.ReadFile(path)
	app, rec := openTracked(t, home, path, load.RevisionsFinal)
	f := &fixture{t: t, home: home, path: path}

	f.goTo(app, charOf(t, app, "second paragraph"))
	f.do(app, "add_note")
	app.Answer("keep me")

	f.do(app, "list_changes")
	want := []string{"Deleted by Bob Reviewer: rarely", "Inserted by Ann Author: often", "Inserted by Ann Author: renal",
		"Comment by Ann Author: Check this dose.", "Deleted by Bob Reviewer: very"}
	if got := listItems(app); !reflect.DeepEqual(got, want) {
		t.Fatalf("list_changes listed %q, want %q", got, want)
	}
	rec.expect(t, "Changes and comments. Changes: 4, comments: 1. Enter goes to one; a accepts a change, r rejects it; Escape closes.", "list_changes")
	app.ListKey("details")
	rec.expect(t, "Deleted by Bob Reviewer: rarely. It was before: often given in acute renal failure. The dose … Made 2026-03-03 10:00.", "details of a deletion")
	app.ListKey("down")
	app.ListKey("down")
	app.ListKey("r")
	rec.expect(t, "Rejected insertion: renal. Comment by Ann Author: Check this dose., 3 of 4", "r in the list")
	if got := text(app); !strings.HasPrefix(got, "Fluids were often given in acute failure.") {
		t.Errorf("after rejecting renal: %q", got)
	}
	if d, _ := os.ReadFile(path); !bytes.Equal(d, orig) {
		t.Error("deciding a change wrote the file")
	}
	app.ListKey("a")
	rec.expect(t, "This is a comment: a and r accept and reject tracked changes.", "a on a comment")
	app.ListKey("enter")
	if got, want := "char "+strconv.Itoa(at(t, app)), charOf(t, app, "two litres"); got != want {
		t.Errorf("Enter on the comment went to %s, want %s", got, want)
	}

	f.do(app, "accept_all_changes")
	if !strings.HasPrefix(rec.last(), "Changes accepted: 3. The text shown is the final text.") {
		t.Errorf("accept all said %q", rec.last())
	}
	if got := text(app); !strings.Contains(got, "Fluids were often given in acute failure.") || !strings.Contains(got, "The patient was stable.") {
		t.Errorf("after accepting all: %q", got)
	}
	f.do(app, "undo")
	rec.expect(t, "Undone: Changes accepted: 3.", "undo")
	f.do(app, "undo")
	rec.expect(t, "Undone: Rejected insertion: renal.", "undo twice")
	if got := text(app); !strings.Contains(got, "acute renal failure") {
		t.Errorf("after undoing both: %q", got)
	}
	f.do(app, "redo")
	f.do(app, "redo")
	rec.expect(t, "Redone: Changes accepted: 3.", "redo")
	notes, _ := app.Notes()
	if len(notes) != 1 || app.Doc().Slice(notes[0].Start, notes[0].End) != "A second paragraph stays as it is." {
		t.Errorf("the note did not follow its text: %+v", notes)
	}

	f.goTo(app, charOf(t, app, "A second paragraph"))
	f.do(app, "add_comment")
	if p := app.PromptState(); p == nil || p.Purpose != "comment_text" {
		t.Fatalf("add_comment opened %+v", p)
	}
	app.Answer("Why <here>?")
	if !strings.HasPrefix(rec.last(), "Comment added on: A second paragraph stays as it is. Save changes to Word writes it into draft.docx.") {
		t.Errorf("add_comment said %q", rec.last())
	}
	f.do(app, "list_changes")
	if got := listItems(app); !reflect.DeepEqual(got, []string{"Comment by Ann Author: Check this dose.", "Comment by tw: Why <here>?"}) {
		t.Errorf("after deciding all and commenting, the list is %q", got)
	}
	app.Cancel()

	f.do(app, "save_changes_to_word")
	rec.expect(t, "Saved into draft.docx: changes decided: 4, comments added: 1. The original is kept beside it as draft-original.docx.", "save")
	if b, err := os.ReadFile(filepath.Join(dir, "draft-original.docx")); err != nil || !bytes.Equal(b, orig) {
		t.Errorf("the original was not kept (%v)", err)
	}
	md, err := exec.Command("pandoc", "--track-changes=all", "--wrap=none", "-t", "markdown", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pandoc: %v\n%s", err, md)
	}
	for _, want := range []string{"Fluids were often given in acute failure.", "The patient was stable.",
		`[Check this dose.]{.comment-start id="0" author="Ann Author"`,
		`[Why \<here\>?]{.comment-start id="1" author="tw"`} {
		if !strings.Contains(string(md), want) {
			t.Errorf("pandoc reads no %q in the saved file:\n%s", want, md)
		}
	}
	if strings.Contains(string(md), ".insertion") || strings.Contains(string(md), ".deletion") {
		t.Errorf("changes are still tracked in the saved file:\n%s", md)
	}
	f.do(app, "save_changes_to_word")
	rec.expect(t, "Nothing to save: no change was accepted or rejected and no comment added since the file was read.", "saving again")

	// The file as saved is what was shown.
	app2, _ := openTracked(t, home, path, load.RevisionsFinal)
	if text(app2) != text(app) {
		t.Errorf("reopened:\n%q\nshown before:\n%q", text(app2), text(app))
	}
}

// TestReviewMarkedChanges: with the changes written in the text, deciding
// one writes it as decided there, and a comment on a sentence holding
// marks lands on the file's own text.
func TestReviewMarkedChanges(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	path := testkit.TrackedDOCX(t, dir, "draft.docx")
	app, rec := openTracked(t, home, path, load.RevisionsMarked)
	f := &fixture{t: t, home: home, path: path}
	if got := text(app); !strings.HasPrefix(got, "Fluids were [deleted: rarely][inserted: often] given in acute [inserted: renal] failure. The dose was two litres[c1] a day.") {
		t.Fatalf("marked: %q", got)
	}
	f.do(app, "list_changes")
	app.ListKey("down")
	app.ListKey("a")
	rec.expect(t, "Accepted insertion: often. Inserted by Ann Author: renal, 2 of 4", "accepting often")
	app.ListKey("up")
	app.ListKey("r")
	if got := text(app); !strings.HasPrefix(got, "Fluids were rarelyoften given in acute [inserted: renal] failure. The dose was two litres[c1] a day.") {
		t.Errorf("after rejecting the deletion and accepting the insertion: %q", got)
	}
	app.Cancel()
	f.goTo(app, "char 0")
	f.do(app, "add_comment")
	app.Answer("Check the wording.")
	if !strings.HasPrefix(rec.last(), "Comment added on: Fluids were rarelyoften given in acute renal failure.") {
		t.Fatalf("add_comment said %q", rec.last())
	}
	f.do(app, "save_changes_to_word")
	md, err := exec.Command("pandoc", "--track-changes=all", "--wrap=none", "-t", "markdown", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pandoc: %v\n%s", err, md)
	}
	want := `[Check the wording.]{.comment-start id="1" author="tw"`
	if !strings.Contains(string(md), want) || !strings.Contains(string(md), `[renal]{.insertion`) ||
		!strings.Contains(string(md), "Fluids were rarelyoften given in acute") {
		t.Errorf("pandoc reads in the saved file:\n%s", md)
	}
}

// TestChangesOutsideWord: in a document that is not a Word file, the
// decisions say they need one, and a comment is kept as a note tagged
// comment, which the list shows.
func TestChangesOutsideWord(t *testing.T) {
	for _, m := range core.Menus {
		if m.Name == "Marks" {
			ids := strings.Join(m.MenuActions(), " ")
			if !strings.Contains(ids, "list_changes accept_all_changes reject_all_changes add_comment save_changes_to_word") {
				t.Errorf("the Marks menu holds %s", ids)
			}
		}
	}
	f := newFixture(t)
	app, rec := f.open()
	f.do(app, "list_changes")
	rec.expect(t, "No comments in this document. Tracked changes are listed in Word files (.docx) only.", "list_changes")
	f.do(app, "accept_all_changes")
	rec.expect(t, "Tracked changes are decided and saved in Word files (.docx) only; this is a MARKDOWN document.", "accept_all_changes")
	f.do(app, "save_changes_to_word")
	rec.expect(t, "Tracked changes are decided and saved in Word files (.docx) only; this is a MARKDOWN document.", "save_changes_to_word")
	f.goTo(app, charOf(t, app, "Cells are"))
	f.do(app, "add_comment")
	if p := app.PromptState(); p == nil || p.Purpose != "comment_text" || p.Label != "Comment on: Cells are the smallest units of life." {
		t.Fatalf("add_comment opened %+v", p)
	}
	app.Answer("Define life.")
	rec.expect(t, "Only Word files take comments, so it is kept as a note tagged comment: Define life.", "add_comment")
	f.do(app, "list_changes")
	if got := listItems(app); !reflect.DeepEqual(got, []string{"Comment kept as a note: Define life."}) {
		t.Errorf("list_changes listed %q", got)
	}
	app.ListKey("r")
	rec.expect(t, "This is a comment: a and r accept and reject tracked changes.", "r on a note")
	notes, _ := app.Notes()
	if len(notes) != 1 || !reflect.DeepEqual(notes[0].Tags, []string{"comment"}) {
		t.Errorf("notes %+v", notes)
	}
}

// TestReviewKeptWhileAnotherDocumentIsOpen: leaving a Word file with
// decisions not saved keeps them (said); opening it again brings them
// back, and quitting asks knowing of them.
func TestReviewKeptWhileAnotherDocumentIsOpen(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	path := testkit.TrackedDOCX(t, dir, "draft.docx")
	other := testkit.WriteFile(t, filepath.Join(dir, "notes.md"), notesMD)
	app, rec := openTracked(t, home, path, load.RevisionsFinal)
	f := &fixture{t: t, home: home, path: path}
	f.do(app, "reject_all_changes")
	rejected := text(app)
	if err := app.Open(other); err != nil {
		t.Fatal(err)
	}
	if said := strings.Join(rec.all(), "\n"); !strings.Contains(said, "The changes decided and comments added in draft.docx are not saved to it; open it again before tw closes to go on.") {
		t.Errorf("leaving said:\n%s", said)
	}
	res := f.do(app, "quit")
	if res.Pending == nil || res.Pending.Question != "Quit textweaver? The changes decided and comments added in draft.docx are not saved. y or n" {
		t.Errorf("quit asked %+v", res.Pending)
	}
	app.Cancel()
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec.last(), "The changes decided and comments added before are back, not yet saved.") || text(app) != rejected {
		t.Errorf("reopening said %q, shows %q", rec.last(), text(app))
	}
	f.do(app, "undo")
	rec.expect(t, "Undone: Changes rejected: 4.", "undo after reopening")
}

// TestReviewSharedChangeIDs: pandoc writes a replacement's deletion and
// insertion with one w:id; rejecting the deletion leaves the insertion
// listed and undecided, and the save writes each as decided.
func TestReviewSharedChangeIDs(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	md := filepath.Join(dir, "dose.md")
	src := "The patient takes [two]{.deletion author=\"Dr Lee\"}[three]{.insertion author=\"Dr Lee\"} tablets.\n"
	if err := os.WriteFile(md, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "dose.docx")
	if out, err := exec.Command("pandoc", md, "-o", path).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v: %s (Debian package pandoc)", err, out)
	}
	app, _ := openTracked(t, home, path, load.RevisionsFinal)
	if _, err := app.Action("list_changes", nil); err != nil {
		t.Fatal(err)
	}
	app.ListKey("r")
	if got, want := listItems(app), []string{"Inserted by Dr Lee: three"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after rejecting the deletion the list is %q, want %q", got, want)
	}
	app.Cancel()
	if got := text(app); !strings.Contains(got, "twothree tablets") {
		t.Fatalf("the text shown is %q, want the deletion restored and the insertion kept", got)
	}
}
