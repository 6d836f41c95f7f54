package tui

// cursorOnStatus reports whether the terminal's cursor waits on the
// status bar rather than on what is being worked on
// (accessibility.cursor "status"), for screen readers that follow it.
func (r *Reader) cursorOnStatus() bool {
	return r.cfg.Settings != nil && r.cfg.Settings.String("accessibility.cursor") == "status"
}
