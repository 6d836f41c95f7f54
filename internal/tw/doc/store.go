package doc

import (
	"math"
	"sort"
	"sync"
	"sync/atomic"
)

// A Marker is 72 bytes; a 10 MB book has a quarter of a million of them,
// most with no label, no reference, a small level and a short range. The
// document keeps each in about 6 bytes (markerList), a label or reference
// in 12 more, and only the rare marker whose kind, level, range or place
// does not fit whole, so what an open document holds
// stays close to the size of its text.

// markerList holds markers compactly. Safe for concurrent reads; add must
// not run while it is read.
type markerList struct {
	// infos holds each item's info word (see packInfo); an item's start
	// is kept in steps as its distance from its block's base: the start
	// of the block's first item (items come in blocks of markerBlock).
	infos []uint32
	steps []uint16
	bases []uint32
	// texts holds the labels and references of the items with textFlag,
	// in item order; textAt holds those items' indexes. Each names its
	// strings by their place in strs, which holds each string once ("" at
	// 0): a book's links lead to the same few places over and over.
	texts  []markerText
	textAt []int32
	strs   []string
	// strAt finds a string's place in strs while the list is built; seal
	// drops it.
	strAt map[string]uint32
	// wide holds the markers that do not pack: a level out of range, a
	// start beyond 32 bits or too far from its block's base, a range too
	// long, or a kind past the table's room.
	wide []Marker
}

// markerText is what a marker says beside its kind, level and range: the
// places of its label and reference in markerList.strs.
type markerText struct{ label, reference uint32 }

// An item's info word holds its marker's kind, level and length (and,
// with textFlag, says it has a markerText), or, with wideFlag, the index
// of the whole marker in markerList.wide.
const (
	markerBlock = 32

	wideFlag   = 1 << 31
	textFlag   = 1 << 30
	kindShift  = 25
	levelShift = 21
	maxKinds   = 1 << (30 - kindShift)
	maxLevel   = 1<<(kindShift-levelShift) - 1
	lengthMask = 1<<levelShift - 1
)

// kindOf is the kind number of a packed (not wide) info word.
func kindOf(info uint32) uint32 { return info &^ textFlag >> kindShift }

func newMarkerList(ms []Marker) markerList {
	l := makeMarkerList(ms)
	for _, m := range ms {
		l.add(m)
	}
	l.seal()
	return l
}

// seal drops what only building the list needs.
func (l *markerList) seal() { l.strAt = nil }

// intern is the place of s in strs, added when new.
func (l *markerList) intern(s string) uint32 {
	if s == "" {
		return 0
	}
	if l.strAt == nil {
		l.strAt = map[string]uint32{}
		if len(l.strs) == 0 {
			l.strs = append(l.strs, "")
		}
	}
	if i, ok := l.strAt[s]; ok {
		return i
	}
	l.strs = append(l.strs, s)
	i := uint32(len(l.strs) - 1)
	l.strAt[s] = i
	return i
}

// makeMarkerList is an empty list with room for ms, texts and wide ones
// included.
func makeMarkerList(ms []Marker) markerList {
	texts, wide := 0, 0
	for i := range ms {
		if info, ok := packInfo(&ms[i]); !ok {
			wide++
		} else if info&textFlag != 0 {
			texts++
		}
	}
	n := len(ms)
	return markerList{infos: make([]uint32, 0, n), steps: make([]uint16, 0, n),
		bases: make([]uint32, 0, (n+markerBlock-1)/markerBlock), texts: make([]markerText, 0, texts),
		textAt: make([]int32, 0, texts), wide: make([]Marker, 0, wide)}
}

func (l *markerList) len() int { return len(l.infos) }

// at returns marker i.
func (l *markerList) at(i int) Marker {
	if info := l.infos[i]; info&wideFlag != 0 {
		return l.wide[info&^wideFlag]
	}
	return l.decode(i)
}

// each yields every marker with its index, in order. Walking in order, it
// reads the labels and references one after the other, and the kind table
// once.
func (l *markerList) each(yield func(int, Marker) bool) {
	kinds := *kindTable.Load()
	next := 0 // the next item's markerText
	for i, info := range l.infos {
		var m Marker
		if info&wideFlag != 0 {
			m = l.wide[info&^wideFlag]
		} else {
			start := int(l.bases[i/markerBlock]) + int(l.steps[i])
			m = Marker{Kind: kinds[kindOf(info)], Start: start, End: start + int(info&lengthMask), Level: int(info >> levelShift & maxLevel)}
			if info&textFlag != 0 {
				t := l.texts[next]
				next++
				m.Label, m.Reference = l.strs[t.label], l.strs[t.reference]
			}
		}
		if !yield(i, m) {
			return
		}
	}
}

// decode is packed item i.
func (l *markerList) decode(i int) Marker {
	info := l.infos[i]
	start := int(l.bases[i/markerBlock]) + int(l.steps[i])
	m := Marker{Kind: kindName(kindOf(info)), Start: start, End: start + int(info&lengthMask), Level: int(info >> levelShift & maxLevel)}
	if info&textFlag != 0 {
		t := l.texts[sort.Search(len(l.textAt), func(j int) bool { return l.textAt[j] >= int32(i) })]
		m.Label, m.Reference = l.strs[t.label], l.strs[t.reference]
	}
	return m
}

