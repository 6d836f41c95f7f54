package core

import (
	"strings"

	"textfirst/internal/tw/load"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{"toggle_book_audio": (*App).toggleBookAudio})
})

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

// missingAudioSaid is what opening a talking book says of the audio files
// its SMIL names but it lacks ("" when it lacks none): how many, the first
// three, and that their text is spoken instead.
func (a *App) missingAudioSaid() string {
	missing := a.d.Meta.Properties[load.PropertyMissingAudio]
	if missing == "" {
		return ""
	}
	files := strings.Split(missing, ", ")
	shown := strings.Join(files[:min(len(files), 3)], ", ")
	if len(files) > 3 {
		return a.tr("This book lacks %d of its audio files (%s and %d more): their text is read with speech.", len(files), shown, len(files)-3)
	}
	return a.tr("This book lacks %d of its audio files (%s): their text is read with speech.", len(files), shown)
}
