package core

func init() {
	handle(anytime, map[string]actionHandler{"toggle_book_audio": (*App).toggleBookAudio})
}

// toggleBookAudio switches reading.book_audio between a talking book's
// recorded narration ("auto": the recording when the book has one) and
// speech, and says which. The voice reads the setting at each reading: a
// reading in progress goes on from the last place heard, the new way.
func (a *App) toggleBookAudio() {
	reading := a.d != nil && a.playback == Reading
	a.cycleSetting("reading.book_audio", msg("Book audio"))
	if !reading {
		return
	}
	from := a.cursor
	if a.heard != nil {
		from = a.heard.Start
	}
	a.startReading(from, a.readEnd, a.follow)
}
