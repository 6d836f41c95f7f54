package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/keymap"
)

// eventFor makes the key press whose canonical name is name (the inverse
// of KeyName), or nil for a name it cannot make.
func eventFor(name string) *tcell.EventKey {
	var mod tcell.ModMask
	base := name
	for {
		switch {
		case strings.HasPrefix(base, "Ctrl+") && len(base) > len("Ctrl+"):
			mod |= tcell.ModCtrl
			base = base[len("Ctrl+"):]
			continue
		case strings.HasPrefix(base, "Alt+") && len(base) > len("Alt+"):
			mod |= tcell.ModAlt
			base = base[len("Alt+"):]
			continue
		case strings.HasPrefix(base, "Shift+") && len(base) > len("Shift+"):
			mod |= tcell.ModShift
			base = base[len("Shift+"):]
			continue
		}
		break
	}
	for k, n := range specialNames {
		if n == base && k != tcell.KeyBacktab && k != tcell.KeyCtrlSpace {
			return tcell.NewEventKey(k, 0, mod)
		}
	}
	if base == "Space" {
		return tcell.NewEventKey(tcell.KeyRune, ' ', mod)
	}
	if len(base) >= 2 && base[0] == 'F' {
		var n int
		for _, c := range base[1:] {
			n = n*10 + int(c-'0')
		}
		return tcell.NewEventKey(tcell.KeyF1+tcell.Key(n-1), 0, mod)
	}
	r := []rune(base)
	if len(r) != 1 {
		return nil
	}
	c := r[0]
	if mod&tcell.ModCtrl != 0 && c >= 'A' && c <= 'Z' && mod&tcell.ModAlt == 0 && mod&tcell.ModShift == 0 {
		return tcell.NewEventKey(tcell.KeyCtrlA+tcell.Key(c-'A'), 0, 0)
	}
	if mod&tcell.ModShift != 0 {
		mod &^= tcell.ModShift
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			c = []rune(strings.ToUpper(string(c)))[0]
		} else {
			for _, s := range "!@#$%^&*()" {
				if d, _ := keymap.ShiftedDigit(s); d == string(c) {
					c = s
				}
			}
		}
	} else if mod&(tcell.ModAlt|tcell.ModCtrl) != 0 && c >= 'A' && c <= 'Z' {
		c = c - 'A' + 'a'
	}
	return tcell.NewEventKey(tcell.KeyRune, c, mod)
}

// TestEveryKeyAnswers presses every default key of browse mode (and the
// global ones) in the reader and checks each one said something: a key
// that answers nothing leaves a listener not knowing whether it was
// heard. Between keys, whatever a key opened is closed again.
func TestEveryKeyAnswers(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 100, 30, defaultCfg)
	seen := map[string]bool{}
	for _, bd := range keymap.Defaults() {
		if bd.Layer != keymap.LayerBrowse && bd.Layer != keymap.LayerGlobal || seen[bd.Key] {
			continue
		}
		seen[bd.Key] = true
		ev := eventFor(bd.Key)
		if ev == nil || KeyName(ev) != bd.Key {
			t.Errorf("cannot press %s (made %v)", bd.Key, ev)
			continue
		}
		before := s.log.count()
		s.r.HandleKey(ev)
		s.r.Draw()
		if s.log.count() == before {
			t.Errorf("%s (%s) said nothing", bd.Key, bd.Action)
		}
		// Put things back: answer no, close what is open, leave edit
		// mode and the guide, keys back on.
		for i := 0; i < 5; i++ {
			mode, pending := s.app.UIState()
			switch {
			case s.r.whatKey:
				s.press(tcell.KeyRune, 'x', 0)
			case pending != nil:
				s.press(tcell.KeyRune, 'n', 0)
			case s.app.PromptState() != nil || s.app.ListState() != nil || s.r.help != nil:
				if ls := s.app.ListState(); ls != nil && ls.Title == "Unsaved changes" {
					s.press(tcell.KeyRune, 'd', 0)
				} else {
					s.press(tcell.KeyEscape, 0, 0)
				}
			case mode == "Edit":
				s.press(tcell.KeyCtrlE, 0, 0)
			case !s.r.cfg.CharacterKeys:
				s.press(tcell.KeyF9, 0, 0)
			case s.app.View().Quiet:
				s.press(tcell.KeyRune, 'q', tcell.ModAlt)
			}
		}
		if s.r.Quit() {
			t.Fatalf("%s quit the reader", bd.Key)
		}
	}
	if len(seen) < 100 {
		t.Errorf("only %d keys pressed", len(seen))
	}
}

func (l *lines) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.all)
}
