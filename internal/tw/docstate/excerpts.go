package docstate

// ContextRadius is how many characters a context keeps on each side of
// its position.
const ContextRadius = 20

// StripExcerpts empties the excerpts of the document's text st holds (the
// place's and marks' contexts, notes' anchors, highlights' text), keeping
// their positions and the notes the user wrote: the state of an encrypted
// document is saved so, its text never in the clear. FillExcerpts derives
// them again from the text.
func (st *DocState) StripExcerpts() {
	if st.Place != nil {
		st.Place.Context = ""
	}
	for i := range st.Bookmarks {
		st.Bookmarks[i].Context = ""
	}
	for i := range st.Notes {
		st.Notes[i].Context, st.Notes[i].Anchor = "", ""
	}
	for i := range st.Highlights {
		st.Highlights[i].Context, st.Highlights[i].Text = "", ""
	}
}

// FillExcerpts sets the excerpts StripExcerpts empties, those that are
// empty, from the document's text: slice gives the text between two
// code-point offsets of a text of length code points.
func (st *DocState) FillExcerpts(slice func(start, end int) string, length int) {
	context := func(pos int) string {
		return slice(min(max(0, pos-ContextRadius), length), min(length, max(0, pos+ContextRadius)))
	}
	span := func(start, end int) string {
		start = min(max(start, 0), length)
		return slice(start, min(max(end, start), length))
	}
	fill := func(s *string, v func() string) {
		if *s == "" {
			*s = v()
		}
	}
	if st.Place != nil {
		fill(&st.Place.Context, func() string { return context(st.Place.Char) })
	}
	for i := range st.Bookmarks {
		b := &st.Bookmarks[i]
		fill(&b.Context, func() string { return context(b.Char) })
	}
	for i := range st.Notes {
		n := &st.Notes[i]
		fill(&n.Context, func() string { return context(n.Start) })
		fill(&n.Anchor, func() string { return span(n.Start, n.End) })
	}
	for i := range st.Highlights {
		h := &st.Highlights[i]
		fill(&h.Context, func() string { return context(h.Start) })
		fill(&h.Text, func() string { return span(h.Start, h.End) })
	}
}
