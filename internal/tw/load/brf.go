package load

import (
	"context"
	"errors"

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
// too). A file that is not braille ASCII is read as plain text.
func loadBRF(path string, data []byte, o Options) (*doc.Document, error) {
	blocks, ok := braille.ReadLayout(data)
	if !ok {
		return loadText(path, data)
	}
	table := o.BrailleTable
	if table == "" {
		table = braille.DefaultTable
	}
	brl := make([]string, len(blocks))
	for i, bl := range blocks {
		brl[i] = bl.Braille
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
	for i, bl := range blocks {
		b.paragraphBreak()
		kind := doc.Paragraph
		if bl.Heading > 0 {
			kind = doc.Heading
		}
		id := b.openMarker(doc.Marker{Kind: kind, Level: bl.Heading})
		b.inlineText(print[i])
		b.closeMarker(id)
	}
	return b.document(doc.Meta{Format: formatBRF, Path: path}, path), nil
}
