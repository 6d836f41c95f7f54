package load

import (
	"context"
	"errors"
	"strconv"

	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/doc"
)

// formatBRF is a braille file (Braille Ready Format).
const formatBRF = "brf"

func init() {
	register(registration{Name: formatBRF, Extensions: []string{".brf", ".brl"},
		Load:     func(path string, data []byte) (*doc.Document, error) { return loadBRF(path, data, Options{}) },
		LoadWith: loadBRF})
}

// loadBRF reads a BRF file as print: its headings and paragraphs are
// found from the layout (braille.ReadLayout) and back-translated through
// liblouis in the table of o (UEB grade 2 by default, which reads grade 1
// too). Where a new page of the file starts, a page_break point holds
// the page's number in the file, counting from 1, as its Reference (a
// paragraph that goes on over a page is translated in two parts). A file
// that is not braille ASCII is read as plain text.
func loadBRF(path string, data []byte, o Options) (*doc.Document, error) {
	blocks, ok := braille.ReadLayout(data)
	if !ok {
		return loadText(path, data)
	}
	table := o.BrailleTable
	if table == "" {
		table = braille.DefaultTable
	}
	// Each block's parts, one a page it is on.
	type part struct{ first, page int }
	var brl []string
	parts := make([][]part, len(blocks))
	for i, bl := range blocks {
		at, page := 0, bl.Page
		for _, t := range bl.Turns {
			parts[i] = append(parts[i], part{len(brl), page})
			brl = append(brl, bl.Braille[at:t.At])
			at, page = t.At, t.Page
		}
		parts[i] = append(parts[i], part{len(brl), page})
		brl = append(brl, bl.Braille[at:])
	}
	print, err := braille.BackTranslate(context.Background(), brl, table)
	if err != nil {
		var unknown *braille.UnknownTableError
		if errors.As(err, &unknown) {
			return nil, &Error{Path: path, Reason: unknown.Error(), Cause: err}
		}
		return nil, &Error{Path: path, Reason: "cannot be read as braille: " + err.Error(), Cause: err}
	}
	b := newBuilder(len(data))
	page := -1
	if len(blocks) > 0 {
		page = blocks[0].Page
	}
	turn := func(to int) {
		if to != page {
			page = to
			b.point(doc.Marker{Kind: doc.PageBreak, Reference: strconv.Itoa(to + 1)})
		}
	}
	for i, bl := range blocks {
		b.paragraphBreak()
		turn(bl.Page)
		kind := doc.Paragraph
		if bl.Heading > 0 {
			kind = doc.Heading
		}
		id := b.openMarker(doc.Marker{Kind: kind, Level: bl.Heading})
		for k, p := range parts[i] {
			if k > 0 {
				b.space()
				turn(p.page)
			}
			b.inlineText(print[p.first])
		}
		b.closeMarker(id)
	}
	return b.document(doc.Meta{Format: formatBRF, Path: path}, path), nil
}
