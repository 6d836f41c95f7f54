package narration

import (
	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// citationRE matches the citations Options.SkipCitations leaves out.
var citationRE = lazyregexp.New(`\s?(?:\[[^\]\[]*@[\p{L}\d_][^\]\[]*\]|\[\d+(?:\s*[,–-]\s*\d+)*\]|\((?:see |cf\. )?\p{Lu}[\p{L}'’-]+(?: et al\.?| (?:and|&) \p{Lu}[\p{L}'’-]+)?,? \d{4}[a-z]?(?:, p+\. ?\d+(?:[–-]\d+)?)?(?:; \p{Lu}[\p{L}'’-]+(?: et al\.?)?,? \d{4}[a-z]?)*\))`)

// citations returns the code point ranges of what citationRE matches in d
// between from and to (each with the space before it), in order; a
// footnote reference among them is not a citation (isFootnote).
func citations(d *doc.Document, from, to int) []units.Range {
	base := d.Byte(from)
	var out []units.Range
	for _, m := range citationRE.FindAllStringIndex(d.Text[base:d.Byte(to)], -1) {
		out = append(out, units.Range{Start: d.Pos(base + m[0]), End: d.Pos(base + m[1])})
	}
	return out
}

// textWithoutCitations is text with the citations of r left out.
func (n *narrator) textWithoutCitations(r units.Range) []Piece {
	var out []Piece
	pos := r.Start
	for _, c := range citations(n.d, r.Start, r.End) {
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
