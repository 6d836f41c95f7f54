package pdf

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
)

type blockKind int

const (
	bPara blockKind = iota
	bHeading
	bList
	bTable
	bNote
	bImage
)

// seg is a line's text inside a block, with the page it is on and how it
// joins the text before it ("" after a removed line-end hyphen, else " ").
type seg struct {
	text     string
	page     int
	join     string
	boldRuns [][2]int
	italRuns [][2]int
	links    []linkRun
	comments []commentAt // as line.comments
}

type item struct {
	label   string
	segs    []seg
	textX   float64
	markerX float64
}

type block struct {
	kind     blockKind
	segs     []seg
	items    []item
	rows     [][]string
	header   bool
	rowPage  []int
	page     int
	top      float64
	size     float64
	bold     bool
	ital     bool
	indented bool
	hanging  bool // its lines after the first are indented under it
	level    int
	cont     bool // continues the previous paragraph (next page or column)
	// outlineLevel is the level of the PDF bookmark whose title the block's
	// line is, or 0; bookmarked says the block is a heading only for that
	// (its font does not tell).
	outlineLevel int
	bookmarked   bool
}

func (b *block) text() string {
	var sb strings.Builder
	for i, s := range b.segs {
		if i > 0 {
			sb.WriteString(s.join)
		}
		sb.WriteString(s.text)
	}
	return sb.String()
}

// appendLine adds a line to a paragraph-like block, joining a word split by
// a hyphen at the end of the previous line.
func appendSeg(segs []seg, s seg) []seg {
	s.join = " "
	if n := len(segs); n > 0 {
		prev := &segs[n-1]
		t := prev.text
		r, _ := utf8.DecodeRuneInString(s.text)
		if strings.HasSuffix(t, "-") || strings.HasSuffix(t, "\u00ad") {
			before, _ := utf8.DecodeLastRuneInString(strings.TrimSuffix(strings.TrimSuffix(t, "-"), "\u00ad"))
			if unicode.IsLetter(before) && (unicode.IsLower(r) || unicode.IsUpper(before) && unicode.IsUpper(r)) {
				prev.text = strings.TrimSuffix(strings.TrimSuffix(t, "-"), "\u00ad")
				for i := range prev.boldRuns {
					prev.boldRuns[i][1] = min(prev.boldRuns[i][1], len(prev.text))
				}
				for i := range prev.italRuns {
					prev.italRuns[i][1] = min(prev.italRuns[i][1], len(prev.text))
				}
				for i := range prev.links {
					prev.links[i].b = min(prev.links[i].b, len(prev.text))
				}
				s.join = ""
			}
		}
	}
	return append(segs, s)
}

func lineSeg(l *line, page int) seg {
	if len(l.spans) == 1 {
		sp := l.spans[0]
		return seg{text: sp.text, page: page, boldRuns: sp.boldRuns, italRuns: sp.italRuns, links: sp.links, comments: l.comments}
	}
	return seg{text: l.text(), page: page, comments: l.comments}
}

var (
	bulletRe   = lazyregexp.New(`^([•◦▪▫■□●○‣⁃∙·*–—-])\s+(\S.*)$|^([•◦▪■●])(\S.*)$`)
	numberedRe = lazyregexp.New(`^(\d{1,3}[.)]|[a-z]\))\s+(\S.*)$`)
	figureRe   = lazyregexp.New(`^(Figure|Fig\.)\s*\d+[.:]`)
	noteRe     = lazyregexp.New(`^(\d{1,3}|[*†‡§¶])\s*\S`)
)

// listMarker splits a list item's marker from its text.
func listMarker(s string) (label, rest string, ok bool) {
	if !mayStartItem(s) {
		return "", "", false
	}
	if m := bulletRe.FindStringSubmatch(s); m != nil {
		if m[2] != "" {
			return "", m[2], true
		}
		return "", m[4], true
	}
	if m := numberedRe.FindStringSubmatch(s); m != nil {
		return m[1], m[2], true
	}
	return "", "", false
}

