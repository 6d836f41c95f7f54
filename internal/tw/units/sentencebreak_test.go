package units

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// unisegSentences is what uniseg alone makes of text.
func unisegSentences(text string) []string {
	var out []string
	state := -1
	for len(text) > 0 {
		var seg string
		seg, text, state = uniseg.FirstSentenceInString(text, state)
		out = append(out, seg)
	}
	return out
}

func fastSentences(text string) []string {
	var out []string
	eachSentence(text, func(seg string) { out = append(out, seg) })
	return out
}

// sentenceAlphabet is every code point the fast path knows, and a few it
// does not (which send the text to uniseg).
var sentenceAlphabet = func() []string {
	var out []string
	for c := 0x20; c < 0x7F; c++ {
		out = append(out, string(rune(c)))
	}
	for _, r := range "\t\v\f\u00a0«»‘’‚‛“”„‟–—…ÀÉÖ×ØÞßéö÷øÿ\u00ad\u0301ĀΩ。\n\r" {
		out = append(out, string(r))
	}
	return out
}()

// TestSentenceFastPathMatchesUniseg: the table-driven segmentation gives
// uniseg's sentences, on hand-picked cases of each rule and on random text
// over the code points it knows (and a few it does not).
func TestSentenceFastPathMatchesUniseg(t *testing.T) {
	cases := []string{
		"", "a", "Hello. World.", "Hello.World", "e.g. this", "Mr. Smith went.", "3.5 percent. Then",
		"U.S.A. Next", "He said “Stop.” Then left.", "Wait... what? Yes!", "(Done.) Next.",
		"Is it? no, it is. fine", "a. , b", "end.) a", "end. 1 b", "end.' \"Next", "x.—y", "Ou é. Était",
		"Fin… Suite", "a.\u00a0B", "A.B", "a.B.c", "?!", ". . .", "a! b", "a. ( b", "a.\tb",
	}
	for _, c := range cases {
		if got, want := fastSentences(c), unisegSentences(c); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", c, got, want)
		}
	}
	for _, c := range []string{"Hello. World.", "Un café “noir”… Très bon — oui! (Fin.)"} {
		if _, ok := sentenceEnds(c); !ok {
			t.Errorf("%q goes to uniseg, not the table", c)
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	words := strings.Fields("the Reader moves. through a long? Document! café naïve résumé — “quoted” 1,250 3.5 e.g. Mr. (see) [1] a.m. USA. x")
	for range 100000 {
		var sb strings.Builder
		n := r.IntN(12)
		for range n {
			if r.IntN(3) == 0 {
				sb.WriteString(sentenceAlphabet[r.IntN(len(sentenceAlphabet))])
			} else {
				sb.WriteString(words[r.IntN(len(words))])
				if r.IntN(4) > 0 {
					sb.WriteByte(' ')
				}
			}
		}
		text := sb.String()
		if got, want := fastSentences(text), unisegSentences(text); !slices.Equal(got, want) {
			t.Fatalf("%q: got %q, want %q", text, got, want)
		}
	}
}

func FuzzSentenceSegments(f *testing.F) {
	for _, s := range []string{"Hello. World.", "a.B", "end.) a", "Fin… Suite", "x\u0301. Y", "3.5. A", "a.\xff B", "a.\r\nB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := fastSentences(text), unisegSentences(text); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", text, got, want)
		}
	})
}
