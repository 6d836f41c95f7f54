package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
)

// TestDifficultWordsUnderlined: with reading_aids.difficult_words on, a
// word of three syllables or more is drawn underlined and a short one is
// not; off, neither is.
func TestDifficultWordsUnderlined(t *testing.T) {
	s := newSim(t, "words.txt", "The extraordinary cat.\n", 60, 8, defaultCfg)
	underlined := func(x int) bool {
		s.r.Draw()
		_, _, attrs := textStyle(s, x, 0).Decompose()
		return attrs&tcell.AttrUnderline != 0
	}
	if underlined(6) {
		t.Fatal("difficult words off, but extraordinary is underlined")
	}
	s.set("reading_aids.difficult_words", true)
	if !underlined(6) || underlined(19) {
		t.Errorf("on: extraordinary underlined %v, cat underlined %v", underlined(6), underlined(19))
	}
}
