package pdf

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// commentLabel is the Label of the footnote markers of a PDF's text
// annotations, as of DOCX comments and ODT annotations (load's
// commentsSection): the reference "[cN]" in the text, the comment in the
// comments section, and the comment's own reference.
const commentLabel = "comment"

// maxComments bounds the text annotations read from a document.
const maxComments = 10000

// textNote is a text annotation of a page: a sticky note (/Text) or a
// free-text annotation (/FreeText), its author (/T), its text (/Contents)
// and its rectangle.
type textNote struct {
	x0, y0, x1, y1 float64
	author, text   string
}

// textNotes reads a page's text annotations that have text, top to bottom
// and left to right (their numbering order on the page).
func (d *pdfDoc) textNotes(pg dict, room int) []textNote {
	var out []textNote
	for _, a := range d.f.arrayOf(pg["Annots"]) {
		ad := d.f.dictOf(a)
		if ad == nil || len(out) >= room {
			continue
		}
		if st := d.f.nameOf(ad["Subtype"]); st != "Text" && st != "FreeText" {
			continue
		}
		contents, _ := d.f.stringOf(ad["Contents"])
		text := strings.Join(strings.Fields(textString(contents)), " ")
		r := d.f.arrayOf(ad["Rect"])
		if text == "" || len(r) != 4 {
			continue
		}
		var v [4]float64
		for i := range 4 {
			v[i], _ = d.f.numOf(r[i])
		}
		author, _ := d.f.stringOf(ad["T"])
		out = append(out, textNote{
			x0: min(v[0], v[2]), y0: min(v[1], v[3]), x1: max(v[0], v[2]), y1: max(v[1], v[3]),
			// LibreOffice writes "AUTHOR, DATE, " as the title.
			author: strings.TrimRight(strings.Join(strings.Fields(textString(author)), " "), " ,"),
			text:   text,
		})
	}
	slices.SortStableFunc(out, func(a, b textNote) int {
		if c := cmp.Compare(b.y1, a.y1); c != 0 {
			return c
		}
		return cmp.Compare(a.x0, b.x0)
	})
	return out
}

// commentRef is the reference of comment i (from 0): "c1", "c2", …
func commentRef(i int) string { return "c" + strconv.Itoa(i+1) }

// commentAt is where a comment's reference stands in a line's text: after
// the byte at (from 0), before the text from at on.
type commentAt struct {
	at  int
	ref string
}

// label is the reference as the text shows it: "[c1]".
func (c commentAt) label() string { return "[" + c.ref + "]" }

// attachNotes places the reference of each note, numbered from first
// (from 0), after the word nearest the note's rectangle on the nearest of
// the page's lines (line.comments); the text is left as it is, so that
// the layout analysis sees the page as printed. A page without lines
// keeps its notes unreferenced (they are still listed).
func attachNotes(ls []*line, notes []textNote, first int) {
	for k, tn := range notes {
		l, si := nearestSpan(ls, tn)
		if l == nil {
			continue
		}
		at := wordEndNear(&l.spans[si], tn.x0)
		for _, s := range l.spans[:si] {
			at += len(s.text) + 1 // line.text joins spans with a space
		}
		l.comments = append(l.comments, commentAt{at, commentRef(first + k)})
		slices.SortStableFunc(l.comments, func(a, b commentAt) int { return cmp.Compare(a.at, b.at) })
	}
}

// nearestSpan finds the line nearest the note's rectangle: the line
// whose box (its baseline to a font size above it) is vertically nearest
// (a note in the margin belongs to the line beside it), then horizontally
// nearest, then whose top is nearest the rectangle's (where a sticky note
// points); and in that line the span nearest the rectangle's left edge.
func nearestSpan(ls []*line, tn textNote) (*line, int) {
	var best *line
	var bestD [3]float64
	for _, l := range ls {
		if len(l.spans) == 0 {
			continue
		}
		d := [3]float64{
			math.Round(max(0, l.y-tn.y1, tn.y0-(l.y+l.size))),
			math.Round(max(0, l.x0-tn.x1, tn.x0-l.x1)),
			math.Abs(tn.y1 - (l.y + l.size)),
		}
		if best == nil || slices.Compare(d[:], bestD[:]) < 0 {
			best, bestD = l, d
		}
	}
	if best == nil {
		return nil, 0
	}
	si, sd := 0, -1.0
	for i, s := range best.spans {
		if d := max(0, s.x0-tn.x0, tn.x0-s.x1); sd < 0 || d < sd {
			si, sd = i, d
		}
	}
	return best, si
}

