// Package units finds the text units of a document — lines, paragraphs,
// sentences, words and characters — as pure functions of a document and a
// position. An Index is built once per document version; every lookup after
// that works near the position only, so moving through a 10 MB document
// costs the same as moving through a page.
package units

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"textfirst/internal/tw/doc"
)

// Range is a half-open range [Start, End) of code points.
type Range struct{ Start, End int }

// Len is End-Start.
func (r Range) Len() int { return r.End - r.Start }

// Contains reports whether pos is inside r.
func (r Range) Contains(pos int) bool { return pos >= r.Start && pos < r.End }

// Index holds the per-document tables that make lookups fast: line starts
// and the positions where a line break is a hard break inside a paragraph
// (a list item, table row or code line starts there). Offsets are kept in
// 32 bits: a document is indexed up to 4 Gi code points.
type Index struct {
	Doc        *doc.Document
	lineStarts []uint32 // code-point offset of each line's first character
	hardStarts []uint32 // sorted; line starts that are never soft wraps

	kindMu sync.Mutex
	kinds  map[doc.Kind]*indexList
	warm   bool // Warm listed every kind present: any other has none

	// words keeps the words of the last lines segmented (by line
	// number), sentences the sentences of the last paragraphs.
	words     *ring[int, []Range]
	sentences *ring[Range, []Range]
}

// New indexes d.
func New(d *doc.Document) *Index {
	ix := &Index{Doc: d, words: newRing[int, []Range](4), sentences: newRing[Range, []Range](2)}
	text := d.Text
	// Made at its final size: the open document keeps no grown-out slack.
	ix.lineStarts = make([]uint32, 1, strings.Count(text, "\n")+1)
	pos := 0
	ascii := d.Len() == len(text)
	for b := 0; b < len(text); {
		i := strings.IndexByte(text[b:], '\n')
		if i < 0 {
			break
		}
		if ascii {
			pos = b + i + 1
		} else {
			pos += utf8.RuneCountInString(text[b : b+i+1])
		}
		b += i + 1
		ix.lineStarts = append(ix.lineStarts, uint32(pos))
	}
	var hard []uint32
	for _, m := range d.All() {
		switch m.Kind {
		case doc.ListItem, doc.TableRow:
			hard = append(hard, uint32(m.Start))
		case doc.Code:
			if m.Level > 0 { // a code block: every line is hard
				for l := ix.LineOf(m.Start); l < len(ix.lineStarts) && int(ix.lineStarts[l]) < m.End; l++ {
					hard = append(hard, ix.lineStarts[l])
				}
			}
		}
	}
	slices.Sort(hard)
	ix.hardStarts = make([]uint32, len(hard))
	copy(ix.hardStarts, hard)
	return ix
}

// Lines is the number of lines (a text ending in "\n" has an empty last line
// that is not counted).
func (ix *Index) Lines() int {
	n := len(ix.lineStarts)
	if n > 1 && int(ix.lineStarts[n-1]) == ix.Doc.Len() {
		return n - 1
	}
	return n
}

// LineOf returns the 0-based line holding pos.
func (ix *Index) LineOf(pos int) int {
	if pos < 0 {
		return 0
	}
	l, _ := slices.BinarySearch(ix.lineStarts, uint32(min(uint64(pos)+1, math.MaxUint32)))
	l--
	if l < 0 {
		l = 0
	}
	if max := ix.Lines() - 1; l > max {
		l = max
	}
	return l
}

// Line returns the range of 0-based line l, without its "\n".
func (ix *Index) Line(l int) Range {
	if l < 0 {
		l = 0
	}
	if l >= len(ix.lineStarts) {
		l = len(ix.lineStarts) - 1
	}
	start := int(ix.lineStarts[l])
	end := ix.Doc.Len()
	if l+1 < len(ix.lineStarts) {
		end = int(ix.lineStarts[l+1]) - 1
	}
	return Range{start, end}
}

// LineStart returns the offset of 0-based line l.
func (ix *Index) LineStart(l int) int { return ix.Line(l).Start }

// blank reports whether line l holds only white space.
func (ix *Index) blank(l int) bool {
	r := ix.Line(l)
	return strings.TrimSpace(ix.Doc.Slice(r.Start, r.End)) == ""
}

