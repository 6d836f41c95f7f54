package units

import (
	"math/rand/v2"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// segmentedWordCount is the word count by segmenting every line whole.
func segmentedWordCount(text string) int {
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		n += len(segmentWords(line, 0))
	}
	return n
}

// TestWordCountMatchesWords: counting by tokens gives the number of words
// segmenting whole lines finds, marks and format characters after spaces
// included.
func TestWordCountMatchesWords(t *testing.T) {
	cases := []string{
		"", "one", "two words", "well-known and self-evident", "a - b", "co-op- x", "  lead and trail  ",
		"1,250 and 3.5", "e.g. U.S.A.", "café naïve", "a \u0301b c", "x \u200dy", "flag 🇫🇷🇫🇷 and 👍🏽 ok",
		"tab\tseparated\twords", "line one\nline two\n", "don't can’t", "日本語 テキスト ｶﾞ ﾞx",
	}
	for _, c := range cases {
		d := doc.New(c, doc.Meta{}, nil)
		if got, want := New(d).WordCount(), segmentedWordCount(c); got != want {
			t.Errorf("%q: %d words, want %d", c, got, want)
		}
	}
	parts := strings.Fields("a b-c - – the café 1,2 3.5 x' 'y don’t \u0301 \u200d ﾞ 🇫🇷 👍🏽 e.g. : _ ; \t")
	r := rand.New(rand.NewPCG(3, 5))
	for range 20000 {
		var sb strings.Builder
		for range r.IntN(20) {
			sb.WriteString(parts[r.IntN(len(parts))])
			switch r.IntN(6) {
			case 0:
			case 1:
				sb.WriteByte('\n')
			default:
				sb.WriteByte(' ')
			}
		}
		text := sb.String()
		d := doc.New(text, doc.Meta{}, nil)
		if got, want := New(d).WordCount(), segmentedWordCount(text); got != want {
			t.Fatalf("%q: %d words, want %d", text, got, want)
		}
	}
}
