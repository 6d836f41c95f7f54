package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
			}, d.Text)
			if spaced(back.Text) != spaced(withoutBlankRows(want)) {
				t.Errorf("%s reads back as %q, want %q", w.ext, back.Text, d.Text)
			}
		}
	})
}

// spaced is s with its runs of white space made one space.
func spaced(s string) string { return strings.Join(strings.Fields(s), " ") }

// withoutBlankRows is text without the lines of a table row with no text,
// only cell separators (" | "): the DOCX and ODT loaders leave such rows
// out, as LibreOffice's blank rows are noise to a listener.
func withoutBlankRows(text string) string {
	lines := strings.Split(text, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if strings.TrimSpace(l) != "" && strings.Trim(l, " |") == "" {
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, "\n")
}
