package tui

import "textfirst/internal/tw/i18n"

// tr formats one of the terminal reader's own messages in the interface
// language (display.language, read each time so a change shows at once).
// key is the English text as a constant format; the document's and the
// user's text go in args.
func (r *Reader) tr(key string, args ...any) string {
	setting := ""
	if r.cfg.Settings != nil {
		setting = r.cfg.Settings.String(i18n.Setting)
	}
	return i18n.Current(setting).Sprintf(key, args...)
}
