package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
)

// textStyle is the style of the screen's cell at (x, y).
func textStyle(s *sim, x, y int) tcell.Style {
	cells, w, _ := s.scr.GetContents()
	return cells[y*w+x].Style
}

// TestThemeBelongsToItsReader: two readers in one process, one of them
// moved to the next theme; each draws with its own.
func TestThemeBelongsToItsReader(t *testing.T) {
	text := "First line of text.\nSecond line."
	a := newSim(t, "a.txt", text, 40, 8, defaultCfg)
	b := newSim(t, "b.txt", text, 40, 8, defaultCfg)
	before := textStyle(a, 10, 1)
	if got := textStyle(b, 10, 1); got != before {
		t.Fatalf("two readers with the same theme draw differently: %v and %v", before, got)
	}
	b.r.run("next_theme") // terminal -> dark
	b.r.Draw()
	a.r.Draw()
	_, bg, _ := textStyle(b, 10, 1).Decompose()
	if bg != tcell.ColorBlack {
		t.Errorf("the reader on the dark theme draws its text on %v", bg)
	}
	if got := textStyle(a, 10, 1); got != before {
		t.Errorf("the other reader's theme changed with it: %v, was %v", got, before)
	}
	if textStyle(a, 10, 1) == textStyle(b, 10, 1) {
		t.Error("readers with different themes draw the same")
	}
	// Each theme is built from the settings alone.
	if themeOf(nil) != newTheme("terminal", "yellow") || newTheme("light", "green") == newTheme("dark", "green") {
		t.Error("themes do not follow their settings")
	}
}
