package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// FuzzOfficeWriters: whatever Markdown or HTML tw reads, the DOCX and ODT
// it writes are well-formed packages that read back as the same text.
func FuzzOfficeWriters(f *testing.F) {
	for _, name := range []string{"rich.md", "meta.md", "page.html", "plain.txt"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(filepath.Ext(name) == ".html", string(data))
	}
	f.Add(false, "| a |\n|---|\n|  |\n")
	f.Add(false, "1. a\n\n   b\n2. c\n\n3) d\n")
	f.Add(true, "<ol start=\"7\"><li>x<ul><li>y</li></ul></li></ol><table><tr><td></td><td>z</td></tr></table>")
	f.Add(false, "a  \tb\u0001c\uFFFE & <x> \"q\"\n\n```\n  x  y\t\n```\n")
	f.Fuzz(func(t *testing.T, isHTML bool, src string) {
		name := "in.md"
		if isHTML {
			name = "in.html"
		}
		d, err := load.Bytes(name, []byte(src))
		if err != nil {
			return
		}
		for _, w := range officeWriters {
			data, err := w.write(d)
			if err != nil {
				t.Fatalf("%s: %v", w.ext, err)
			}
			back := readBack(t, w.ext, data)
			// XML cannot hold control characters: they are dropped.
			want := strings.Map(func(r rune) rune {
				if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
					return -1
				}
				return r
			}, withoutBlankRows(d))
			if spaced(back.Text) != spaced(want) {
				t.Errorf("%s reads back as %q, want %q", w.ext, back.Text, d.Text)
			}
		}
	})
}

// spaced is s with its runs of white space made one space.
func spaced(s string) string { return strings.Join(strings.Fields(s), " ") }

// withoutBlankRows is the document's text without its table rows that
// hold no text, only cell separators: the DOCX and ODT loaders leave such
// rows out, as LibreOffice's blank rows are noise to a listener. A line
// of the text that is only "|" but no table row stays.
func withoutBlankRows(d *doc.Document) string {
	var b strings.Builder
	at := 0
	for _, r := range d.MarkersOf(doc.TableRow) {
		if r.Start < at || strings.Trim(d.Slice(r.Start, r.End), " |\t\n") != "" {
			continue
		}
		b.WriteString(d.Slice(at, r.Start))
		at = r.End
	}
	b.WriteString(d.Slice(at, d.Len()))
	return b.String()
}
