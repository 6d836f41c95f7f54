package core_test

// Sequences the sequence fuzzer found that crashed the core: a prompt,
// list or question answered after the state it was opened on had gone.

import (
	"strings"
	"testing"

	"textfirst/internal/tw/core"
)

// step is one command sent to the app.
type step struct {
	kind string // action, answer, choose, insert
	arg  string
	n    int
}

func act(id string) step          { return step{kind: "action", arg: id} }
func answer(text string) step     { return step{kind: "answer", arg: text} }
func chooseItem(i int) step       { return step{kind: "choose", n: i} }
func insertText(text string) step { return step{kind: "insert", arg: text} }

func run(t *testing.T, app *core.App, s step) {
	t.Helper()
	switch s.kind {
	case "action":
		if _, err := app.Action(s.arg, nil); err != nil {
			t.Fatal(err)
		}
	case "answer":
		app.Answer(s.arg)
	case "choose":
		app.Choose(s.n)
	case "insert":
		app.Insert(s.arg)
	}
}

func TestStaleUIIsClosed(t *testing.T) {
	cases := []struct {
		name  string
		steps []step
		last  string // the last announcement
	}{
		{"image prompt answered after edit mode ended",
			[]step{act("new_document"), act("insert_image"), act("toggle_edit_mode"), answer("img.png")},
			"No question is open."},
		{"highlights list chosen after its highlight went",
			[]step{act("toggle_highlight"), act("list_highlights"), act("toggle_highlight"), chooseItem(0)},
			"No item 0; the list has 0."},
		{"save_as prompt answered after edit mode ended",
			[]step{act("toggle_edit_mode"), act("save_as"), act("toggle_edit_mode"), answer("x.md")},
			"No question is open."},
		{"Unsaved changes list chosen after edit mode ended",
			[]step{act("toggle_edit_mode"), insertText("x"), act("toggle_edit_mode"), act("save"),
				act("toggle_edit_mode"), chooseItem(1)},
			"No list is open."},
		{"table prompt answered after another edit mode",
			[]step{act("toggle_edit_mode"), act("insert_table"), act("toggle_edit_mode"), act("toggle_edit_mode"), answer("2 by 2")},
			"No question is open."},
		{"note prompt answered after edit mode began",
			[]step{act("document_end"), act("add_note"), act("toggle_edit_mode"), answer("late")},
			"No question is open."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app, rec := newFixture(t).open()
			for _, s := range c.steps {
				run(t, app, s)
			}
			if got := rec.last(); got != c.last {
				t.Fatalf("last announcement %q, want %q", got, c.last)
			}
		})
	}
}

// A list of marks follows the marks while it is open: a highlight added
// while the highlights list shows is chosen by its own index.
func TestMarkListFollowsMarks(t *testing.T) {
	app, rec := newFixture(t).open()
	run(t, app, act("toggle_highlight"))
	run(t, app, act("list_highlights"))
	run(t, app, act("next_paragraph"))
	run(t, app, act("next_paragraph"))
	run(t, app, act("toggle_highlight"))
	if l := app.ListState(); l == nil || len(l.Items) != 2 {
		t.Fatalf("the highlights list shows %+v, want both highlights", l)
	}
	run(t, app, chooseItem(1))
	if got := rec.last(); !strings.Contains(got, "nucleus") {
		t.Fatalf("choosing the second highlight said %q", got)
	}
}

// A prompt about a mark that went meanwhile says so, instead of
// announcing a change that did not happen.
func TestPromptsAboutGoneMarks(t *testing.T) {
	yes := true
	cases := []struct {
		name  string
		setup []string // actions before the prompt
		open  string   // the action that opens the prompt
		gone  string   // the action, confirmed, that removes the mark
		last  string
	}{
		{"rename a deleted bookmark", []string{"add_bookmark"}, "rename_bookmark", "delete_bookmark", "Bookmark mark1 is gone."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app, rec := newFixture(t).open()
			for _, id := range c.setup {
				run(t, app, act(id))
			}
			run(t, app, act(c.open))
			if _, err := app.Action(c.gone, &yes); err != nil {
				t.Fatal(err)
			}
			app.Answer("renamed")
			if got := rec.last(); got != c.last {
				t.Fatalf("said %q, want %q", got, c.last)
			}
		})
	}
	// A note edited after it was deleted.
	app, rec := newFixture(t).open()
	run(t, app, act("add_note"))
	run(t, app, answer("first"))
	run(t, app, act("edit_note"))
	if _, err := app.Action("delete_note", &yes); err != nil {
		t.Fatal(err)
	}
	run(t, app, answer("second"))
	if got := rec.last(); got != "That note is gone." {
		t.Fatalf("editing a deleted note said %q", got)
	}
}
