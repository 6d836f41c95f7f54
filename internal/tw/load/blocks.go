package load

import (
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
)

// The shapes every loader gives the same blocks, written once: a table row
// and its cells, a note's reference and the notes section, and a heading
// of the loader's own. They are the rules the canonical text follows
// whatever the format (see the package comment).

// openRow starts a table row on a line of its own, labelled "header" when
// it is a header row. Close it with closeMarker.
func (b *builder) openRow(header bool) int {
	b.lineBreak()
	m := doc.Marker{Kind: doc.TableRow}
	if header {
		m.Label = doc.HeaderRow
	}
	return b.openMarker(m)
}

// openCell starts cell i (from 0) of the open row: after the " | " that
// separates it from the cell before, under a cell marker kept even when the
// cell stays empty. Close it with closeMarker.
func (b *builder) openCell(i int) int {
	if i > 0 {
		b.cellSeparator()
	}
	return b.openHere(doc.Marker{Kind: doc.TableCell})
}

// tableRow writes a table row of n cells (see openRow and openCell); cell(i)
// writes the content of cell i.
func (b *builder) tableRow(header bool, n int, cell func(i int)) {
	row := b.openRow(header)
	for i := range n {
		id := b.openCell(i)
		cell(i)
		b.closeMarker(id)
	}
	b.closeMarker(row)
}

// cellRow writes a table row of DOCX or ODF cells (see tableRow): blocks
// reads each cell's content while *inCell is raised, and the run
// formatting still open at a cell's end is closed there, so that no span
// runs from one cell into the next.
func (b *builder) cellRow(header bool, cells []*xnode, inCell *int, formats *runFormats, blocks func(*xnode)) {
	b.tableRow(header, len(cells), func(i int) {
		*inCell++
		blocks(cells[i])
		formats.close(b)
		*inCell--
	})
}

// innerTable reads a DOCX or ODF table that stands in a table cell or a
// note, where no table of its own can be: its paragraphs one after another,
// each read by para while *inCell is raised.
func innerTable(t *xnode, inCell *int, para func(*xnode)) {
	*inCell++
	t.findAll("p", para)
	*inCell--
}

// blankRow tells a table row that would read as nothing but cell
// separators: no text and no picture (a DOCX drawing or VML picture, an
// ODF frame). Loaders leave such rows out, and a table of blank rows only.
func blankRow(r *xnode) bool {
	return strings.TrimSpace(r.textOf()) == "" && r.find("drawing") == nil && r.find("pict") == nil && r.find("frame") == nil
}

// noteRef writes a note's reference, "[label]", under a footnote marker
// whose reference is ref: the same ref joins the reference in the text to
// its note in the notes section.
func (b *builder) noteRef(label, ref string) {
	id := b.openMarker(doc.Marker{Kind: doc.Footnote, Reference: ref})
	b.literal("[" + label + "]")
	b.closeMarker(id)
}

// heading writes a heading of a loader's own (a sheet's name, "Abstract")
// and asks for a blank line after it.
func (b *builder) heading(level int, text string) {
	id := b.openMarker(doc.Marker{Kind: doc.Heading, Level: level})
	b.inlineText(text)
	b.closeMarker(id)
	b.paragraphBreak()
}

// notesHeading starts the notes section after the text: a level-2
// "Footnotes" heading between blank lines.
func (b *builder) notesHeading() {
	b.paragraphBreak()
	b.heading(2, "Footnotes")
}

// commentLabel is the Label of the footnote markers of a document's
// comments (DOCX comments, ODT annotations), both the reference in the
// text and the comment in the comments section.
const commentLabel = "comment"

// commentNumber labels comment i (from 0) "c1", "c2", …: comments are
// counted apart from the notes.
func commentNumber(i int) string { return "c" + strconv.Itoa(i+1) }

// commentRef writes the reference to comment i (from 0) where the
// document anchors it: "[c1]" under a footnote marker labelled "comment",
// whose reference joins it to the comment in the comments section.
func (b *builder) commentRef(i int) {
	l := commentNumber(i)
	id := b.openMarker(doc.Marker{Kind: doc.Footnote, Reference: l, Label: commentLabel})
	b.literal("[" + l + "]")
	b.closeMarker(id)
}

// commentsSection writes n comments after the notes section: a level-2
// "Comments" heading, then each comment on a line of its own, "[c1]
// AUTHOR: text" under a level-1 footnote marker labelled "comment" (no
// "AUTHOR: " when author(i) is ""). body(i) writes the text of comment i.
func (b *builder) commentsSection(n int, author func(i int) string, body func(i int)) {
	if n == 0 {
		return
	}
	b.paragraphBreak()
	b.heading(2, "Comments")
	for i := range n {
		b.lineBreak()
		id := b.openMarker(doc.Marker{Kind: doc.Footnote, Level: 1, Reference: commentNumber(i), Label: commentLabel})
		b.commentRef(i)
		b.space()
		if who := author(i); who != "" {
			b.inlineText(who + ":")
			b.space()
		}
		body(i)
		b.closeMarker(id)
		b.lineBreak()
	}
}

// openNote starts a note of the notes section: a level-1 footnote marker
// (reference ref) that begins with the note's reference (noteRef) and a
// space. The caller writes the note's text and closes the returned marker.
func (b *builder) openNote(label, ref string) int {
	id := b.openMarker(doc.Marker{Kind: doc.Footnote, Level: 1, Reference: ref})
	b.noteRef(label, ref)
	b.space()
	return id
}

// noteNumber labels note i by its number, counted from 1.
func noteNumber(i int) string { return strconv.Itoa(i + 1) }

// notesSection writes n notes after the text as most formats show them:
// the notes heading, a blank line, then each note on a line of its own,
// "[label] text" (see openNote), its reference being its label. label(i)
// is the label of note i; body(i) writes its text.
func (b *builder) notesSection(n int, label func(i int) string, body func(i int)) {
	if n == 0 {
		return
	}
	b.notesHeading()
	for i := range n {
		l := label(i)
		b.lineBreak()
		id := b.openNote(l, l)
		body(i)
		b.closeMarker(id)
		b.lineBreak()
	}
}
