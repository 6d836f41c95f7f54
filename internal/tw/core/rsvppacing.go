package core

// rsvpBySpeech reports whether speech moves the RSVP word on
// (reading_aids.rsvp.pacing "external") rather than its own timer.
func (a *App) rsvpBySpeech() bool {
	return a.opts.Settings.String("reading_aids.rsvp.pacing") == "external"
}

// rsvpSpeak starts or stops RSVP paced by speech: playing reads aloud
// from the RSVP word, and the word shown follows the voice.
func (a *App) rsvpSpeak() {
	if a.rsvp.playing {
		a.rsvp.playing = false
		a.stopIfReading()
		a.say(a.tr("RSVP paused."))
		return
	}
	a.rsvp.playing = true
	a.startReading(a.cursor, a.d.Len(), true)
}

// rsvpSpoken is where the RSVP word is while speech paces it: the word
// heard, moved reading_aids.rsvp.lead_words words on (back when below
// 0); ok is false when no word is being heard.
func (a *App) rsvpSpoken() (int, bool) {
	if !a.rsvpBySpeech() || a.rsvp == nil || !a.rsvp.playing || a.heard == nil || a.playback != Reading {
		return 0, false
	}
	at := a.heard.Start
	lead := a.opts.Settings.Int("reading_aids.rsvp.lead_words")
	for ; lead > 0; lead-- {
		w, ok := a.ix.NextWord(at)
		if !ok {
			break
		}
		at = w.Start
	}
	for ; lead < 0; lead++ {
		w, ok := a.ix.PreviousWord(at)
		if !ok {
			break
		}
		at = w.Start
	}
	return at, true
}
