package tui

import (
	"strings"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/i18n"
)

// The key hints line (display.hints) is one row just above the status bar
// naming the few keys that matter in what has the keys now: a question, a
// prompt, a list, the keyboard help, edit mode or reading. Keys of the
// keymap are shown as they are bound, so a key moved in keymap.toml shows
// where it went; an action with no key is left out.

// hint is one key of the hints line: an action of the keymap, or a fixed
// key of a question, prompt or list.
type hint struct {
	action string // the keymap's action; "" for a fixed key
	key    string // the fixed key, when action is ""
	label  string // what the key does, a constant marked by i18n.Key
}

var (
	readingHints = []hint{
		{action: "help", label: i18n.Key("help")}, {action: "open", label: i18n.Key("open")},
		{action: "play_pause", label: i18n.Key("read")}, {action: "menu", label: i18n.Key("menus")},
		{action: "toggle_edit_mode", label: i18n.Key("edit")}, {action: "quit", label: i18n.Key("quit")},
	}
	editHints = []hint{
		{action: "save", label: i18n.Key("save")}, {action: "undo", label: i18n.Key("undo")},
		{action: "toggle_edit_mode", label: i18n.Key("finish editing")}, {action: "help", label: i18n.Key("help")},
	}
	questionHints = []hint{{key: "y", label: i18n.Key("yes")}, {key: "n", label: i18n.Key("no")}}
	promptHints   = []hint{{key: "Enter", label: i18n.Key("accept")}, {key: "Escape", label: i18n.Key("cancel")}}
	listHints     = []hint{
		{key: "Up", label: i18n.Key("previous")}, {key: "Down", label: i18n.Key("next")},
		{key: "Enter", label: i18n.Key("choose")}, {key: "Escape", label: i18n.Key("close")},
	}
	helpHints = []hint{
		{key: "Up", label: i18n.Key("previous")}, {key: "Down", label: i18n.Key("next")},
		{key: "Enter", label: i18n.Key("run")}, {key: "Escape", label: i18n.Key("close")},
	}
)

// minTextRowsWithHints is the fewest rows of text the hints line leaves;
// a smaller screen has no hints line.
const minTextRowsWithHints = 3

// hintsShown reports whether the key hints line is drawn: display.hints
// on, or automatic while tw speaks for itself (self-voicing); a screen
// reader's user reviews the screen, where the line would be noise.
func (r *Reader) hintsShown() bool {
	setting, mode := "", r.cfg.Accessibility
	if r.cfg.Settings != nil {
		setting = r.cfg.Settings.String("display.hints")
	}
	if r.cfg.Mode != nil {
		mode = r.cfg.Mode()
	}
	switch setting {
	case "on":
		return true
	case "off":
		return false
	}
	return mode == SelfVoicing
}

// hintsLine is the hints line's text for what has the keys now.
func (r *Reader) hintsLine(st core.ViewState, prompt, list bool) string {
	hints := readingHints
	switch {
	case r.help != nil:
		hints = helpHints
	case st.Pending != nil:
		hints = questionHints
	case prompt:
		hints = promptHints
	case list:
		hints = listHints
	case st.Mode == core.ModeEdit:
		hints = editHints
	}
	var parts []string
	for _, h := range hints {
		key := h.key
		if h.action != "" {
			keys := r.km.KeysOf(h.action)
			if len(keys) == 0 {
				continue
			}
			key = keys[0]
		}
		parts = append(parts, r.spokenKey(key)+" "+r.text(h.label))
	}
	return strings.Join(parts, "  ")
}

// drawHints draws the hints line on row y.
func (r *Reader) drawHints(st core.ViewState, prompt, list bool, y, w int) {
	for x := 0; x < w; x++ {
		r.scr.Put(x, y, " ", r.th.text)
	}
	putText(r.scr, 0, y, w, r.visual(r.hintsLine(st, prompt, list)), r.th.text.Dim(true))
}
