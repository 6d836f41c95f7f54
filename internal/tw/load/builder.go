package load

import (
	"encoding/binary"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"textfirst/internal/tw/doc"
)

// separator is a pending break between pieces of text, weakest first. Breaks
// are held back until the next text arrives, so the canonical text never
// starts or ends with a separator, never doubles one, and markers never
// include the separators around them.
type separator uint8

const (
	sepNone separator = iota
	sepSpace
	sepLine
	sepParagraph
)

// The budget of one document: what a load may build, whatever its file
// says. Both are generous multiples of any real book (a long novel is a
// few MB of text and a few hundred thousand markers); a part used many
// times (a footnote referenced thousands of times, one shared string in
// every cell of a sheet, a repeated cell) reaches them from a file of a
// few KB. The builder refuses to grow past them: it panics with an *Error
// of ReasonTooMuchText or ReasonTooManyMarkers, which the load turns into
// its error (see safeLoad).
const (
	maxDocumentText    = 256 << 20 // bytes of canonical text
	maxDocumentMarkers = 4_000_000
)

// A load's budget also follows the size of its input (see budgetFor): a
// generous multiple of it, never under a floor that holds any real
// document of that size. Building 256 MB of text costs about a gigabyte
// at its peak (the text grows by copying); a file of a few KB that
// expands a part many times is refused at the floor instead, within
// about 150 MB.
const (
	minDocumentText     = 32 << 20 // bytes of canonical text
	textPerInputByte    = 64
	minDocumentMarkers  = 500_000
	markersPerInputByte = 1
)

// docBudget is what one load may build, and the reason it is refused with
// past each part.
type docBudget struct {
	text, markers             int
	textReason, markersReason string
}

// absoluteBudget is the budget of a load whatever its input's size.
var absoluteBudget = docBudget{maxDocumentText, maxDocumentMarkers, ReasonTooMuchText, ReasonTooManyMarkers}

// budgetFor is the budget of a load whose input (the file, packed or not)
// is inputSize bytes: textPerInputByte times its size in text and
// markersPerInputByte times its size in markers, each within
// [the floor, the absolute budget].
func budgetFor(inputSize int) docBudget {
	bud := absoluteBudget
	if t := max(minDocumentText, textPerInputByte*inputSize); t < bud.text {
		bud.text, bud.textReason = t, ReasonTextOutgrowsFile
	}
	if m := max(minDocumentMarkers, markersPerInputByte*inputSize); m < bud.markers {
		bud.markers, bud.markersReason = m, ReasonMarkersOutgrowFile
	}
	return bud
}

// builder assembles canonical text and markers while a loader walks its
// source, within the document budget. Offsets are counted in code points as the text grows, so no []rune
// of the whole text is ever made.
type builder struct {
	// budget bounds the text and markers (absoluteBudget unless limitTo
	// set it).
	budget docBudget
	text   strings.Builder
	// runes is the length of text in code points.
	runes int
	// last2 holds the last two bytes written (for "ends with \n\n").
	last2 [2]byte
	// lineHasText is false at the start of a line and right after a table
	// cell separator, where a pending space is not written.
	lineHasText bool
	pending     separator

	// markers holds every marker in the order it was opened, which is
	// document order with outer markers before inner ones. start is -1
	// until the marker's first content is written. They hold no pointers,
	// so the garbage collector does not scan them while a large document
	// is parsed; finish turns them into doc.Markers.
	markers []bmarker
	// strs holds labels and references (strs[0] is ""); strIndex finds
	// a string already there.
	strs     []string
	strIndex map[string]uint32
	// open is the stack of open markers (indexes into markers).
	open []openMarker
	// started counts how many open markers (from the bottom of the stack)
	// already have a start; the rest get theirs at the next flush.
	started int
	// points are zero-length markers (a thematic break) placed where the
	// next text starts.
	points []int
	// dropped counts markers closed without content, removed at finish.
	dropped int
	// derived holds the table rows (indexes into markers) written
	// without cell markers; finish gives their indexes among the markers
	// it returns in derivedRows, for doc.NewDerived.
	derived     []int32
	derivedRows []int

	// anchors maps names of places in the document (an element id, a
	// bookmark) to the offset of the text that follows them; the first
	// place of a name wins. pendingAnchors wait for the next text.
	anchors        map[string]int
	pendingAnchors []string
	// linkKeys holds, for link markers (by index) whose target may lie in
	// the document, the anchor name the link leads to.
	linkKeys map[int]string
	// links is filled by finish: link start → anchor name.
	links map[int]string
	// spans are ranges a loader tracks without making them markers (a
	// tracked change), by the id openSpan gave; filled by finish.
	spans map[int][2]int
	// pageAt is the length of the text at the last page break (see
	// pageBreak).
	pageAt int
}

