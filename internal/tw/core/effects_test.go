package core_test

import (
	"reflect"
	"testing"

	"textfirst/internal/tw/core"
)

// What the app asks its front end to do comes as Go values, one type per
// kind of effect.
func TestEffectsAreTyped(t *testing.T) {
	cases := []struct {
		name    string
		actions []string
		confirm bool // answer the last action's question yes
		want    []core.Effect
	}{
		{"a prompt", []string{"find"}, false, []core.Effect{core.PromptEffect{Label: "Find", Purpose: "find"}}},
		{"a list", []string{"add_bookmark", "list_bookmarks"}, false,
			[]core.Effect{core.ListEffect{Title: "Bookmarks", Items: []string{"mark1, line 1: Cell biology"}}}},
		{"quitting", []string{"quit"}, true, []core.Effect{core.QuitEffect{}}},
		{"nothing to show", []string{"next_sentence"}, false, []core.Effect{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			app, _ := f.open()
			var got []core.Effect
			for _, id := range c.actions {
				got = f.do(app, id).Effects
			}
			if c.confirm {
				got, _ = app.Confirm(true)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("effects %#v, want %#v", got, c.want)
			}
		})
	}
}

// View carries the selection to draw, and nothing when none is made.
func TestViewSelection(t *testing.T) {
	f := newFixture(t)
	app, _ := f.open()
	if sel := app.View().Selection; sel != nil {
		t.Fatalf("selection %v before selecting", *sel)
	}
	f.do(app, "select_next_word")
	sel := app.View().Selection
	if sel == nil || sel.End <= sel.Start {
		t.Fatalf("selection after select_next_word: %v", sel)
	}
	f.do(app, "next_sentence")
	if sel := app.View().Selection; sel != nil {
		t.Fatalf("a move that does not select kept the selection %v", *sel)
	}
}
