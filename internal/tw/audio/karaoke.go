package audio

import (
	"fmt"
	"strings"
)

// Karaoke modes of export.subtitle_karaoke.
const (
	KaraokeOff   = "off"   // sentence cues as they are
	KaraokeTags  = "tags"  // WebVTT: a timestamp tag before each word of a sentence cue
	KaraokeLines = "lines" // a cue per word: its sentence, the word in bold and underlined
)

// wordMark is where a word of a cue's text begins and ends (bytes) and
// when it is heard.
type wordMark struct {
	from, to int
	ms       float64
}

// karaokeCues turns the sentence cues into mode's karaoke, by the word
// cues heard within each: KaraokeLines gives a cue per word, KaraokeTags
// marks each word's time in its sentence's cue. A sentence none of whose
// words is found in its text stays as it is.
func karaokeCues(sentences, words []Cue, mode string) []Cue {
	if mode != KaraokeTags && mode != KaraokeLines {
		return sentences
	}
	var out []Cue
	w := 0
	for _, s := range sentences {
		text := cueText(s.Text)
		var marks []wordMark
		at := 0
		for ; w < len(words) && words[w].StartMs < s.EndMs; w++ {
			if words[w].StartMs < s.StartMs {
				continue
			}
			i := strings.Index(text[at:], cueText(words[w].Text))
			if i < 0 {
				continue
			}
			from := at + i
			at = from + len(cueText(words[w].Text))
			marks = append(marks, wordMark{from, at, words[w].StartMs})
		}
		if len(marks) == 0 {
			out = append(out, s)
			continue
		}
		if mode == KaraokeTags {
			out = append(out, Cue{StartMs: s.StartMs, EndMs: s.EndMs, Text: text, marks: marks})
			continue
		}
		for i, m := range marks {
			end := s.EndMs
			if i+1 < len(marks) {
				end = marks[i+1].ms
			}
			out = append(out, Cue{StartMs: max(m.ms, s.StartMs), EndMs: end, Text: text, marks: []wordMark{m}, lines: true})
		}
	}
	return out
}

// markedText is a karaoke cue's text with its markup: the word of a
// KaraokeLines cue in <b><u>, and in WebVTT a timestamp tag before each
// word of a KaraokeTags cue but the first (SubRip, which has no timestamp
// tags, underlines the cue's first word). escape is applied to the text
// between the tags.
func (c Cue) markedText(baseMs float64, vtt bool, escape func(string) string) string {
	var b strings.Builder
	at := 0
	for i, m := range c.marks {
		b.WriteString(escape(c.Text[at:m.from]))
		word := escape(c.Text[m.from:m.to])
		switch {
		case c.lines || !vtt && i == 0:
			fmt.Fprintf(&b, "<b><u>%s</u></b>", word)
		case vtt && i > 0:
			fmt.Fprintf(&b, "<%s>%s", stamp(m.ms-baseMs, '.'), word)
		default:
			b.WriteString(word)
		}
		at = m.to
	}
	b.WriteString(escape(c.Text[at:]))
	return strings.ReplaceAll(b.String(), "-->", "->")
}
