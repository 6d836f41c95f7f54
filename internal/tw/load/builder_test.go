package load

import (
	"strings"
	"testing"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// inlineText must give what splitting into words and joining them with
// single spaces gives, whatever the white space and wherever the 8-byte
// blocks fall.
func TestInlineTextCollapsesWhiteSpace(t *testing.T) {
	cases := []string{
		"", " ", "word", "  lead", "trail  ", "a  b", "a\tb\nc\r\nd",
		"abcdefg  hijklmnop", "abcdefgh ijklmnop", "abcdefg hijklmnop q",
		"1234567 ", "1234567\t8", "no\u00a0break", "ideographic\u3000space", "café crème brûlée",
		"control\x01char", "del\x7fchar", strings.Repeat("long words in a row ", 20),
	}
	for _, in := range cases {
		checkInline(t, in)
	}
}

func FuzzInlineText(f *testing.F) {
	f.Add("abcdefg  hijklmnop")
	f.Add("a\u00a0\u2003b\tc")
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) {
			return
		}
		checkInline(t, in)
	})
}

func checkInline(t *testing.T, in string) {
	t.Helper()
	b := newBuilder(0)
	b.inlineText(in)
	got, _ := b.finish()
	want := strings.Join(strings.Fields(in), " ")
	if got != want {
		t.Fatalf("inlineText(%q) = %q, want %q", in, got, want)
	}
	if b.runes != utf8.RuneCountInString(want) {
		t.Fatalf("inlineText(%q) counted %d code points, want %d", in, b.runes, utf8.RuneCountInString(want))
	}
}

// The shared shapes of the builder helpers: a table row, a notes section,
// a loader's own heading, and the character formats of runs.
func TestBuilderHelpers(t *testing.T) {
	tests := []struct {
		name    string
		write   func(b *builder)
		text    string
		markers string // markerLines, a line each
	}{
		{
			name: "rows: a line each, cells joined by \" | \", empty cells kept, header labelled",
			write: func(b *builder) {
				b.inlineText("Before")
				b.paragraphBreak()
				cells := [][]string{{"a", "b"}, {"", " x ", ""}}
				for r, row := range cells {
					b.tableRow(r == 0, len(row), func(i int) { b.inlineText(row[i]) })
				}
			},
			text: "Before\n\na | b\n | x | ",
			markers: `
table_row 8-13 label="header" "a | b"
table_cell 8-9 "a"
table_cell 12-13 "b"
table_row 14-21 " | x | "
table_cell 14-14 ""
table_cell 17-18 "x"
table_cell 21-21 ""`,
		},
		{
			name: "a row opened and filled cell by cell",
			write: func(b *builder) {
				row := b.openRow(false)
				for i, c := range []string{"1", "2"} {
					id := b.openCell(i)
					b.inlineText(c)
					b.closeMarker(id)
				}
				b.closeMarker(row)
			},
			text: "1 | 2",
			markers: `
table_row 0-5 "1 | 2"
table_cell 0-1 "1"
table_cell 4-5 "2"`,
		},
		{
			name: "notes: references in the text, the section after a blank line, a note a line",
			write: func(b *builder) {
				b.inlineText("Text")
				b.noteRef("1", "1")
				b.inlineText(" more")
				b.noteRef("2", "2")
				b.notesSection(2, noteNumber, func(i int) { b.inlineText([]string{"First  note.", "Second."}[i]) })
			},
			text: "Text[1] more[2]\n\nFootnotes\n\n[1] First note.\n[2] Second.",
			markers: `
footnote 4-7 ref="1" "[1]"
footnote 12-15 ref="2" "[2]"
heading 17-26 level=2 "Footnotes"
footnote 28-43 level=1 ref="1" "[1] First note."
footnote 28-31 ref="1" "[1]"
footnote 44-55 level=1 ref="2" "[2] Second."
footnote 44-47 ref="2" "[2]"`,
		},
		{
			name:    "no notes: no section",
			write:   func(b *builder) { b.inlineText("Text"); b.notesSection(0, noteNumber, func(int) {}) },
			text:    "Text",
			markers: ``,
		},
		{
			name: "a note whose label is not its reference",
			write: func(b *builder) {
				b.notesHeading()
				id := b.openNote("*", "ch1#n1")
				b.inlineText("Starred.")
				b.closeMarker(id)
			},
			text: "Footnotes\n\n[*] Starred.",
			markers: `
heading 0-9 level=2 "Footnotes"
footnote 11-23 level=1 ref="ch1#n1" "[*] Starred."
footnote 11-14 ref="ch1#n1" "[*]"`,
		},
		{
			name:  "a loader's heading stands apart",
			write: func(b *builder) { b.heading(1, "Sheet  1"); b.inlineText("cells") },
			text:  "Sheet 1\n\ncells",
			markers: `
heading 0-7 level=1 "Sheet 1"`,
		},
		{
			name: "formats kept open across runs, inner ones closed first",
			write: func(b *builder) {
				var f runFormats
				f.set(b, [4]bool{true, false, false, false})
				b.inlineText("bold ")
				f.set(b, [4]bool{true, true, false, false})
				b.inlineText("both")
				f.set(b, [4]bool{false, true, false, false})
				b.inlineText(" italic")
				f.close(b)
				b.inlineText(" plain")
			},
			text: "bold both italic plain",
			markers: `
bold 0-9 "bold both"
italic 5-9 "both"
italic 10-16 "italic"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBuilder(0)
			tt.write(b)
			d := b.document(doc.Meta{}, "x")
			if d.Text != tt.text {
				t.Errorf("text\n got: %q\nwant: %q", d.Text, tt.text)
			}
			if got, want := strings.Join(markerLines(d), "\n"), strings.TrimPrefix(tt.markers, "\n"); got != want {
				t.Errorf("markers\n got:\n%s\nwant:\n%s", got, want)
			}
			checkInvariants(t, d)
		})
	}
}

func TestStyleFormatInherits(t *testing.T) {
	tests := []struct {
		name  string
		chain []styleFormat // the most specific style first
		want  styleFormat
	}{
		{"nothing set", []styleFormat{{}, {}}, styleFormat{}},
		{"the first that sets a format decides", []styleFormat{{bold: -1}, {bold: 1, italic: 1}}, styleFormat{bold: -1, italic: 1}},
		{"each format on its own", []styleFormat{{underline: 1}, {italic: -1}, {bold: 1, underline: -1}}, styleFormat{bold: 1, italic: -1, underline: 1}},
	}
	for _, tt := range tests {
		var got styleFormat
		for _, s := range tt.chain {
			got.inherit(s)
		}
		if got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
