package speech

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
)

// Pause markup (speech.markup_pauses): an SSML break element written in a
// document, <break time="1s"/>, <break time="500ms"/>,
// <break strength="strong"/> or a bare <break/>, is a silence of that
// length in place of text to say.

// maxBreakMs is the longest silence pause markup asks for; longer ones are
// cut to it (the limit SSML engines commonly apply).
const maxBreakMs = 10000

var (
	breakElement  = lazyregexp.New(`(?i)<break\b([^<>]*?)/?>`)
	breakTime     = lazyregexp.New(`(?i)\btime\s*=\s*["']?\s*([0-9]*\.?[0-9]+)\s*(ms|s)\s*["']?`)
	breakHasTime  = lazyregexp.New(`(?i)\btime\s*=`)
	breakStrength = lazyregexp.New(`(?i)\bstrength\s*=\s*["']?\s*(none|x-weak|weak|medium|strong|x-strong)\s*["']?`)
)

// strengthMs are the silences of SSML's break strengths.
var strengthMs = map[string]int{"none": 0, "x-weak": 100, "weak": 250, "medium": 500, "strong": 1000, "x-strong": 2000}

// breakMs returns the silence that the attributes of a break element ask
// for, or false when they cannot be read (a time that is not a number of
// seconds or milliseconds): such an element is not pause markup.
func breakMs(attrs string) (int, bool) {
	if m := breakTime.FindStringSubmatch(attrs); m != nil {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			return 0, false
		}
		if strings.EqualFold(m[2], "s") {
			v *= 1000
		}
		return min(int(v+0.5), maxBreakMs), true
	}
	if breakHasTime.MatchString(attrs) {
		return 0, false
	}
	if m := breakStrength.FindStringSubmatch(attrs); m != nil {
		return strengthMs[strings.ToLower(m[1])], true
	}
	return strengthMs["medium"], true // SSML's default strength
}

// breakMatch is pause markup at document code points [start, end).
type breakMatch struct{ start, end, ms int }

// breakScanner finds the pause markup of the text a narrator reads lazily,
// in one pass, as lexScanner finds pronunciations.
type breakScanner struct {
	text         string // the text read, from document code point base
	atByte, atCP int    // a position known in both units, moved forward
	found        bool   // next holds the first markup at or after atByte
	none         bool   // no markup at or after atByte
	next         breakMatch
	nextByte     int // next.start in bytes
}

// newBreakScanner returns the scanner of text (starting at document code
// point base), or nil when pause markup is off or the text holds none.
func newBreakScanner(on bool, text string, base int) *breakScanner {
	if !on || !strings.Contains(text, "<") {
		return nil
	}
	return &breakScanner{text: text, atCP: base}
}

// at returns the first pause markup starting at or after document code
// point cp (which never goes backwards between calls).
func (s *breakScanner) at(cp int) (breakMatch, bool) {
	for s.atCP < cp && s.atByte < len(s.text) {
		_, n := utf8.DecodeRuneInString(s.text[s.atByte:])
		s.atByte += n
		s.atCP++
	}
	if s.found && s.nextByte >= s.atByte {
		return s.next, true
	}
	if s.none {
		return breakMatch{}, false
	}
	s.found = false
	for pos := s.atByte; pos < len(s.text); {
		loc := breakElement.FindStringSubmatchIndex(s.text[pos:])
		if loc == nil {
			break
		}
		start, end := pos+loc[0], pos+loc[1]
		ms, ok := breakMs(s.text[pos+loc[2] : pos+loc[3]])
		if !ok {
			pos = start + 1
			continue
		}
		startCP := s.atCP + utf8.RuneCountInString(s.text[s.atByte:start])
		s.next = breakMatch{start: startCP, end: startCP + utf8.RuneCountInString(s.text[start:end]), ms: ms}
		s.found, s.nextByte = true, start
		return s.next, true
	}
	s.none = true
	return breakMatch{}, false
}
