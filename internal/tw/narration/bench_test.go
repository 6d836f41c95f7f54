package narration_test

import (
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

// repeated is the sample document n times over, "\n\n" between copies.
func repeated(b testing.TB, n int) *doc.Document {
	s := sample(b)
	var text strings.Builder
	var ms []doc.Marker
	for i := range n {
		at := i * (s.Len() + 2)
		text.WriteString(s.Text)
		text.WriteString("\n\n")
		for _, m := range s.All() {
			m.Start += at
			m.End += at
			ms = append(ms, m)
		}
	}
	return doc.New(text.String(), doc.Meta{}, ms)
}

// BenchmarkNarrate narrates a document of about 1.5 MB (10,000 copies of
// the sample: headings, lists, tables, quotes, code, notes) from start to
// end at normal verbosity; b.N documents.
func BenchmarkNarrate(b *testing.B) {
	d := repeated(b, 10000)
	ix := units.New(d)
	ix.Warm()
	b.SetBytes(int64(len(d.Text)))
	b.ReportAllocs()
	for b.Loop() {
		narration.Narrate(ix, 0, d.Len(), narration.Options{})
	}
}
