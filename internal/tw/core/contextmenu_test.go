package core_test

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// contextDoc has a link, a formula, a table and a misspelled word.
const contextDoc = "# Title\n\nSee [the site](http://example.com/) now. Also $x^2$ here.\n\n" +
	"| A | B |\n|---|---|\n| 1 | 2 |\n\nTeh end.\n"

// knowsAllBut is a speller that knows every word but its own.
type knowsAllBut string

func (k knowsAllBut) Known(w string) bool          { return w != string(k) }
func (k knowsAllBut) Suggest(string, int) []string { return []string{"The"} }

// openContext opens contextDoc with a speller that knows every word but
// "Teh".
func openContext(t *testing.T) (*core.App, *recorder) {
	t.Helper()
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, "context.md"), contextDoc)
	rec := &recorder{}
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Load: load.File, Parse: load.Bytes,
		Spell: func() (core.Speller, error) { return knowsAllBut("Teh"), nil }})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	return app, rec
}

// goToText puts the cursor on the first s of the open document's text.
func goToText(t *testing.T, app *core.App, s string) {
	t.Helper()
	text := app.Doc().Text
	i := strings.Index(text, s)
	if i < 0 {
		t.Fatalf("%q is not in %q", s, text)
	}
	if _, err := app.GoTo("char " + strconv.Itoa(len([]rune(text[:i])))); err != nil {
		t.Fatal(err)
	}
}

// TestContextMenuFitsTheCursor: the context menu offers what fits where
// the cursor is, and leaves out what does not.
func TestContextMenuFitsTheCursor(t *testing.T) {
	marks := []string{"Define word", "Add note", "Highlight selection", "Add bookmark", "Read from cursor"}
	cases := []struct {
		name, at string
		setup    []string
		want     []string
		notWant  []string
	}{
		{"a word", "Title", nil, append([]string{"Copy"}, marks...),
			[]string{"Follow link", "Explore math", "Spelling suggestions", "Cut", "Paste", "Delete note"}},
		{"a link", "the site", nil, []string{"Copy", "Follow link", "Link address", "Define word"}, []string{"Explore math"}},
		{"math", "x squared", nil, []string{"Explore math"}, []string{"Follow link", "Table next row"}},
		{"a table", "1 | 2", nil, []string{"Table next row", "Table previous row", "Table next column", "Table previous column"},
			[]string{"Next table cell", "Explore math"}},
		{"a misspelled word", "Teh", nil, []string{"Define word", "Spelling suggestions"}, nil},
		{"a note", "Title", []string{"note"}, []string{"Edit note", "Delete note"}, []string{"Add note"}},
		{"a highlight and a bookmark", "Title", []string{"toggle_highlight", "add_bookmark"},
			[]string{"Toggle highlight", "Rename bookmark", "Delete bookmark"}, []string{"Highlight selection", "Add bookmark"}},
		{"edit mode", "Title", []string{"toggle_edit_mode"}, []string{"Paste", "Paste plain text", "Select all", "Define word"},
			[]string{"Cut", "Read from cursor"}},
		{"edit mode with a selection", "Title", []string{"toggle_edit_mode", "select_next_word"},
			[]string{"Cut", "Copy", "Paste", "Paste plain text"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app, _ := openContext(t)
			goToText(t, app, tc.at)
			for _, id := range tc.setup {
				if id == "note" {
					mustAction(t, app, "add_note", nil)
					if _, status := app.Answer("look here"); !strings.HasPrefix(status, "Note added") {
						t.Fatalf("add_note said %q", status)
					}
					continue
				}
				mustAction(t, app, id, nil)
			}
			res := mustAction(t, app, "context_menu", nil)
			ls := app.ListState()
			if ls == nil || ls.Title != "Context menu" {
				t.Fatalf("no context menu: %+v (%s)", ls, res.Status)
			}
			if want := "Context menu, " + ls.Items[0] + ", 1 of " + strconv.Itoa(len(ls.Items)) + "."; !strings.HasPrefix(res.Status, want) {
				t.Errorf("said %q, want it to start %q", res.Status, want)
			}
			for _, w := range tc.want {
				if !slices.Contains(ls.Items, w) {
					t.Errorf("%q missing from %q", w, ls.Items)
				}
			}
			for _, w := range tc.notWant {
				if slices.Contains(ls.Items, w) {
					t.Errorf("%q offered in %q", w, ls.Items)
				}
			}
		})
	}
}

// TestContextMenuRunsTheChoice: Enter on an item runs its command, and
// the menu closes.
func TestContextMenuRunsTheChoice(t *testing.T) {
	app, _ := openContext(t)
	goToText(t, app, "the site")
	mustAction(t, app, "context_menu", nil)
	i := slices.Index(app.ListState().Items, "Link address")
	if i < 0 {
		t.Fatalf("no Link address in %q", app.ListState().Items)
	}
	_, status := app.Choose(i)
	if status != "http://example.com/" {
		t.Errorf("Link address from the context menu said %q", status)
	}
	if ls := app.ListState(); ls != nil {
		t.Errorf("the list stayed open: %+v", ls)
	}
	goToText(t, app, "Teh")
	mustAction(t, app, "context_menu", nil)
	_, status = app.Choose(slices.Index(app.ListState().Items, "Spelling suggestions"))
	if ls := app.ListState(); ls == nil || ls.Title != "Suggestions for Teh" {
		t.Errorf("spelling suggestions from the context menu: %+v, said %q", ls, status)
	}
}

// TestContextMenuNeedsADocument: with no document it says how to open one.
func TestContextMenuNeedsADocument(t *testing.T) {
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	mustAction(t, app, "context_menu", nil)
	rec.expect(t, "No document is open. Press Ctrl+O to open one.", "no document")
}
