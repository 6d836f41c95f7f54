package load

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"textfirst/internal/doc"
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

// builder assembles canonical text and markers while a loader walks its
// source. Offsets are counted in code points as the text grows, so no []rune
// of the whole text is ever made.
type builder struct {
	text strings.Builder
	// runes is the length of text in code points.
	runes int
	// last2 holds the last two bytes written (for "ends with \n\n").
	last2 [2]byte
	// lineHasText is false at the start of a line and right after a table
	// cell separator, where a pending space is not written.
	lineHasText bool
	pending     separator

	// markers holds every marker in the order it was opened, which is
	// document order with outer markers before inner ones. Start is -1
	// until the marker's first content is written.
	markers []doc.Marker
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
}

type openMarker struct {
	index     int
	keepEmpty bool
}

// dropKind marks a marker that received no content.
const dropKind doc.Kind = ""

func newBuilder(sizeHint int) *builder {
	b := &builder{}
	if sizeHint > 0 {
		b.text.Grow(sizeHint)
		b.markers = make([]doc.Marker, 0, sizeHint/64+8)
	}
	return b
}

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
		b.markers[b.open[i].index].Start = b.runes
	}
	b.started = len(b.open)
	for _, i := range b.points {
		b.markers[i].Start = b.runes
		b.markers[i].End = b.runes
	}
	b.points = b.points[:0]
}

// writeRaw appends s as it is. s must be valid UTF-8.
func (b *builder) writeRaw(s string) { b.writeRawBytes(bytesOf(s)) }

func (b *builder) writeRawBytes(s []byte) {
	if len(s) == 0 {
		return
	}
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

// inlineBytes is inlineText for bytes (source segments, no copy).
func (b *builder) inlineBytes(s []byte) {
	i := 0
	for i < len(s) {
		// Skip white space, remembering that there was some.
		j := i
		for j < len(s) {
			c := s[j]
			if c < utf8.RuneSelf {
				if !isASCIISpace(c) {
					break
				}
				j++
				continue
			}
			r, size := utf8.DecodeRune(s[j:])
			if !unicode.IsSpace(r) {
				break
			}
			j += size
		}
		if j > i {
			b.request(sepSpace)
		}
		// A word: everything up to the next white space.
		k := j
		for k < len(s) {
			c := s[k]
			if c < utf8.RuneSelf {
				if isASCIISpace(c) {
					break
				}
				k++
				continue
			}
			r, size := utf8.DecodeRune(s[k:])
			if unicode.IsSpace(r) {
				break
			}
			k += size
		}
		if k > j {
			b.flush()
			b.writeRawBytes(s[j:k])
		}
		i = k
	}
}

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
	b.literal(" | ")
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
	m.Start = -1
	b.markers = append(b.markers, m)
	idx := len(b.markers) - 1
	b.open = append(b.open, openMarker{index: idx})
	return idx
}

// openHere opens a marker at the current position (after the pending
// separator) that is kept even when nothing is written into it (an empty
// table cell).
func (b *builder) openHere(m doc.Marker) int {
	b.flush()
	m.Start = b.runes
	b.markers = append(b.markers, m)
	idx := len(b.markers) - 1
	b.open = append(b.open, openMarker{index: idx, keepEmpty: true})
	b.started = len(b.open)
	return idx
}

// point adds a zero-length marker where the next text will start (or at the
// end of the text when none follows).
func (b *builder) point(m doc.Marker) {
	m.Start, m.End = -1, -1
	b.markers = append(b.markers, m)
	b.points = append(b.points, len(b.markers)-1)
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
	if m.Start < 0 {
		m.Kind = dropKind
		b.dropped++
		return
	}
	m.End = b.runes
}

// finish returns the canonical text and its markers in document order.
func (b *builder) finish() (string, []doc.Marker) {
	for len(b.open) > 0 {
		b.closeMarker(b.open[len(b.open)-1].index)
	}
	for _, i := range b.points {
		b.markers[i].Start = b.runes
		b.markers[i].End = b.runes
	}
	b.points = nil
	// Copy into an exactly sized slice: the builder's slice may have up to
	// twice the capacity it needs, and the document keeps its markers.
	out := make([]doc.Marker, 0, len(b.markers)-b.dropped)
	for _, m := range b.markers {
		if m.Kind != dropKind {
			out = append(out, m)
		}
	}
	b.markers = nil
	text := b.text.String()
	if b.text.Cap() > 64 && len(text) < b.text.Cap()/4*3 {
		// The size hint was generous (markup-heavy source): keep only
		// what the text needs.
		text = strings.Clone(text)
	}
	return text, out
}
