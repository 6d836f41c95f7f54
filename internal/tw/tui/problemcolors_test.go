package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/settings"
)

// markedAt reports whether the first cell of word, on the screen row
// holding it, is drawn underlined in color.
func markedAt(t *testing.T, s *sim, word string, color tcell.Color) bool {
	t.Helper()
	s.r.Draw()
	for y, row := range s.screen() {
		if x := strings.Index(row, word); x >= 0 {
			fg, _, attr := textStyle(s, len([]rune(row[:x])), y).Decompose()
			return fg == color && attr&tcell.AttrUnderline != 0
		}
	}
	t.Fatalf("%q is not on the screen:\n%s", word, strings.Join(s.screen(), "\n"))
	return false
}

// TestMisspellingColor: with colors.misspellings set, misspelled words
// are drawn underlined in it while editing with spell checks on; not the
// words spelled right, not while browsing, not with spell checks off, and
// not with the theme's color.
func TestMisspellingColor(t *testing.T) {
	s := newSim(t, "notes.md", "# Notes\n\nThe cat sat on teh mat.\n", 60, 12, defaultCfg)
	red := rgb(settings.ColorValues["red"])
	s.set("colors.misspellings", "red")
	if markedAt(t, s, "teh", red) {
		t.Error("a misspelling is marked while browsing")
	}
	s.press(tcell.KeyCtrlE, 0, tcell.ModCtrl)
	if !markedAt(t, s, "teh", red) {
		t.Error("teh is not marked while editing")
	}
	if markedAt(t, s, "cat", red) {
		t.Error("cat, spelled right, is marked")
	}
	s.set("editing.spell_check", false)
	if markedAt(t, s, "teh", red) {
		t.Error("teh is marked with spell checks off")
	}
	s.set("editing.spell_check", true)
	s.set("colors.misspellings", "theme")
	s.r.Draw()
	for y, row := range s.screen() {
		if x := strings.Index(row, "teh"); x >= 0 {
			if _, _, attr := textStyle(s, x, y).Decompose(); attr&tcell.AttrUnderline != 0 {
				t.Error("with the theme's color teh is still underlined")
			}
		}
	}
}

// TestProblemColor: with colors.lint set, grammar problems are drawn
// underlined in it, browsing and editing, and while editing Markdown so
// are its lint problems (a heading that skips a level, to its line's
// end); the theme's color leaves them unmarked.
func TestProblemColor(t *testing.T) {
	s := newSim(t, "notes.md", "# Notes\n\n### Deep part\n\nIt is a apple.\n", 60, 12, defaultCfg)
	orange := rgb(settings.ColorValues["orange"])
	if markedAt(t, s, "a apple", orange) {
		t.Error("a grammar problem is marked before colors.lint is set")
	}
	s.set("colors.lint", "orange")
	if !markedAt(t, s, "a apple", orange) {
		t.Error("a apple is not marked while browsing")
	}
	if markedAt(t, s, "It is", orange) {
		t.Error("the words before the problem are marked")
	}
	if markedAt(t, s, "Deep part", orange) {
		t.Error("a lint problem is marked while browsing")
	}
	s.press(tcell.KeyCtrlE, 0, tcell.ModCtrl)
	if !markedAt(t, s, "### Deep", orange) || !markedAt(t, s, "part", orange) {
		t.Error("the heading that skips a level is not marked to its end while editing")
	}
	if !markedAt(t, s, "a apple", orange) {
		t.Error("a apple is not marked while editing")
	}
	if markedAt(t, s, "# Notes", orange) {
		t.Error("the first heading, no problem, is marked")
	}
}
