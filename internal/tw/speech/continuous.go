package speech

import (
	"strings"
	"unicode"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/units"
)

// Continuous reading says the document's structure (package narration):
// the Narrator takes the narration's utterances as its tokens. A document
// piece is split into words and gaps as the range of a unit read is;
// inserted text becomes words with no document range (an empty DocWords
// span at the place it is said); the gap between two utterances ends a
// sentence.

// maxChunk is about how many code points of the document are narrated at a
// time, so that continuous reading of a 10 MB document starts at once.
const maxChunk = 4000

// NewContinuousNarrator prepares the continuous reading of the indexed
// document from code point from to to (exclusive): the narration of the
// range at p.Verbosity, its inserted words in the interface language lang
// ("" English).
func NewContinuousNarrator(ix *units.Index, from, to int, p Params, lang string) *Narrator {
	n := NewNarrator(ix.Doc, from, to, p)
	n.tok, n.lex, n.breaks = nil, nil, nil
	n.src = &utteranceSource{ix: ix, pos: n.from, to: n.to,
		o: narration.Options{Verbosity: narration.Verbosity(p.Verbosity), Printer: i18n.For(lang),
			Tables: p.Tables, Footnotes: p.Footnotes, SkipCode: p.SkipCode, SkipCitations: p.SkipCitations}}
	return n
}

// utteranceSource narrates a range a chunk at a time.
type utteranceSource struct {
	ix      *units.Index
	pos, to int // what is left to narrate
	o       narration.Options
	queue   []narration.Utterance
}

// peek returns the next utterance without taking it.
func (s *utteranceSource) peek() (narration.Utterance, bool) {
	for len(s.queue) == 0 && s.pos < s.to {
		end := s.chunkEnd(s.pos)
		s.queue = narration.Narrate(s.ix, s.pos, end, s.o)
		s.pos = end
	}
	if len(s.queue) == 0 {
		return narration.Utterance{}, false
	}
	return s.queue[0], true
}

// next takes the next utterance.
func (s *utteranceSource) next() (narration.Utterance, bool) {
	u, ok := s.peek()
	if ok {
		s.queue = s.queue[1:]
	}
	return u, ok
}

// chunkEnd is where the chunk starting at pos ends: at the end of the
// paragraph there, or at a space after about maxChunk code points of a
// long one, never inside a table, a code block, a heading or an image's
// description (which are narrated whole).
func (s *utteranceSource) chunkEnd(pos int) int {
	d := s.ix.Doc
	p, ok := s.ix.ParagraphAtOrAfter(pos)
	if !ok {
		return s.to
	}
	end := max(p.End, pos+1)
	if end-max(pos, p.Start) > maxChunk {
		end = max(pos, p.Start) + maxChunk
		for end < p.End && !unicode.IsSpace(d.RuneAt(end)) {
			end++
		}
	}
	for grown := true; grown; {
		grown = false
		for _, k := range []doc.Kind{doc.Table, doc.Code, doc.Heading, doc.Image} {
			ms := s.ix.Kind(k)
			if i := ms.Search(func(m doc.Marker) bool { return m.Start >= end }) - 1; i >= 0 {
				if m := ms.At(i); m.End > end {
					end, grown = m.End, true
				}
			}
		}
	}
	return min(end, s.to)
}

// nextPieceToken returns the next token of continuous reading: a word or
// gap of a document piece, inserted text, or the gap after an utterance.
func (n *Narrator) nextPieceToken() (token, bool) {
	for {
		if len(n.parts) > 0 {
			t := n.parts[0]
			n.parts = n.parts[1:]
			return t, true
		}
		if n.tok != nil {
			if t, ok := n.tok.next(); ok {
				return t, true
			}
			n.tok, n.lex, n.breaks = nil, nil, nil
		}
		if n.inUtterance && n.piece < len(n.cur.Pieces) {
			p := n.cur.Pieces[n.piece]
			n.piece++
			if p.Inserted {
				n.parts = insertedTokens(p)
				continue
			}
			n.tok = newTokenizer(p.Text, p.Start)
			n.lex = newLexScanner(n.p.Lexicon, p.Text, p.Start)
			n.breaks = newBreakScanner(n.p.MarkupPauses, p.Text, p.Start)
			continue
		}
		if n.inUtterance {
			n.inUtterance = false
			end := n.to
			if next, ok := n.src.peek(); ok {
				end = next.Start
			}
			start := min(n.cur.End, end)
			return token{Text: n.doc.Slice(start, end), Start: start, End: end, Boundary: true}, true
		}
		u, ok := n.src.next()
		if !ok {
			return token{}, false
		}
		n.cur, n.piece, n.inUtterance, n.said = u, 0, true, u.String()
	}
}

// insertedTokens are the tokens of inserted piece p: its text, cut where
// it repeats the document's words (Repeated tokens) and where it does not.
func insertedTokens(p narration.Piece) []token {
	text := []rune(p.Text)
	var out []token
	add := func(from, to int, repeated bool) {
		if to > from {
			out = append(out, token{Text: string(text[from:to]), Start: p.Start, End: p.Start, Inserted: true, Repeated: repeated})
		}
	}
	at := 0
	for _, r := range p.Repeats {
		start, end := max(at, min(r.Start, len(text))), max(at, min(r.End, len(text)))
		add(at, start, false)
		add(start, end, true)
		at = end
	}
	add(at, len(text), false)
	return out
}

// addInserted writes inserted text: its words are words with an empty
// document range at the place they are said.
func (n *Narrator) addInserted(b *builder, t token) {
	tok := newTokenizer(t.Text, 0)
	for s, ok := tok.next(); ok; s, ok = tok.next() {
		if !s.Word {
			b.write(Inserted, strings.Map(spaceControls, s.Text), t.Start, t.Start)
			continue
		}
		sp := b.write(Inserted, s.Text, t.Start, t.Start)
		b.addWord(sp, engine.Span{Start: t.Start, End: t.Start}, "")
	}
}

// addBoundary writes the gap between two utterances: as a gap when it is
// white space, else as one space, the document text skipped.
func (n *Narrator) addBoundary(b *builder, t token) {
	if t.Text != "" && strings.TrimSpace(t.Text) == "" {
		n.addGap(b, t)
		return
	}
	if t.End > t.Start {
		b.write(Elided, "", t.Start, t.End)
	}
	b.write(Inserted, " ", t.End, t.End)
}

// spaceControls turns white space and control characters into spaces:
// engines take C strings, and line breaks are not pauses here.
func spaceControls(r rune) rune {
	if unicode.IsSpace(r) || unicode.IsControl(r) {
		return ' '
	}
	return r
}
