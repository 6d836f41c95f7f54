package tui

import (
	"strings"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/keymap"
)

// tr formats one of the terminal reader's own messages in the interface
// language (interface.language, read each time so a change shows at once).
// key is the English text as a constant format; the document's and the
// user's text go in args.
func (r *Reader) tr(key string, args ...any) string {
	setting := ""
	if r.cfg.Settings != nil {
		setting = r.cfg.Settings.String(i18n.Setting)
	}
	return i18n.Current(setting).Sprintf(key, args...)
}

// modeNames are the modes as the status bar shows them.
var modeNames = map[string]string{
	core.ModeBrowse:       i18n.Key("Browse"),
	core.ModeEdit:         i18n.Key("Edit"),
	core.ModeSpeechCursor: i18n.Key("Speech Cursor"),
	core.ModeMath:         i18n.Key("Math"),
	// The prompts' modes, as the app names them.
	"Open":    i18n.Key("Open"),
	"Go to":   i18n.Key("Go to"),
	"Find":    i18n.Key("Find"),
	"Command": i18n.Key("Command"),
	"Prompt":  i18n.Key("Prompt"),
}

// playbackNames are the playback states as the status bar shows them.
var playbackNames = map[string]string{
	core.Reading: i18n.Key("reading"),
	core.Paused:  i18n.Key("paused"),
	core.Stopped: i18n.Key("stopped"),
}

func (r *Reader) modeShown(mode string) string {
	if k, ok := modeNames[mode]; ok {
		return r.text(k)
	}
	return mode // a prompt's own mode, named by the app
}

func (r *Reader) playbackShown(state string) string {
	if k, ok := playbackNames[state]; ok {
		return r.text(k)
	}
	return state
}

// text is tr for a key chosen at run time among constants marked by
// i18n.Key.
func (r *Reader) text(key string) string {
	setting := ""
	if r.cfg.Settings != nil {
		setting = r.cfg.Settings.String(i18n.Setting)
	}
	return i18n.Current(setting).Text(key)
}

// visual is a line of the reader's own text (a message, a list item, the
// status bar) as the screen must show it: unchanged when it is all left
// to right; otherwise reordered, and its Arabic joined, as the document's
// lines are (see shape.go).
func (r *Reader) visual(s string) string {
	if r.rtlShown == rtlTerminal || !hasRTL(s) {
		return s
	}
	lo := newLayout(doc.New(s, doc.Meta{Format: "text"}, nil), 1<<30)
	lo.rtl = rtlShaped
	var b strings.Builder
	for l := 0; l < lo.lines(); l++ {
		for _, row := range lo.rowsOf(l) {
			for _, c := range lo.cells(row, lo.rtlParagraph(l)) {
				b.WriteString(c.text)
			}
		}
	}
	return b.String()
}

func hasRTL(s string) bool {
	for _, r := range s {
		if r >= 0x0590 && isRTL(r) {
			return true
		}
	}
	return false
}

// spokenKey is SpokenKey in the interface language.
func (r *Reader) spokenKey(key string) string {
	setting := ""
	if r.cfg.Settings != nil {
		setting = r.cfg.Settings.String(i18n.Setting)
	}
	return keymap.SpokenKeyIn(key, i18n.Current(setting))
}
