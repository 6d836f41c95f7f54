package core

// echoMode is what the typing echo says: editing.typing_echo, less the
// characters when editing.echo_characters is off and the words when
// editing.echo_words is off ("none", "characters", "words" or "both").
func (a *App) echoMode() string {
	mode := a.opts.Settings.String("editing.typing_echo")
	chars := (mode == "characters" || mode == "both") && a.opts.Settings.Bool("editing.echo_characters")
	words := (mode == "words" || mode == "both") && a.opts.Settings.Bool("editing.echo_words")
	switch {
	case chars && words:
		return "both"
	case chars:
		return "characters"
	case words:
		return "words"
	}
	return "none"
}

// trimUndoMemory forgets the oldest undo steps while the text they keep
// is more than editing.undo_memory_mb megabytes; the newest step is
// always kept.
func (a *App) trimUndoMemory() {
	limit := max(a.opts.Settings.Int("editing.undo_memory_mb"), 1) << 20
	total := 0
	for i := len(a.edit.undo) - 1; i >= 0; i-- {
		op := a.edit.undo[i]
		total += len(op.Removed) + len(op.Inserted)
		if total > limit && i < len(a.edit.undo)-1 {
			a.edit.undo = a.edit.undo[i+1:]
			return
		}
	}
}

// themePicked keeps, after a change of path, that the theme was picked by
// hand (display.theme_explicit), so that it no longer follows the
// terminal's colors.
func (a *App) themePicked(path string) {
	if path != "display.theme" || a.opts.Settings.Bool("display.theme_explicit") {
		return
	}
	if st, ok := a.opts.Settings.(settingSetter); ok {
		if _, err := st.Set("display.theme_explicit", true); err != nil {
			a.sayError(a.errorText(err))
		}
	}
}
