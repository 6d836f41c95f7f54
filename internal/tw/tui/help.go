package tui

import (
	"strings"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/help"
)

// helpList is the keyboard help (?): every command with its keys, filtered
// by typing. It lives here rather than in the app because the keys are the
// terminal's.
type helpList struct {
	all      []helpItem
	items    []helpItem
	selected int
	filter   string
}

type helpItem struct {
	action, text string
	search       string // what the filter looks in: the text, the English name and the id
}

func (r *Reader) openHelp() {
	h := &helpList{}
	for _, a := range core.Actions() {
		keys := r.km.KeysOf(a.ID)
		spoken := make([]string, len(keys))
		for i, k := range keys {
			spoken[i] = r.spokenKey(k)
		}
		text := r.actionName(a.ID)
		if len(keys) > 0 {
			text = r.tr("%s: %s. %s", text, strings.Join(spoken, ", "), r.text(string(a.Group)))
		} else {
			text = r.tr("%s: no key; use the command palette. %s", text, r.text(string(a.Group)))
		}
		h.all = append(h.all, helpItem{a.ID, text, text + " " + a.Name + " " + a.ID})
	}
	h.items = h.all
	r.help = h
	r.say(r.tr("Keyboard help, %d commands. Type to filter, Up and Down move, Enter runs, Escape closes.", len(h.items)))
}

func (r *Reader) sayHelpItem() {
	h := r.help
	if len(h.items) == 0 {
		r.say(r.tr("No commands match %s.", h.filter))
		return
	}
	r.say(r.tr("%s, %d of %d", h.items[h.selected].text, h.selected+1, len(h.items)))
}

func (r *Reader) helpKey(name string, ev *tcell.EventKey) {
	h := r.help
	refilter := func() {
		// The commands found only through the glossary's other words come
		// after those that hold the typed words themselves.
		var byGlossary []helpItem
		h.items = nil
		m := r.app.Matcher(h.filter)
		for _, it := range h.all {
			switch m.Score(it.search) {
			case help.Direct:
				h.items = append(h.items, it)
			case help.ByGlossary:
				byGlossary = append(byGlossary, it)
			}
		}
		h.items = append(h.items, byGlossary...)
		h.selected = 0
	}
	switch name {
	case "Up":
		h.selected = max(0, h.selected-1)
	case "Down":
		h.selected = max(0, min(len(h.items)-1, h.selected+1))
	case "PageUp":
		h.selected = max(0, h.selected-10)
	case "PageDown":
		h.selected = max(0, min(len(h.items)-1, h.selected+10))
	case "Home":
		h.selected = 0
	case "End":
		h.selected = max(0, len(h.items)-1)
	case "Escape":
		r.help = nil
		r.say(r.tr("Keyboard help closed."))
		return
	case "Enter":
		if len(h.items) == 0 {
			break
		}
		act := h.items[h.selected].action
		r.help = nil
		r.run(act)
		return
	case "Backspace":
		if h.filter != "" {
			_, size := utf8.DecodeLastRuneInString(h.filter)
			h.filter = h.filter[:len(h.filter)-size]
			refilter()
		}
	default:
		if ev.Key() == tcell.KeyRune && ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) == 0 {
			h.filter += string(ev.Rune())
			refilter()
		} else if act, _, ok := r.km.Lookup("Prompt", name); ok && act != "keyboard_help" {
			r.help = nil
			r.run(act)
			return
		}
	}
	r.sayHelpItem()
}

// --- drawing ---------------------------------------------------------------
