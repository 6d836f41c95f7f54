package narration

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/units"
)

// Narrate returns the utterances continuous reading speaks for the range
// [from, to) of the indexed document, in order. Inserted words are said
// only where the structure they announce starts inside the range: reading
// from the middle of a list does not announce the list.
func Narrate(ix *units.Index, from, to int, o Options) []Utterance {
	d := ix.Doc
	from = max(0, min(from, d.Len()))
	to = max(from, min(to, d.Len()))
	n := &narrator{ix: ix, d: d, from: from, to: to, p: o.printer(), v: o.level(), o: o}
	for pos := from; pos < to; {
		p, ok := ix.ParagraphAtOrAfter(pos)
		if !ok || p.Start >= to {
			break
		}
		// Only the part inside the range is split into sentences, so that
		// narrating a little of a long paragraph costs little.
		for _, s := range n.sentences(units.Range{Start: max(p.Start, from), End: min(p.End, to)}) {
			if s.End <= pos {
				continue
			}
			if s.Start >= to {
				break
			}
			if s.Start < pos && pos > from {
				// Inside a block already read (a table, a code block).
				continue
			}
			pos = n.block(s)
		}
		pos = max(pos, p.End+1)
	}
	return n.out
}

// sentences are the text model's sentences of paragraph p, except that a
// footnote reference ("footnote.[1] It") stays whole with the sentence it
// starts in.
func (n *narrator) sentences(p units.Range) []units.Range {
	ss := n.ix.Sentences(p)
	refs := n.ix.Within(doc.Footnote, p.Start, p.End)
	if len(refs) == 0 {
		return ss
	}
	out := make([]units.Range, 0, len(ss))
	for _, s := range ss {
		if k := len(out); k > 0 && s.Start < out[k-1].End {
			s.Start = out[k-1].End
			if s = n.trim(s); s.Len() == 0 {
				continue
			}
		}
		for _, m := range refs {
			if m.Level == 0 && m.Start < s.End && s.End < m.End {
				s.End = m.End
			}
		}
		// A reference right after a full stop, before a capital, ends
		// its sentence there; a note starts a sentence of its own.
		for _, m := range refs {
			end := 0
			switch {
			case m.Level == 0 && m.Start > s.Start && m.End < s.End && n.endsSentenceAt(m):
				end = m.End
			case m.Level > 0 && m.Start > s.Start && m.Start < s.End:
				end = m.Start
			default:
				continue
			}
			if r := n.trim(units.Range{Start: s.Start, End: end}); r.Len() > 0 {
				out = append(out, r)
			}
			s = n.trim(units.Range{Start: end, End: s.End})
		}
		if s.Len() > 0 {
			out = append(out, s)
		}
	}
	return out
}

// endsSentenceAt reports whether the reference m follows a sentence's
// end mark and comes before white space and a capital letter.
func (n *narrator) endsSentenceAt(m doc.Marker) bool {
	if !strings.ContainsRune(".!?…", n.d.RuneAt(m.Start-1)) || !unicode.IsSpace(n.d.RuneAt(m.End)) {
		return false
	}
	next := m.End
	for next < n.d.Len() && unicode.IsSpace(n.d.RuneAt(next)) {
		next++
	}
	return unicode.IsUpper(n.d.RuneAt(next))
}

// narrator holds one narration in progress.
type narrator struct {
	ix       *units.Index
	d        *doc.Document
	from, to int
	p        *i18n.Printer
	v        Verbosity
	o        Options
	out      []Utterance
}

// block narrates what starts with sentence s: a whole table or code block,
// a heading or image description as one utterance, or the sentence. It
// returns the position after what it read.
func (n *narrator) block(s units.Range) int {
	if t, ok := n.enclosing(doc.Table, s.Start, 0); ok {
		switch n.o.Tables {
		case "skip":
			return t.End
		case "flat":
			v := n.v
			n.v = Low
			defer func() { n.v = v }()
		}
		return n.table(t, s.Start)
	}
	if c, ok := n.enclosing(doc.Code, s.Start, 1); ok {
		if n.o.SkipCode {
			return c.End
		}
		return n.code(c, s.Start)
	}
	if note, ok := n.enclosing(doc.Footnote, s.Start, 1); ok && n.o.Footnotes == "skip" {
		return note.End
	}
	r := s
	// A heading or a graphic's description is read whole.
	for _, k := range []doc.Kind{doc.Heading, doc.Image} {
		for _, m := range n.startingAt(k, s.Start) {
			r.End = max(r.End, min(m.End, n.to))
		}
	}
	if r.End > s.End {
		r = n.trim(r)
	}
	n.sentence(r)
	return r.End
}

