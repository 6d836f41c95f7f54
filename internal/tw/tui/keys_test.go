package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
)

func TestKeyName(t *testing.T) {
	tests := []struct {
		key  tcell.Key
		r    rune
		mod  tcell.ModMask
		want string
	}{
		{tcell.KeyRune, 'h', 0, "h"},
		{tcell.KeyRune, 'H', 0, "Shift+H"},
		{tcell.KeyRune, 'H', tcell.ModAlt, "Alt+Shift+H"},
		{tcell.KeyRune, 'h', tcell.ModAlt, "Alt+H"},
		{tcell.KeyRune, '.', tcell.ModAlt, "Alt+."},
		{tcell.KeyRune, '!', 0, "Shift+1"},
		{tcell.KeyRune, '?', 0, "?"},
		{tcell.KeyRune, ' ', 0, "Space"},
		{tcell.KeyCtrlSpace, 0, tcell.ModCtrl, "Ctrl+Space"},
		{tcell.KeyCtrlP, 0, tcell.ModCtrl, "Ctrl+P"},
		{tcell.KeyCtrlQ, 0, tcell.ModCtrl, "Ctrl+Q"},
		{tcell.KeyDown, 0, tcell.ModCtrl | tcell.ModAlt, "Ctrl+Alt+Down"},
		{tcell.KeyDown, 0, tcell.ModAlt, "Alt+Down"},
		{tcell.KeyRight, 0, tcell.ModShift, "Shift+Right"},
		{tcell.KeyF1, 0, tcell.ModShift, "Shift+F1"},
		{tcell.KeyF13, 0, 0, "Shift+F1"},
		{tcell.KeyF12, 0, 0, "F12"},
		{tcell.KeyTab, 0, 0, "Tab"},
		{tcell.KeyBacktab, 0, 0, "Shift+Tab"},
		{tcell.KeyEnter, 0, 0, "Enter"},
		{tcell.KeyEscape, 0, 0, "Escape"},
		{tcell.KeyBackspace2, 0, 0, "Backspace"},
		{tcell.KeyPgDn, 0, tcell.ModAlt, "Alt+PageDown"},
	}
	for _, tt := range tests {
		got := KeyName(tcell.NewEventKey(tt.key, tt.r, tt.mod))
		if got != tt.want {
			t.Errorf("KeyName(%v, %q, %v) = %q, want %q", tt.key, tt.r, tt.mod, got, tt.want)
		}
	}
}
