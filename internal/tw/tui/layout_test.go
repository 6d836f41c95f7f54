package tui

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

func plain(text string) *doc.Document {
	return doc.New(text, doc.Meta{Format: "text"}, nil)
}

// rowTexts returns the rows of line l as text.
func rowTexts(lo *layout, l int) []string {
	var out []string
	for _, r := range lo.rowsOf(l) {
		out = append(out, lo.d.Text[r.startByte:r.endByte])
	}
	return out
}

// visual returns a row as drawn, left to right.
func visual(lo *layout, r row, rtl bool) string {
	var b strings.Builder
	for _, c := range lo.cells(r, rtl) {
		b.WriteString(c.text)
	}
	return b.String()
}

func TestWrap(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		width int
		want  []string
	}{
		{"fits", "short line", 20, []string{"short line"}},
		{"breaks after a space", "hello world again", 10, []string{"hello ", "world ", "again"}},
		{"spaces hang at the edge", "hello   world", 5, []string{"hello   ", "world"}},
		{"long word broken anywhere", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"wide characters are not split", "灯台灯台灯", 5, []string{"灯台", "灯台", "灯"}},
		{"combining marks stay on their letter", "cafe\u0301 cafe\u0301", 5, []string{"cafe\u0301 ", "cafe\u0301"}},
		{"empty line", "", 10, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lo := newLayout(plain(tt.text), tt.width)
			got := rowTexts(lo, 0)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("rows %q, want %q", got, tt.want)
			}
			for _, r := range lo.rowsOf(0) {
				if w := widthOf(strings.TrimRight(lo.d.Text[r.startByte:r.endByte], " ")); w > tt.width {
					t.Errorf("row %q is %d cells wide, more than %d", lo.d.Text[r.startByte:r.endByte], w, tt.width)
				}
			}
		})
	}
}

func TestLayoutPositions(t *testing.T) {
	d := plain("first line\nsecond line is longer\n\nlast")
	lo := newLayout(d, 8)
	if lo.lines() != 4 {
		t.Fatalf("%d lines, want 4", lo.lines())
	}
	tests := []struct{ pos, line, row int }{{0, 0, 0}, {5, 0, 0}, {6, 0, 1}, {11, 1, 0}, {18, 1, 1}, {33, 2, 0}, {34, 3, 0}}
	for _, tt := range tests {
		l := lo.lineOf(tt.pos)
		if l != tt.line || lo.rowOf(l, tt.pos) != tt.row {
			t.Errorf("pos %d: line %d row %d, want line %d row %d", tt.pos, l, lo.rowOf(l, tt.pos), tt.line, tt.row)
		}
	}
}

func TestVeryLongLine(t *testing.T) {
	// A 1 MB single line: wrapped once, then every row is found fast.
	word := "lighthouse "
	d := plain(strings.Repeat(word, 1<<20/len(word)))
	start := time.Now()
	lo := newLayout(d, 80)
	rows := lo.rowsOf(0)
	took := time.Since(start)
	if len(rows) < 1<<20/80 {
		t.Fatalf("%d rows, want at least %d", len(rows), 1<<20/80)
	}
	if took > 3*time.Second {
		t.Errorf("wrapping 1 MB took %v", took)
	}
	pos := d.Len() - 5
	r := rows[lo.rowOf(0, pos)]
	if pos < r.start || pos >= r.end {
		t.Errorf("row of %d is [%d, %d)", pos, r.start, r.end)
	}
}

