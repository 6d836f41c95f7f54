// Package doc is the document model shared by every part of tw: one
// canonical text, the markers that describe its structure, and facts about
// the document.
//
// All positions are code-point offsets into the canonical text (as Python
// counts string indexes), never byte offsets. The text is kept as a Go string
// (UTF-8) with a sparse index, so a 10 MB document costs little more than its
// own size, while offset conversion stays O(1) plus a short scan.
package doc

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// Kind names what a marker marks. The names are the ones the original
// textweaver uses in `tw text --to json`.
type Kind string

const (
	Heading       Kind = "heading"
	Paragraph     Kind = "paragraph"
	Bold          Kind = "bold"
	Italic        Kind = "italic"
	Strikethrough Kind = "strikethrough"
	Code          Kind = "code"
	Link          Kind = "link"
	List          Kind = "list"
	ListItem      Kind = "list_item"
	Table         Kind = "table"
	TableRow      Kind = "table_row"
	TableCell     Kind = "table_cell"
	Quote         Kind = "quote"
	Image         Kind = "image"
	Footnote      Kind = "footnote"
	Rule          Kind = "rule"
	PageBreak     Kind = "page_break"
	Underline     Kind = "underline"
	// SectionBreak spans a section of a document's own table of contents
	// (an EPUB nav entry, a PDF bookmark): Label is the entry's text,
	// Level its depth.
	SectionBreak Kind = "section_break"
	// Math spans a formula, whose text is the formula said in words
	// ("x squared"): Label is the notation its source is written in
	// ("latex", "mathml" or "omml"), Reference the source itself.
	Math Kind = "math"
)

// Marker is a range [Start, End) of the canonical text with a kind.
// Level is 0 when the kind has no level. Label and Reference are empty when
// they do not apply (a list item's "1.", a table row's "header", a code
// block's language; a link or image target, a footnote id).
type Marker struct {
	Kind      Kind
	Start     int
	End       int
	Level     int
	Label     string
	Reference string
}

// Meta holds facts about a document. Nil pointers mean "not known".
type Meta struct {
	Title    string
	Author   *string
	Language *string
	Format   string // "text", "markdown", "html", "epub", "docx", ...
	Path     string // absolute path, or "" when the document has none
	// Properties holds further facts a format has (PDF "pages", DOCX
	// "textweaver.revisions"); nil when there are none.
	Properties map[string]string
}

// Document is a loaded document. Text must not be changed after New (call
// Reindex after an edit). Markers are in document order: by start, outer
// before inner; read them with All, Marker and NumMarkers.
type Document struct {
	Text string
	Meta Meta
	// markers holds every marker but the cells of derived rows.
	markers markerList
	// rows are the table rows whose cells are not stored but derived
	// from the row's text (see NewDerived), in document order.
	rows []derivedRow
	// cellCache holds the cell offsets of the derived row read last.
	cellCache atomic.Pointer[rowCells]
	// Links maps the start of a link marker whose target lies in this
	// document (an HTML "#id", an EPUB chapter, a DOCX bookmark, a
	// Markdown heading anchor) to the offset the link leads to.
	Links map[int]int
	// Anchors maps the names of the document's own places (an HTML
	// element id as "#id") to their offsets, for links from other
	// documents ("page.html#id"); nil when it names none.
	Anchors map[string]int

	idx runeIndex
}

// New builds a document and its offset index.
func New(text string, meta Meta, markers []Marker) *Document {
	sortMarkers(markers)
	d := &Document{Text: text, Meta: meta, markers: newMarkerList(markers)}
	d.idx = buildRuneIndex(text)
	return d
}

// Reindex rebuilds the offset index after Text changed, and sorts markers.
// Derived cells become stored ones: the text they came from may have
// changed with the markers.
func (d *Document) Reindex() {
	d.idx = buildRuneIndex(d.Text)
	d.SetMarkers(d.Markers())
}

// SetMarkers replaces every marker (they are sorted into document order).
func (d *Document) SetMarkers(ms []Marker) {
	sortMarkers(ms)
	d.markers = newMarkerList(ms)
	d.rows = nil
	d.cellCache.Store(nil)
}

// sortMarkers orders markers by start, then longer (outer) first, keeping
// the order loaders emitted them in otherwise.
func sortMarkers(ms []Marker) {
	slices.SortStableFunc(ms, compareMarkers)
}

// compareMarkers orders two markers by start, then longer (outer) first.
func compareMarkers(a, b Marker) int {
	if a.Start != b.Start {
		return cmp.Compare(a.Start, b.Start)
	}
	return cmp.Compare(b.End, a.End)
}

