package tui

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"golang.org/x/text/unicode/bidi"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/hyphen"
)

// tabWidth is how many cells a tab takes outside the text (messages,
// lists) and in the text when display.tab_width says nothing.
const tabWidth = 4

// cell is one grapheme cluster as drawn: its document range (code points),
// the text to draw and how many terminal cells it takes.
type cell struct {
	pos, n int    // document offset and length in code points
	text   string // what to draw
	width  int    // cells on screen (1 or 2; a tab more; one more with a dot)
	rtl    bool   // resolved right-to-left (for mirroring)
	dot    bool   // a syllable begins here: a middle dot is drawn before it
}

// row is one screen row of a wrapped line: the code points [start, end)
// of the document, and where they are in the text (bytes).
type row struct {
	start, end         int // code points
	startByte, endByte int
}

// layout wraps a document's lines to a width. Lines are wrapped lazily and
// cached, so a 1 MB single line costs one pass and a long document costs
// only what is shown.
type layout struct {
	d        *doc.Document
	width    int
	lineByte []int // byte offset of each line's start
	linePos  []int // code point offset of each line's start
	rows     map[int][]row
	// rtl is how right-to-left rows are drawn (see shape.go): "" and
	// rtlShaped reorder them, rtlShaped also joins Arabic letters, and
	// rtlTerminal leaves both to the terminal.
	rtl string
	// syllables, when not nil, splits words into syllables with a middle
	// dot (reading_aids.syllables); dots holds each line's, found once.
	syllables *hyphen.Dict
	sylOpts   syllableOptions
	code      [][2]int // where code is, found once (inCode)
	dots      map[int]map[int]bool
	// tab is how many cells a tab takes (display.tab_width).
	tab int
}

func newLayout(d *doc.Document, width int) *layout {
	lo := &layout{d: d, width: max(width, 1), rows: map[int][]row{}, tab: tabWidth, sylOpts: syllableSettings(nil)}
	text := d.Text
	lo.lineByte = append(lo.lineByte, 0)
	for b := 0; ; {
		i := strings.IndexByte(text[b:], '\n')
		if i < 0 {
			break
		}
		b += i + 1
		lo.lineByte = append(lo.lineByte, b)
	}
	lo.linePos = make([]int, len(lo.lineByte))
	for i, b := range lo.lineByte {
		lo.linePos[i] = d.Pos(b)
	}
	return lo
}

// lines is the number of text lines.
func (lo *layout) lines() int { return len(lo.lineByte) }

// lineOf returns the line holding code point pos.
func (lo *layout) lineOf(pos int) int {
	i := sort.Search(len(lo.linePos), func(i int) bool { return lo.linePos[i] > pos })
	return max(i-1, 0)
}

// lineText returns line l without its newline, and its byte range.
func (lo *layout) lineBytes(l int) (start, end int) {
	start = lo.lineByte[l]
	end = len(lo.d.Text)
	if l+1 < len(lo.lineByte) {
		end = lo.lineByte[l+1] - 1
	}
	return start, end
}

// rowsOf returns the wrapped rows of line l (at least one).
func (lo *layout) rowsOf(l int) []row {
	if rs, ok := lo.rows[l]; ok {
		return rs
	}
	bs, be := lo.lineBytes(l)
	rs := wrapTabs(lo.d.Text[bs:be], bs, lo.linePos[l], lo.width, lo.tab, lo.dotsOf(l))
	lo.rows[l] = rs
	return rs
}

// rowOf returns the row of line l holding pos.
func (lo *layout) rowOf(l, pos int) int {
	rs := lo.rowsOf(l)
	i := sort.Search(len(rs), func(i int) bool { return rs[i].start > pos })
	return max(i-1, 0)
}

// clusterWidth is the cells a grapheme cluster takes, a tab tabWidth.
func clusterWidth(c string, w int) int { return cellWidth(c, w, tabWidth) }

// cellWidth is the cells a grapheme cluster takes, a tab tab.
func cellWidth(c string, w, tab int) int {
	if c == "\t" {
		return tab
	}
	if w <= 0 {
		return 1
	}
	return min(w, 2)
}

