package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/settings"
)

// TestRulerScope: reading_aids.ruler.scope row marks the cursor's wrapped
// row alone; line marks every row of its line, and not the next line's.
func TestRulerScope(t *testing.T) {
	s := newSim(t, "a.txt", "One two three four five six seven eight nine ten eleven.\nNext line.", 20, 10, defaultCfg)
	st := s.r.cfg.Settings.(*settings.Store)
	s.set("reading_aids.ruler.mode", "current_line")
	underlined := func() []bool {
		s.r.Draw()
		var out []bool
		for y := 0; y < 5; y++ {
			_, _, attr := textStyle(s, 0, y).Decompose()
			out = append(out, attr&tcell.AttrUnderline != 0)
		}
		return out
	}
	rows := underlined()
	if !rows[0] || rows[1] {
		t.Errorf("scope row: underlined rows %v\n%s", rows, strings.Join(s.screen(), "\n"))
	}
	s.set("reading_aids.ruler.scope", "line")
	rows = underlined()
	if !rows[0] || !rows[1] || !rows[2] || rows[3] {
		t.Errorf("scope line: underlined rows %v, want the three rows of the first line\n%s", rows, strings.Join(s.screen(), "\n"))
	}
	if _, err := st.Set("reading_aids.ruler.scope", "paragraph"); err == nil {
		t.Error("a scope that is not offered was taken")
	}
}
