// Package textdiff maps places in one text to the same places in an
// edited copy of it: the text both share is found (a line diff, then a
// character diff within the lines that changed), and a place in shared
// text keeps its place in it; a place in text that is gone goes to where
// that text was.
package textdiff

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// maxEdits bounds the work of a diff: past this many lines (or characters)
// added and removed, lines are matched by a nearer search (resync), and
// characters in proportion.
const maxEdits = 1000

// maxChars is the longest changed stretch, in characters of both texts,
// diffed character by character; a longer one is mapped in proportion.
const maxChars = 20000

// resyncWindow is how many lines ahead resync looks for a line again.
const resyncWindow = 64

// Map maps code-point offsets of old to offsets of new.
type Map struct {
	same       []run // stretches both texts share, in order
	oldN, newN int
}

// run is a stretch of length code points at old in the old text and at
// new in the new one.
type run struct{ old, new, n int }

// New is the map from old to new.
func New(old, new string) *Map {
	m := &Map{oldN: utf8.RuneCountInString(old), newN: utf8.RuneCountInString(new)}
	// The shared start and end, by bytes (cheap), kept whole lines.
	p := commonPrefix(old, new)
	p = strings.LastIndexByte(old[:p], '\n') + 1
	s := commonSuffix(old[p:], new[p:])
	if i := strings.IndexByte(old[len(old)-s:], '\n'); i >= 0 {
		s -= i + 1
	} else {
		s = 0
	}
	pr := utf8.RuneCountInString(old[:p])
	m.add(0, 0, pr)
	oldMid, newMid := old[p:len(old)-s], new[p:len(new)-s]
	m.lines(oldMid, newMid, pr, pr)
	sr := utf8.RuneCountInString(old[len(old)-s:])
	m.add(m.oldN-sr, m.newN-sr, sr)
	return m
}

// At is where offset pos of the old text is in the new one.
func (m *Map) At(pos int) int {
	if pos <= 0 {
		return 0
	}
	if pos >= m.oldN {
		return m.newN
	}
	// The last run starting at or before pos.
	i := sort.Search(len(m.same), func(i int) bool { return m.same[i].old > pos }) - 1
	if i < 0 {
		return 0
	}
	r := m.same[i]
	if pos < r.old+r.n {
		return r.new + pos - r.old
	}
	// In text that is gone: where the next shared text starts in new.
	if i+1 < len(m.same) {
		return m.same[i+1].new
	}
	return m.newN
}

func (m *Map) add(old, new, n int) {
	if n <= 0 {
		return
	}
	if k := len(m.same); k > 0 {
		last := &m.same[k-1]
		if last.old+last.n == old && last.new+last.n == new {
			last.n += n
			return
		}
	}
	m.same = append(m.same, run{old, new, n})
}

// lines diffs old and new (starting at code points oldAt and newAt) line
// by line, then the lines changed character by character.
func (m *Map) lines(old, new string, oldAt, newAt int) {
	if old == "" || new == "" {
		return
	}
	a, b := splitLines(old), splitLines(new)
	ops, ok := diff(a, b)
	if !ok {
		ops = resync(a, b)
	}
	i, j := 0, 0
	oi, nj := oldAt, newAt // code points
	flush := func(di, dj int) {
		// A changed stretch: lines a[i:i+di] became b[j:j+dj].
		o := strings.Join(a[i:i+di], "")
		n := strings.Join(b[j:j+dj], "")
		m.chars(o, n, oi, nj)
		i, j = i+di, j+dj
		oi += utf8.RuneCountInString(o)
		nj += utf8.RuneCountInString(n)
	}
	for _, op := range ops {
		flush(op.i-i, op.j-j)
		for range op.n {
			k := utf8.RuneCountInString(a[i])
			m.add(oi, nj, k)
			oi, nj = oi+k, nj+k
			i, j = i+1, j+1
		}
	}
	flush(len(a)-i, len(b)-j)
}

// chars maps a changed stretch: a character diff when it is small enough,
// else the shared start and end and the middle in proportion.
func (m *Map) chars(old, new string, oldAt, newAt int) {
	if old == "" || new == "" {
		return
	}
	a, b := []rune(old), []rune(new)
	if len(a)+len(b) <= maxChars {
		if ops, ok := diff(a, b); ok {
			for _, op := range ops {
				m.add(oldAt+op.i, newAt+op.j, op.n)
			}
			return
		}
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	m.add(oldAt, newAt, p)
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	// The middle: each old character to its share of the new middle.
	midA, midB := len(a)-p-s, len(b)-p-s
	for k := range midA {
		if midB > 0 {
			m.add(oldAt+p+k, newAt+p+k*midB/midA, 1)
		}
	}
	m.add(oldAt+len(a)-s, newAt+len(b)-s, s)
}

// splitLines splits s after each newline, keeping them.
func splitLines(s string) []string {
	out := make([]string, 0, strings.Count(s, "\n")+1)
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	for i > 0 && i < len(a) && !utf8.RuneStart(a[i]) {
		i--
	}
	return i
}

func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	for i > 0 && !utf8.RuneStart(a[len(a)-i]) {
		i--
	}
	return i
}

// resync matches lines in order without a full diff, for texts that
// differ in too many lines: a line that differs is taken as changed into
// the other text's line, unless it is found again a little further on in
// the other text (lines added or removed).
func resync(a, b []string) []same {
	var out []same
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] {
			if k := len(out) - 1; k >= 0 && out[k].i+out[k].n == i && out[k].j+out[k].n == j {
				out[k].n++
			} else {
				out = append(out, same{i, j, 1})
			}
			i, j = i+1, j+1
			continue
		}
		if i+1 < len(a) && j+1 < len(b) && a[i+1] == b[j+1] {
			i, j = i+1, j+1 // one line changed
			continue
		}
		added, removed := -1, -1
		for k := 1; k < resyncWindow && (added < 0 || removed < 0); k++ {
			if added < 0 && j+k < len(b) && b[j+k] == a[i] {
				added = k
			}
			if removed < 0 && i+k < len(a) && a[i+k] == b[j] {
				removed = k
			}
		}
		switch {
		case added > 0 && (removed < 0 || added <= removed):
			j += added
		case removed > 0:
			i += removed
		default:
			i, j = i+1, j+1
		}
	}
	return out
}

// same is a stretch of n elements shared at a[i:] and b[j:].
type same struct{ i, j, n int }

// diff finds the elements a and b share, in order, by Myers' algorithm;
// ok is false when more than maxEdits insertions and deletions are
// needed.
func diff[T comparable](a, b []T) ([]same, bool) {
	n, m := len(a), len(b)
	maxD := min(n+m, maxEdits)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	// trace[d] is v before step d, diagonals -d-1 to d+1 (index k+d+1).
	var trace [][]int
	found := -1
	for d := 0; d <= maxD && found < 0; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = d
				break
			}
		}
	}
	if found < 0 {
		return nil, false
	}
	// Walk back through the trace, collecting the diagonals.
	var out []same
	x, y := n, m
	for d := found; d > 0; d-- {
		prev := func(k int) int { return trace[d][k+d+1] }
		k := x - y
		var pk int
		if k == -d || k != d && prev(k-1) < prev(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev(pk)
		py := px - pk
		// The snake from the move's end to (x, y).
		sx, sy := px, py
		if pk == k+1 {
			sy++ // an insertion
		} else {
			sx++ // a deletion
		}
		if x > sx {
			out = append(out, same{sx, sy, x - sx})
		}
		x, y = px, py
	}
	if x > 0 {
		out = append(out, same{0, 0, x})
	}
	slices.Reverse(out)
	return out, true
}