// add appends m. A block's base is the start of its first marker, packed
// or kept whole (0 when that start is past 32 bits). A marker that starts
// before its block's base or more than 65,535 code points after it is
// kept whole; in document order, that is a marker after a long stretch
// with none, and the rest of its block.
func (l *markerList) add(m Marker) {
	i := len(l.infos)
	info, ok := packInfo(&m)
	if i%markerBlock == 0 {
		base := uint32(0)
		if m.Start >= 0 && uint64(m.Start) <= math.MaxUint32 {
			base = uint32(m.Start)
		}
		l.bases = append(l.bases, base)
	}
	step := uint64(m.Start) - uint64(l.bases[i/markerBlock])
	if !ok || m.Start < int(l.bases[i/markerBlock]) || step > math.MaxUint16 {
		l.wide = append(l.wide, m)
		l.infos = append(l.infos, wideFlag|uint32(len(l.wide)-1))
		l.steps = append(l.steps, 0)
		return
	}
	if info&textFlag != 0 {
		l.texts = append(l.texts, markerText{l.intern(m.Label), l.intern(m.Reference)})
		l.textAt = append(l.textAt, int32(i))
	}
	l.infos = append(l.infos, info)
	l.steps = append(l.steps, uint16(step))
}

// mapReferences replaces every non-empty reference of a link or image by
// what f gives for it (once for each distinct reference). A string that
// some label or other reference names too stays for them, the links and
// images getting a new one.
func (l *markerList) mapReferences(f func(ref string) string) {
	isLink := func(j int) bool {
		k := kindName(kindOf(l.infos[l.textAt[j]]))
		return k == Link || k == Image
	}
	shared := map[uint32]bool{}
	for j, t := range l.texts {
		shared[t.label] = true
		if !isLink(j) {
			shared[t.reference] = true
		}
	}
	mapped := map[uint32]uint32{}
	for j := range l.texts {
		t := &l.texts[j]
		if !isLink(j) || t.reference == 0 {
			continue
		}
		to, ok := mapped[t.reference]
		switch {
		case ok:
		case shared[t.reference]:
			l.strs = append(l.strs, f(l.strs[t.reference]))
			to = uint32(len(l.strs) - 1)
		default:
			l.strs[t.reference] = f(l.strs[t.reference])
			to = t.reference
		}
		mapped[t.reference] = to
		t.reference = to
	}
	for i := range l.wide {
		if m := &l.wide[i]; (m.Kind == Link || m.Kind == Image) && m.Reference != "" {
			m.Reference = f(m.Reference)
		}
	}
}

// packInfo is the info word of m; ok is false when m does not pack.
func packInfo(m *Marker) (info uint32, ok bool) {
	if m.Level < 0 || m.Level > maxLevel || m.Start < 0 || uint64(m.Start) > math.MaxUint32 ||
		m.End < m.Start || m.End-m.Start > lengthMask {
		return 0, false
	}
	k, ok := kindIndex(m.Kind)
	info = k<<kindShift | uint32(m.Level)<<levelShift | uint32(m.End-m.Start)
	if m.Label != "" || m.Reference != "" {
		info |= textFlag
	}
	return info, ok
}

// all copies every marker out.
func (l *markerList) all() []Marker {
	out := make([]Marker, l.len())
	for i, m := range l.each {
		out[i] = m
	}
	return out
}

// countKinds counts the list's markers of each kind, in one pass over
// the packed items: no marker is decoded.
func (l *markerList) countKinds() map[Kind]int {
	var codes [maxKinds]int
	out := map[Kind]int{}
	for _, info := range l.infos {
		if info&wideFlag != 0 {
			out[l.wide[info&^wideFlag].Kind]++
			continue
		}
		codes[kindOf(info)]++
	}
	kinds := *kindTable.Load()
	for code, n := range codes {
		if n > 0 {
			out[kinds[code]] += n
		}
	}
	return out
}

// The kinds a packed marker can name: the known ones first, others as
// they are met. The table only grows; readers load it without a lock.
var (
	kindsMu    sync.Mutex
	kindTable  atomic.Pointer[[]Kind]
	knownKinds = []Kind{Heading, Paragraph, Bold, Italic, Strikethrough, Code, Link, List, ListItem,
		Table, TableRow, TableCell, Quote, Image, Footnote, Rule, PageBreak, Underline, SectionBreak, Math}
)

func init() {
	kinds := append([]Kind(nil), knownKinds...)
	kindTable.Store(&kinds)
}

func kindName(i uint32) Kind { return (*kindTable.Load())[i] }

// kindIndex is k's number in the table (added when new); ok is false
// when the table is full.
func kindIndex(k Kind) (uint32, bool) {
	kinds := *kindTable.Load()
	for i, known := range kinds {
		if known == k {
			return uint32(i), true
		}
	}
	kindsMu.Lock()
	defer kindsMu.Unlock()
	kinds = *kindTable.Load()
	for i, known := range kinds {
		if known == k {
			return uint32(i), true
		}
	}
	if len(kinds) >= maxKinds {
		return 0, false
	}
	grown := append(append(make([]Kind, 0, len(kinds)+1), kinds...), k)
	kindTable.Store(&grown)
	return uint32(len(grown) - 1), true
}