// sentence narrates one sentence (or a heading, a description): the roles
// that start with it, then its text with footnote references read.
func (n *narrator) sentence(r units.Range) {
	body := n.text(units.Range{Start: max(r.Start, n.from), End: min(r.End, n.to)})
	if len(body) == 0 {
		return
	}
	if r.Start >= n.from && n.v != Low {
		body = n.roles(r.Start, body)
	}
	n.say(r, body)
}

// roles wraps body in the roles of the markers starting at pos, innermost
// first: heading, graphic, list item number, list, block quote.
func (n *narrator) roles(pos int, body []Piece) []Piece {
	for _, m := range n.startingAt(doc.Heading, pos) {
		if n.v == High {
			i, total := n.place(m)
			body = compose(n.p, pos, i18n.Key("heading level %d, %d of %d, %s"), m.Level, i, total, body)
		} else {
			body = compose(n.p, pos, i18n.Key("heading level %d, %s"), m.Level, body)
		}
	}
	if len(n.startingAt(doc.Image, pos)) > 0 {
		body = compose(n.p, pos, i18n.Key("graphic, %s"), body)
	}
	for _, m := range n.startingAt(doc.ListItem, pos) {
		if m.Label != "" {
			body = append(repeated(m.Label+" ", pos), body...)
		}
	}
	lists := n.startingAt(doc.List, pos)
	for i := len(lists) - 1; i >= 0; i-- {
		items := 0
		for _, it := range n.ix.Within(doc.ListItem, lists[i].Start, lists[i].End) {
			if it.Level == lists[i].Level {
				items++
			}
		}
		body = compose(n.p, pos, i18n.Key("list with %d items, %s"), items, body)
	}
	if quotes := n.startingAt(doc.Quote, pos); len(quotes) > 0 {
		role, ok := quoteRoles[quotes[0].Label]
		if !ok {
			role = quoteRoles[""]
		}
		body = compose(n.p, pos, role, body)
	}
	return body
}

// quoteRoles say what a block set apart begins with, by its marker's
// label: a block quote, or what an HTML page sets apart (<nav>, <aside>,
// <footer>), which the reader can skip as it skips quotes.
var quoteRoles = map[string]string{
	"":           i18n.Key("block quote, %s"),
	"navigation": i18n.Key("navigation, %s"),
	"aside":      i18n.Key("aside, %s"),
	"footer":     i18n.Key("footer, %s"),
}

// text is the document text of r as pieces, a footnote reference written
// "[n]" read as "footnote n" (as written at low verbosity).
func (n *narrator) text(r units.Range) []Piece {
	if n.o.SkipCitations {
		return n.textWithoutCitations(r)
	}
	return n.textOf(r)
}

// textOf is text with citations read as written.
func (n *narrator) textOf(r units.Range) []Piece {
	var out []Piece
	pos := r.Start
	if _, inNote := n.enclosing(doc.Footnote, r.Start, 1); !inNote && (n.o.Footnotes == "deferred" || n.o.Footnotes == "skip") {
		// References are not read where they are marked; a note still
		// says its own number.
		for _, m := range n.ix.Within(doc.Footnote, r.Start, r.End) {
			if m.Level != 0 || m.Start < pos {
				continue
			}
			out = appendPiece(out, n.docPiece(pos, m.Start))
			pos = m.End
		}
		return appendPiece(out, n.docPiece(pos, r.End))
	}
	if n.v == Low {
		return []Piece{n.docPiece(r.Start, r.End)}
	}
	for _, m := range n.ix.Within(doc.Footnote, r.Start, r.End) {
		num, ok := n.noteNumber(m)
		if !ok || m.Start < pos {
			continue
		}
		out = appendPiece(out, n.docPiece(pos, m.Start))
		said := compose(n.p, m.Start, i18n.Key("footnote %s"), []Piece{n.docPiece(num.Start, num.End)})
		if m.Start > r.Start && !unicode.IsSpace(n.d.RuneAt(m.Start-1)) {
			out = appendInserted(out, " ", m.Start)
		}
		for _, p := range said {
			out = appendPiece(out, p)
		}
		pos = m.End
	}
	return appendPiece(out, n.docPiece(pos, r.End))
}

