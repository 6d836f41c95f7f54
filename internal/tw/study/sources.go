package study

import (
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/units"
)

// docText is a document as Make reads it.
type docText struct {
	d  *doc.Document
	ix *units.Index
}

func (t docText) Len() int                    { return t.d.Len() }
func (t docText) Slice(start, end int) string { return t.d.Slice(start, end) }
func (t docText) Sentence(pos int) (int, int, bool) {
	r, ok := t.ix.Sentence(pos)
	return r.Start, r.End, ok
}

// SourcesOf is what to make cards from in document d (ix its units, nil
// to make them), titled title: its headings, and the notes and highlights
// of st, whose offsets are d's.
func SourcesOf(d *doc.Document, ix *units.Index, st *docstate.DocState, title string, w Words, headings bool) Sources {
	if ix == nil {
		ix = units.New(d)
	}
	src := Sources{Words: w, Text: docText{d, ix}, Title: title, WithHeadings: headings}
	for _, m := range d.MarkersOf(doc.Heading) {
		src.Headings = append(src.Headings, Heading{Start: m.Start, End: m.End, Text: Collapse(d.Slice(m.Start, m.End), 120)})
	}
	for _, n := range st.Notes {
		src.Notes = append(src.Notes, Mark{ID: n.ID, Start: n.Start, End: n.End, Note: n.Text})
	}
	for _, h := range st.Highlights {
		src.Highlights = append(src.Highlights, Mark{ID: h.ID, Start: h.Start, End: h.End})
	}
	return src
}