// kindSpan is the internal kind of a span: never a marker of the document.
const kindSpan = 255

// openSpan opens a range that gets a start at its first content, closed
// with closeMarker like a marker; finish puts it in spans, not in the
// markers. A span without content is an empty range where it closed.
func (b *builder) openSpan() int {
	idx := b.addMarker(bmarker{start: -1, end: -1, kind: kindSpan})
	b.open = append(b.open, openMarker{index: idx, keepEmpty: true})
	return idx
}

// bmarker is a marker under construction.
type bmarker struct {
	start, end int32
	level      int32
	kind       uint8
	label, ref uint32
}

// kinds lists the marker kinds; a bmarker's kind indexes it. Index 0 marks
// a marker dropped for having no content.
var kinds = []doc.Kind{"", doc.Heading, doc.Paragraph, doc.Bold, doc.Italic, doc.Strikethrough,
	doc.Code, doc.Link, doc.List, doc.ListItem, doc.Table, doc.TableRow, doc.TableCell, doc.Quote,
	doc.Image, doc.Footnote, doc.Rule, doc.PageBreak, doc.Underline, doc.SectionBreak, doc.Math}

// kindNumber is the index of k in kinds, or 0 when k is unknown.
func kindNumber(k doc.Kind) uint8 {
	switch k {
	case doc.Heading:
		return 1
	case doc.Paragraph:
		return 2
	case doc.Bold:
		return 3
	case doc.Italic:
		return 4
	case doc.Strikethrough:
		return 5
	case doc.Code:
		return 6
	case doc.Link:
		return 7
	case doc.List:
		return 8
	case doc.ListItem:
		return 9
	case doc.Table:
		return 10
	case doc.TableRow:
		return 11
	case doc.TableCell:
		return 12
	case doc.Quote:
		return 13
	case doc.Image:
		return 14
	case doc.Footnote:
		return 15
	case doc.Rule:
		return 16
	case doc.PageBreak:
		return 17
	case doc.Underline:
		return 18
	case doc.SectionBreak:
		return 19
	case doc.Math:
		return 20
	}
	return 0
}

type openMarker struct {
	index     int
	keepEmpty bool
}

func newBuilder(sizeHint int) *builder {
	b := &builder{budget: absoluteBudget, strs: []string{""}, strIndex: map[string]uint32{"": 0}}
	if sizeHint > 0 {
		b.text.Grow(sizeHint)
		b.markers = make([]bmarker, 0, sizeHint/64+8)
	}
	return b
}

// limitTo sets the builder's budget to that of an input of inputSize
// bytes (see budgetFor) and returns b. A loader calls it with the size of
// the file it was given.
func (b *builder) limitTo(inputSize int) *builder {
	b.budget = budgetFor(inputSize)
	return b
}

// intern returns the index of s in strs, adding it when new.
func (b *builder) intern(s string) uint32 {
	if s == "" {
		return 0
	}
	if i, ok := b.strIndex[s]; ok {
		return i
	}
	i := uint32(len(b.strs))
	b.strs = append(b.strs, s)
	b.strIndex[s] = i
	return i
}

func (b *builder) newMarker(m doc.Marker, start int) bmarker {
	k := kindNumber(m.Kind)
	if k == 0 {
		panic("load: unknown marker kind " + string(m.Kind))
	}
	return bmarker{
		start: int32(start),
		end:   int32(start),
		level: int32(m.Level),
		kind:  k,
		label: b.intern(m.Label),
		ref:   b.intern(m.Reference),
	}
}

// hasContent reports whether the marker id has a start yet.
func (b *builder) hasContent(id int) bool { return b.markers[id].start >= 0 }

// label is the label of marker id.
func (b *builder) label(id int) string { return b.strs[b.markers[id].label] }

// setLabel changes the label of marker id.
func (b *builder) setLabel(id int, label string) { b.markers[id].label = b.intern(label) }

func (b *builder) request(s separator) {
	if s > b.pending {
		b.pending = s
	}
}

// space asks for a space before the next text on the same line.
func (b *builder) space() { b.request(sepSpace) }

// lineBreak asks for the next text to start a new line.
func (b *builder) lineBreak() { b.request(sepLine) }

