// Package grammar finds grammar problems in English prose with a small set
// of rules, offline and without a model: a word written twice in a row, "a"
// or "an" before a word whose sound calls for the other, "could of" for
// "could have", a lower-case "i" used as the pronoun, a sentence that starts
// with a lower-case letter, and a space before a mark of punctuation. Each
// problem carries the words it is about and, where the rule knows one, the
// fix. Spelling is left to the spelling checker.
package grammar

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
)

// Rule names a kind of problem.
type Rule string

// The rules.
const (
	RepeatedWord  Rule = "repeated-word"
	Article       Rule = "article"
	CouldOf       Rule = "could-of"
	LowercaseI    Rule = "lowercase-i"
	SentenceStart Rule = "sentence-start"
	SpaceBefore   Rule = "space-before-punctuation"
)

// Problem is one problem: Start and End are code point offsets of the
// words it is about in the checked text, Fix what replaces them ("" when
// the rule knows none, which is never a removal here).
type Problem struct {
	Start, End int
	Rule       Rule
	Words      string
	Fix        string
}

var (
	wordRE     = lazyregexp.New(`\p{L}[\p{L}'’]*`)
	couldOfRE  = lazyregexp.New(`(?i)\b(could|should|would|must|might)\s+of\b`)
	spaceRE    = lazyregexp.New(`\p{L}\d?( +)([,;:!?.])(\s|$)`)
	sentenceRE = lazyregexp.New(`[.!?]["”’)]?\s+(\p{Ll}\p{L}*)`)
)

// anWords start with a vowel letter but a consonant sound ("a
// university"), or with a consonant letter and a vowel sound ("an hour"),
// by their start.
var (
	consonantSound = []string{"uni", "use", "usu", "uti", "ure", "eu", "one", "once", "ubiq", "uk", "ufo"}
	vowelSound     = []string{"hour", "honest", "honor", "honour", "heir", "herb"}
)

// Check returns every problem of text, in order of place.
func Check(text string) []Problem {
	var out []Problem
	words := wordRE.FindAllStringIndex(text, -1)
	pos := (&runeOffsets{text: text}).at
	for i := 1; i < len(words); i++ {
		p, w := words[i-1], words[i]
		prev, cur := text[p[0]:p[1]], text[w[0]:w[1]]
		if strings.TrimSpace(text[p[1]:w[0]]) != "" {
			continue // punctuation between: not a repetition, not an article
		}
		if strings.EqualFold(prev, cur) && !allowedTwice[strings.ToLower(cur)] {
			out = append(out, Problem{Start: pos(p[0]), End: pos(w[1]), Rule: RepeatedWord,
				Words: text[p[0]:w[1]], Fix: prev})
			continue
		}
		if fix, bad := article(prev, cur); bad {
			out = append(out, Problem{Start: pos(p[0]), End: pos(w[1]), Rule: Article,
				Words: text[p[0]:w[1]], Fix: fix + " " + cur})
		}
	}
	for _, w := range words {
		if text[w[0]:w[1]] == "i" {
			out = append(out, Problem{Start: pos(w[0]), End: pos(w[1]), Rule: LowercaseI, Words: "i", Fix: "I"})
		}
	}
	for _, m := range couldOfRE.FindAllStringSubmatchIndex(text, -1) {
		verb := text[m[2]:m[3]]
		out = append(out, Problem{Start: pos(m[0]), End: pos(m[1]), Rule: CouldOf,
			Words: text[m[0]:m[1]], Fix: verb + " have"})
	}
	for _, m := range sentenceRE.FindAllStringSubmatchIndex(text, -1) {
		w := text[m[2]:m[3]]
		if w == "i" || abbreviationBefore(text, m[0]) {
			continue
		}
		r, size := utf8.DecodeRuneInString(w)
		out = append(out, Problem{Start: pos(m[2]), End: pos(m[3]), Rule: SentenceStart,
			Words: w, Fix: string(unicode.ToUpper(r)) + w[size:]})
	}
	for _, m := range spaceRE.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, Problem{Start: pos(m[2]), End: pos(m[5]), Rule: SpaceBefore,
			Words: text[m[2]:m[5]], Fix: text[m[4]:m[5]]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// runeOffsets turns byte offsets of text into code point offsets,
// counting only the runes between the offset asked and the one before it,
// so that offsets asked in order cost one pass over text.
type runeOffsets struct {
	text        string
	byte, runes int // the offset last asked, in bytes and in code points
}

func (o *runeOffsets) at(b int) int {
	if b >= o.byte {
		o.runes += utf8.RuneCountInString(o.text[o.byte:b])
	} else {
		o.runes -= utf8.RuneCountInString(o.text[b:o.byte])
	}
	o.byte = b
	return o.runes
}

// allowedTwice are words that may stand twice in a row in good English.
var allowedTwice = map[string]bool{"had": true, "that": true, "is": true, "very": true, "bye": true, "ha": true, "no": true}

// article reports whether "a" or "an" (art) does not suit the sound of
// word, and the article that does.
func article(art, word string) (string, bool) {
	lower := strings.ToLower(word)
	if lower == "" || !unicode.IsLetter(rune(lower[0])) {
		return "", false
	}
	vowel := strings.ContainsRune("aeiou", rune(lower[0]))
	for _, p := range consonantSound {
		if strings.HasPrefix(lower, p) {
			vowel = false
		}
	}
	for _, p := range vowelSound {
		if strings.HasPrefix(lower, p) {
			vowel = true
		}
	}
	if len(word) == 1 || isUpperWord(word) {
		return "", false // a letter or an abbreviation: said by its letters
	}
	switch {
	case art == "a" && vowel:
		return "an", true
	case art == "A" && vowel:
		return "An", true
	case art == "an" && !vowel:
		return "a", true
	case art == "An" && !vowel:
		return "A", true
	}
	return "", false
}

func isUpperWord(w string) bool {
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// abbreviationBefore reports whether the full stop at b ends a short
// abbreviation ("e.g.", "etc.", "Dr."), after which a lower-case word does
// not start a sentence.
func abbreviationBefore(text string, b int) bool {
	start := b
	for start > 0 && !unicode.IsSpace(rune(text[start-1])) {
		start--
	}
	w := strings.ToLower(text[start:b])
	switch w {
	case "e.g", "i.e", "etc", "cf", "vs", "dr", "mr", "mrs", "ms", "no", "p", "pp", "vol", "fig", "al":
		return true
	}
	return strings.Contains(w, ".")
}
