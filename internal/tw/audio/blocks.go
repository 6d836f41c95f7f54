package audio

import (
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/units"
)

// A recording divided for reading along: the paragraphs of the range read,
// each a run of sentences, and each sentence that holds a spoken word a
// clip of the recording. Subtitles, the Media Overlays of an EPUB and the
// read-along page are made from them, so they agree with one another.

// clip is a sentence's time in the recording: from its first word's time
// to the next clip's (the last to the end of the audio).
type clip struct {
	StartMs, EndMs float64
}

// part is a piece of a paragraph's text: a sentence (with its clip when it
// holds a spoken word) or what lies between sentences.
type part struct {
	text string
	clip *clip
}

// block is a paragraph of the range: a heading of level 1 to 6, or body
// text (level 0).
type block struct {
	level int
	parts []part
}

// readAlongBlocks divides d's range [from, to) of the recording rec into
// blocks of parts, in document order.
func readAlongBlocks(d *doc.Document, rec *speech.Recording, from, to int) []block {
	ix := units.New(d)
	var heads []doc.Marker
	for _, m := range d.All() {
		if m.Kind == doc.Heading && m.End > from && m.Start < to {
			heads = append(heads, m)
		}
	}
	var out []block
	var clips []*clip
	wi, hi := 0, 0
	for p, ok := ix.ParagraphAtOrAfter(from); ok && p.Start < to; p, ok = ix.NextParagraph(p.Start) {
		start, end := max(p.Start, from), min(p.End, to)
		for hi < len(heads) && heads[hi].End <= start {
			hi++
		}
		b := block{}
		if hi < len(heads) && heads[hi].Start <= start {
			b.level = min(max(heads[hi].Level, 1), 6)
		}
		at := start
		for _, s := range ix.Sentences(p) {
			s.Start, s.End = max(s.Start, start), min(s.End, end)
			if s.Start >= s.End {
				continue
			}
			if s.Start > at {
				b.parts = append(b.parts, part{text: d.Slice(at, s.Start)})
			}
			pt := part{text: d.Slice(s.Start, s.End)}
			for wi < len(rec.Words) && rec.Words[wi].Start < s.Start {
				wi++
			}
			if wi < len(rec.Words) && rec.Words[wi].Start < s.End {
				pt.clip = &clip{StartMs: rec.Words[wi].TimeMs}
				clips = append(clips, pt.clip)
			}
			b.parts = append(b.parts, pt)
			at = s.End
		}
		if at < end {
			b.parts = append(b.parts, part{text: d.Slice(at, end)})
		}
		if len(b.parts) > 0 {
			out = append(out, b)
		}
	}
	for i, c := range clips {
		if i+1 < len(clips) {
			c.EndMs = clips[i+1].StartMs
		} else {
			c.EndMs = rec.DurationMs
		}
	}
	return out
}