// paragraphBreak asks for a blank line before the next text.
func (b *builder) paragraphBreak() { b.request(sepParagraph) }

// flush writes the pending separator and gives a start to every marker that
// was waiting for its first content.
func (b *builder) flush() {
	p := b.pending
	b.pending = sepNone
	if b.runes > 0 {
		switch p {
		case sepParagraph:
			switch {
			case b.last2 == [2]byte{'\n', '\n'}:
			case b.last2[1] == '\n':
				b.writeRaw("\n")
			default:
				b.writeRaw("\n\n")
			}
		case sepLine:
			if b.last2[1] != '\n' {
				b.writeRaw("\n")
			}
		case sepSpace:
			if b.lineHasText {
				b.writeRaw(" ")
			}
		}
	}
	for i := b.started; i < len(b.open); i++ {
		b.markers[b.open[i].index].start = int32(b.runes)
	}
	b.started = len(b.open)
	for _, i := range b.points {
		b.markers[i].start = int32(b.runes)
		b.markers[i].end = int32(b.runes)
	}
	b.points = b.points[:0]
	b.placeAnchors()
}

// anchor names the place where the next text starts.
func (b *builder) anchor(name string) {
	if name != "" {
		b.pendingAnchors = append(b.pendingAnchors, name)
	}
}

func (b *builder) placeAnchors() {
	if len(b.pendingAnchors) == 0 {
		return
	}
	if b.anchors == nil {
		b.anchors = map[string]int{}
	}
	for _, a := range b.pendingAnchors {
		if _, ok := b.anchors[a]; !ok {
			b.anchors[a] = b.runes
		}
	}
	b.pendingAnchors = b.pendingAnchors[:0]
}

// linkTo records that the link marker id leads to the anchor name.
func (b *builder) linkTo(id int, name string) {
	if b.linkKeys == nil {
		b.linkKeys = map[int]string{}
	}
	b.linkKeys[id] = name
}

// resolveLinks returns the in-document link targets (link start → offset)
// of the links recorded with linkTo whose anchor exists. Call after finish.
func (b *builder) resolveLinks() map[int]int {
	var out map[int]int
	for start, name := range b.links {
		if pos, ok := b.anchors[name]; ok {
			if out == nil {
				out = map[int]int{}
			}
			out[start] = pos
		}
	}
	return out
}

// writeRaw appends s as it is. s must be valid UTF-8.
func (b *builder) writeRaw(s string) { b.writeRawBytes(bytesOf(s)) }

func (b *builder) writeRawBytes(s []byte) {
	if len(s) == 0 {
		return
	}
	b.checkText(len(s))
	b.text.Write(s)
	b.runes += utf8.RuneCount(s)
	if len(s) >= 2 {
		b.last2 = [2]byte{s[len(s)-2], s[len(s)-1]}
	} else {
		b.last2 = [2]byte{b.last2[1], s[0]}
	}
	b.lineHasText = s[len(s)-1] != '\n'
}

// bytesOf views s as bytes without copying. The bytes must not be changed.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// inlineText adds running text: each run of white space becomes one space,
// and white space at the start or end of a line is dropped.
func (b *builder) inlineText(s string) { b.inlineBytes(bytesOf(s)) }

// inlineBytes is inlineText for bytes (source segments, no copy). Runs of
// words separated by single spaces are copied in one piece.
func (b *builder) inlineBytes(s []byte) {
	i := 0
	for i < len(s) {
		// Skip white space, remembering that there was some.
		j := i
		for j < len(s) {
			size := spaceAt(s, j)
			if size == 0 {
				break
			}
			j += size
		}
		if j > i {
			b.request(sepSpace)
		}
		if j == len(s) {
			return
		}
		// A run of words joined by single spaces, counting code points.
		k, runes := j, 0
		for k < len(s) {
			if k+8 <= len(s) && plainBlock(binary.LittleEndian.Uint64(s[k:])) {
				k += 8
				runes += 8
				continue
			}
			c := s[k]
			if plainASCII[c] {
				k++
				runes++
				continue
			}
			if c == ' ' {
				if k+1 < len(s) && plainASCII[s[k+1]] {
					k += 2
					runes += 2
					continue
				}
				if k+1 < len(s) && spaceAt(s, k+1) == 0 {
					k++
					runes++
					continue
				}
				break
			}
			if c < utf8.RuneSelf {
				if isASCIISpace(c) {
					break
				}
				// A control character: part of the word.
				k++
				runes++
				continue
			}
			if spaceAt(s, k) > 0 {
				break
			}
			_, size := utf8.DecodeRune(s[k:])
			k += size
			runes++
		}
		b.flush()
		b.appendCounted(s[j:k], runes)
		i = k
	}
}