// wrap breaks one line into rows of at most width cells, after a space
// when it can, else anywhere (a word longer than the row).
// A syllable's dot (dots) takes a cell before its first letter.
func wrap(text string, baseByte, basePos, width int, dots map[int]bool) []row {
	return wrapTabs(text, baseByte, basePos, width, tabWidth, dots)
}

// wrapTabs is wrap with a tab taking tab cells.
func wrapTabs(text string, baseByte, basePos, width, tab int, dots map[int]bool) []row {
	var rows []row
	cur := row{start: basePos, startByte: baseByte}
	used := 0
	// The last place the row could break: after a space.
	breakPos, breakByte := -1, -1
	pos, b := basePos, baseByte
	state := -1
	rest := text
	for len(rest) > 0 {
		var c string
		var w int
		c, rest, w, state = uniseg.FirstGraphemeClusterInString(rest, state)
		cw := cellWidth(c, w, tab)
		if dots[pos] {
			cw++
		}
		n := utf8.RuneCountInString(c)
		// A space at the wrap point stays at the end of the row.
		if used+cw > width && used > 0 && c != " " {
			if breakPos > cur.start {
				cur.end, cur.endByte = breakPos, breakByte
				rows = append(rows, cur)
				cur = row{start: breakPos, startByte: breakByte}
				used = widthOfTabs(text[breakByte-baseByte:b-baseByte], tab) + dotsIn(dots, breakPos, pos)
				breakPos, breakByte = -1, -1
			}
			// The word carried over (or the row, when there was no
			// space to break after) may still leave no room for this
			// cluster: it then starts the next row itself.
			if used+cw > width && used > 0 {
				cur.end, cur.endByte = pos, b
				rows = append(rows, cur)
				cur = row{start: pos, startByte: b}
				used = 0
				breakPos, breakByte = -1, -1
			}
		}
		pos += n
		b += len(c)
		if c == " " || c == "\t" {
			breakPos, breakByte = pos, b
			if used+cw > width {
				// Spaces at the edge hang past it; what follows them
				// starts the next row.
				used = width
				continue
			}
		}
		used += cw
	}
	cur.end, cur.endByte = pos, b
	return append(rows, cur)
}

func widthOf(s string) int { return widthOfTabs(s, tabWidth) }

// widthOfTabs is widthOf with a tab taking tab cells.
func widthOfTabs(s string, tab int) int {
	w := 0
	state := -1
	for len(s) > 0 {
		var c string
		var cw int
		c, s, cw, state = uniseg.FirstGraphemeClusterInString(s, state)
		w += cellWidth(c, cw, tab)
	}
	return w
}

// cells returns the cells of a row in visual order (left to right), with
// right-to-left runs reordered as the Unicode bidirectional algorithm
// says. base is the paragraph direction: true for right-to-left.
func (lo *layout) cells(r row, rtlBase bool) []cell {
	text := lo.d.Text[r.startByte:r.endByte]
	var dots map[int]bool
	if lo.syllables != nil {
		dots = lo.dotsOf(lo.lineOf(r.start))
	}
	var cs []cell
	pos := r.start
	state := -1
	hasRTL := rtlBase
	for len(text) > 0 {
		var c string
		var w int
		c, text, w, state = uniseg.FirstGraphemeClusterInString(text, state)
		n := utf8.RuneCountInString(c)
		shown := c
		switch {
		case c == "\t":
			shown = strings.Repeat(" ", lo.tab)
		case c == "\r":
			shown = " "
		case len(c) == 1 && c[0] < 0x20:
			shown = "·"
		}
		cl := cell{pos: pos, n: n, text: shown, width: cellWidth(c, w, lo.tab)}
		if dots != nil && dots[pos] {
			cl.dot, cl.width = true, cl.width+1
		}
		cs = append(cs, cl)
		if !hasRTL {
			r, _ := utf8.DecodeRuneInString(c)
			if r >= 0x0590 && isRTL(r) {
				hasRTL = true
			}
		}
		pos += n
	}
	if !hasRTL {
		return cs
	}
	switch lo.rtl {
	case rtlTerminal:
		return cs
	case rtlShaped:
		cs = shapeArabic(cs)
	}
	return reorder(cs, rtlBase)
}

