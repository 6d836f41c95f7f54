package speech

import (
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/settings"
)

// lexMatch is a place where a pronunciation applies: document code points
// [start, end) are said as say.
type lexMatch struct {
	start, end int
	say        string
}

// lexScanner finds the pronunciations of a Lexicon in the text a narrator
// reads, lazily and in one pass: for each entry it keeps the next match at
// or after the narrator's position, so each entry scans the text once
// however long the reading (a reading of a 10 MB document still starts at
// once: the first search stops at the first match).
type lexScanner struct {
	text    string // the text read, from document code point base
	base    int
	entries []settings.Pronunciation
	next    []lexFound // per entry
	// A position known in both units, moved forward as the reading goes.
	atByte, atCP int
}

type lexFound struct {
	searched   bool
	none       bool // no match at or after fromByte
	fromByte   int  // the search started here
	start, end int  // bytes in text
	say        string
}

func newLexScanner(lex *settings.Lexicon, text string, base int) *lexScanner {
	if lex == nil || len(lex.Entries) == 0 {
		return nil
	}
	return &lexScanner{text: text, base: base, entries: lex.Entries, next: make([]lexFound, len(lex.Entries)), atCP: base}
}

// byteOf converts a document code point at or after the last one asked
// for into a byte offset of text.
func (l *lexScanner) byteOf(cp int) int {
	for l.atCP < cp && l.atByte < len(l.text) {
		_, n := utf8.DecodeRuneInString(l.text[l.atByte:])
		l.atByte += n
		l.atCP++
	}
	return l.atByte
}

// at returns the first match starting at or after document code point cp
// (which never goes backwards between calls).
func (l *lexScanner) at(cp int) (lexMatch, bool) {
	from := l.byteOf(cp)
	best := -1
	for i := range l.entries {
		f := &l.next[i]
		if !f.searched || (!f.none && f.start < from) {
			l.search(i, from)
		}
		if f.none {
			continue
		}
		if best < 0 || f.start < l.next[best].start {
			best = i
		}
	}
	if best < 0 {
		return lexMatch{}, false
	}
	f := l.next[best]
	start := cp + utf8.RuneCountInString(l.text[from:f.start])
	end := start + utf8.RuneCountInString(l.text[f.start:f.end])
	return lexMatch{start: start, end: end, say: f.say}, true
}

// search finds entry i's first usable match at or after byte from.
func (l *lexScanner) search(i, from int) {
	e := l.entries[i]
	f := &l.next[i]
	f.searched, f.none, f.fromByte = true, true, from
	for pos := from; pos < len(l.text); {
		loc := e.Pattern.FindStringSubmatchIndex(l.text[pos:])
		if loc == nil {
			return
		}
		s, t := pos+loc[0], pos+loc[1]
		if t == s || e.WholeWord && !l.wordEdges(s, t) {
			_, n := utf8.DecodeRuneInString(l.text[s:])
			pos = s + max(n, 1)
			continue
		}
		say := e.Say
		switch {
		case e.SayFunc != nil:
			say = e.SayFunc(l.text[s:t])
		case !e.Literal:
			for j := range loc {
				if loc[j] >= 0 {
					loc[j] += pos
				}
			}
			say = string(e.Pattern.ExpandString(nil, e.Say, l.text, loc))
		}
		f.none, f.start, f.end, f.say = false, s, t, say
		return
	}
}

// wordEdges reports whether text[s:t] has no letter or digit right before
// or after it (a whole word, in any script).
func (l *lexScanner) wordEdges(s, t int) bool {
	if s > 0 {
		r, _ := utf8.DecodeLastRuneInString(l.text[:s])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	if t < len(l.text) {
		r, _ := utf8.DecodeRuneInString(l.text[t:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}