const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// plainBlock reports whether eight bytes (read little-endian) can be copied
// as they are: printable ASCII words and single spaces, with no space in
// the last byte (whether it collapses depends on the byte after).
func plainBlock(x uint64) bool {
	if x&highBits != 0 {
		return false // a byte of a multi-byte character
	}
	if (x-0x20*lowBits)&^x&highBits != 0 {
		return false // a control character: tab, line break, ...
	}
	// Bytes equal to a space become zero; mark each zero byte exactly.
	y := x ^ (0x20 * lowBits)
	spaces := ^(((y & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F) | y) & highBits
	return spaces&(spaces<<8) == 0 && spaces>>63 == 0
}

// spaceAt returns the length of the white space character at s[i], or 0.
func spaceAt(s []byte, i int) int {
	c := s[i]
	if c < utf8.RuneSelf {
		if isASCIISpace(c) {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeRune(s[i:])
	if unicode.IsSpace(r) {
		return size
	}
	return 0
}

// appendCounted appends s, which holds runes code points and neither starts
// nor ends with a line break.
func (b *builder) appendCounted(s []byte, runes int) {
	if len(s) == 0 {
		return
	}
	b.checkText(len(s))
	b.text.Write(s)
	b.runes += runes
	if len(s) >= 2 {
		b.last2 = [2]byte{s[len(s)-2], s[len(s)-1]}
	} else {
		b.last2 = [2]byte{b.last2[1], s[0]}
	}
	b.lineHasText = true
}

// plainASCII marks the ASCII bytes that are neither white space nor control
// characters: the bytes of a word that need no further look.
var plainASCII = func() (t [256]bool) {
	for c := 0x21; c < 0x7F; c++ {
		t[c] = true
	}
	return t
}()

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// literal adds s exactly as given, after the pending separator.
func (b *builder) literal(s string) {
	if s == "" {
		return
	}
	b.flush()
	b.writeRaw(s)
}

// cellSeparator writes the " | " between table cells: it brings its own
// spacing, so a pending space before it is dropped and leading white space
// of the next cell is not written.
func (b *builder) cellSeparator() {
	if b.pending == sepSpace {
		b.pending = sepNone
	}
	b.literal(doc.CellSeparator)
	b.lineHasText = false
}

// verbatim adds preformatted text (code): spaces and line breaks kept,
// blank lines at the start and end and trailing white space dropped.
func (b *builder) verbatim(s string) {
	s = strings.Trim(s, "\n")
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	if strings.TrimSpace(s) == "" {
		return
	}
	b.flush()
	b.writeRaw(s)
}

// openMarker opens a marker whose range starts at its first content. A
// marker that gets no content is dropped.
func (b *builder) openMarker(m doc.Marker) int {
	idx := b.addMarker(b.newMarker(m, -1))
	b.open = append(b.open, openMarker{index: idx})
	return idx
}

// openHere opens a marker at the current position (after the pending
// separator) that is kept even when nothing is written into it (an empty
// table cell).
func (b *builder) openHere(m doc.Marker) int {
	b.flush()
	idx := b.addMarker(b.newMarker(m, b.runes))
	b.open = append(b.open, openMarker{index: idx, keepEmpty: true})
	b.started = len(b.open)
	return idx
}

// pageBreak starts a new page where the next text starts, for documents
// whose pages are breaks written between them (see doc.Document.Pages): a
// page_break point. A break before any text, or with no text since the
// last one, adds none: a page is never empty.
func (b *builder) pageBreak() {
	if b.runes == b.pageAt {
		return
	}
	b.pageAt = b.runes
	b.point(doc.Marker{Kind: doc.PageBreak})
}

// point adds a zero-length marker where the next text will start (or at the
// end of the text when none follows).
func (b *builder) point(m doc.Marker) {
	b.points = append(b.points, b.addMarker(b.newMarker(m, -1)))
}

// addMarker appends m to the markers, within the document budget, and
// returns its index.
func (b *builder) addMarker(m bmarker) int {
	if len(b.markers) >= b.budget.markers {
		panic(&Error{Reason: b.budget.markersReason})
	}
	b.markers = append(b.markers, m)
	return len(b.markers) - 1
}

// checkText refuses to write n more bytes of text past the document
// budget.
func (b *builder) checkText(n int) {
	if b.text.Len()+n > b.budget.text {
		panic(&Error{Reason: b.budget.textReason})
	}
}

// closeMarker closes the innermost open marker, which must be idx.
func (b *builder) closeMarker(idx int) {
	n := len(b.open)
	if n == 0 || b.open[n-1].index != idx {
		panic("load: markers closed out of order")
	}
	b.open = b.open[:n-1]
	if b.started > len(b.open) {
		b.started = len(b.open)
	}
	m := &b.markers[idx]
	if m.kind == kindSpan {
		if m.start < 0 {
			m.start = int32(b.runes)
		}
		m.end = int32(b.runes)
		return
	}
	if m.start < 0 {
		m.kind = 0
		b.dropped++
		return
	}
	m.end = int32(b.runes)
}

// deriveCells marks the open table row id as written without cell
// markers: its text is its cells joined by " | ", none holding a "|" or a
// marker.
func (b *builder) deriveCells(id int) { b.derived = append(b.derived, int32(id)) }

// document finishes the text and makes the loaded document: links into
// the document resolved, headings reachable as "#slug" links, and the
// title meta gives, else that of the headings (headingTitle), else the
// file's name.
func (b *builder) document(meta doc.Meta, docPath string) *doc.Document {
	text, markers := b.finish()
	return b.documentOf(text, markers, meta, docPath)
}

// documentOf is document for a text and markers a loader finished itself.
func (b *builder) documentOf(text string, markers []doc.Marker, meta doc.Meta, docPath string) *doc.Document {
	d := doc.New(text, meta, markers)
	d.Links = b.resolveLinks()
	linkHeadings(d)
	if d.Meta.Title == "" {
		d.Meta.Title = headingTitle(d, baseName(docPath))
	}
	return d
}

// finish returns the canonical text and its markers in document order.
func (b *builder) finish() (string, []doc.Marker) {
	for len(b.open) > 0 {
		b.closeMarker(b.open[len(b.open)-1].index)
	}
	for _, i := range b.points {
		b.markers[i].start = int32(b.runes)
		b.markers[i].end = int32(b.runes)
	}
	b.points = nil
	b.placeAnchors()
	out := make([]doc.Marker, 0, max(len(b.markers)-b.dropped, 0))
	derived := b.derived // ascending
	for i, m := range b.markers {
		if key, ok := b.linkKeys[i]; ok && m.kind != 0 {
			if b.links == nil {
				b.links = map[int]string{}
			}
			if _, dup := b.links[int(m.start)]; !dup {
				b.links[int(m.start)] = key
			}
		}
		if m.kind == kindSpan {
			if b.spans == nil {
				b.spans = map[int][2]int{}
			}
			b.spans[i] = [2]int{int(m.start), int(m.end)}
			continue
		}
		if m.kind != 0 {
			for len(derived) > 0 && int(derived[0]) < i {
				derived = derived[1:]
			}
			if len(derived) > 0 && int(derived[0]) == i {
				b.derivedRows = append(b.derivedRows, len(out))
			}
			out = append(out, doc.Marker{
				Kind:      kinds[m.kind],
				Start:     int(m.start),
				End:       int(m.end),
				Level:     int(m.level),
				Label:     b.strs[m.label],
				Reference: b.strs[m.ref],
			})
		}
	}
	b.markers = nil
	text := b.text.String()
	if b.text.Cap()-len(text) > 64<<10 {
		// The size hint was generous (the source's markup is not text):
		// the document keeps its text for as long as it is open, so it
		// gets a copy of exactly the right size.
		text = strings.Clone(text)
	}
	return text, out
}

// Revisions are the ways tracked changes are read (Options.Revisions).
const (
	RevisionsFinal  = "final"
	RevisionsMarked = "marked"
)

// markChange opens a tracked change written in the text (Revisions
// marked): "[inserted: " or "[deleted: "; the caller writes the change and
// closes it with "]".
func (b *builder) markChange(kind string) {
	b.inlineText("[" + kind + ": ")
}

// endChange closes a tracked change written in the text with "]" right
// after its text: a space pending at the end of the change comes after
// the "]".
func (b *builder) endChange() {
	p := b.pending
	if p == sepSpace {
		b.pending = sepNone
	}
	b.inlineText("]")
	if p == sepSpace {
		b.request(sepSpace)
	}
}
