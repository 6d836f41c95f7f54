package braille

import (
	"strings"
	"unicode/utf8"
)

// Block is a heading or paragraph found in a BRF file's layout, in braille
// ASCII (its lines joined by spaces).
type Block struct {
	Heading int // the heading's level (1 centred, 2 in cell 5), 0 for a paragraph
	Braille string
	// Page is the page of the file the block starts on, counting from 0
	// (pages end in form feeds).
	Page int
	// Turns are where the block goes on to a later page, in order.
	Turns []Turn
}

// Turn is a page turn inside a block: Braille[At:] is on page Page.
type Turn struct {
	At, Page int
}

// ReadLayout finds the headings and paragraphs of a BRF file from its
// layout, as transcribers lay them out: pages end in form feeds, the
// braille page number at the right of a page's last line is left out, a
// centred line is a level 1 heading (centred lines in a row one heading),
// a line in cell 5 after a blank line a level 2 heading, a line in cell 3
// starts a paragraph, a line in cell 1 goes on with the one before unless
// a blank line comes between. Unicode braille patterns are read as the
// braille ASCII cells they are. ok is false when the file is not braille
// (more than one character in a hundred outside braille ASCII).
func ReadLayout(data []byte) (blocks []Block, ok bool) {
	text, ok := asciiBraille(data)
	if !ok {
		return nil, false
	}
	pages, width := splitPages(text)
	var cur *Block
	end := func() {
		if cur != nil && strings.TrimSpace(cur.Braille) != "" {
			blocks = append(blocks, *cur)
		}
		cur = nil
	}
	for pi, page := range pages {
		lines := strings.Split(page, "\n")
		dropPageNumber(lines, width)
		// The blank lines that fill a page out do not end its last
		// paragraph: the next page goes on with it unless it starts a
		// new one.
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		blankBefore := true
		for _, l := range lines {
			l = strings.TrimRight(l, " ")
			if l == "" {
				end()
				blankBefore = true
				continue
			}
			lead := len(l) - len(strings.TrimLeft(l, " "))
			body := strings.TrimSpace(l)
			switch {
			case lead >= 6 && width > 0 && abs(lead-(width-len(l))) <= 2:
				if cur == nil || cur.Heading != 1 {
					end()
					cur = &Block{Heading: 1, Page: pi}
				}
			case lead == 4 && blankBefore:
				end()
				cur = &Block{Heading: 2, Page: pi}
			case lead == 2 || cur == nil || cur.Heading != 0:
				end()
				cur = &Block{Page: pi}
			}
			if cur.Braille != "" {
				cur.Braille += " "
				if last := cur.lastPage(); last != pi {
					cur.Turns = append(cur.Turns, Turn{At: len(cur.Braille), Page: pi})
				}
			}
			cur.Braille += body
			blankBefore = false
		}
	}
	end()
	return blocks, true
}

// lastPage is the page the block's text reached last.
func (b *Block) lastPage() int {
	if len(b.Turns) > 0 {
		return b.Turns[len(b.Turns)-1].Page
	}
	return b.Page
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// splitPages splits a file's text at its form feeds, and measures its
// width: the longest line, in cells.
func splitPages(text string) (pages []string, width int) {
	for _, l := range strings.Split(text, "\n") {
		width = max(width, len(strings.TrimRight(l, " \f")))
	}
	return strings.Split(text, "\f"), width
}

// dropPageNumber takes the braille page number ("#a", a number sign and
// letters a to j, at the right margin with at least three blank cells
// before it) off a page's last line with text, and returns it ("" when
// there is none).
func dropPageNumber(lines []string, width int) string {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimRight(lines[i], " ")
		if l == "" {
			continue
		}
		if len(l) < width-1 {
			return ""
		}
		k := strings.LastIndexByte(l, ' ')
		num := l[k+1:]
		if len(num) < 2 || num[0] != '#' || strings.Trim(num[1:], "ABCDEFGHIJabcdefghij") != "" {
			return ""
		}
		rest := l[:k+1]
		if strings.TrimSpace(rest) != "" && !strings.HasSuffix(rest, "   ") {
			return ""
		}
		lines[i] = strings.TrimRight(rest, " ")
		return num
	}
	return ""
}

// lowerCell is a braille ASCII cell in the lower-case form liblouis
// writes and reads: "a" for "A", "{" for "[", "`" for "@".
func lowerCell(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z', c == '[', c == '\\', c == ']', c == '^', c == '@':
		return c + 32
	}
	return c
}

// brailleASCII are the braille ASCII characters of the Unicode patterns
// U+2800 to U+283F, in order.
const brailleASCII = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="

// asciiBraille is data as braille ASCII with line feeds and form feeds,
// lower case (as liblouis reads it); false when it is not braille.
func asciiBraille(data []byte) (string, bool) {
	var b strings.Builder
	bad, cells := 0, 0
	s := string(data)
	s = strings.TrimPrefix(s, "\ufeff")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				continue
			}
			b.WriteByte('\n')
		case r == '\n' || r == '\f':
			b.WriteRune(r)
		case r == '\t':
			b.WriteByte(' ')
		case r >= 0x2800 && r <= 0x28ff:
			cells++
			b.WriteByte(lowerCell(brailleASCII[(r-0x2800)&0x3f]))
		case r >= ' ' && r <= '~':
			cells++
			b.WriteByte(lowerCell(byte(r)))
		default:
			bad++
		}
	}
	return b.String(), cells > 0 && bad*100 <= cells
}
