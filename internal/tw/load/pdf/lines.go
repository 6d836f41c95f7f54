package pdf

import (
	"math"
	"slices"
	"strings"
	"unicode"
)

// span is a run of text on one line, with no wide gap inside.
type span struct {
	text       string
	x0, x1     float64
	size       float64
	bold, ital bool
	boldRuns   [][2]int // byte ranges of bold text inside text, when mixed
	italRuns   [][2]int
	links      []linkRun
}

// line is text on one baseline, left to right, split into spans at wide gaps.
type line struct {
	spans  []span
	y      float64
	x0, x1 float64
	size   float64
	bold   bool
	ital   bool
	// comments are where the references of the text annotations nearest
	// the line stand in its text (line.text), in order.
	comments []commentAt
}

func (l *line) text() string {
	if len(l.spans) == 1 {
		return l.spans[0].text
	}
	parts := make([]string, len(l.spans))
	for i, s := range l.spans {
		parts[i] = s.text
	}
	return strings.Join(parts, " ")
}

// circleGlyph is the text of the Computer Modern symbol font's circle
// ("circlecopyrt"), which TeX draws around a letter: plain TeX's
// \copyright, texinfo's © and ®.
const circleGlyph = "◯"

// circledLetters are the symbols a letter inside circleGlyph makes.
var circledLetters = map[string]string{"c": "©", "C": "©", "R": "®", "r": "®"}

// composeCircled turns a letter drawn inside a circle glyph into its
// symbol, one glyph where the circle is; a circle around nothing stays.
// The letter is drawn just before or after the circle.
func composeCircled(chars []char) []char {
	removed := false
	for i := range chars {
		c := &chars[i]
		if c.text != circleGlyph {
			continue
		}
		for j := max(i-2, 0); j < min(i+3, len(chars)); j++ {
			l := &chars[j]
			sym, ok := circledLetters[l.text]
			mid := l.x + l.w/2
			if ok && mid > c.x && mid < c.x+c.w && math.Abs(l.y-c.y) < 0.5*math.Max(c.size, 1) {
				c.text, l.text = sym, ""
				removed = true
				break
			}
		}
	}
	if !removed {
		return chars
	}
	kept := chars[:0]
	for _, c := range chars {
		if c.text != "" {
			kept = append(kept, c)
		}
	}
	return kept
}

// lineScratch holds the buffers buildLines reuses from page to page. The
// zero value is ready; it is not safe for concurrent use.
type lineScratch struct {
	order  []int32   // glyphs by baseline, top to bottom
	member []int32   // the group of each glyph of order
	groups []lineGrp // groups in the order they were made
	open   []int32   // groups a later glyph may still join
	done   []int32   // groups in the order they were finished
	placed []char    // the glyphs of each group, group after group
	out    [][]char
}

// lineGrp is a group of glyphs on one baseline and of one size class.
type lineGrp struct {
	y, size float64
	n, at   int32 // glyphs, and where they start in placed
}