func TestBidi(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"left to right untouched", "plain text (1)", "plain text (1)"},
		{"hebrew inside english", "Hebrew: שלום עולם, ok", "Hebrew: םלוע םולש, ok"},
		{"arabic words reversed", "Arabic: مرحبا بالعالم.", "Arabic: ملاعلاب ابحرم."},
		{"hebrew paragraph", "שלום עולם", "םלוע םולש"},
		{"numbers keep their order", "שנת 2026 היא", "איה 2026 תנש"},
		{"english inside hebrew", "אני אוהב Go מאוד", "דואמ Go בהוא ינא"},
		{"brackets mirror", "שלום (עולם)", "(םלוע) םולש"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lo := newLayout(plain(tt.text), 80)
			rtl := lo.rtlParagraph(0)
			if got := visual(lo, lo.rowsOf(0)[0], rtl); got != tt.want {
				t.Errorf("shown %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMixedScriptsAtEveryWidth wraps right-to-left text mixed with wide
// and combining characters at every width from 1 to 80 and checks what
// the screen shows: the rows cover each line without gaps, none is wider
// than the width (but for one cluster wider than it, or spaces hanging
// past the edge), reordering keeps every cell, and every cell that is not
// a hanging space is drawn inside the text area.
func TestMixedScriptsAtEveryWidth(t *testing.T) {
	texts := []string{
		" לם00灯台", // a fuzzer's find
		"שלום 灯台 עולם",
		"灯台 שלום עולם 灯台灯台灯台",
		"עברית café 灯台 (1) סוף",
		"מַה שְּׁלוֹמְךָ 灯台 שָׁלוֹם",
		"مَرْحَبًا بِالعَالَم 灯台 ١٢٣ ٤٥٦ عربي",
		"שלום   עולם     灯台灯台      ",
		"אבג	דהו	灯台	x́y",
		"👩‍👩‍👧 שלום 🇮🇱🇯🇵 עולם",
		"Hebrew: שלום עולם, 2026 灯台 ok",
		"é̂̃ אְֱֲ 灯́ 台⃝",
		"灯灯灯灯灯灯灯灯灯灯 שלוםשלוםשלוםשלום",
	}
	for _, text := range texts {
		for width := 1; width <= 80; width++ {
			lo := newLayout(plain(text), width)
			rtl := lo.rtlParagraph(0)
			rows := lo.rowsOf(0)
			var joined strings.Builder
			for i, r := range rows {
				if i > 0 && (r.start != rows[i-1].end || r.startByte != rows[i-1].endByte) {
					t.Fatalf("%q at %d: row %d does not start where row %d ends", text, width, i, i-1)
				}
				if r.start == r.end && len(text) > 0 {
					t.Fatalf("%q at %d: row %d is empty", text, width, i)
				}
				rowText := text[r.startByte:r.endByte]
				joined.WriteString(rowText)
				trimmed := strings.TrimRight(rowText, " \t")
				if w := widthOf(trimmed); w > width && trimmed != firstCluster(trimmed) {
					t.Errorf("%q at %d: row %d %q is %d cells wide", text, width, i, rowText, w)
				}
				cells := lo.cells(r, rtl)
				n := 0
				x := place(cells, width, rtl)
				for _, c := range cells {
					n += c.n
					blank := strings.TrimSpace(c.text) == ""
					if !blank && (x < 0 || x+c.width > width) && c.width <= width {
						t.Errorf("%q at %d: row %d %q: cell %q drawn at column %d, outside [0, %d)", text, width, i, rowText, c.text, x, width)
					}
					x += c.width
				}
				if n != r.end-r.start {
					t.Errorf("%q at %d: row %d: cells hold %d code points, the row %d", text, width, i, n, r.end-r.start)
				}
			}
			if joined.String() != text {
				t.Errorf("%q at %d: rows hold %q", text, width, joined.String())
			}
		}
	}
}

// FuzzLayout checks, for any text and width, that the rows of every line
// cover it without gaps or overlaps, that no row is wider than the width
// (but for a single cluster wider than it), that reordering keeps every
// cell, and that every cell drawn lies inside the text area.
func FuzzLayout(f *testing.F) {
	f.Add("hello world\nשלום עולם (1)\n灯台 cafe\u0301\tend", 7)
	f.Add("", 1)
	f.Add("\n\n\x00\x01\r\n", 3)
	f.Add("אני אוהב Go 2026 מאוד!", 5)
	f.Fuzz(func(t *testing.T, text string, width int) {
		if width < 1 || width > 500 || !utf8.ValidString(text) {
			return
		}
		lo := newLayout(plain(text), width)
		for l := 0; l < lo.lines(); l++ {
			rows := lo.rowsOf(l)
			bs, be := lo.lineBytes(l)
			if rows[0].startByte != bs || rows[len(rows)-1].endByte != be {
				t.Fatalf("line %d: rows cover [%d, %d), line is [%d, %d)", l, rows[0].startByte, rows[len(rows)-1].endByte, bs, be)
			}
			for i, r := range rows {
				if i > 0 && (r.startByte != rows[i-1].endByte || r.start != rows[i-1].end) {
					t.Fatalf("line %d: row %d does not start where row %d ends", l, i, i-1)
				}
				rtl := lo.rtlParagraph(l)
				cells := lo.cells(r, rtl)
				w, n := 0, 0
				x := place(cells, width, rtl)
				for _, c := range cells {
					n += c.n
					// What is drawn is inside the text area: only
					// hanging spaces and a cluster wider than the
					// area fall off its sides.
					if strings.TrimSpace(c.text) != "" && c.width <= width && (x < 0 || x+c.width > width) {
						t.Fatalf("line %d row %d: cell %q at column %d, outside [0, %d)", l, i, c.text, x, width)
					}
					x += c.width
				}
				trimmed := strings.TrimRight(text[r.startByte:r.endByte], " \t")
				w = widthOf(trimmed)
				if n != r.end-r.start {
					t.Fatalf("line %d row %d: cells hold %d code points, the row %d", l, i, n, r.end-r.start)
				}
				if w > width && len(cells) > 1 && widthOf(firstCluster(trimmed)) < w {
					t.Fatalf("line %d row %d is %d cells wide, more than %d: %q", l, i, w, width, trimmed)
				}
			}
		}
		for pos := 0; pos <= lo.d.Len(); pos += 1 + pos/3 {
			lo.wordAt(pos)
			l := lo.lineOf(pos)
			lo.rowOf(l, pos)
		}
	})
}

func firstCluster(s string) string {
	c, _, _, _ := uniFirst(s)
	return c
}

func TestWindowTitleHasNoControlCharacters(t *testing.T) {
	tests := []struct{ title, want string }{
		{"Cell biology", "tw: Cell biology"},
		{"T\x1b]52;c;ZXZpbA==\x07", "tw: T]52;c;ZXZpbA=="},
		{"a\u009b31mb\x7f", "tw: a31mb"},
		{"Tab\tand\nline", "tw: Tabandline"},
	}
	for _, tt := range tests {
		if got := windowTitle(tt.title); got != tt.want {
			t.Errorf("windowTitle(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
}