// Paragraph returns the paragraph (a run of non-blank lines) holding pos, or
// ok=false when pos is on a blank line.
func (ix *Index) Paragraph(pos int) (Range, bool) {
	l := ix.LineOf(pos)
	if ix.blank(l) {
		return Range{}, false
	}
	first, last := l, l
	for first > 0 && !ix.blank(first-1) {
		first--
	}
	for last+1 < ix.Lines() && !ix.blank(last+1) {
		last++
	}
	return Range{ix.Line(first).Start, ix.Line(last).End}, true
}

// NextParagraph returns the first paragraph starting after pos.
func (ix *Index) NextParagraph(pos int) (Range, bool) {
	l := ix.LineOf(pos)
	// Skip the rest of the current paragraph, then blank lines.
	for l < ix.Lines() && !ix.blank(l) {
		l++
	}
	for l < ix.Lines() && ix.blank(l) {
		l++
	}
	if l >= ix.Lines() {
		return Range{}, false
	}
	return ix.Paragraph(ix.Line(l).Start)
}

// PreviousParagraph returns the last paragraph starting before the
// paragraph holding pos (or before pos when it is on a blank line).
func (ix *Index) PreviousParagraph(pos int) (Range, bool) {
	l := ix.LineOf(pos)
	if p, ok := ix.Paragraph(pos); ok {
		l = ix.LineOf(p.Start)
	}
	l--
	for l >= 0 && ix.blank(l) {
		l--
	}
	if l < 0 {
		return Range{}, false
	}
	return ix.Paragraph(ix.Line(l).Start)
}

// ParagraphAtOrAfter returns the paragraph holding pos, or the next one when
// pos is on a blank line.
func (ix *Index) ParagraphAtOrAfter(pos int) (Range, bool) {
	if p, ok := ix.Paragraph(pos); ok {
		return p, true
	}
	return ix.NextParagraph(pos)
}

// Word returns the word holding pos: a UAX #29 word segment with a letter
// or digit, hyphenated compounds joined. ok is false when pos is not inside
// a word.
func (ix *Index) Word(pos int) (Range, bool) {
	for _, w := range ix.wordsAround(pos) {
		if w.Contains(pos) {
			return w, true
		}
	}
	return Range{}, false
}

// NextWord returns the first word starting after pos.
func (ix *Index) NextWord(pos int) (Range, bool) {
	n := ix.Doc.Len()
	for from := pos; from < n; {
		l := ix.LineOf(from)
		for _, w := range ix.lineWords(l) {
			if w.Start > pos {
				return w, true
			}
		}
		from = ix.Line(l).End + 1
	}
	return Range{}, false
}

// PreviousWord returns the last word starting before pos.
func (ix *Index) PreviousWord(pos int) (Range, bool) {
	for l := ix.LineOf(pos); l >= 0; l-- {
		words := ix.lineWords(l)
		for i := len(words) - 1; i >= 0; i-- {
			if words[i].Start < pos {
				return words[i], true
			}
		}
	}
	return Range{}, false
}

// Words returns every word in r, in order.
func (ix *Index) Words(r Range) []Range {
	var out []Range
	for l := ix.LineOf(r.Start); l < ix.Lines(); l++ {
		lr := ix.Line(l)
		if lr.Start >= r.End {
			break
		}
		for _, w := range ix.lineWords(l) {
			if w.Start >= r.Start && w.End <= r.End {
				out = append(out, w)
			}
		}
	}
	return out
}

// wordsAround returns the words of the line holding pos.
func (ix *Index) wordsAround(pos int) []Range { return ix.lineWords(ix.LineOf(pos)) }

// lineWords segments one line into words (words never cross lines).
//
// The words of the last few lines asked for are kept: moving word by word
// through a line of a megabyte segments it once, not once per move.
func (ix *Index) lineWords(l int) []Range {
	return ix.words.get(l, func() []Range {
		lr := ix.Line(l)
		words := segmentWords(ix.Doc.Slice(lr.Start, lr.End), lr.Start)
		if words == nil {
			words = []Range{}
		}
		return words
	})
}

