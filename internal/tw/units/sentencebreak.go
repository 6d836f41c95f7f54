package units

import (
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// UAX #29 sentence segmentation spends most of its time looking up the
// property of every code point. Text written only in ASCII, the Latin-1
// letters, typographic quotes, dashes and the ellipsis (most running text
// in Western languages) is segmented here from a small table instead; any
// other code point sends its block to uniseg. FuzzSentenceSegments checks
// that both give the same sentences.

// sbClass is a code point's sentence break property (UAX #29), for the
// code points the fast path knows.
type sbClass uint8

const (
	sbUnknown sbClass = iota // not in the table: use uniseg
	sbOther
	sbSp
	sbLower
	sbUpper
	sbNumeric
	sbATerm
	sbSTerm
	sbClose
	sbSContinue
)

// asciiSB is the property of each ASCII code point (sbUnknown for those
// the fast path leaves to uniseg: line and paragraph separators).
var asciiSB = func() (t [utf8.RuneSelf]sbClass) {
	for c := range t {
		switch {
		case c == '\t' || c == '\v' || c == '\f' || c == ' ':
			t[c] = sbSp
		case c < 0x20 || c == 0x7F:
			t[c] = sbUnknown
		case c >= 'a' && c <= 'z':
			t[c] = sbLower
		case c >= 'A' && c <= 'Z':
			t[c] = sbUpper
		case c >= '0' && c <= '9':
			t[c] = sbNumeric
		case c == '.':
			t[c] = sbATerm
		case c == '!' || c == '?':
			t[c] = sbSTerm
		case c == '"' || c == '\'' || c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}':
			t[c] = sbClose
		case c == ',' || c == '-' || c == ':':
			t[c] = sbSContinue
		default:
			t[c] = sbOther
		}
	}
	return t
}()

// sentenceClass is r's property, or sbUnknown.
func sentenceClass(r rune) sbClass {
	switch {
	case r < utf8.RuneSelf:
		return asciiSB[r]
	case r == 0xA0:
		return sbSp
	case r == 0xAB || r == 0xBB || r >= 0x2018 && r <= 0x201F:
		return sbClose
	case r >= 0xC0 && r <= 0xDE && r != 0xD7:
		return sbUpper
	case r >= 0xDF && r <= 0xFF && r != 0xF7:
		return sbLower
	case r == 0x2013 || r == 0x2014:
		return sbSContinue
	case r == 0x2026:
		return sbOther
	}
	return sbUnknown
}

// eachSentence calls yield with each UAX #29 sentence of text, in order.
func eachSentence(text string, yield func(seg string)) {
	if ends, ok := sentenceEnds(text); ok {
		prev := 0
		for _, end := range ends {
			yield(text[prev:end])
			prev = end
		}
		if prev < len(text) {
			yield(text[prev:])
		}
		return
	}
	state := -1
	for len(text) > 0 {
		var seg string
		seg, text, state = uniseg.FirstSentenceInString(text, state)
		yield(seg)
	}
}

// classAt is the property of the code point at byte i of text and its
// size.
func classAt(text string, i int) (sbClass, int) {
	if c := text[i]; c < utf8.RuneSelf {
		return asciiSB[c], 1
	}
	r, size := utf8.DecodeRuneInString(text[i:])
	return sentenceClass(r), size
}

// sentenceEnds gives the byte offsets of the sentence breaks inside text
// (not its start or end) by rules SB6 to SB11 (the table holds no
// separators, extenders or format characters, so SB3 to SB5 never apply),
// or false when a code point of text is not in the table.
func sentenceEnds(text string) (ends []int, ok bool) {
	prev := sbOther // the property of the code point before i
	for i := 0; i < len(text); {
		term, size := classAt(text, i)
		switch term {
		case sbUnknown:
			return nil, false
		case sbATerm, sbSTerm:
		default:
			prev = term
			i += size
			continue
		}
		before := prev
		k, last := i+size, term
		// SB9, SB10: closing punctuation, then spaces, stay with the
		// terminator.
		for _, want := range []sbClass{sbClose, sbSp} {
			for k < len(text) {
				c, n := classAt(text, k)
				if c == sbUnknown {
					return nil, false
				}
				if c != want {
					break
				}
				k, last = k+n, c
			}
		}
		prev = last
		if k == len(text) {
			break
		}
		next, _ := classAt(text, k)
		adjacent := k == i+size
		switch {
		case next == sbUnknown:
			return nil, false
		case next == sbATerm || next == sbSTerm || next == sbSContinue: // SB8a
		case term == sbATerm && adjacent && next == sbNumeric: // SB6
		case term == sbATerm && adjacent && next == sbUpper && (before == sbUpper || before == sbLower): // SB7
		case term == sbATerm:
			lower, known := lowerFollows(text[k:])
			if !known {
				return nil, false
			}
			if !lower {
				ends = append(ends, k) // SB11
			}
		default: // SB11
			ends = append(ends, k)
		}
		i = k
	}
	return ends, true
}

// lowerFollows reports whether a lowercase letter comes in text before
// any other letter or sentence terminator (SB8's look ahead); known is
// false when a code point on the way is not in the table.
func lowerFollows(text string) (lower, known bool) {
	for i := 0; i < len(text); {
		c, n := classAt(text, i)
		switch c {
		case sbUnknown:
			return false, false
		case sbLower:
			return true, true
		case sbUpper, sbATerm, sbSTerm:
			return false, true
		}
		i += n
	}
	return false, true
}
