package narration_test

import (
	"testing"
	"unicode/utf8"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

// FuzzNarrate narrates any text with any markers (kinds, ranges and
// levels from the bytes of shape): it never panics, every document piece
// is the document's text at its range, and inserted pieces have none.
func FuzzNarrate(f *testing.F) {
	f.Add("Name | Score\nAda | 98\n\n[1] note.[2]", []byte{8, 0, 20, 0, 9, 0, 12, 1, 14, 13, 3, 0})
	f.Add("a\n\n\nb [1]", []byte{14, 5, 9, 0, 7, 0, 1, 2})
	f.Add("x", []byte{10, 0, 0, 0, 11, 1, 1, 0})
	kinds := []doc.Kind{doc.Heading, doc.Paragraph, doc.Code, doc.List, doc.ListItem, doc.Quote, doc.Image,
		doc.Table, doc.TableRow, doc.TableCell, doc.Footnote, doc.Link, doc.Bold, doc.Rule, doc.Footnote}
	f.Fuzz(func(t *testing.T, text string, shape []byte) {
		if !utf8.ValidString(text) {
			return
		}
		d := doc.New(text, doc.Meta{}, testkit.FuzzMarkers(text, shape, kinds))
		ix := units.New(d)
		for _, v := range []narration.Verbosity{narration.Low, narration.Normal, narration.High} {
			checkPieces(t, d, narration.Narrate(ix, 0, d.Len(), narration.Options{Verbosity: v}))
		}
		// The reading settings' other ways of saying tables, notes and code.
		for _, o := range []narration.Options{{Tables: "flat", Footnotes: "deferred"}, {Tables: "skip", Footnotes: "skip", SkipCode: true}} {
			checkPieces(t, d, narration.Narrate(ix, 0, d.Len(), o))
		}
	})
}