// buildLines groups the glyphs of a page into lines, top to bottom. The
// lines share nothing with chars or sc, which the caller may reuse.
func buildLines(chars []char, sc *lineScratch) []*line {
	if len(chars) == 0 {
		return nil
	}
	chars = composeCircled(chars)
	order := sc.order[:0]
	for i := range chars {
		order = append(order, int32(i))
	}
	slices.SortStableFunc(order, func(a, b int32) int { return above(chars[a].y, chars[b].y) })
	sc.order = order
	// Glyphs on one baseline and of one size class make a group; a
	// smaller glyph nearby (a raised footnote call) starts its own.
	grps, open, done, member := sc.groups[:0], sc.open[:0], sc.done[:0], sc.member[:0]
	for _, i := range order {
		c := &chars[i]
		cs := math.Max(c.size, 1)
		into := int32(-1)
		keep := open[:0]
		for _, gi := range open {
			g := &grps[gi]
			if g.y-c.y > math.Max(1, 0.35*math.Max(g.size, cs)) {
				done = append(done, gi) // passed: no later glyph joins it
				continue
			}
			keep = append(keep, gi)
			if into < 0 && math.Abs(c.y-g.y) <= math.Max(1, 0.35*math.Min(cs, g.size)) && (c.space || cs >= 0.8*g.size && cs <= 1.25*g.size) {
				into = gi
			}
		}
		open = keep
		if into < 0 {
			into = int32(len(grps))
			grps = append(grps, lineGrp{y: c.y, size: cs})
			open = append(open, into)
		}
		g := &grps[into]
		g.n++
		member = append(member, into)
		if !c.space && cs > g.size {
			g.size = cs
		}
	}
	done = append(done, open...)
	sc.groups, sc.open, sc.done, sc.member = grps, open, done, member
	// Each group's glyphs in the order they joined it, group after group.
	at := int32(0)
	for k := range grps {
		grps[k].at = at
		at += grps[k].n
		grps[k].n = 0
	}
	placed := slices.Grow(sc.placed[:0], len(chars))[:len(chars)]
	for k, i := range order {
		g := &grps[member[k]]
		placed[g.at+g.n] = chars[i]
		g.n++
	}
	sc.placed = placed
	groups := sc.out[:0]
	for _, gi := range done {
		g := grps[gi]
		groups = append(groups, placed[g.at:g.at+g.n:g.at+g.n])
	}
	slices.SortStableFunc(groups, func(a, b []char) int { return above(a[0].y, b[0].y) })
	groups = mergeRaised(groups)
	sc.out = groups
	var out []*line
	for _, g := range groups {
		if l := makeLine(g); l != nil {
			out = append(out, l)
		}
	}
	clear(groups)
	return out
}

// above orders baselines top to bottom: -1 when a is above b, 1 when b is
// above a, 0 otherwise (NaN included, as sort.SliceStable with
// "a.y > b.y" took it).
func above(a, b float64) int {
	switch {
	case a > b:
		return -1
	case b > a:
		return 1
	}
	return 0
}

func makeLine(g []char) *line {
	slices.SortStableFunc(g, func(a, b char) int { return leftOf(a.x, b.x) })
	// Dominant size and style by character count. A line has a few
	// sizes: a slice of them is quicker than a map (equal sizes, -0 and
	// +0 included, are one entry; each NaN its own, as map keys).
	var sizeBuf [8]sizeCount
	sizes := sizeBuf[:0]
	nb, ni, n := 0, 0, 0
	ySum := 0.0
	for _, c := range g {
		if c.space {
			continue
		}
		k := len(c.text)
		sizes = countSize(sizes, math.Round(c.size*2)/2, k)
		n += k
		ySum += c.y * float64(k)
		if c.bold {
			nb += k
		}
		if c.ital {
			ni += k
		}
	}
	if n == 0 {
		return nil
	}
	size, best := 0.0, -1
	for _, sc := range sizes {
		if sc.n > best || sc.n == best && sc.size > size {
			size, best = sc.size, sc.n
		}
	}
	l := &line{y: ySum / float64(n), size: size, bold: nb*10 >= n*9, ital: ni*10 >= n*9}
	var sb strings.Builder
	var sp *span
	lastEnd := math.Inf(-1)
	pendingSpace := false
	prevRaised := false
	flush := func() {
		if sp != nil {
			sp.text = strings.TrimRight(sb.String(), " ")
			if sp.text != "" {
				l.spans = append(l.spans, *sp)
			}
		}
		sb.Reset()
		sp = nil
	}
	var boldStart, italStart = -1, -1
	for _, c := range g {
		gap := c.x - lastEnd
		if c.space {
			if sp != nil {
				pendingSpace = true
				lastEnd = math.Max(lastEnd, c.x+c.w)
			}
			continue
		}
		if sp != nil && gap > 1.6*math.Max(size, c.size) {
			closeRuns(sp, &boldStart, &italStart, sb.Len())
			flush()
		}
		if sp == nil {
			sp = &span{x0: c.x, size: size}
			pendingSpace = false
			boldStart, italStart = -1, -1
		} else if pendingSpace || gap > 0.18*math.Min(size, c.size) || prevRaised && !c.raised && sb.Len() <= 3 {
			if sb.Len() > 0 && !strings.HasSuffix(sb.String(), " ") {
				sb.WriteByte(' ')
			}
		}
		pendingSpace = false
		pos := sb.Len()
		if c.bold && boldStart < 0 {
			boldStart = pos
		} else if !c.bold && boldStart >= 0 {
			sp.boldRuns = append(sp.boldRuns, [2]int{boldStart, trimEnd(sb.String(), pos)})
			boldStart = -1
		}
		if c.ital && italStart < 0 {
			italStart = pos
		} else if !c.ital && italStart >= 0 {
			sp.italRuns = append(sp.italRuns, [2]int{italStart, trimEnd(sb.String(), pos)})
			italStart = -1
		}
		sb.WriteString(c.text)
		prevRaised = c.raised
		sp.x1 = math.Max(sp.x1, c.x+c.w)
		lastEnd = math.Max(lastEnd, c.x+c.w)
	}
	closeRuns(sp, &boldStart, &italStart, sb.Len())
	flush()
	if len(l.spans) == 0 {
		return nil
	}
	for i := range l.spans {
		s := &l.spans[i]
		s.bold = len(s.boldRuns) == 1 && s.boldRuns[0] == [2]int{0, len(s.text)}
		s.ital = len(s.italRuns) == 1 && s.italRuns[0] == [2]int{0, len(s.text)}
	}
	l.x0 = l.spans[0].x0
	l.x1 = l.spans[len(l.spans)-1].x1
	return l
}

