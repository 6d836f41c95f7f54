package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
)

// maxShownRead is how much of a reading textSpeaker puts on the message
// line: the rest of the paragraph, up to this many characters.
const maxShownRead = 600

// textSpeaker is the voice when tw itself is silent (screen-reader mode,
// --no-speech): a reading is shown as an announcement on the message line,
// for the screen reader to say, and ends at once.
type textSpeaker struct {
	id     string
	events *Events
}

func (t textSpeaker) ID() string { return t.id }
func (t textSpeaker) Stop()      {}
func (t textSpeaker) Say(string) {}
func (t textSpeaker) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	text := showReading(t.events, d, from, to)
	if s, e, ok := firstWord(text); ok {
		word(from+s, from+e)
	}
	done(true)
}

// showReading puts what a reading of [from, to) says on the message line
// and in the announcement log: up to the end of its paragraph, at most
// maxShownRead characters. It returns the text shown (before spaces are
// joined).
func showReading(events *Events, d *doc.Document, from, to int) string {
	to = min(to, d.Len(), from+maxShownRead)
	text := d.Slice(from, to)
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	if shown := strings.Join(strings.Fields(text), " "); shown != "" {
		events.Announce(shown, core.Polite)
	}
	return text
}

// firstWord returns the code point range of the first word of text.
func firstWord(text string) (start, end int, ok bool) {
	pos, state := 0, -1
	for len(text) > 0 {
		var w string
		w, text, state = uniseg.FirstWordInString(text, state)
		n := utf8.RuneCountInString(w)
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			return pos, pos + n, true
		}
		pos += n
	}
	return 0, 0, false
}

var _ core.Speaker = textSpeaker{}

// showSaid puts an utterance of a continuous reading on the message line
// and in the announcement log.
func showSaid(events *Events, text string) {
	if shown := strings.Join(strings.Fields(text), " "); shown != "" {
		events.Announce(shown, core.Polite)
	}
}
