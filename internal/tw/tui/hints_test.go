package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// TestHintsLine: display.hints shows the key hints line above the status
// bar, for what has the keys (reading, editing, a question); automatic
// shows it while tw speaks for itself and not in screen-reader mode; the
// text area gives up the row.
func TestHintsLine(t *testing.T) {
	const w, h = 80, 24
	hintsRow := h - 3 // above the status bar and the message line
	for _, tc := range []struct {
		mode, setting string
		shown         bool
	}{
		{SelfVoicing, "auto", true},
		{ScreenReader, "auto", false},
		{Hybrid, "auto", false},
		{SelfVoicing, "off", false},
		{ScreenReader, "on", true},
	} {
		cfg := defaultCfg
		cfg.Accessibility = tc.mode
		s := newSim(t, "sample.md", sampleText(t), w, h, cfg)
		s.set("display.hints", tc.setting)
		s.r.Draw()
		row := s.screen()[hintsRow]
		got := strings.HasPrefix(row, "F1 help  Ctrl+O open  Alt+P read  F10 menus")
		if got != tc.shown {
			t.Errorf("%s, %s: row %d is %q; hints shown %v, want %v", tc.mode, tc.setting, hintsRow, row, got, tc.shown)
		}
		if want := h - 2 - map[bool]int{true: 1}[tc.shown]; s.r.textRows() != want {
			t.Errorf("%s, %s: %d text rows, want %d", tc.mode, tc.setting, s.r.textRows(), want)
		}
	}

	// The line follows what has the keys, and the mode as it changes.
	cfg := defaultCfg
	mode := SelfVoicing
	cfg.Mode = func() string { return mode }
	s := newSim(t, "sample.md", sampleText(t), w, h, cfg)
	s.press(tcell.KeyCtrlE, 0, tcell.ModCtrl)
	if row := s.screen()[hintsRow]; !strings.HasPrefix(row, "Ctrl+S save  Ctrl+Z undo  Ctrl+E finish editing") {
		t.Errorf("editing: hints %q", row)
	}
	s.press(tcell.KeyCtrlE, 0, tcell.ModCtrl)
	s.press(tcell.KeyCtrlQ, 0, tcell.ModCtrl)
	if row := s.screen()[hintsRow]; row != "y yes  n no" {
		t.Errorf("a question: hints %q", row)
	}
	s.press(tcell.KeyRune, 'n', 0)
	mode = ScreenReader
	s.r.Draw()
	if row := s.screen()[hintsRow]; strings.Contains(row, "F1 help") {
		t.Errorf("screen-reader mode: hints still shown: %q", row)
	}

	// In French.
	s.set("interface.language", "fr")
	s.set("display.hints", "on")
	s.r.Draw()
	if row := s.screen()[hintsRow]; !strings.HasPrefix(row, "F1 aide") {
		t.Errorf("in French: hints %q", row)
	}
}
