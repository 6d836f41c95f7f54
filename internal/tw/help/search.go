package help

import (
	"slices"
	"strings"
	"unicode"
)

// Glossary maps a word a user may search for to the words or phrases tw
// uses for the same thing ("faster" to "rate", "dictionary" to
// "spelling"). It is read from the guide's own page of other words, in
// whatever language that page is written.
type Glossary map[string][]string

// ParseGlossary reads the glossary from guide text: every list item of
// the form "- faster, slower, speed: rate, speed preset" in the section
// whose heading is heading gives each word before the colon the words
// and phrases after it (separated by commas). Anything else is ignored.
func ParseGlossary(guide, heading string) Glossary {
	g := Glossary{}
	in := false
	for _, line := range strings.Split(guide, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			in = strings.TrimSpace(strings.TrimLeft(line, "#")) == heading
			continue
		}
		item, ok := strings.CutPrefix(line, "- ")
		if !in || !ok {
			continue
		}
		left, right, ok := strings.Cut(item, ":")
		if !ok {
			continue
		}
		var terms []string
		for _, t := range strings.Split(right, ",") {
			if t = strings.Join(Words(t), " "); t != "" {
				terms = append(terms, t)
			}
		}
		for _, w := range Words(left) {
			g[w] = append(g[w], terms...)
		}
	}
	return g
}

// Words splits text into its lowercase words (runs of letters and
// digits).
func Words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
	})
}

// SameStem reports whether two lowercase words are taken for forms of
// one word: one is the other with an ending of up to three letters and
// the shorter has at least four ("fast", "faster"; not "wörter",
// "wörterbuch"), or they share all but the last two letters of the
// shorter, five at least, and all but three of the longer ("dictionary",
// "dictionaries"; "verbosity", "verbosité"; not "wörtern", "wörterbuch").
// "speech" and "speed" are not.
func SameStem(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	shorter, longer := min(len(ra), len(rb)), max(len(ra), len(rb))
	p := 0
	for p < shorter && ra[p] == rb[p] {
		p++
	}
	if p == shorter {
		return longer == shorter || shorter >= 4 && longer-shorter <= 3
	}
	return p >= 5 && p >= shorter-2 && longer-p <= 3
}

// Matcher tells whether a text answers a query: every word of the query
// is found in the text, in any order, as a part of the text (the way a
// filter typed letter by letter finds "bookm"), as another form of one
// of its words, or through one of the glossary's words for it.
type Matcher struct {
	want [][]string // for each query word: itself and its glossary words
}

// Matcher returns the matcher of query. The zero Glossary adds no words.
func (g Glossary) Matcher(query string) Matcher {
	var m Matcher
	for _, w := range Words(query) {
		alts := []string{w}
		for k, terms := range g {
			if k == w || len([]rune(w)) >= 4 && SameStem(w, k) {
				alts = append(alts, terms...)
			}
		}
		m.want = append(m.want, alts)
	}
	return m
}

// Empty reports whether the query had no words: it matches everything.
func (m Matcher) Empty() bool { return len(m.want) == 0 }

// Match reports whether text answers the query.
func (m Matcher) Match(text string) bool { return m.Score(text) > NoMatch }

// How well a text answers a query, from Score.
const (
	NoMatch    = iota // a word of the query is not in the text
	ByGlossary        // found, a word only through the glossary
	Direct            // every word found itself or in another form
)

// Score tells how well text answers the query: a search shows the Direct
// answers before those found ByGlossary ("quiet" finds Quiet screen
// before the volume, "quieter" in the glossary).
func (m Matcher) Score(text string) int {
	if m.Empty() {
		return Direct
	}
	lower := strings.ToLower(text)
	words := Words(text)
	score := Direct
	for _, alts := range m.want {
		switch {
		case found(alts[0], lower, words, true):
		case slices.ContainsFunc(alts[1:], func(alt string) bool { return found(alt, lower, words, false) }):
			score = ByGlossary
		default:
			return NoMatch
		}
	}
	return score
}

// found reports whether want is in the text: a glossary's phrase of
// several words as written; the query's own word (part) also as a part
// of the text, the way a filter typed letter by letter finds "bookm"; any
// word as another form of one of the text's words.
func found(want, lower string, words []string, part bool) bool {
	if strings.Contains(want, " ") {
		// A phrase, word by word ("langue de l'interface" is held as
		// "langue de l interface").
		return strings.Contains(" "+strings.Join(words, " ")+" ", " "+want+" ")
	}
	if part && strings.Contains(lower, want) {
		return true
	}
	return slices.ContainsFunc(words, func(w string) bool { return SameStem(want, w) })
}
