package tui

import (
	"fmt"
	"unicode"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/keymap"
)

var specialNames = map[tcell.Key]string{
	tcell.KeyUp: "Up", tcell.KeyDown: "Down", tcell.KeyLeft: "Left", tcell.KeyRight: "Right",
	tcell.KeyHome: "Home", tcell.KeyEnd: "End", tcell.KeyPgUp: "PageUp", tcell.KeyPgDn: "PageDown",
	tcell.KeyInsert: "Insert", tcell.KeyDelete: "Delete", tcell.KeyEnter: "Enter", tcell.KeyTab: "Tab",
	tcell.KeyBacktab: "Shift+Tab", tcell.KeyBackspace: "Backspace", tcell.KeyEscape: "Escape",
	tcell.KeyCtrlSpace: "Ctrl+Space",
}

// KeyName returns the canonical name of a key press: modifiers in the
// order Ctrl, Alt, Shift, then the key ("Alt+Shift+H", "Ctrl+P", "h",
// "Shift+1", "Ctrl+Alt+Down", "Space").
func KeyName(ev *tcell.EventKey) string {
	mod := ev.Modifiers()
	k := ev.Key()
	var base string
	shift := mod&tcell.ModShift != 0
	ctrl := mod&tcell.ModCtrl != 0
	switch {
	case k == tcell.KeyRune:
		r := ev.Rune()
		shift = false
		switch {
		case r == ' ':
			base = "Space"
			shift = mod&tcell.ModShift != 0
		case unicode.IsUpper(r) && r < 0x80:
			base, shift = string(r), true
		case isShiftedDigit(r):
			base, shift = shiftedDigit(r), true
		case unicode.IsLower(r) && r < 0x80:
			base = string(unicode.ToUpper(r))
			if !ctrl && mod&tcell.ModAlt == 0 {
				base = string(r)
			}
		default:
			base = string(r)
		}
	case k >= tcell.KeyF1 && k <= tcell.KeyF12:
		base = fmt.Sprintf("F%d", int(k-tcell.KeyF1)+1)
	case k >= tcell.KeyF13 && k <= tcell.KeyF24:
		// xterm reports Shift+F1 as F13.
		base, shift = fmt.Sprintf("F%d", int(k-tcell.KeyF13)+1), true
	case specialNames[k] != "":
		base = specialNames[k]
		if k == tcell.KeyBacktab {
			base, shift = "Tab", true
		}
		if k == tcell.KeyCtrlSpace {
			base, ctrl = "Space", true
		}
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		base, ctrl = string(rune('A'+(k-tcell.KeyCtrlA))), true
	case k == tcell.KeyCtrlBackslash:
		base, ctrl = "\\", true
	case k == tcell.KeyCtrlRightSq:
		base, ctrl = "]", true
	case k == tcell.KeyCtrlUnderscore:
		base, ctrl = "_", true
	default:
		base = fmt.Sprintf("Key%d", int(k))
	}
	name := ""
	if ctrl {
		name += "Ctrl+"
	}
	if mod&tcell.ModAlt != 0 {
		name += "Alt+"
	}
	if shift {
		name += "Shift+"
	}
	return name + base
}

func isShiftedDigit(r rune) bool { _, ok := keymap.ShiftedDigit(r); return ok }

func shiftedDigit(r rune) string { d, _ := keymap.ShiftedDigit(r); return d }
