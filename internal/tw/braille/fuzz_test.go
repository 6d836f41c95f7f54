package braille

import (
	"strings"
	"testing"
	"unicode/utf8"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

func FuzzReadLayout(f *testing.F) {
	f.Add([]byte("      ,*apt} ,\"o\r\n\r\n  ,! qk br{n\r\nfox\r\n                         #a\f    ,notes\r\n  #b"))
	f.Add([]byte("\u2801\u2803 \u283f\f\f\f"))
	f.Add([]byte("#a #b #c\n   #"))
	f.Fuzz(func(t *testing.T, data []byte) {
		blocks, ok := ReadLayout(data)
		if !ok {
			return
		}
		for _, b := range blocks {
			if strings.TrimSpace(b.Braille) == "" || strings.ContainsAny(b.Braille, "\n\f") {
				t.Fatalf("block %q", b.Braille)
			}
		}
	})
}

// FuzzTableLayout lays any text with any markers (tables, rows and cells
// among headings and list items) out in pages in each table format, its
// print standing for its braille (one cell a byte): a text that is not
// blank gives pages, every line fits the page's width and every page has
// the page's length.
func FuzzTableLayout(f *testing.F) {
	// A table of a header row and a row, two cells each.
	table := []byte{0, 0, 19, 0, 1, 0, 10, 0, 2, 0, 4, 0, 2, 7, 3, 0, 1, 11, 8, 1, 2, 11, 3, 0, 2, 17, 2, 0}
	for format := range uint8(4) {
		f.Add("Name | Age\nAnn | 30\n", table, format, uint8(12))
	}
	f.Add("a | b | c | d | e\nvery long entries here | x | y | z | w\n", []byte{1, 0, 17, 0, 2, 0, 1, 0, 2, 4, 1, 0, 2, 8, 1, 0, 2, 12, 1, 0, 2, 16, 1, 0}, uint8(3), uint8(0))
	kinds := []doc.Kind{doc.Table, doc.TableRow, doc.TableCell, doc.Heading, doc.ListItem, doc.Paragraph}
	formats := []string{"", TablesLinear, TablesListed, TablesStairstep}
	f.Fuzz(func(t *testing.T, text string, shape []byte, format, cells uint8) {
		if !utf8.ValidString(text) || len(text) > 4000 || len(shape) > 400 {
			return
		}
		d := testkit.FuzzDoc(text, shape, kinds)
		layout := Layout{Cells: int(cells), Lines: 6, Tables: formats[int(format)%len(formats)]}.withDefaults()
		p := &pager{layout: layout}
		for _, b := range blocks(d, false, layout.Tables) {
			var line strings.Builder
			for _, pc := range b.pieces {
				for _, r := range pc.print {
					if r >= utf8.RuneSelf {
						r = '?'
					}
					line.WriteRune(r)
				}
			}
			p.block(b, line.String())
		}
		out := p.finish()
		if out == "" {
			if strings.TrimSpace(text) != "" {
				t.Fatalf("%q laid out as no page", text)
			}
			return
		}
		for i, page := range strings.Split(strings.TrimSuffix(out, "\f"), "\f") {
			lines := strings.Split(strings.TrimSuffix(page, "\r\n"), "\r\n")
			if len(lines) != layout.Lines {
				t.Fatalf("page %d has %d lines, want %d", i+1, len(lines), layout.Lines)
			}
			for _, l := range lines {
				if len(l) > layout.Cells {
					t.Fatalf("a line of %d cells on a page %d wide: %q", len(l), layout.Cells, l)
				}
			}
		}
	})
}
