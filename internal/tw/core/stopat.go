package core

import (
	"strconv"
	"strings"
	"time"
)

// purposeStopAt is the prompt of stop_at.
const purposeStopAt = "stop_at"

// askStopAt asks where continuous reading stops by itself: at a time of
// day, in so many minutes, at the end of the chapter or the section
// (reading.stop_at), or never.
func (a *App) askStopAt() {
	a.openPrompt(purposeStopAt, a.tr("Stop reading at: a time such as 22:30, minutes from now such as 20, chapter, section, or off"), "Prompt", a.answerStopAt)
}

// answerStopAt applies an answer to the stop_at prompt and says what it
// set.
func (a *App) answerStopAt(text string) {
	answer := strings.ToLower(strings.TrimSpace(text))
	// The words are taken in English and in the interface language.
	word := func(key string) bool { return answer == key || answer == strings.ToLower(a.trKey(key)) }
	switch {
	case answer == "":
		a.say(a.tr("Cancelled."))
	case word(msg("off")):
		a.stopTime = time.Time{}
		if a.setSetting("reading.stop_at", "off") {
			a.say(a.tr("Reading will not stop by itself."))
		}
	case word(msg("chapter")):
		if a.setSetting("reading.stop_at", "chapter") {
			a.say(a.tr("Reading will stop at the end of each chapter."))
		}
	case word(msg("section")):
		if a.setSetting("reading.stop_at", "heading") {
			a.say(a.tr("Reading will stop at the end of each section."))
		}
	default:
		at, ok := stopTimeOf(answer, a.now())
		if !ok {
			a.sayError(a.tr("%s is not a time. Give a time such as 22:30, minutes such as 20, chapter, section, or off.", text))
			return
		}
		a.stopTime = at
		a.say(a.tr("Reading will stop at %s.", at.Format("15:04")))
	}
}

// stopTimeOf reads a time of day ("22:30", the next one to come) or a
// number of minutes from now (1 to 1440).
func stopTimeOf(answer string, now time.Time) (time.Time, bool) {
	if n, err := strconv.Atoi(answer); err == nil {
		if n < 1 || n > 24*60 {
			return time.Time{}, false
		}
		return now.Add(time.Duration(n) * time.Minute), true
	}
	t, err := time.ParseInLocation("15:04", answer, now.Location())
	if err != nil {
		return time.Time{}, false
	}
	at := time.Date(now.Year(), now.Month(), now.Day(), t.Hour(), t.Minute(), 0, 0, now.Location())
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	return at, true
}
