// Package narration turns a range of a document into the utterances
// continuous reading speaks: the document's sentences, with the words that
// say its structure (roles, counts, column headers, note numbers) inserted
// where the original textweaver inserts them.
//
// Each utterance is a sequence of pieces, and each piece is either the
// document's own text (with its range) or inserted text (with none), so a
// speech pipeline can give position notifications, word highlighting and
// marks for the document's words only.
//
// The rules, at the normal verbosity (the original's narration exactly):
//
//   - a heading is "heading level N, " and its text, one utterance;
//   - a list starts with "list with N items, " before its first item,
//     N counting the items at the list's own level; an item keeps its
//     visible number ("1. ", "2.a) ");
//   - a table is "Table with N columns: A, B, C." (from its header row),
//     then one utterance per row, "Row 1: A is x, B is y, C is z.", an
//     empty cell saying "blank"; a caption is read on its own;
//   - an image is "graphic, " and its description;
//   - a block quote and a code block begin with "block quote, " and
//     "code block, "; code is read one line per utterance;
//   - a footnote reference written "[1]" is read "footnote 1" (a space
//     before it when it follows a word); a note under the notes heading
//     begins "footnote 1 ". A reference written otherwise (an EPUB's
//     superscript "1") stays as written;
//   - everything else is read sentence by sentence, as the text model
//     splits sentences (package units), a soft line break kept.
//
// Low verbosity reads the text alone (no inserted words but the ", "
// between a row's cells); high adds positions: "heading level 2, 3 of 7, "
// and "Row 2 of 5: ".
package narration

import (
	"strings"

	"textfirst/internal/tw/i18n"
)

// Verbosity is how much is said besides the document's words; the values
// are the speech.verbosity setting's.
type Verbosity string

const (
	Low    Verbosity = "low"
	Normal Verbosity = "normal"
	High   Verbosity = "high"
)

// Piece is one part of an utterance. A document piece is the text of
// [Start, End) of the canonical text; an inserted piece has Inserted set,
// and Start == End is the position it is said at.
type Piece struct {
	Text       string
	Start, End int
	Inserted   bool
	// Repeats, in an inserted piece, are the parts of Text (code point
	// ranges, in order) that repeat the document's own words: a column's
	// header said before each of its cells, a list item's printed label.
	// They are in the document's language, the rest in the interface's.
	Repeats []Span
}

// Span is a range [Start, End) of code points of a piece's Text.
type Span struct{ Start, End int }

// Utterance is one thing continuous reading says: its pieces in order, and
// the document range it reads.
type Utterance struct {
	Pieces     []Piece
	Start, End int
}

// String is the utterance as spoken, before pronunciation rules.
func (u Utterance) String() string {
	var b strings.Builder
	for _, p := range u.Pieces {
		b.WriteString(p.Text)
	}
	return b.String()
}

// Strings returns each utterance as spoken.
func Strings(us []Utterance) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.String()
	}
	return out
}

// Options choose the verbosity and the language of inserted words. The
// zero value is normal verbosity in English.
type Options struct {
	Verbosity Verbosity
	Printer   *i18n.Printer
	// Tables is how a table is read (normalization.table_mode):
	// "structured" (or "") as above, "flat" its cells alone as at low
	// verbosity, "skip" not at all.
	Tables string
	// Footnotes is where footnotes are read (normalization.footnote_mode):
	// "inline" (or "") a reference where it is marked and each note where
	// it stands; "deferred" the notes only, where they stand (at the end);
	// "skip" neither.
	Footnotes string
	// SkipCode leaves code blocks unsaid (speech.skip_code).
	SkipCode bool
	// SkipCitations leaves citations unsaid (reading.citations off): a
	// Pandoc citation in brackets ("[@smith2020, p. 4]"), a number in
	// brackets ("[12]", "[3, 5-7]") that is not a footnote, and an author
	// and year in parentheses ("(Smith, 2020)", "(Lee et al. 2019)").
	SkipCitations bool
}

// printer is the options' printer, English when none is given.
func (o Options) printer() *i18n.Printer {
	if o.Printer == nil {
		return i18n.For("en")
	}
	return o.Printer
}

// level is the options' verbosity; anything unknown reads as normal.
func (o Options) level() Verbosity {
	switch o.Verbosity {
	case Low, High:
		return o.Verbosity
	}
	return Normal
}
