package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/settings"
)

// TestAzertyDigitRow: with keyboard.digit_row = azerty, the digit row's
// own characters move by heading level as the digits do, and a digit
// (Shift there) moves back; with auto, é is no command.
func TestAzertyDigitRow(t *testing.T) {
	const text = "# One\n\nText.\n\n## Two\n\nMore.\n\n## Three\n\nEnd.\n"
	s := newSim(t, "levels.md", text, 60, 10, defaultCfg)
	s.press(tcell.KeyRune, 'é', 0)
	if got := s.log.last(); !strings.Contains(got, "no command") {
		t.Fatalf("é with the digit row automatic: %q", got)
	}
	s.set("keyboard.digit_row", "azerty")
	tests := []struct {
		key  rune
		want string
	}{
		{'é', "Two"},
		{'é', "Three"},
		{'2', "Two"},
		{'1', "One"},
		{'&', "No next heading at level 1"},
	}
	for _, tt := range tests {
		s.press(tcell.KeyRune, tt.key, 0)
		if got := s.log.last(); !strings.Contains(got, tt.want) {
			t.Errorf("%c: said %q, want %q", tt.key, got, tt.want)
		}
	}
	if _, err := s.r.cfg.Settings.(*settings.Store).Set("keyboard.digit_row", "qwertz"); err == nil || !strings.Contains(err.Error(), "keyboard.digit_row must be one of auto, azerty") {
		t.Errorf("an unknown digit row: %v", err)
	}
}
