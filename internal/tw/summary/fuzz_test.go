package summary

import (
	"testing"

	"textfirst/internal/tw/load"
	"textfirst/internal/tw/units"
)

// FuzzSummarize: any Markdown, any range: no panic, at most the sentences
// asked for, each inside the range, in document order.
func FuzzSummarize(f *testing.F) {
	f.Add(essay, 0, 1000, 3)
	f.Add("Don't, won't; it’s 'quoted' rock'n'roll.\n\n| a b c d | e |\n|-|-|\n| x y z w | v |\n", 3, 40, 1)
	f.Add("", 0, 0, 5)
	f.Fuzz(func(t *testing.T, text string, from, to, n int) {
		if len(text) > 1<<16 {
			return
		}
		d, err := load.Bytes("notes.md", []byte(text))
		if err != nil {
			return // not a document: the loader's own fuzz targets cover it
		}
		ix := units.New(d)
		s := Summarize(ix, from, to, Options{Sentences: n % 60, TextBudget: 1 + len(text)/3})
		want := n % 60
		if want <= 0 {
			want = DefaultSentences
		}
		if len(s.Sentences) > want {
			t.Fatalf("%d sentences, asked for %d", len(s.Sentences), want)
		}
		for i, x := range s.Sentences {
			if x.Start < max(from, 0) || x.End > min(to, ix.Doc.Len()) || (i > 0 && x.Start <= s.Sentences[i-1].Start) {
				t.Fatalf("sentence %d %+v in %d-%d", i, x, from, to)
			}
		}
	})
}