// noteNumber is the range of n inside a footnote label written "[n]". A
// note's own marker (level 1) and a reference written otherwise have none.
func (n *narrator) noteNumber(m doc.Marker) (units.Range, bool) {
	if m.Level != 0 || m.End-m.Start < 3 || n.d.RuneAt(m.Start) != '[' || n.d.RuneAt(m.End-1) != ']' {
		return units.Range{}, false
	}
	return units.Range{Start: m.Start + 1, End: m.End - 1}, true
}

// docPiece is the document text of [start, end).
func (n *narrator) docPiece(start, end int) Piece {
	return Piece{Text: n.d.Slice(start, end), Start: start, End: end}
}

// say adds an utterance reading r.
func (n *narrator) say(r units.Range, pieces []Piece) {
	if len(pieces) == 0 {
		return
	}
	n.out = append(n.out, Utterance{Pieces: pieces, Start: max(r.Start, n.from), End: min(r.End, n.to)})
}

// code narrates a code block from pos on, one line per utterance, each
// line without its indentation, the first one "code block, " when pos is
// at the block's start.
func (n *narrator) code(c doc.Marker, pos int) int {
	first := true
	announce := pos <= n.trim(units.Range{Start: c.Start, End: c.End}).Start
	for l := n.ix.LineOf(pos); l < n.ix.Lines(); l++ {
		lr := n.ix.Line(l)
		if lr.Start >= min(c.End, n.to) {
			break
		}
		r := n.trim(units.Range{Start: max(lr.Start, c.Start, pos), End: min(lr.End, c.End, n.to)})
		if r.Len() == 0 {
			continue
		}
		body := []Piece{n.docPiece(r.Start, r.End)}
		if first && announce && n.v != Low {
			body = compose(n.p, r.Start, i18n.Key("code block, %s"), body)
		}
		first = false
		n.say(r, body)
	}
	return c.End
}

// enclosing is the marker of kind k that holds pos, among those of at
// least level minLevel (a code block, not inline code). Such markers do
// not nest: only the last one starting at or before pos can hold it.
func (n *narrator) enclosing(k doc.Kind, pos, minLevel int) (doc.Marker, bool) {
	ms := n.ix.Kind(k)
	for i := ms.Search(func(m doc.Marker) bool { return m.Start > pos }) - 1; i >= 0; i-- {
		if m := ms.At(i); m.Level >= minLevel {
			return m, pos < m.End
		}
	}
	return doc.Marker{}, false
}

// startingAt is the markers of kind k that start at pos, outermost first.
func (n *narrator) startingAt(k doc.Kind, pos int) []doc.Marker {
	ms := n.ix.Kind(k)
	var out []doc.Marker
	for i := ms.Search(func(m doc.Marker) bool { return m.Start >= pos }); i < ms.Len(); i++ {
		m := ms.At(i)
		if m.Start != pos {
			break
		}
		if k == doc.Code && m.Level == 0 {
			continue
		}
		out = append(out, m)
	}
	return out
}

// place is m's place (from 1) among the markers of its kind, and how many
// there are.
func (n *narrator) place(m doc.Marker) (int, int) {
	ms := n.ix.Kind(m.Kind)
	i := ms.Search(func(x doc.Marker) bool { return x.Start >= m.Start })
	return i + 1, ms.Len()
}

// trim removes white space at both ends of r.
func (n *narrator) trim(r units.Range) units.Range {
	s := n.d.Slice(r.Start, r.End)
	r.Start += utf8.RuneCountInString(s) - utf8.RuneCountInString(strings.TrimLeftFunc(s, unicode.IsSpace))
	r.End -= utf8.RuneCountInString(s) - utf8.RuneCountInString(strings.TrimRightFunc(s, unicode.IsSpace))
	return units.Range{Start: r.Start, End: max(r.Start, r.End)}
}