// LinkTarget returns where the link marker m leads inside the document.
func (d *Document) LinkTarget(m Marker) (int, bool) {
	if m.Kind != Link || d.Links == nil {
		return 0, false
	}
	pos, ok := d.Links[m.Start]
	return pos, ok
}

// Len is the length of the text in code points.
func (d *Document) Len() int { return d.idx.runes }

// Byte converts a code-point offset to a byte offset into Text. Offsets are
// clamped to [0, Len()].
func (d *Document) Byte(pos int) int { return d.idx.byteOf(d.Text, pos) }

// Pos converts a byte offset into Text to a code-point offset.
func (d *Document) Pos(b int) int { return d.idx.runeOf(d.Text, b) }

// Slice returns the text between two code-point offsets, clamped.
func (d *Document) Slice(start, end int) string {
	if end < start {
		return ""
	}
	return d.Text[d.Byte(start):d.Byte(end)]
}

// RuneAt returns the code point at pos, or utf8.RuneError outside the text.
func (d *Document) RuneAt(pos int) rune {
	if pos < 0 || pos >= d.Len() {
		return utf8.RuneError
	}
	r, _ := utf8.DecodeRuneInString(d.Text[d.Byte(pos):])
	return r
}

// MarkersOf returns the markers of one kind, in document order.
func (d *Document) MarkersOf(k Kind) []Marker {
	var out []Marker
	for _, m := range d.All() {
		if m.Kind == k {
			out = append(out, m)
		}
	}
	return out
}

// KindCounts gives the number of markers of each kind, as len(MarkersOf(k))
// would for every kind k but TableCell (derived table cells are not
// counted), in one pass that decodes no marker.
func (d *Document) KindCounts() map[Kind]int { return d.markers.countKinds() }

// runeIndex maps code-point offsets to byte offsets with one checkpoint every
// step code points: the byte offset of every bigStep-th code point whole,
// and of the others in between as their distance from it (at most
// 4*bigStep bytes, so two bytes each). For pure ASCII text it stores nothing.
type runeIndex struct {
	runes int
	ascii bool
	// bases[i] is the byte offset of code point i*bigStep; offsets[j] is
	// that of code point j*step minus bases[j*step/bigStep]. A base is a
	// whole int, so a text of any length is indexed: at one every bigStep
	// code points, bases cost little beside the offsets.
	bases   []int
	offsets []uint16
}

const (
	step    = 64
	bigStep = 1024
)

func buildRuneIndex(s string) runeIndex {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return runeIndex{runes: len(s), ascii: true}
	}
	// A checkpoint every step code points: at most one every step bytes.
	ix := runeIndex{bases: make([]int, 0, len(s)/bigStep+1), offsets: make([]uint16, 0, len(s)/step+1)}
	n := 0
	base := 0
	for b := range s {
		if n%step == 0 {
			if n%bigStep == 0 {
				ix.bases = append(ix.bases, b)
				base = b
			}
			ix.offsets = append(ix.offsets, uint16(b-base))
		}
		n++
	}
	ix.runes = n
	return ix
}

// checkpoint is the byte offset of code point i*step.
func (ix *runeIndex) checkpoint(i int) int {
	return ix.bases[i*step/bigStep] + int(ix.offsets[i])
}

func (ix *runeIndex) byteOf(s string, pos int) int {
	if pos <= 0 {
		return 0
	}
	if pos >= ix.runes {
		return len(s)
	}
	if ix.ascii {
		return pos
	}
	b := ix.checkpoint(pos / step)
	for k := pos % step; k > 0; k-- {
		_, size := utf8.DecodeRuneInString(s[b:])
		b += size
	}
	return b
}

func (ix *runeIndex) runeOf(s string, b int) int {
	if b <= 0 {
		return 0
	}
	if b >= len(s) {
		return ix.runes
	}
	if ix.ascii {
		return b
	}
	// Binary search the last checkpoint at or before b.
	i := sort.Search(len(ix.offsets), func(i int) bool { return ix.checkpoint(i) > b }) - 1
	pos := i * step
	for p := ix.checkpoint(i); p < b; {
		_, size := utf8.DecodeRuneInString(s[p:])
		p += size
		pos++
	}
	return pos
}

// IsWebAddress reports whether path is an http:// or https:// address
// rather than a file (any letter case in the scheme, as URLs allow).
func IsWebAddress(path string) bool {
	for _, scheme := range []string{"http://", "https://"} {
		if len(path) > len(scheme) && strings.EqualFold(path[:len(scheme)], scheme) {
			return true
		}
	}
	return false
}

// MapReferences replaces the reference of every link and image marker by
// what f gives for it (a loader resolving relative addresses).
func (d *Document) MapReferences(f func(ref string) string) {
	d.markers.mapReferences(f)
}
