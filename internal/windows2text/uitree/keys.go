package uitree

import (
	"strings"
	"unicode/utf8"
)

// Chord is a parsed key chord such as CTRL+SHIFT+P.
type Chord struct {
	Ctrl, Shift, Alt, Win bool
	// Key is a named key (see NamedKeys) or a single character.
	Key string
}

// ChordModifiers lists the platform's codes of the modifiers c holds, in
// the order ctrl, shift, alt, win: the order a chord presses them in.
func ChordModifiers[T any](c Chord, ctrl, shift, alt, win T) []T {
	var mods []T
	for i, held := range [...]bool{c.Ctrl, c.Shift, c.Alt, c.Win} {
		if held {
			mods = append(mods, [...]T{ctrl, shift, alt, win}[i])
		}
	}
	return mods
}

// NamedKeys are the key names the key method accepts besides single
// characters, spelled as the protocol spells them.
var NamedKeys = []string{
	"Up", "Down", "Left", "Right", "Enter", "Tab", "Escape", "Home", "End",
	"PageUp", "PageDown", "Insert", "Delete", "Backspace", "Space",
	"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
}

var keyAliases = map[string]string{
	"esc": "Escape", "return": "Enter", "del": "Delete", "ins": "Insert", "pgup": "PageUp",
	"pgdn": "PageDown", "arrowup": "Up", "arrowdown": "Down", "arrowleft": "Left", "arrowright": "Right",
}

// ParseChord parses "KEY" or "MOD+...+KEY" (modifiers CTRL, SHIFT, ALT,
// WIN; names case-insensitive). A bad chord is invalid_params.
func ParseChord(s string) (Chord, error) {
	var c Chord
	if s == "" {
		return c, Errorf(CodeInvalidParams, "key must not be empty")
	}
	parts := strings.Split(s, "+")
	// "CTRL++" means Ctrl and the plus key.
	if strings.HasSuffix(s, "++") || s == "+" {
		parts = append(strings.Split(strings.TrimSuffix(s, "++"), "+"), "+")
		if s == "+" {
			parts = []string{"+"}
		}
	}
	for i, p := range parts {
		last := i == len(parts)-1
		if !last {
			switch strings.ToUpper(p) {
			case "CTRL", "CONTROL":
				c.Ctrl = true
			case "SHIFT":
				c.Shift = true
			case "ALT":
				c.Alt = true
			case "WIN", "SUPER", "META":
				c.Win = true
			default:
				return c, Errorf(CodeInvalidParams, "unknown modifier %q in key %q (use CTRL, SHIFT, ALT, WIN)", p, s)
			}
			continue
		}
		if utf8.RuneCountInString(p) == 1 {
			c.Key = p
			return c, nil
		}
		for _, k := range NamedKeys {
			if strings.EqualFold(k, p) {
				c.Key = k
				return c, nil
			}
		}
		if k, ok := keyAliases[strings.ToLower(p)]; ok {
			c.Key = k
			return c, nil
		}
		return c, Errorf(CodeInvalidParams, "unknown key %q in %q", p, s)
	}
	return c, Errorf(CodeInvalidParams, "key %q names no key", s)
}
