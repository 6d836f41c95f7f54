package load

import "textfirst/internal/tw/doc"

// runFormats keeps the character formats of runs open as markers while a
// loader writes a paragraph run by run (DOCX, ODF, RTF): a format that
// stays on from one run to the next is one marker, not one per run.
type runFormats struct {
	open []openFormat // outermost first
}

type openFormat struct {
	format int // index into runFormatKinds
	id     int // the marker
}

// styleFormat is the character formatting a style sets: each of bold,
// italic and underline is 0 when the style leaves it to its parent, 1 on,
// -1 off.
type styleFormat struct {
	bold, italic, underline int8
}

// inherit takes from parent what f leaves unset: walking a style chain
// from the most specific style out, the first style that sets a format
// decides it.
func (f *styleFormat) inherit(parent styleFormat) {
	if f.bold == 0 {
		f.bold = parent.bold
	}
	if f.italic == 0 {
		f.italic = parent.italic
	}
	if f.underline == 0 {
		f.underline = parent.underline
	}
}

// runFormatKinds are the formats a run can have, in the order of set's
// flags.
var runFormatKinds = [4]doc.Kind{doc.Bold, doc.Italic, doc.Underline, doc.Code}

// set makes the open formats those wanted (bold, italic, underline,
// code): the open ones still wanted from the outermost in stay open, the
// ones inside them are closed, and the wanted ones not open are opened.
func (f *runFormats) set(b *builder, want [4]bool) {
	keep := 0
	for keep < len(f.open) && want[f.open[keep].format] {
		keep++
	}
	for len(f.open) > keep {
		b.closeMarker(f.open[len(f.open)-1].id)
		f.open = f.open[:len(f.open)-1]
	}
	for i, k := range runFormatKinds {
		if want[i] && !f.isOpen(i) {
			f.open = append(f.open, openFormat{format: i, id: b.openMarker(doc.Marker{Kind: k})})
		}
	}
}

// close closes every open format.
func (f *runFormats) close(b *builder) { f.set(b, [4]bool{}) }

func (f *runFormats) isOpen(format int) bool {
	for _, o := range f.open {
		if o.format == format {
			return true
		}
	}
	return false
}
