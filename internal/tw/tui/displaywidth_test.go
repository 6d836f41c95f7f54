package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/settings"
)

// TestWrapAndTabWidth: display.wrap_width wraps the text at that many
// columns however wide the screen (0: the whole width), and
// display.tab_width is how many columns a tab takes; each takes effect at
// the next drawing.
func TestWrapAndTabWidth(t *testing.T) {
	const text = "one\ttwo\nThe moon pulls the sea toward it and the sea follows the moon all day long.\n"
	tests := []struct {
		wrap, tab  int
		twoAt      int // the column "two" starts at
		longestRow int // the widest row of the long line
	}{
		{0, 4, 7, 60},
		{0, 8, 11, 60},
		{20, 2, 5, 20},
	}
	s := newSim(t, "moon.txt", text, 60, 12, defaultCfg)
	st := s.r.cfg.Settings.(*settings.Store)
	for _, tt := range tests {
		s.set("display.wrap_width", float64(tt.wrap))
		s.set("display.tab_width", float64(tt.tab))
		s.r.Draw()
		rows := s.screen()
		if got := strings.Index(rows[0], "two"); got != tt.twoAt {
			t.Errorf("wrap %d, tab %d: two at column %d, want %d: %q", tt.wrap, tt.tab, got, tt.twoAt, rows[0])
		}
		longest := 0
		for _, r := range rows[1:] {
			if strings.HasPrefix(r, "The") || longest > 0 && r != "" && !strings.Contains(r, "|") {
				longest = max(longest, len(strings.TrimRight(r, " ")))
			}
			if strings.Contains(r, "long.") {
				break
			}
		}
		if longest > tt.longestRow || tt.wrap > 0 && longest < tt.wrap-8 {
			t.Errorf("wrap %d: the widest row has %d columns: %q", tt.wrap, longest, rows)
		}
	}
	// A number out of range is set to the nearest in range, as for every
	// number setting.
	if _, err := st.Set("display.tab_width", 0.0); err != nil || st.Int("display.tab_width") != 1 {
		t.Errorf("display.tab_width 0: %v, now %d", err, st.Int("display.tab_width"))
	}
	if _, err := st.Set("display.wrap_width", "wide"); err == nil || !strings.Contains(err.Error(), "display.wrap_width must be a number") {
		t.Errorf("a wrap width of words: %v", err)
	}
}

// TestScrollMargin: with display.scroll_margin 3, moving line by line
// keeps three lines in view below the cursor going down and above it going
// up (the document's first lines aside); with 0 the cursor reaches the
// view's edges.
func TestScrollMargin(t *testing.T) {
	var text strings.Builder
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&text, "Line %d.\n", i)
	}
	for _, margin := range []int{0, 3} {
		s := newSim(t, "lines.txt", text.String(), 40, 12, defaultCfg)
		s.set("display.scroll_margin", float64(margin))
		rows := s.r.textRows()
		lowest, highest := 0, rows
		for range 30 {
			s.press(tcell.KeyDown, 0, 0)
			_, _, y := s.cursorRow()
			lowest = max(lowest, y)
		}
		for range 15 {
			s.press(tcell.KeyUp, 0, 0)
			_, _, y := s.cursorRow()
			highest = min(highest, y)
		}
		if want := rows - 1 - margin; lowest != want {
			t.Errorf("margin %d: going down the cursor reached row %d of %d, want %d", margin, lowest, rows, want)
		}
		if highest != margin {
			t.Errorf("margin %d: going up the cursor reached row %d, want %d", margin, highest, margin)
		}
	}
}