// place returns the column, counted from the text area's left edge of
// avail cells, where a row's first visual cell goes: 0 for a left-to-right
// row, and for a right-to-left one the column that aligns it right.
// Spaces that hang past the edge (see wrap) then fall off the side the row
// ends on — the right for left-to-right rows, the left for right-to-left
// ones, where the reordering put them — so the result may be negative; a
// cell is drawn only when it lies wholly inside [0, avail).
func place(cs []cell, avail int, rtl bool) int {
	if !rtl {
		return 0
	}
	width := 0
	for _, c := range cs {
		width += c.width
	}
	return avail - width
}

// rtlParagraph reports whether line l's first strong character is
// right-to-left (rules P2 and P3), looking at most at its first 2000 bytes.
func (lo *layout) rtlParagraph(l int) bool {
	bs, be := lo.lineBytes(l)
	s := lo.d.Text[bs:min(be, bs+2000)]
	for _, r := range s {
		switch class(r) {
		case bidi.L:
			return false
		case bidi.R, bidi.AL:
			return true
		}
	}
	return false
}

func class(r rune) bidi.Class {
	p, _ := bidi.LookupRune(r)
	return p.Class()
}

func isRTL(r rune) bool {
	c := class(r)
	return c == bidi.R || c == bidi.AL
}

// Resolved directions of the simplified algorithm.
const (
	dirL = iota
	dirR
	dirNum     // European or Arabic digits: left to right inside a run
	dirNeutral // spaces and punctuation: take their surroundings' direction
)

// reorder applies a compact form of the bidirectional algorithm to one
// row: strong types, numbers kept left to right (W rules), neutrals
// resolved from their neighbours or the base (N1, N2), embedding levels
// (I1, I2), trailing spaces at the base level (L1), reversal (L2) and
// mirrored brackets (L4). Explicit embeddings and isolates are not
// interpreted; they are rare in documents.
func reorder(cs []cell, rtlBase bool) []cell {
	n := len(cs)
	dirs := make([]int, n)
	for i, c := range cs {
		r, _ := utf8.DecodeRuneInString(c.text)
		switch class(r) {
		case bidi.L:
			dirs[i] = dirL
		case bidi.R, bidi.AL:
			dirs[i] = dirR
		case bidi.EN, bidi.AN:
			dirs[i] = dirNum
		default:
			dirs[i] = dirNeutral
		}
	}
	levels := bidiLevels(resolveNeutrals(dirs, rtlBase), rtlBase)
	baseLevel := 0
	if rtlBase {
		baseLevel = 1
	}
	for i := n - 1; i >= 0 && strings.TrimSpace(cs[i].text) == ""; i-- {
		levels[i] = baseLevel
	}
	out := make([]cell, n)
	copy(out, cs)
	for i := range out {
		out[i].rtl = levels[i]%2 == 1
		if out[i].rtl {
			if m, ok := mirrors[out[i].text]; ok {
				out[i].text = m
			}
		}
	}
	reverseRuns(out, levels)
	return out
}

// resolveNeutrals gives each neutral the direction of its surroundings
// when both sides agree, else the base direction (N1, N2). Numbers count
// as right-to-left there, and a European number after left-to-right text
// as left-to-right (W7).
func resolveNeutrals(dirs []int, rtlBase bool) []int {
	n := len(dirs)
	base := dirL
	if rtlBase {
		base = dirR
	}
	strong := func(d, last int) int {
		if d == dirNum {
			if last == dirL {
				return dirL
			}
			return dirR
		}
		return d
	}
	resolved := make([]int, n)
	last := base
	for i := 0; i < n; i++ {
		if dirs[i] != dirNeutral {
			resolved[i] = dirs[i]
			if dirs[i] != dirNum {
				last = dirs[i]
			}
			continue
		}
		j := i
		for j < n && dirs[j] == dirNeutral {
			j++
		}
		next := base
		if j < n {
			next = strong(dirs[j], last)
		}
		d := base
		if last == next {
			d = last
		}
		for k := i; k < j; k++ {
			resolved[k] = d
		}
		i = j - 1
	}
	return resolved
}