// mayStartItem says whether s starts as bulletRe or numberedRe needs it
// to: with a bullet, a digit, or a letter and ")". Most lines do not, and
// this spares them both expressions.
func mayStartItem(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; c >= '0' && c <= '9' || c >= 'a' && c <= 'z' && len(s) > 1 && s[1] == ')' {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(itemBullets, r)
}

// itemBullets are the first characters bulletRe accepts.
const itemBullets = "•◦▪▫■□●○‣⁃∙·*–—-"

// stats are the document-wide measures the page analysis needs.
type stats struct {
	body    float64 // the body text size
	spacing float64 // the usual distance between baselines of body text
}

func docStats(pages [][]*line) stats {
	sizes := map[float64]int{}
	for _, ls := range pages {
		for _, l := range ls {
			for _, s := range l.spans {
				sizes[l.size] += len(s.text)
			}
		}
	}
	st := stats{body: 10}
	best := 0
	for s, n := range sizes {
		if n > best || n == best && s < st.body {
			st.body, best = s, n
		}
	}
	var diffs []float64
	for _, ls := range pages {
		for i := 1; i < len(ls); i++ {
			if ls[i].size == st.body && ls[i-1].size == st.body {
				d := ls[i-1].y - ls[i].y
				if d > 0.8*st.body && d < 2.5*st.body {
					diffs = append(diffs, d)
				}
			}
		}
	}
	st.spacing = 1.2 * st.body
	if len(diffs) > 0 {
		sort.Float64s(diffs)
		st.spacing = diffs[len(diffs)/4] // the tighter quartile: line spacing, not paragraph spacing
	}
	return st
}

// dropRunning leaves out lines repeated at the top or bottom of pages
// (running headers and footers), page numbers there, and the bare page
// numbers that follow the page sequence a little farther in (folios).
func dropRunning(pages [][]*line, contents []*pageContent) [][]*line {
	type key struct {
		top  bool
		text string
	}
	count := map[key]int{}
	zone := func(p int, l *line) (top, bottom bool) {
		pc := contents[p]
		h := pc.height
		return l.y > pc.y0+h*0.88, l.y < pc.y0+h*0.12
	}
	edge := func(ls []*line, i int) bool { return i < 2 || i >= len(ls)-2 }
	for p, ls := range pages {
		seen := map[key]bool{}
		for i, l := range ls {
			top, bottom := zone(p, l)
			if (top || bottom) && edge(ls, i) {
				k := key{top, normRunning(l.text())}
				if !seen[k] {
					seen[k] = true
					count[k]++
				}
			}
		}
	}
	need := 2
	if len(pages) > 6 {
		need = 3
	}
	printed, numbered := printedOffset(pages, zone, edge)
	folio := folios(pages, contents)
	out := make([][]*line, len(pages))
	for p, ls := range pages {
		for i, l := range ls {
			if i == folio[p] {
				continue
			}
			top, bottom := zone(p, l)
			if (top || bottom) && edge(ls, i) {
				if count[key{top, normRunning(l.text())}] >= need || isPageNumber(l.text()) ||
					numbered && endNumber(l.text()) == p+1-printed {
					continue
				}
			}
			out[p] = append(out[p], l)
		}
	}
	return out
}

// printedOffset finds how the page numbers printed in running heads and
// footers ("Chapter 3: Utilities 7") follow the pages: the page at index p
// prints p+1-offset, on a quarter of the pages or more (and three), so that a
// head is known by its number even where its text appears once (a chapter
// of one page).
func printedOffset(pages [][]*line, zone func(int, *line) (bool, bool), edge func([]*line, int) bool) (int, bool) {
	offsets := map[int]int{}
	for p, ls := range pages {
		seen := map[int]bool{}
		for i, l := range ls {
			if top, bottom := zone(p, l); !(top || bottom) || !edge(ls, i) {
				continue
			}
			if n := endNumber(l.text()); n > 0 && !seen[p+1-n] {
				seen[p+1-n] = true
				offsets[p+1-n]++
			}
		}
	}
	best, count := 0, 0
	for off, c := range offsets {
		if c > count || c == count && off < best {
			best, count = off, c
		}
	}
	return best, count >= 3 && count*4 >= len(pages)
}

// endNumber is the number a short line (a running head or foot, twelve
// words at most) starts or ends with, or 0.
func endNumber(s string) int {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 12 {
		return 0
	}
	for _, w := range []string{f[len(f)-1], f[0]} {
		if n, err := strconv.Atoi(w); err == nil && n > 0 && n < 100000 {
			return n
		}
	}
	return 0
}

// splitNotes takes the footnotes off a page: small type below a short rule
// near the foot of the page.
func splitNotes(ls []*line, pc *pageContent, st stats) (body, notes []*line) {
	ruleY := math.Inf(-1)
	for _, r := range pc.rules {
		if r.y < pc.y0+pc.height*0.5 && r.x1-r.x0 < pc.width*0.6 && r.y > ruleY {
			ruleY = r.y
		}
	}
	if math.IsInf(ruleY, -1) {
		return ls, nil
	}
	for _, l := range ls {
		if l.y < ruleY && l.size < st.body*0.95 {
			notes = append(notes, l)
		} else {
			body = append(body, l)
		}
	}
	return body, notes
}

// region is a run of lines read in order: a column of a band, or the whole
// width of the page.
type region struct {
	lines []*line
	left  float64
}

// orderRegions splits a page into bands and columns: lines that cross the
// gutter separate bands; inside a band the left column is read before the
// right one.
func orderRegions(ls []*line, pc *pageContent) []region {
	gutter, ok := findGutter(ls, pc)
	if !ok {
		return []region{{lines: ls, left: leftEdge(ls)}}
	}
	var out []region
	var left, right []*line
	flush := func() {
		if len(left) > 0 {
			out = append(out, region{lines: left, left: leftEdge(left)})
		}
		if len(right) > 0 {
			out = append(out, region{lines: right, left: leftEdge(right)})
		}
		left, right = nil, nil
	}
	for _, l := range ls {
		crosses := false
		for _, s := range l.spans {
			if s.x0 < gutter && s.x1 > gutter {
				crosses = true
			}
		}
		if crosses {
			flush()
			out = append(out, region{lines: []*line{l}, left: l.x0})
			continue
		}
		var lp, rp []span
		for _, s := range l.spans {
			if s.x1 <= gutter {
				lp = append(lp, s)
			} else {
				rp = append(rp, s)
			}
		}
		if len(lp) > 0 {
			left = append(left, subLine(l, lp))
		}
		if len(rp) > 0 {
			right = append(right, subLine(l, rp))
		}
	}
	flush()
	return out
}

func subLine(l *line, sp []span) *line {
	if len(sp) == len(l.spans) {
		return l
	}
	n := *l
	n.spans = sp
	n.x0, n.x1 = sp[0].x0, sp[len(sp)-1].x1
	return &n
}

func leftEdge(ls []*line) float64 {
	xs := make([]float64, 0, len(ls))
	for _, l := range ls {
		xs = append(xs, l.x0)
	}
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	// The usual left edge: the lowest x shared by several lines.
	for i := range xs {
		n := 0
		for j := i; j < len(xs) && xs[j]-xs[i] < 2; j++ {
			n++
		}
		if n >= 2 || n == len(xs) {
			return xs[i]
		}
	}
	return xs[0]
}

// findGutter looks for an x position between two columns of text: inside the
// middle of the page, in the gap between spans of many lines, crossed by few.
func findGutter(ls []*line, pc *pageContent) (float64, bool) {
	if len(ls) < 4 {
		return 0, false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range ls {
		lo, hi = math.Min(lo, l.x0), math.Max(hi, l.x1)
	}
	if hi-lo < 100 || math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo) {
		return 0, false
	}
	// A span of running text: several words, or an index entry.
	long := make([][]bool, len(ls))
	for i, l := range ls {
		long[i] = make([]bool, len(l.spans))
		for j, s := range l.spans {
			long[i][j] = words(s.text) >= 3 && len(s.text) >= 20 || endsWithLeader(s.text)
		}
	}
	best, bestScore := 0.0, 0
	step := max(2, (hi-lo)/400)
	for k := 0; k <= 200; k++ {
		x := lo + (hi-lo)*0.25 + float64(k)*step
		if x > lo+(hi-lo)*0.75 {
			break
		}
		cover, left, right, longL, longR := 0, 0, 0, 0, 0
		for i, l := range ls {
			for j, s := range l.spans {
				long := long[i][j]
				switch {
				case s.x0 < x && s.x1 > x:
					cover++
				case s.x1 <= x:
					left++
					if long {
						longL++
					}
				default:
					right++
					if long {
						longR++
					}
				}
			}
		}
		// Columns hold running text on both sides; rows of short cells
		// are a table, and a line across the gutter is rare.
		score := min(left, right) - 2*cover
		if left >= 3 && right >= 3 && longL*2 >= left && longR*2 >= right && cover*5 <= min(left, right) && score > bestScore {
			best, bestScore = x, score
		}
	}
	return best, bestScore > 0
}

// pageBlocks turns the regions of a page into blocks.
//
// titles maps the page's bookmark titles (titleKey) to their outline levels:
// a line with such a title is a heading of that level, on its own, whatever
// its font.
func pageBlocks(regions []region, page int, st stats, titles map[string]int) []*block {
	var out []*block
	for _, rg := range regions {
		var cur *block
		var prev *line
		right := math.Inf(-1) // the region's right margin
		for _, l := range rg.lines {
			right = math.Max(right, l.x1)
		}
		for i := 0; i < len(rg.lines); i++ {
			l := rg.lines[i]
			// A table: rows of short texts at the same x positions.
			if rows := tableAt(rg.lines[i:]); rows > 0 {
				tb := &block{kind: bTable, page: page, top: l.y, size: l.size}
				first := rg.lines[i]
				tb.header = true
				for _, s := range first.spans {
					tb.header = tb.header && s.bold
				}
				for k := 0; k < rows; k++ {
					var cells []string
					for _, s := range rg.lines[i+k].spans {
						cells = append(cells, s.text)
					}
					tb.rows = append(tb.rows, cells)
					tb.rowPage = append(tb.rowPage, page)
				}
				out = append(out, tb)
				cur = nil
				prev = rg.lines[i+rows-1]
				i += rows - 1
				continue
			}
			text := l.text()
			label, rest, isItem := listMarker(text)
			headingLike := l.size >= st.body*1.15 || (l.bold && l.size >= st.body*0.95)
			bmLevel, titled := 0, false
			if len(titles) > 0 {
				bmLevel, titled = titles[titleKey(text)]
			}
			bookmarked := titled && !headingLike
			headingLike = headingLike || titled
			if isItem && headingLike {
				isItem = false
			}
			gap := 0.0
			if prev != nil {
				gap = prev.y - l.y
			}
			indented := l.x0 > rg.left+0.8*l.size
			newBlock := cur == nil || prev == nil || titled || cur.outlineLevel > 0
			if !newBlock {
				switch {
				case isItem:
					newBlock = cur.kind != bList
				case cur.kind == bList:
					it := &cur.items[len(cur.items)-1]
					if (math.Abs(l.x0-it.textX) < 3 || l.x0 > it.markerX+0.5*l.size) && gap < 1.3*st.spacing*l.size/st.body {
						it.segs = appendSeg(it.segs, lineSeg(l, page))
						prev = l
						continue
					}
					newBlock = true
				case math.Abs(l.size-cur.size) > 0.6 || l.bold != cur.bold:
					newBlock = true
				case gap > 1.3*st.spacing*math.Max(l.size, prev.size)/st.body || gap < -1:
					newBlock = true
				case !cur.indented && !cur.hanging && prev.x0 < rg.left+0.8*l.size && l.x0 > prev.x0+0.8*l.size && prev.x1 > right-0.8*l.size:
					// A hanging indent (an option list, a bibliography):
					// a line at the margin runs full to the right and the
					// lines after it are indented under it.
					cur.hanging = true
				case cur.hanging && l.x0 < prev.x0-0.8*l.size:
					// Back at the margin: the next hanging entry.
					newBlock = true
				case indented && l.x0 > prev.x0+0.8*l.size:
					newBlock = true
				case cur.kind == bHeading && len(cur.segs) >= 3:
					newBlock = true
				}
			}
			if isItem {
				if newBlock {
					cur = &block{kind: bList, page: page, top: l.y, size: l.size}
					out = append(out, cur)
				}
				textX := l.x0
				if len(l.spans) > 0 {
					textX = l.x0 + (l.x1-l.x0)*float64(len(text)-len(rest))/float64(max(1, len(text)))
				}
				// The text usually starts at the second span or after the marker.
				if len(l.spans) > 1 && l.spans[0].text == strings.TrimSpace(strings.TrimSuffix(text, rest)) {
					textX = l.spans[1].x0
				}
				s := seg{text: rest, page: page}
				// The comments of the item's text, after its marker.
				cut := len(text) - len(rest)
				for _, c := range l.comments {
					s.comments = append(s.comments, commentAt{max(0, c.at-cut), c.ref})
				}
				if len(l.spans) == 1 {
					// The links of the item's text, after its marker.
					cut := len(text) - len(rest)
					for _, lk := range l.spans[0].links {
						if lk.a >= cut {
							s.links = append(s.links, linkRun{lk.a - cut, lk.b - cut, lk.ref, lk.dest})
						}
					}
				}
				cur.items = append(cur.items, item{label: label, segs: []seg{s}, textX: textX, markerX: l.x0})
				prev = l
				continue
			}
			if newBlock {
				kind := bPara
				if headingLike {
					kind = bHeading
				}
				// The first block of a page or column may carry on the
				// paragraph before it.
				cur = &block{kind: kind, page: page, top: l.y, size: l.size, bold: l.bold, ital: l.ital, indented: indented, cont: i == 0 && !bookmarked}
				if titled {
					cur.outlineLevel, cur.bookmarked = bmLevel, bookmarked
				}
				out = append(out, cur)
			}
			cur.segs = appendSeg(cur.segs, lineSeg(l, page))
			if !l.ital {
				cur.ital = false
			}
			prev = l
			if endsWithLeader(text) {
				// A table of contents or index entry ends its block.
				cur = nil
			}
		}
	}
	for _, b := range out {
		switch {
		case b.kind == bHeading && !b.bookmarked && (len(b.segs) > 3 || len(b.text()) > 200 || !hasWord(b.text())):
			// Too long for a heading, or no word at all (a row of
			// large symbols, such as a man page's "^ ^ ^").
			b.kind = bPara
		case b.kind == bPara && b.ital && figureRe.MatchString(b.text()):
			b.kind = bImage
		}
	}
	return out
}

// tableAt returns how many lines from ls[0] on form a table (0 if none).
func tableAt(ls []*line) int {
	short := func(l *line) bool {
		if len(l.spans) < 2 {
			return false
		}
		for _, s := range l.spans {
			if words(s.text) > 6 {
				return false
			}
		}
		return true
	}
	if !short(ls[0]) {
		return 0
	}
	xs := make([]float64, len(ls[0].spans))
	for i, s := range ls[0].spans {
		xs[i] = s.x0
	}
	n := 1
	for ; n < len(ls); n++ {
		l := ls[n]
		if !short(l) || ls[n-1].y-l.y > 3*l.size {
			break
		}
		match := 0
		for _, s := range l.spans {
			for _, x := range xs {
				if math.Abs(s.x0-x) < 4 {
					match++
					break
				}
			}
		}
		if match < 2 {
			break
		}
	}
	if n < 2 {
		return 0
	}
	return n
}

// noteBlocks turns footnote lines into notes: a note starts with its number.
func noteBlocks(ls []*line, page int) []*block {
	var out []*block
	left := leftEdge(ls)
	for _, l := range ls {
		starts := noteRe.MatchString(l.text()) && l.x0 < left+2*l.size
		if len(out) == 0 || starts {
			out = append(out, &block{kind: bNote, page: page, top: l.y, size: l.size})
		}
		b := out[len(out)-1]
		b.segs = appendSeg(b.segs, lineSeg(l, page))
	}
	return out
}

// headingLevels gives headings levels by size: the largest size is level 1;
// a bold line at body size ranks with the smallest heading above it.
func headingLevels(blocks []*block, st stats) {
	var sizes []float64
	seen := map[float64]bool{}
	for _, b := range blocks {
		if b.kind == bHeading && b.size > st.body*1.05 && !seen[b.size] {
			seen[b.size] = true
			sizes = append(sizes, b.size)
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(sizes)))
	for _, b := range blocks {
		if b.kind != bHeading || b.bookmarked {
			continue
		}
		lvl := 1
		for _, s := range sizes {
			if s > b.size+0.01 {
				lvl++
			}
		}
		if b.size <= st.body*1.05 {
			lvl = max(1, min(lvl-1, len(sizes)))
			if len(sizes) == 0 {
				lvl = 1
			}
		}
		b.level = min(lvl, 6)
	}
	// A heading only the outline tells takes its bookmark's level, shifted
	// as the first heading both tell is (the outline often leaves out the
	// title the fonts rank first).
	shift := 0
	for _, b := range blocks {
		if b.kind == bHeading && b.outlineLevel > 0 && !b.bookmarked {
			shift = b.level - b.outlineLevel
			break
		}
	}
	for _, b := range blocks {
		if b.kind == bHeading && b.bookmarked {
			b.level = min(max(b.outlineLevel+shift, 1), 6)
		}
	}
}

// sectionNumber is a heading's leading number ("2.1 ", "A.1 ", "Appendix
// A "), which a bookmark's title may leave out.
var sectionNumber = lazyregexp.New(`^(?:appendix\s+)?(?:[0-9]+|[a-z])(?:\.[0-9]+)*\.?\s+`)

// titleKey is how a bookmark's title and a line's text are compared: case,
// spacing, punctuation and a leading section number ignored, so that the
// bookmark "ASN.1 syntax" names the line "2.1 ASN.1 syntax" and "resetdirs
// /" the line "<reset-dirs />".
func titleKey(s string) string {
	s = sectionNumber.ReplaceAllString(strings.ToLower(strings.TrimSpace(s)), "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r) {
			return r
		}
		return -1
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// bookmarkTitles maps each page to its bookmarks' titles (titleKey) and
// their outline levels, at most 6.
func bookmarkTitles(outline []bookmark, pages int) []map[string]int {
	titles := make([]map[string]int, pages)
	for _, bm := range outline {
		if bm.page < 0 || bm.page >= pages {
			continue
		}
		if titles[bm.page] == nil {
			titles[bm.page] = map[string]int{}
		}
		if _, ok := titles[bm.page][titleKey(bm.title)]; !ok {
			titles[bm.page][titleKey(bm.title)] = min(bm.level, 6)
		}
	}
	return titles
}

// leaderEnd is the end of a table of contents or index entry: a dot
// leader ("....." or ". . . .") and the page numbers.
var leaderEnd = lazyregexp.New(`(?:\. ?){4,} ?[0-9ivxlcdm]+(?:, ?[0-9ivxlcdm]+)*$`)

// endsWithLeader reports whether a line or block is a table of contents or
// index entry, which stands on its own line.
func endsWithLeader(s string) bool { return leaderEnd.MatchString(s) }

// endsSentence says whether a paragraph's text ends a sentence.
func endsSentence(s string) bool {
	s = strings.TrimRight(s, " \"'”’)")
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".!?:;", r)
}

// hasWord reports whether s has a letter or a digit; a modifier letter
// (ˆ, ˜) alone is a symbol.
func hasWord(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsLetter(r) && !unicode.Is(unicode.Lm, r) || unicode.IsDigit(r)
	}) >= 0
}
