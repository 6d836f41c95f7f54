package pdf

import (
	"strconv"
	"strings"
)

// folioZone is how far (as a share of the page height) from the top or
// bottom of a page a line standing alone as the page's number may sit.
// plain TeX on letter paper prints its folio 12.7% above the bottom edge,
// past the zone of running heads; a bare number is taken there only where
// it follows the page sequence (folios).
const folioZone = 0.2

// folioValue is the number a line holding only a page number in Arabic
// digits ("12", "- 12 -") shows, or 0.
func folioValue(s string) int {
	s = strings.Trim(strings.TrimSpace(s), "-–— ")
	if s == "" || len(s) > 6 {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// folios finds the pages' bare page numbers that sit above the running
// zone but within folioZone of the top or bottom: on each page, the first
// or last line holding only a number. They count as page numbers when the
// page at index p shows p+1-offset for one offset on three pages or more
// and on a quarter of the pages or more. The result holds, for each page,
// the index in pages[p] of its folio line, or -1.
func folios(pages [][]*line, contents []*pageContent) []int {
	at := make([]int, len(pages))
	type cand struct{ p, i, off int }
	var cands []cand
	offsets := map[int]int{}
	for p, ls := range pages {
		at[p] = -1
		pc := contents[p]
		seen := map[int]bool{}
		for _, i := range []int{0, len(ls) - 1} {
			if i < 0 || i >= len(ls) {
				continue
			}
			l := ls[i]
			near := l.y > pc.y0+pc.height*(1-folioZone) || l.y < pc.y0+pc.height*folioZone
			n := folioValue(l.text())
			if !near || n == 0 {
				continue
			}
			off := p + 1 - n
			cands = append(cands, cand{p, i, off})
			if !seen[off] {
				seen[off] = true
				offsets[off]++
			}
		}
	}
	best, count := 0, 0
	for off, c := range offsets {
		if c > count || c == count && off < best {
			best, count = off, c
		}
	}
	if count < 3 || count*4 < len(pages) {
		return at
	}
	for _, c := range cands {
		if c.off == best {
			at[c.p] = c.i
		}
	}
	return at
}