// bidiLevels are the embedding levels of resolved directions (I1, I2).
func bidiLevels(resolved []int, rtlBase bool) []int {
	levels := make([]int, len(resolved))
	lastStrong := dirL
	if rtlBase {
		lastStrong = dirR
	}
	for i, d := range resolved {
		switch {
		case d == dirNum && lastStrong == dirL && !rtlBase:
			levels[i] = 0
		case d == dirNum:
			levels[i] = 2
		case d == dirR:
			levels[i] = 1
			lastStrong = dirR
		default:
			levels[i] = 0
			if rtlBase {
				levels[i] = 2
			}
			lastStrong = dirL
		}
	}
	return levels
}

// reverseRuns reverses, from the highest level down to 1, every run of
// cells at that level or above (L2).
func reverseRuns(out []cell, levels []int) {
	n := len(out)
	maxLevel := 0
	for _, l := range levels {
		maxLevel = max(maxLevel, l)
	}
	lv := append([]int(nil), levels...)
	for level := maxLevel; level >= 1; level-- {
		for i := 0; i < n; {
			if lv[i] < level {
				i++
				continue
			}
			j := i
			for j < n && lv[j] >= level {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				out[a], out[b] = out[b], out[a]
				lv[a], lv[b] = lv[b], lv[a]
			}
			i = j
		}
	}
}

var mirrors = map[string]string{"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«"}

// uniFirst returns the first grapheme cluster of s, the rest, and its width.
func uniFirst(s string) (cluster, rest string, width, state int) {
	return uniseg.FirstGraphemeClusterInString(s, -1)
}

// wordAt returns the word (a UAX #29 word segment holding a letter or
// digit) at pos, looking only at pos's row so that a long line costs no
// more than a short one.
func (lo *layout) wordAt(pos int) (start, end int, ok bool) {
	if pos < 0 || pos >= lo.d.Len() {
		return 0, 0, false
	}
	l := lo.lineOf(pos)
	r := lo.rowsOf(l)[lo.rowOf(l, pos)]
	text := lo.d.Text[r.startByte:r.endByte]
	p := r.start
	state := -1
	for len(text) > 0 {
		var w string
		w, text, state = uniseg.FirstWordInString(text, state)
		n := utf8.RuneCountInString(w)
		if pos < p+n {
			if strings.IndexFunc(w, isWordRune) >= 0 {
				return p, p + n, true
			}
			return 0, 0, false
		}
		p += n
	}
	return 0, 0, false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// dotsOf is where line l's syllables begin after a word's first: the
// positions a middle dot goes before; nil when syllables are off.
func (lo *layout) dotsOf(l int) map[int]bool {
	if lo.syllables == nil {
		return nil
	}
	if ds, ok := lo.dots[l]; ok {
		return ds
	}
	if lo.dots == nil {
		lo.dots = map[int]map[int]bool{}
	}
	bs, be := lo.lineBytes(l)
	text := lo.d.Text[bs:be]
	ds := map[int]bool{}
	p, state := lo.linePos[l], -1
	address := 0 // code points left of a web or mail address, whose words are not split
	for len(text) > 0 {
		if address == 0 && (p == lo.linePos[l] || strings.HasPrefix(text, " ")) {
			field := strings.TrimLeft(text, " ")
			if i := strings.IndexAny(field, " \t"); i >= 0 {
				field = field[:i]
			}
			if lo.sylOpts.skipURLs && isAddress(field) {
				address = utf8.RuneCountInString(text) - utf8.RuneCountInString(strings.TrimLeft(text, " ")) + utf8.RuneCountInString(field)
			}
		}
		var w string
		w, text, state = uniseg.FirstWordInString(text, state)
		n := utf8.RuneCountInString(w)
		if address == 0 && n >= lo.sylOpts.minLen && !(lo.sylOpts.skipCode && lo.inCode(p)) {
			for _, b := range lo.syllables.Breaks(w) {
				if b >= lo.sylOpts.left && n-b >= lo.sylOpts.right {
					ds[p+b] = true
				}
			}
		}
		address = max(address-n, 0)
		p += n
	}
	lo.dots[l] = ds
	return ds
}

// dotsIn counts the dots at positions [from, to).
func dotsIn(dots map[int]bool, from, to int) int {
	n := 0
	for p := range dots {
		if p >= from && p < to {
			n++
		}
	}
	return n
}
