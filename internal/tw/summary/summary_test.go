package summary

import (
	"math"
	"slices"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/units"
)

func markdown(t testing.TB, text string) *units.Index {
	t.Helper()
	d, err := load.Bytes("notes.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return units.New(d)
}

// An essay on tides: most sentences speak of the moon, the sea and tides;
// one is about something else, one is in a table, one in a heading, one in
// a code block.
const essay = `# Tides and the moon

The moon pulls the sea towards it and makes the tides rise.
Tides rise and fall twice a day because the moon pulls the sea.
My neighbour bought a bright red bicycle last Tuesday afternoon.
The sea follows the moon, so the tides follow the moon too.
Spring tides come when the sun and the moon pull the sea together.

| Tide | Height of the sea under the moon |
|------|------|
| Spring | The moon and the sun pull the sea high |

    The moon pulls the sea in this code block too.

Neap tides come when the sun and the moon pull the sea apart.
`

func TestSummaryPicksTheCentralSentencesInOrder(t *testing.T) {
	ix := markdown(t, essay)
	s := Summarize(ix, 0, ix.Doc.Len(), Options{Sentences: 3})
	if len(s.Sentences) != 3 {
		t.Fatalf("%d sentences: %+v", len(s.Sentences), s.Sentences)
	}
	for i, got := range s.Sentences {
		if i > 0 && got.Start <= s.Sentences[i-1].Start {
			t.Errorf("not in document order: %+v", s.Sentences)
		}
		if text := strings.Join(strings.Fields(ix.Doc.Slice(got.Start, got.End)), " "); text != got.Text {
			t.Errorf("range %d-%d holds %q, text says %q", got.Start, got.End, text, got.Text)
		}
		for _, never := range []string{"bicycle", "Tides and the moon", "code block", "Height", "Spring |"} {
			if strings.Contains(got.Text, never) {
				t.Errorf("chose %q", got.Text)
			}
		}
	}
	if s.Candidates != 6 || s.Ranked != 6 || s.Sampled() {
		t.Errorf("candidates %d, ranked %d, sampled %v; want the 6 sentences of the paragraphs, all ranked", s.Candidates, s.Ranked, s.Sampled())
	}
	// The same every time.
	again := Summarize(ix, 0, ix.Doc.Len(), Options{Sentences: 3})
	if !slices.Equal(s.Sentences, again.Sentences) {
		t.Errorf("two runs differ:\n%+v\n%+v", s.Sentences, again.Sentences)
	}
}

func TestLexRank(t *testing.T) {
	// Sentence 0 shares a term with every other; 3 shares none.
	scores := lexRank([][]int32{{0, 1, 2}, {0, 3}, {1, 4}, {5, 6}, {2, 7}}, 8)
	sum := 0.0
	for _, s := range scores {
		sum += s
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("scores sum to %v", sum)
	}
	for i := 1; i < len(scores); i++ {
		if scores[0] <= scores[i] {
			t.Errorf("the hub scores %v, sentence %d %v", scores[0], i, scores[i])
		}
	}
	if scores[3] >= scores[1] {
		t.Errorf("a sentence like no other scores %v, above a linked one's %v", scores[3], scores[1])
	}
	if got := lexRank(nil, 0); got != nil {
		t.Errorf("no sentences: %v", got)
	}
}

func TestTerms(t *testing.T) {
	for _, c := range []struct {
		text  string
		words int
		terms []string
	}{
		{"The moon's pull", 3, []string{"moon", "pull"}},
		{"Don't panic: it’s 42!", 4, []string{"panic"}},
		{"A 1999 TIDE-table, x y", 6, []string{"tide", "table"}},
		{"", 0, nil},
	} {
		var terms []string
		words := eachWord(c.text, func(s string) { terms = append(terms, s) })
		if words != c.words || !slices.Equal(terms, c.terms) {
			t.Errorf("%q: %d words %q, want %d %q", c.text, words, terms, c.words, c.terms)
		}
	}
}

// A text over the budget is read in windows, every chosen sentence whole
// and inside the range.
func TestLongTextIsSampled(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		b.WriteString("The moon pulls the sea and the tides rise high tonight. Sailors watch the tides and the moon with care.\n\n")
		if i%7 == 0 {
			b.WriteString("Bicycles are red and fast and fun on sunny days.\n\n")
		}
	}
	ix := markdown(t, b.String())
	s := Summarize(ix, 100, ix.Doc.Len()-100, Options{Sentences: 4, TextBudget: 6400, MaxCandidates: 50})
	if !s.Windowed || !s.Sampled() || s.Ranked != 50 || s.CharsRead > 6400 || s.CharsRead == 0 {
		t.Errorf("windowed %v, ranked %d of %d, read %d of %d", s.Windowed, s.Ranked, s.Candidates, s.CharsRead, s.Chars)
	}
	if len(s.Sentences) != 4 {
		t.Fatalf("%d sentences", len(s.Sentences))
	}
	for _, x := range s.Sentences {
		if x.Start < 100 || x.End > ix.Doc.Len()-100 {
			t.Errorf("%+v is outside the range", x)
		}
		if r, ok := ix.Sentence(x.Start); !ok || r.Start != x.Start || r.End != x.End {
			t.Errorf("%q is not a whole sentence (%v)", x.Text, r)
		}
	}
}

func TestEmptyAndTinyDocuments(t *testing.T) {
	for _, text := range []string{"", "# Only a heading\n", "Too short.\n", "```\ncode only here and nothing else\n```\n"} {
		ix := markdown(t, text)
		if s := Summarize(ix, 0, ix.Doc.Len(), Options{}); len(s.Sentences) != 0 {
			t.Errorf("%q: %+v", text, s.Sentences)
		}
	}
	ix := units.New(doc.New("A plain text document with enough words in it.", doc.Meta{}, nil))
	if s := Summarize(ix, 0, ix.Doc.Len(), Options{}); len(s.Sentences) != 1 {
		t.Errorf("one sentence: %+v", s)
	}
}

func BenchmarkSummarize(b *testing.B) {
	var sb strings.Builder
	words := strings.Fields("moon sea tide sailor harbour wind sun storm boat rope night shore wave salt fish light")
	for i := range 20000 {
		for j := range 12 {
			sb.WriteString(words[(i*7+j*3)%len(words)])
			sb.WriteByte(' ')
		}
		sb.WriteString("end.\n")
		if i%5 == 4 {
			sb.WriteByte('\n')
		}
	}
	ix := markdown(b, sb.String())
	b.ResetTimer()
	for range b.N {
		Summarize(ix, 0, ix.Doc.Len(), Options{})
	}
}
