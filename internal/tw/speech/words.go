package speech

import (
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// token is a piece of the canonical text: a word (a UAX #29 word segment
// holding a letter or digit, with hyphenated compounds joined) or the gap
// between two words. Start and End are code-point offsets in the document;
// Text is the piece's own text.
type token struct {
	Text       string
	Start, End int
	Word       bool
	// Inserted is text continuous reading says with no document range
	// (Start == End, the place it is said); Boundary is the gap after one
	// of its utterances, which ends a sentence.
	Inserted, Boundary bool
	// Repeated, in inserted text, is the document's own words said again
	// (narration.Piece.Repeats): said in the reading voice.
	Repeated bool
}

// tokenizer splits text into words and gaps lazily, so a window of a large
// document costs only what it reads.
type tokenizer struct {
	rest  string
	pos   int // code point offset of rest in the document
	state int
	ahead []token // segments read but not yet returned
}

func newTokenizer(text string, pos int) *tokenizer {
	return &tokenizer{rest: text, pos: pos, state: -1}
}

// segment returns the next raw UAX #29 segment.
func (t *tokenizer) segment() (token, bool) {
	if len(t.ahead) > 0 {
		s := t.ahead[0]
		t.ahead = t.ahead[1:]
		return s, true
	}
	if t.rest == "" {
		return token{}, false
	}
	var seg string
	seg, t.rest, t.state = uniseg.FirstWordInString(t.rest, t.state)
	n := utf8.RuneCountInString(seg)
	s := token{Text: seg, Start: t.pos, End: t.pos + n, Word: isWordSegment(seg)}
	t.pos += n
	return s, true
}

func (t *tokenizer) peek(i int) (token, bool) {
	for len(t.ahead) <= i {
		if t.rest == "" {
			return token{}, false
		}
		var seg string
		seg, t.rest, t.state = uniseg.FirstWordInString(t.rest, t.state)
		n := utf8.RuneCountInString(seg)
		t.ahead = append(t.ahead, token{Text: seg, Start: t.pos, End: t.pos + n, Word: isWordSegment(seg)})
		t.pos += n
	}
	return t.ahead[i], true
}

// next returns the next token: words joined across hyphens, and maximal gaps.
func (t *tokenizer) next() (token, bool) {
	s, ok := t.segment()
	if !ok {
		return token{}, false
	}
	if s.Word {
		for {
			h, ok1 := t.peek(0)
			w, ok2 := t.peek(1)
			if !ok1 || !ok2 || !isHyphen(h.Text) || !w.Word {
				break
			}
			t.ahead = t.ahead[2:]
			s.Text += h.Text + w.Text
			s.End = w.End
		}
		return s, true
	}
	for {
		g, ok := t.peek(0)
		if !ok || g.Word {
			break
		}
		t.ahead = t.ahead[1:]
		s.Text += g.Text
		s.End = g.End
	}
	return s, true
}

func isWordSegment(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func isHyphen(s string) bool {
	return s == "-" || s == "\u2010" || s == "\u2011"
}
