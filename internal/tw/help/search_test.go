package help

import (
	"strings"
	"testing"
)

// TestMatcherFindsByWordsFormsAndGlossary: every word of a query must be
// found, in any order, as part of the text, as another form of one of its
// words, or through the guide's own glossary; near words that are other
// words ("speed" and "speech") are not taken for each other.
func TestMatcherFindsByWordsFormsAndGlossary(t *testing.T) {
	g := ParseGlossary(Guide(""), "Other words")
	tests := []struct {
		query, text string
		want        bool
	}{
		{"", "anything", true},
		{"add bookm", "add bookmark: m. Bookmarks and notes", true},
		{"bookmark delete", "Delete bookmark", true},
		{"headings previous", "Previous heading, Less than", true},
		{"dictionaries", "Add to dictionary", true},
		{"verbosité", "Cycle verbosity", true},
		{"faster", "Rate up, Plus. Voice menu", true},
		{"faster", "Cycle speed preset", true},
		{"louder", "Volume up", true},
		{"dictionary", "Next misspelling, Alt+M", true},
		{"language", "Interface language: English", true},
		{"verbose", "Cycle verbosity", true},
		{"chatty", "Cycle verbosity", true},
		{"speed", "Read current sentence. Speech", false},
		{"wörterbuch", "Wörter zählen", false},
		{"wörterbuch", "in Schritten von 20 Wörtern", false},
		{"faster", "Read paragraph", false},
		{"dictionary", "Export html", false},
		{"rate down", "Rate up", false},
	}
	for _, tt := range tests {
		if got := g.Matcher(tt.query).Match(tt.text); got != tt.want {
			t.Errorf("%q in %q: %v, want %v", tt.query, tt.text, got, tt.want)
		}
	}
}

// TestGlossaryReadFromTheGuide: the glossary is the guide's own list of
// other words, and only that list.
func TestGlossaryReadFromTheGuide(t *testing.T) {
	g := ParseGlossary(Guide(""), "Other words")
	if got := strings.Join(g["faster"], "|"); got != "rate|speed preset" {
		t.Errorf("faster: %q", got)
	}
	if len(g) < 20 {
		t.Errorf("the glossary has %d words", len(g))
	}
	if len(ParseGlossary("## Speech\n\n- fast: rate\n", "Other words")) != 0 {
		t.Error("a list outside the page of other words was read")
	}
}

// FuzzMatcher: any glossary text and query parse and match without a
// panic, and a text holding the query's exact words always matches.
func FuzzMatcher(f *testing.F) {
	f.Add("## Other words\n\n- faster: rate\n", "faster up", "Rate up")
	f.Add("## Other words\n- :\n- a,,b: ,\n", "é\u0301", "")
	f.Fuzz(func(t *testing.T, guide, query, text string) {
		m := ParseGlossary(guide, "Other words").Matcher(query)
		m.Match(text)
		if !m.Match(query) {
			t.Errorf("%q does not match itself", query)
		}
	})
}
