package rpc_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"textfirst/internal/tw/study"
)

// TestStudyCardsOverRPC: the real tw serve runs a study session through
// the list protocol: make_cards, study_cards opens the questions as a
// list, list_key enter reveals an answer, a character 1 to 4 or a
// grade_* action grades, and the grades are kept in the home's deck.
func TestStudyCardsOverRPC(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	doc := writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	var sc script
	add := sc.add
	add("navigate", `{"action":"next_sentence"}`)
	add("action", `{"id":"add_note"}`)
	add("answer", `{"text":"What are cells?"}`)
	add("action", `{"id":"make_cards"}`)
	add("action", `{"id":"study_cards"}`)
	add("list_key", `{"key":"enter"}`)
	add("list_key", `{"key":"3"}`)
	add("action", `{"id":"grade_easy"}`)
	add("shutdown", "")
	add("exit", "")
	res := sc.serveNotes(t, dir, []string{"TEXTWEAVER_HOME=" + home})
	said := func(id int) string { return res[id-1].Status }
	if got := said(4); got != "Cards made: 2 new, 2 in all." {
		t.Errorf("make_cards said %q", got)
	}
	var asked []string
	for _, e := range res[4].Effects {
		if e.Type == "list" {
			asked = e.Params.Items
		}
	}
	if want := []string{"What does “Cell biology” say?", "What are cells?"}; !reflect.DeepEqual(asked, want) {
		t.Errorf("study_cards asked %q, want %q (said %q)", asked, want, said(5))
	}
	if got := said(6); got != "Answer: Cells are the smallest units of life." {
		t.Errorf("enter said %q", got)
	}
	if l := res[6].List; l == nil || l.Selected != 1 || !strings.HasPrefix(said(7), "Good, next in 1 day.") {
		t.Errorf("grading with 3 said %q, list %+v", said(7), l)
	}
	if got := said(8); got != "Easy, next in 1 day. Session done: every card asked." {
		t.Errorf("grade_easy said %q", got)
	}
	deck, err := study.Store{Home: home}.Load(doc)
	if err != nil {
		t.Fatal(err)
	}
	var grades []study.Grade
	for _, c := range deck.Cards {
		grades = append(grades, c.LastGrade())
	}
	if !reflect.DeepEqual(grades, []study.Grade{study.Good, study.Easy}) {
		t.Errorf("the deck keeps the grades %v", grades)
	}
}
