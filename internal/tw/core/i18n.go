package core

import (
	"errors"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/settings"
)

// tr formats one of the app's messages in the interface language chosen by
// interface.language (read on every message, so a change is heard at once).
// key is the English text as a constant format; text from the document
// or the user goes in args, so it is never read as a format.
func (a *App) tr(key string, args ...any) string {
	return a.printer().Sprintf(key, args...)
}

// printer is the interface language's printer.
func (a *App) printer() *i18n.Printer {
	return i18n.Current(a.opts.Settings.String(i18n.Setting))
}

// msg marks a message key written where it is not formatted at once (a
// table, an argument passed on), so the catalogue test finds it.
func msg(key string) string { return i18n.Key(key) }

// trKey is tr for a key chosen at run time among constants marked by msg,
// taking no arguments.
func (a *App) trKey(key string) string { return a.printer().Text(key) }

// nonBlank is s, or "blank" when s holds nothing to hear.
func (a *App) nonBlank(s string) string {
	if strings.TrimSpace(s) == "" {
		return a.tr("blank")
	}
	return s
}

// colorNames are highlight colors as said.
var spokenColors = map[string]string{
	"yellow":    msg("yellow"),
	"green":     msg("green"),
	"cyan":      msg("cyan"),
	"magenta":   msg("magenta"),
	"reverse":   msg("reverse"),
	"underline": msg("underline"),
	"blue":      msg("blue"),
	"pink":      msg("pink"),
	"red":       msg("red"),
	"orange":    msg("orange"),
	"purple":    msg("purple"),
	"gray":      msg("gray"),
	"grey":      msg("grey"),
}

// colorName is a highlight color as said; a color of the user's own is
// said as written.
func (a *App) colorName(c string) string {
	if k, ok := spokenColors[c]; ok {
		return a.trKey(k)
	}
	return c
}

// errorText is an error as the reader says it: the app's own errors in
// the interface language, others (from the system) as they come.
func (a *App) errorText(err error) string {
	var oe *OpenError
	if errors.As(err, &oe) {
		return a.tr("Could not open %s: %v", oe.Path, oe.Err)
	}
	// A message of the settings store (why a value does not fit) is said
	// in the interface language; JSON-RPC gives the same error in English.
	if l, ok := err.(i18n.Localized); ok {
		return l.In(a.printer())
	}
	return err.Error()
}

// spokenIn is the optional part of the settings that says a value in the
// interface language (settings.Store does).
type spokenIn interface {
	SpokenIn(path string, tr settings.Translator) (string, error)
}

// spoken is a setting's value as said in the interface language.
func (a *App) spoken(adj Adjuster, path string) string {
	if s, ok := adj.(spokenIn); ok {
		v, _ := s.SpokenIn(path, a.tr)
		return v
	}
	v, _ := adj.Spoken(path)
	return v
}

// groupKeys mark the action groups' names (the Group values themselves)
// as message keys; a Group is said with trKey(string(g)).
var groupKeys = []string{msg("Navigation"), msg("Speech Cursor"), msg("Search"), msg("Bookmarks and notes"),
	msg("Reading"), msg("Voice"), msg("File"), msg("Editing"), msg("View and help")}

// docLanguage is the language d gives itself (its metadata), "" when it
// gives none.
func docLanguage(d *doc.Document) string {
	if l := d.Meta.Language; l != nil {
		return *l
	}
	return ""
}