// sizeCount is how many characters of a line are of a size.
type sizeCount struct {
	size float64
	n    int
}

// countSize adds n characters of size to sizes.
func countSize(sizes []sizeCount, size float64, n int) []sizeCount {
	for i := range sizes {
		if sizes[i].size == size {
			sizes[i].n += n
			return sizes
		}
	}
	return append(sizes, sizeCount{size, n})
}

// leftOf orders glyphs left to right as sort.SliceStable with "a.x < b.x"
// did (NaN equal to everything).
func leftOf(a, b float64) int { return -above(a, b) }

func trimEnd(s string, pos int) int {
	for pos > 0 && s[pos-1] == ' ' {
		pos--
	}
	return pos
}

func closeRuns(sp *span, b, i *int, end int) {
	if sp == nil {
		return
	}
	if *b >= 0 {
		sp.boldRuns = append(sp.boldRuns, [2]int{*b, end})
	}
	if *i >= 0 {
		sp.italRuns = append(sp.italRuns, [2]int{*i, end})
	}
	*b, *i = -1, -1
}

// words counts the words of s.
func words(s string) int { return len(strings.Fields(s)) }

// normRunning makes a running header or footer comparable across pages:
// digits do not count (page numbers change), nor does case or spacing.
func normRunning(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsDigit(r):
			sb.WriteByte('#')
		case unicode.IsSpace(r):
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// isPageNumber says whether s is only a page number ("12", "xii", "Page 3",
// "3 of 10", "- 4 -").
func isPageNumber(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Trim(s, "-–— ")
	s = strings.TrimPrefix(s, "page ")
	if i := strings.Index(s, " of "); i > 0 {
		s = s[:i]
	}
	if s == "" || len(s) > 8 {
		return false
	}
	digits := true
	for _, r := range s {
		if r < '0' || r > '9' {
			digits = false
		}
	}
	if digits {
		return true
	}
	for _, r := range s {
		if !strings.ContainsRune("ivxlcdm", r) {
			return false
		}
	}
	return true
}

// baseline is the baseline most glyphs of g stand on (one lowered or
// raised letter, as in the TeX logo, does not move it).
func baseline(g []char) float64 {
	best, count := 0.0, 0
	for i, c := range g {
		if c.space {
			continue
		}
		n := 0
		for _, d := range g[i:] {
			if !d.space && math.Abs(d.y-c.y) < 0.01 {
				n++
			}
		}
		if n > count {
			best, count = c.y, n
		}
	}
	return best
}

// mergeRaised puts a few small raised glyphs (a footnote call, an
// exponent), and a few small capitals on a line's baseline, into the line
// they sit on, instead of a line of their own.
func mergeRaised(groups [][]char) [][]char {
	info := func(g []char) (n int, size, y, x0, x1 float64) {
		x0, x1 = math.Inf(1), math.Inf(-1)
		for _, c := range g {
			if !c.space {
				n++
				size = math.Max(size, c.size)
				y = c.y
			}
			x0, x1 = math.Min(x0, c.x), math.Max(x1, c.x+c.w)
		}
		return
	}
	out := groups[:0:0]
	for i := 0; i < len(groups); i++ {
		g := groups[i]
		n, size, y, x0, x1 := info(g)
		merged := false
		for j := i + 1; n > 0 && n <= 3 && j < len(groups) && j <= i+3 && !merged; j++ {
			_, bsize, by, bx0, bx1 := info(groups[j])
			if size < 0.85*bsize && y >= by-0.5 && y-by < 0.75*bsize && x0 >= bx0-1 && x1 <= bx1+bsize {
				for k := range g {
					g[k].y = by
					g[k].raised = true
				}
				groups[j] = append(groups[j], g...)
				merged = true
			}
		}
		// Small glyphs on the baseline of a line sorted before them (the
		// small capitals "IB" of the BibTeX logo, on the baseline of its
		// "B") join that line too; only those well above it are raised.
		for k := len(out) - 1; n > 0 && n <= 3 && k >= 0 && k >= len(out)-3 && !merged; k-- {
			_, bsize, _, bx0, bx1 := info(out[k])
			if size >= 0.85*bsize || x0 < bx0-1 || x1 > bx1+bsize {
				continue
			}
			if by := baseline(out[k]); y >= by-0.5 && y-by < 0.75*bsize {
				for j := range g {
					g[j].raised = y-by > 0.15*bsize
					g[j].y = by
				}
				out[k] = append(out[k], g...)
				merged = true
			}
		}
		if merged {
			continue
		}
		out = append(out, g)
	}
	return out
}

// linkRun is a byte range of a span's (or a segment's) text that a link
// covers.
type linkRun struct {
	a, b int
	ref  string
	dest *destination // where an internal link leads; nil for a URI
}

// attachLinks gives the spans under each link area the part of their text
// it covers, widened to whole words (glyph positions inside a span are
// estimated from its width).
func attachLinks(ls []*line, links []linkAnnot) {
	for _, lk := range links {
		for _, l := range ls {
			if l.y < lk.y0-1 || l.y > lk.y1+1 {
				continue
			}
			for i := range l.spans {
				s := &l.spans[i]
				if s.x1 <= lk.x0 || s.x0 >= lk.x1 || s.x1 <= s.x0 {
					continue
				}
				n := len(s.text)
				a := int(float64(n) * (max(lk.x0, s.x0) - s.x0) / (s.x1 - s.x0))
				b := int(float64(n)*(min(lk.x1, s.x1)-s.x0)/(s.x1-s.x0) + 0.5)
				a, b = snapWord(s.text, max(0, min(a, n))), snapWord(s.text, max(0, min(b, n)))
				for a < b && s.text[a] == ' ' {
					a++
				}
				for b > a && s.text[b-1] == ' ' {
					b--
				}
				if a < b {
					s.links = append(s.links, linkRun{a, b, lk.ref, lk.dest})
				}
			}
		}
	}
}

// snapWord moves a byte offset estimated from positions to the nearest word
// boundary, when one is within two characters.
func snapWord(s string, i int) int {
	boundary := func(k int) bool { return k <= 0 || k >= len(s) || s[k-1] == ' ' || s[k] == ' ' }
	for d := 0; d <= 2; d++ {
		if i-d >= 0 && boundary(i-d) {
			return i - d
		}
		if i+d <= len(s) && boundary(i+d) {
			return i + d
		}
	}
	return i
}
