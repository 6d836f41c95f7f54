package narration

import (
	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// citationRE matches the citations Options.SkipCitations leaves out.
var citationRE = lazyregexp.New(`\s?(?:\[[^\]\[]*@[\p{L}\d_][^\]\[]*\]|\[\d+(?:\s*[,–-]\s*\d+)*\]|\((?:see |cf\. )?\p{Lu}[\p{L}'’-]+(?: et al\.?| (?:and|&) \p{Lu}[\p{L}'’-]+)?,? \d{4}[a-z]?(?:, p+\. ?\d+(?:[–-]\d+)?)?(?:; \p{Lu}[\p{L}'’-]+(?: et al\.?)?,? \d{4}[a-z]?)*\))`)

// Citations returns the code point ranges of the citations of d between
// from and to, as Options.SkipCitations leaves them out (each with the
// space before it), in order. A footnote reference is not a citation.
func Citations(d *doc.Document, from, to int) []units.Range {
	text := d.Text[d.Byte(from):d.Byte(to)]
	var out []units.Range
	base := d.Byte(from)
	for _, m := range citationRE.FindAllStringIndex(text, -1) {
		r := units.Range{Start: d.Pos(base + m[0]), End: d.Pos(base + m[1])}
		out = append(out, r)
	}
	return out
}

// textWithoutCitations is text with the citations of r left out.
func (n *narrator) textWithoutCitations(r units.Range) []Piece {
	var out []Piece
	pos := r.Start
	for _, c := range Citations(n.d, r.Start, r.End) {
		if n.isFootnote(c) {
			continue
		}
		if c.Start > pos {
			out = append(out, n.textOf(units.Range{Start: pos, End: c.Start})...)
		}
		pos = c.End
	}
	if pos < r.End {
		out = append(out, n.textOf(units.Range{Start: pos, End: r.End})...)
	}
	return out
}

// isFootnote reports whether a footnote marker lies in c.
func (n *narrator) isFootnote(c units.Range) bool {
	return len(n.ix.Within(doc.Footnote, c.Start, c.End)) > 0
}
