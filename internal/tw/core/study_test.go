package core_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/study"
)

// charOf is "char N", N the character offset of needle in the open
// document's text.
func charOf(t *testing.T, app *core.App, needle string) string {
	t.Helper()
	d := app.Doc()
	text := d.Slice(0, d.Len())
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q is not in the document", needle)
	}
	return "char " + strconv.Itoa(len([]rune(text[:i])))
}

func TestNamedHighlightsCollectAndExportByName(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	f.goTo(app, charOf(t, app, "The nucleus holds"))
	f.do(app, "highlight_name_2")
	rec.expect(t, "Highlighted as definition: The nucleus holds the cell's DNA.", "highlight_name_2")
	f.goTo(app, charOf(t, app, "Cells are"))
	res := f.do(app, "highlight_as")
	if res.Pending != nil || app.PromptState() == nil || app.PromptState().Purpose != "highlight_name" {
		t.Fatalf("highlight_as opened no highlight_name prompt: %+v", app.PromptState())
	}
	app.Answer("  exam  ")
	rec.expect(t, "Highlighted as exam: Cells are the smallest units of life.", "highlight_as")
	// On a highlight, a name renames it.
	f.do(app, "highlight_name_1")
	rec.expect(t, "Highlighted as important: Cells are the smallest units of life.", "naming a highlight")
	f.do(app, "highlight_as")
	app.Answer("exam")

	f.do(app, "collect_highlights")
	if l := app.ListState(); l == nil || !reflect.DeepEqual(l.Items, []string{"definition (1)", "exam (1)"}) {
		t.Fatalf("collect_highlights listed %+v", l)
	}
	app.Choose(0)
	if l := app.ListState(); l == nil || l.Title != "Highlights named definition" || len(l.Items) != 1 {
		t.Fatalf("choosing a name listed %+v", l)
	}
	app.Choose(0)
	if got, want := "char "+strconv.Itoa(at(t, app)), charOf(t, app, "The nucleus holds"); got != want {
		t.Errorf("Enter on a highlight went to %s, want %s", got, want)
	}

	f.do(app, "export_study_sheet_by_name")
	if l := app.ListState(); l == nil || !reflect.DeepEqual(l.Items, []string{"definition (1)", "exam (1)"}) {
		t.Fatalf("export_study_sheet_by_name listed %+v", l)
	}
	app.Choose(1)
	sheet, err := os.ReadFile(filepath.Join(filepath.Dir(f.path), "notes-study-sheet-exam.md"))
	if err != nil {
		t.Fatalf("%v (said %q)", err, rec.last())
	}
	if !strings.Contains(string(sheet), "Cells are the smallest units of life.") || strings.Contains(string(sheet), "nucleus holds") {
		t.Errorf("the exam study sheet:\n%s", sheet)
	}

	// The names are kept with the marks: a new session has them.
	app2, _ := f.open()
	f.do(app2, "collect_highlights")
	if l := app2.ListState(); l == nil || !reflect.DeepEqual(l.Items, []string{"definition (1)", "exam (1)"}) {
		t.Errorf("after reopening, collect_highlights listed %+v", l)
	}
}

func TestStudyCardsRevealGradeAndSchedule(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	f.do(app, "study_cards")
	if got := rec.last(); !strings.HasPrefix(got, "No study cards yet") {
		t.Errorf("study_cards with no cards said %q", got)
	}
	f.goTo(app, charOf(t, app, "the smallest"))
	f.do(app, "select_next_word")
	f.do(app, "highlight_selection")
	f.goTo(app, charOf(t, app, "The nucleus holds"))
	f.do(app, "add_note")
	app.Answer("What holds the DNA?")
	f.do(app, "make_cards")
	if got := rec.last(); got != "Cards made: 4 new, 4 in all." {
		t.Fatalf("make_cards said %q", got)
	}
	f.do(app, "make_cards")
	rec.expect(t, "Cards made: 0 new, 4 in all.", "make_cards again")
	f.do(app, "study_cards")
	l := app.ListState()
	want := []string{
		"What does “Cell biology” say?",
		"Cells are the blank units of life.",
		"What does “The nucleus” say?",
		"What holds the DNA?",
	}
	if l == nil || !reflect.DeepEqual(l.Items, want) {
		t.Fatalf("study_cards asked %+v, want %q", l, want)
	}
	if !strings.HasPrefix(rec.last(), "Due today: 0, new: 4.") {
		t.Errorf("study_cards said %q", rec.last())
	}
	if _, _, err := app.ListKey("down"); err != nil {
		t.Fatal(err)
	}
	app.ListKey("enter")
	rec.expect(t, "Answer: smallest", "Enter")
	if l := app.ListState(); l == nil || l.Selected != 1 || l.Items[1] != "Cells are the blank units of life. Answer: smallest" {
		t.Errorf("after Enter the list is %+v", l)
	}
	app.ListKey("3")
	rec.expect(t, "Good, next in 1 day. What does “The nucleus” say?, 3 of 4", "grading good")
	f.do(app, "grade_easy") // the action grades the focused card too
	app.ListKey("1")
	if got := rec.last(); !strings.HasSuffix(got, "Session done: every card asked.") || app.ListState() != nil {
		t.Errorf("the last grade said %q, list %+v", got, app.ListState())
	}

	deck, err := study.Store{Home: f.home}.Load(f.path)
	if err != nil {
		t.Fatal(err)
	}
	grades := map[string]study.Grade{}
	for _, c := range deck.Cards {
		grades[c.Question] = c.LastGrade()
	}
	if !reflect.DeepEqual(grades, map[string]study.Grade{want[0]: 0, want[1]: study.Good, want[2]: study.Easy, want[3]: study.Again}) {
		t.Errorf("grades kept %v", grades)
	}
	f.do(app, "list_cards")
	if l := app.ListState(); l == nil || l.Items[1] != "Cloze: Cells are the blank units of life. Good, next in 1 day." || l.Items[0] != "Recall: What does “Cell biology” say? New." {
		t.Errorf("list_cards listed %+v", l)
	}
	app.ListKey("delete")
	rec.expect(t, "Remove this card and its grades? y or n", "Delete in the cards")
	app.Confirm(true)
	if d, err := (study.Store{Home: f.home}).Load(f.path); err != nil {
		t.Error(err)
	} else if len(d.Cards) != 3 || rec.last() != "Card removed." {
		t.Errorf("after removing a card: %d cards, said %q", len(d.Cards), rec.last())
	}
	f.do(app, "grade_good")
	rec.expect(t, "No study session: study cards starts one.", "grade_good with no session")
	f.do(app, "self_test")
	if l := app.ListState(); l == nil || len(l.Items) != 2 || l.Items[1] != "What holds the DNA?" {
		t.Errorf("self_test asked %+v", l)
	}
	app.ListKey("end")
	app.ListKey("enter")
	rec.expect(t, "Answer: The nucleus holds the cell's DNA.", "self_test's Enter")
}
