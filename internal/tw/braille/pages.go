package braille

import (
	"strings"
)

// Page is one page of a braille file as it is written: its lines, in
// the file's own characters (braille ASCII or Unicode braille), without
// the blanks at their ends or the blank lines that fill the page out.
type Page struct {
	Lines []string
	// Number is the braille page number at the page's foot, in print
	// digits ("#b" is "2"); "" when the page has none.
	Number string
	// Text reports whether the page holds anything besides its number:
	// ReadLayout finds no block on a page without.
	Text bool
}

// ReadPages splits a braille file into its pages, counted as ReadLayout
// counts them (Block.Page indexes the result). ok is false when the file
// is not braille.
func ReadPages(data []byte) (pages []Page, ok bool) {
	text, ok := asciiBraille(data)
	if !ok {
		return nil, false
	}
	ascii, width := splitPages(text)
	raw := strings.Split(fileLines(data), "\f")
	pages = make([]Page, len(ascii))
	for i, page := range ascii {
		lines := strings.Split(page, "\n")
		num := dropPageNumber(lines, width)
		p := Page{Number: printDigits(num)}
		for _, l := range lines {
			p.Text = p.Text || strings.TrimSpace(l) != ""
		}
		if i < len(raw) {
			for _, l := range strings.Split(raw[i], "\n") {
				p.Lines = append(p.Lines, strings.TrimRight(l, " \t\u2800"))
			}
			for len(p.Lines) > 0 && p.Lines[len(p.Lines)-1] == "" {
				p.Lines = p.Lines[:len(p.Lines)-1]
			}
		}
		pages[i] = p
	}
	return pages, true
}

// fileLines is a file's text with Unix line ends, as asciiBraille reads
// its lines, and without a byte-order mark.
func fileLines(data []byte) string {
	s := strings.TrimPrefix(string(data), "\ufeff")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// printDigits reads a braille page number ("#bc": the number sign, then
// the letters a to j for the digits 1 to 0) in print digits ("23"); ""
// for "".
func printDigits(num string) string {
	if len(num) < 2 {
		return ""
	}
	var b strings.Builder
	for _, c := range strings.ToLower(num[1:]) {
		if c == 'j' {
			b.WriteByte('0')
		} else {
			b.WriteRune('1' + c - 'a')
		}
	}
	return b.String()
}