// segmentWords splits text into words whose offsets are base plus code points.
func segmentWords(text string, base int) []Range {
	var out []Range
	pos := base
	state := -1
	rest := text
	joinNext := false
	for len(rest) > 0 {
		var seg string
		seg, rest, state = uniseg.FirstWordInString(rest, state)
		n := utf8.RuneCountInString(seg)
		if hasLetterOrDigit(seg) {
			if joinNext && len(out) > 0 {
				out[len(out)-1].End = pos + n
			} else {
				out = append(out, Range{pos, pos + n})
			}
			joinNext = false
		} else if isHyphen(seg) && len(out) > 0 && out[len(out)-1].End == pos && len(rest) > 0 {
			// A hyphen between two words joins them (well-known).
			r, _ := utf8.DecodeRuneInString(rest)
			joinNext = unicode.IsLetter(r) || unicode.IsDigit(r)
		} else {
			joinNext = false
		}
		pos += n
	}
	return out
}

func isHyphen(s string) bool { return s == "-" || s == "\u2010" || s == "\u2011" }

func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// WordCount counts the words of the whole document, as Words would find
// them, in one pass over the text.
//
// UAX #29 breaks words on both sides of an ASCII space unless a mark or a
// format character follows it (WB4), so the words of a line are the words
// of its space-separated tokens; running text repeats its tokens, and each
// distinct token is segmented once.
func (ix *Index) WordCount() int {
	counts := map[string]int{}
	n := 0
	for line := range strings.SplitSeq(ix.Doc.Text, "\n") {
		n += countLineWords(line, counts)
	}
	return n
}

// countLineWords counts the words of one line, with counts caching the
// words of each token seen.
func countLineWords(line string, counts map[string]int) int {
	n := 0
	for rest := line; rest != ""; {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		token := rest
		if i := strings.IndexByte(rest, ' '); i >= 0 {
			token, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if r, _ := utf8.DecodeRuneInString(token); r >= utf8.RuneSelf && token != line && joinsBefore(r) {
			// The token's first code point belongs with the space
			// before it: segment the whole line.
			return len(segmentWords(line, 0))
		}
		c, ascii := countASCIIWords(token)
		if ascii {
			n += c
			continue
		}
		c, ok := counts[token]
		if !ok {
			c = len(segmentWords(token, 0))
			counts[token] = c
		}
		n += c
	}
	return n
}

// Word characters of ASCII text, by their UAX #29 word break property.
const (
	wbOther = iota
	wbLetter
	wbDigit
	wbUnderscore // ExtendNumLet
)

var asciiWB = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			t[c] = wbLetter
		case c >= '0' && c <= '9':
			t[c] = wbDigit
		case c == '_':
			t[c] = wbUnderscore
		}
	}
	return t
}()

// countASCIIWords counts the words segmentWords finds in token, a run of
// ASCII without spaces, by rules WB5 to WB13b (letters, digits and "_"
// hold together; ":", ".", "'" between two letters and ",", ";", ".", "'"
// between two digits join them), hyphenated compounds joined; ok is false
// when token is not ASCII.
func countASCIIWords(token string) (n int, ok bool) {
	wordEnd := -1     // where the last word counted ends
	joinNext := false // a hyphen joins the next word to the last one
	for i := 0; i < len(token); {
		c := token[i]
		if c >= utf8.RuneSelf {
			return 0, false
		}
		if asciiWB[c] == wbOther {
			joinNext = c == '-' && wordEnd == i && i+1 < len(token) && isASCIIAlnum(token[i+1])
			i++
			continue
		}
		j, alnum := i, false
		for j < len(token) {
			if token[j] >= utf8.RuneSelf {
				return 0, false
			}
			switch k := asciiWB[token[j]]; {
			case k != wbOther:
				alnum = alnum || k != wbUnderscore
				j++
				continue
			case j+1 < len(token) && joinsWords(token[j-1], token[j], token[j+1]):
				j += 2
				alnum = true
				continue
			}
			break
		}
		if alnum {
			if !joinNext {
				n++
			}
			wordEnd = j
		}
		joinNext = false
		i = j
	}
	return n, true
}

func isASCIIAlnum(c byte) bool {
	return c < utf8.RuneSelf && (asciiWB[c] == wbLetter || asciiWB[c] == wbDigit)
}

