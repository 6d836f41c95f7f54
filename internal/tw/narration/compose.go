package narration

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/i18n"
)

// Inserted words are whole catalogue messages, so that each language
// orders them its own way ("heading level %d, %s"); the document's words
// go in as arguments. compose formats a message with a placeholder for
// each argument that is pieces, then cuts the result at the placeholders:
// what the message adds becomes inserted pieces, each argument's pieces
// stay as they were (with their document ranges).

// placeholder marks argument i in a formatted message; private-use code
// points never occur in a catalogue message.
func placeholder(i int) string { return "\uE000" + strconv.Itoa(i) + "\uE001" }

// compose formats key in p's language. An argument of type []Piece is
// placed whole; any other argument is formatted as fmt would. at is the
// document position inserted text is said at.
func compose(p *i18n.Printer, at int, key string, args ...any) []Piece {
	var parts [][]Piece
	fmtArgs := make([]any, len(args))
	for i, a := range args {
		if ps, ok := a.([]Piece); ok {
			fmtArgs[i] = placeholder(len(parts))
			parts = append(parts, ps)
			continue
		}
		fmtArgs[i] = a
	}
	s := p.Sprintf(key, fmtArgs...)
	var out []Piece
	for s != "" {
		i := strings.Index(s, "\uE000")
		if i < 0 {
			out = appendInserted(out, s, at)
			break
		}
		out = appendInserted(out, s[:i], at)
		j := strings.Index(s[i:], "\uE001")
		k, err := -1, error(nil)
		if j > 0 {
			k, err = strconv.Atoi(s[i+len("\uE000") : i+j])
		}
		if j < 0 || err != nil || k < 0 || k >= len(parts) {
			// Not one of ours: keep the text as it is.
			out = appendInserted(out, s[i:], at)
			break
		}
		for _, ps := range parts[k] {
			out = appendPiece(out, ps)
			at = ps.End
		}
		s = s[i+j+len("\uE001"):]
	}
	return out
}

// appendInserted appends inserted text said at position at, joining it to
// an inserted piece before it.
func appendInserted(out []Piece, text string, at int) []Piece {
	if text == "" {
		return out
	}
	return appendPiece(out, Piece{Text: text, Start: at, End: at, Inserted: true})
}

// appendPiece appends p, joining it to the piece before it when both are
// inserted, or both are document text that meet.
func appendPiece(out []Piece, p Piece) []Piece {
	if p.Text == "" {
		return out
	}
	if n := len(out); n > 0 {
		last := &out[n-1]
		if last.Inserted && p.Inserted {
			n := utf8.RuneCountInString(last.Text)
			for _, r := range p.Repeats {
				last.Repeats = append(last.Repeats, Span{Start: n + r.Start, End: n + r.End})
			}
			last.Text += p.Text
			return out
		}
		if !last.Inserted && !p.Inserted && last.End == p.Start {
			last.Text += p.Text
			last.End = p.End
			return out
		}
	}
	return append(out, p)
}

// repeated is the document's words s, said again at position at (a
// column's header before a cell): an inserted piece that repeats them.
func repeated(s string, at int) []Piece {
	return []Piece{{Text: s, Start: at, End: at, Inserted: true, Repeats: []Span{{0, utf8.RuneCountInString(s)}}}}
}

// join joins lists of pieces with the language's list separator.
func join(p *i18n.Printer, lists [][]Piece) []Piece {
	if len(lists) == 0 {
		return nil
	}
	out := lists[0]
	for _, l := range lists[1:] {
		if len(l) == 0 {
			continue
		}
		at := l[0].Start
		out = compose(p, at, i18n.Key("%s, %s"), out, l)
	}
	return out
}
