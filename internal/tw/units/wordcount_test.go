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

// navigatedCounts counts paragraphs and sentences by moving from
// paragraph to paragraph, as a reader does.
func navigatedCounts(ix *Index) (paragraphs, sentences int) {
	for pos := 0; ; {
		p, ok := ix.ParagraphAtOrAfter(pos)
		if !ok || p.Start < pos && pos > 0 {
			break
		}
		paragraphs++
		sentences += len(ix.Sentences(p))
		pos = p.End + 1
		if pos >= ix.Doc.Len() {
			break
		}
	}
	return paragraphs, sentences
}

// TestCountsMatchNavigation: one pass over the lines finds the paragraphs
// and sentences that moving through the document finds, list items and
// blank lines of spaces included.
func TestCountsMatchNavigation(t *testing.T) {
	lines := []string{"", "  ", "\u00a0", "One sentence. Two sentences!", "- an item. Another", "more text? yes",
		"Ça va… Très bien.", "1. First. Second", "end.", "e.g. this one"}
	r := rand.New(rand.NewPCG(9, 4))
	for range 3000 {
		var sb strings.Builder
		var markers []doc.Marker
		pos := 0
		for i := range r.IntN(12) {
			if i > 0 {
				sb.WriteByte('\n')
				pos++
			}
			line := lines[r.IntN(len(lines))]
			if strings.HasPrefix(line, "- ") || r.IntN(5) == 0 {
				n := len([]rune(line))
				markers = append(markers, doc.Marker{Kind: doc.ListItem, Start: pos, End: pos + n, Level: 1})
			}
			sb.WriteString(line)
			pos += len([]rune(line))
		}
		d := doc.New(sb.String(), doc.Meta{}, markers)
		gotP, gotS := New(d).Counts()
		wantP, wantS := navigatedCounts(New(d))
		if gotP != wantP || gotS != wantS {
			t.Fatalf("%q: %d paragraphs and %d sentences, want %d and %d", d.Text, gotP, gotS, wantP, wantS)
		}
	}
}

// TestASCIIWordsMatchSegmentation: counting an ASCII token's words from
// the small table gives what UAX #29 segmentation gives.
func TestASCIIWordsMatchSegmentation(t *testing.T) {
	cases := []string{"", "a", "well-known", "a-", "-a", "a--b", "a-b-c", "1,250.5", "a.b.c", "a:1", "1.a",
		"don't", "_", "__a", "a_1", "x'y'", "e.g.", "U.S.A", "a;b", "1;2", "1:2", "a-_b", "a-1", "(a)", "\"a\"b"}
	alphabet := "ab1_-.,;:'\"()!?#\t"
	r := rand.New(rand.NewPCG(5, 8))
	for range 200000 {
		b := make([]byte, r.IntN(10))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		got, ok := countASCIIWords(c)
		if want := len(segmentWords(c, 0)); !ok || got != want {
			t.Fatalf("%q: %d words (ok %v), want %d", c, got, ok, want)
		}
	}
	if _, ok := countASCIIWords("café"); ok {
		t.Errorf("a token with a code point beyond ASCII was counted from the table")
	}
}

func FuzzASCIIWords(f *testing.F) {
	for _, s := range []string{"well-known", "1,250.5", "a.b.c", "x'y'", "a-_b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, token string) {
		if strings.Contains(token, " ") {
			return // tokens never hold a space
		}
		if got, ok := countASCIIWords(token); ok {
			if want := len(segmentWords(token, 0)); got != want {
				t.Errorf("%q: %d words, want %d", token, got, want)
			}
		}
	})
}