// joinsWords reports whether mid, between before and after, joins them
// into one word (WB6, WB7, WB11, WB12).
func joinsWords(before, mid, after byte) bool {
	if after >= utf8.RuneSelf {
		return false
	}
	switch b, a := asciiWB[before], asciiWB[after]; {
	case b == wbLetter && a == wbLetter:
		return mid == ':' || mid == '.' || mid == '\''
	case b == wbDigit && a == wbDigit:
		return mid == ',' || mid == ';' || mid == '.' || mid == '\''
	}
	return false
}

// joinsBefore reports whether r may join the code point before it into
// one word segment (UAX #29 WB4: extenders, format characters, ZWJ; emoji
// modifiers and a few modifier letters are extenders too).
func joinsBefore(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf, unicode.Sk, unicode.Lm) || r == 0x200D
}

// Markers is the list of one kind's markers, in document order. It holds
// the markers' numbers in the document rather than copies, packed (see
// indexList), so the lists of every kind together cost little more than a
// byte a marker.
type Markers struct {
	d   *doc.Document
	idx *indexList
}

// Len is the number of markers.
func (m Markers) Len() int { return m.idx.len() }

// At returns the i-th marker.
func (m Markers) At(i int) doc.Marker { return m.d.Marker(m.idx.at(i)) }

// Search returns the first index whose marker satisfies f (as sort.Search).
func (m Markers) Search(f func(doc.Marker) bool) int {
	return sort.Search(m.idx.len(), func(i int) bool { return f(m.At(i)) })
}

// Kind returns the markers of one kind, in document order. The list is
// built on first use (or by Warm) and kept, so structure moves cost a
// binary search.
func (ix *Index) Kind(k doc.Kind) Markers {
	ix.kindMu.Lock()
	defer ix.kindMu.Unlock()
	if idx, ok := ix.kinds[k]; ok {
		return Markers{ix.Doc, idx}
	}
	if ix.warm {
		return Markers{ix.Doc, nil}
	}
	if ix.kinds == nil {
		ix.kinds = map[doc.Kind]*indexList{}
	}
	var plan indexPlan
	for i, m := range ix.Doc.All() {
		if m.Kind == k {
			plan.see(uint32(i))
		}
	}
	idx := plan.list()
	for i, m := range ix.Doc.All() {
		if m.Kind == k {
			idx.append(uint32(i))
		}
	}
	ix.kinds[k] = idx
	return Markers{ix.Doc, idx}
}

// Within returns the markers of kind k that lie inside [start, end).
func (ix *Index) Within(k doc.Kind, start, end int) []doc.Marker {
	ms := ix.Kind(k)
	var out []doc.Marker
	for i := ms.Search(func(m doc.Marker) bool { return m.Start >= start }); i < ms.Len(); i++ {
		m := ms.At(i)
		if m.Start >= end {
			break
		}
		if m.End <= end {
			out = append(out, m)
		}
	}
	return out
}

// Warm builds every kind's marker list, so the first structure move after
// opening is as fast as the next. Safe to run in the background while the
// index is in use.
//
// A first pass over the markers sizes each kind's packed list and a second
// fills it, so that warming leaves no garbage behind: it runs after the
// open has given its freed memory back to the system.
func (ix *Index) Warm() {
	// The few kinds of a document, found by a look down a short list
	// rather than by hashing each marker's kind.
	type kindList struct {
		kind doc.Kind
		plan indexPlan
		list *indexList
	}
	var lists []kindList
	find := func(k doc.Kind) *kindList {
		for i := range lists {
			if lists[i].kind == k {
				return &lists[i]
			}
		}
		lists = append(lists, kindList{kind: k})
		return &lists[len(lists)-1]
	}
	for i, m := range ix.Doc.All() {
		find(m.Kind).plan.see(uint32(i))
	}
	for i := range lists {
		lists[i].list = lists[i].plan.list()
	}
	for i, m := range ix.Doc.All() {
		find(m.Kind).list.append(uint32(i))
	}
	ix.kindMu.Lock()
	defer ix.kindMu.Unlock()
	if ix.kinds == nil {
		ix.kinds = map[doc.Kind]*indexList{}
	}
	for _, l := range lists {
		if _, ok := ix.kinds[l.kind]; !ok {
			ix.kinds[l.kind] = l.list
		}
	}
	ix.warm = true
}
