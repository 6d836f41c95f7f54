package tui

import "github.com/gdamore/tcell/v2"

// azertyDigits are the characters of a French AZERTY keyboard's digit row
// without Shift, by the digit the key carries.
var azertyDigits = map[string]string{
	"&": "1", "é": "2", "\"": "3", "'": "4", "(": "5", "-": "6", "è": "7", "_": "8", "ç": "9", "à": "0",
}

// azertyDigit is the key name a press on an AZERTY digit row stands for
// (keyboard.digit_row = azerty): the row's own character is the digit, and
// a digit (typed with Shift there) is Shift and the digit. Other keys keep
// name, the name KeyName gave them.
func azertyDigit(ev *tcell.EventKey, name string) string {
	if ev.Key() != tcell.KeyRune || ev.Modifiers()&(tcell.ModAlt|tcell.ModCtrl) != 0 {
		return name
	}
	r := string(ev.Rune())
	if d, ok := azertyDigits[r]; ok {
		return d
	}
	if len(r) == 1 && r[0] >= '0' && r[0] <= '9' {
		return "Shift+" + r
	}
	return name
}