// wordEndNear is the byte offset in s's text of the word end nearest x
// (glyph positions estimated from the span's width, as for links): the
// first word's when x is before the span, the text's end when after it.
func wordEndNear(s *span, x float64) int {
	t := s.text
	n := len(t)
	at := n
	if s.x1 > s.x0 {
		at = int(float64(n)*(min(max(x, s.x0), s.x1)-s.x0)/(s.x1-s.x0) + 0.5)
	}
	at = max(0, min(at, n))
	isEnd := func(e int) bool { return e > 0 && t[e-1] != ' ' && (e == n || t[e] == ' ') }
	next := at
	for next < n && !isEnd(next) {
		next++
	}
	prev := at
	for prev > 0 && !isEnd(prev) {
		prev--
	}
	if prev > 0 && at-prev < next-at {
		return prev
	}
	return next
}

// segText writes a line's text as text of page (writer.text), each
// comment's reference where it stands, and returns where the line starts.
// commentMarkers marks the references, once the line's other markers are
// added (they merge with the last marker).
func (w *writer) segText(s seg, page int) int {
	start := w.n
	from := 0
	for _, c := range s.comments {
		at := min(max(c.at, from), len(s.text))
		w.text(s.text[from:at], page)
		w.text(c.label(), page)
		from = at
	}
	w.text(s.text[from:], page)
	return start
}

// commentMarkers adds a footnote marker labelled "comment" over each
// comment reference of a line segText wrote at at.
func (w *writer) commentMarkers(s seg, at int) {
	n, from := at, 0
	for _, c := range s.comments {
		i := min(max(c.at, from), len(s.text))
		n += utf8.RuneCountInString(s.text[from:i])
		end := n + utf8.RuneCountInString(c.label())
		w.markers = append(w.markers, doc.Marker{Kind: doc.Footnote, Start: n, End: end, Reference: c.ref, Label: commentLabel})
		n, from = end, i
	}
}

// pos is where byte i of a line's text landed when segText wrote it at
// at: past the references before it, and past one at i unless i ends a
// range (end).
func (s seg) pos(at, i int, end bool) int {
	n := at + utf8.RuneCountInString(s.text[:i])
	for _, c := range s.comments {
		if ci := min(c.at, len(s.text)); ci < i || !end && ci == i {
			n += utf8.RuneCountInString(c.label())
		}
	}
	return n
}

// comments writes the comments section after the text: a level-2
// "Comments" heading, then each note on a line of its own, "[cN] AUTHOR:
// text" (no "AUTHOR: " when it has none) under a level-1 footnote marker,
// its "[cN]" under a footnote marker of its own.
func (w *writer) comments(notes []textNote) {
	if len(notes) == 0 {
		return
	}
	w.sep("\n\n")
	h := w.n
	w.raw("Comments")
	w.markers = append(w.markers, doc.Marker{Kind: doc.Heading, Level: 2, Start: h, End: w.n})
	w.raw("\n")
	for i, tn := range notes {
		w.raw("\n")
		start := w.n
		ref := commentRef(i)
		w.raw("[" + ref + "]")
		w.markers = append(w.markers, doc.Marker{Kind: doc.Footnote, Start: start, End: w.n, Reference: ref, Label: commentLabel})
		w.raw(" ")
		if tn.author != "" {
			w.raw(tn.author + ": ")
		}
		w.raw(tn.text)
		w.markers = append(w.markers, doc.Marker{Kind: doc.Footnote, Level: 1, Start: start, End: w.n, Reference: ref, Label: commentLabel})
	}
}
