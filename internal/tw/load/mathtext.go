package load

import (
	"sort"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/mathspeech"
)

// MathText says how formulas are written into the canonical text. Its
// zero value is what loaders write: formulas said in words at normal
// verbosity.
type MathText struct {
	// Notation writes each formula as notation instead of words
	// (normalization.math off): a LaTeX formula as its source, MathML and
	// Office Math as typed notation ("x^2", "(a+b)/2").
	Notation bool
	// Unicode writes notation in Unicode's signs ("x²", "√x"), from every
	// notation (reading.math_display unicode). It applies with Notation.
	Unicode bool
	// Verbosity is how explicit the words are (normalization.math_verbosity:
	// "low", "normal", "high"; "" is normal). It applies without Notation.
	Verbosity string
}

// rewrites reports whether m changes what loaders write.
func (m MathText) rewrites() bool {
	return m.Notation || m.Verbosity != "" && m.Verbosity != string(mathspeech.Normal)
}

// text is what formula f (a math marker) is written as.
func (m MathText) text(f doc.Marker, p *i18n.Printer) string {
	tree := mathspeech.Parse(f.Label, f.Reference)
	switch {
	case !m.Notation:
		return mathspeech.SpeakAt(tree, p, mathspeech.Verbosity(m.Verbosity))
	case m.Unicode:
		return mathspeech.Linear(tree, true)
	case f.Label == mathspeech.LaTeX:
		return strings.Join(strings.Fields(f.Reference), " ")
	}
	return mathspeech.Linear(tree, false)
}

// rewriteMath writes each formula of d as m says, moving every marker,
// internal link and anchor with the text. A document with no formula, or
// an m that changes nothing, is d itself.
func rewriteMath(d *doc.Document, m MathText) *doc.Document {
	if !m.rewrites() {
		return d
	}
	formulas := d.MarkersOf(doc.Math)
	if len(formulas) == 0 {
		return d
	}
	p := i18n.For("en")
	if d.Meta.Format == formatMarkdown && d.Meta.Language != nil {
		p = mathPrinter(*d.Meta.Language) // as the Markdown loader says them
	}
	var b strings.Builder
	moved := make([]movedRange, 0, len(formulas))
	at, atNew := 0, 0 // code points of d.Text copied, and written
	for _, f := range formulas {
		if f.Start < at {
			continue // inside a formula already written
		}
		before := d.Slice(at, f.Start)
		b.WriteString(before)
		atNew += f.Start - at
		said := m.text(f, p)
		if said == "" {
			said = d.Slice(f.Start, f.End)
		}
		b.WriteString(said)
		n := utf8.RuneCountInString(said)
		moved = append(moved, movedRange{f.Start, f.End, atNew, atNew + n})
		at, atNew = f.End, atNew+n
	}
	b.WriteString(d.Slice(at, d.Len()))
	move := func(pos int) int { return movePosition(moved, pos) }
	ms := d.Markers()
	for i := range ms {
		ms[i].Start, ms[i].End = move(ms[i].Start), move(ms[i].End)
	}
	out := doc.New(b.String(), d.Meta, ms)
	if d.Links != nil {
		out.Links = make(map[int]int, len(d.Links))
		for from, to := range d.Links {
			out.Links[move(from)] = move(to)
		}
	}
	if d.Anchors != nil {
		out.Anchors = make(map[string]int, len(d.Anchors))
		for name, pos := range d.Anchors {
			out.Anchors[name] = move(pos)
		}
	}
	return out
}

// movedRange is a formula's range [oldStart, oldEnd) before rewriting and
// [newStart, newEnd) after.
type movedRange struct{ oldStart, oldEnd, newStart, newEnd int }

// movePosition is where position pos of the text before rewriting is
// after: a position inside a formula moves with its start, clamped to
// the new formula's end.
func movePosition(moved []movedRange, pos int) int {
	i := sort.Search(len(moved), func(i int) bool { return moved[i].oldStart > pos }) - 1
	if i < 0 {
		return pos
	}
	r := moved[i]
	if pos >= r.oldEnd {
		return pos + r.newEnd - r.oldEnd
	}
	return min(r.newStart+pos-r.oldStart, r.newEnd)
}
