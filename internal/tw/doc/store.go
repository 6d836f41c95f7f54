package doc

import (
	"math"
	"sort"
	"sync"
	"sync/atomic"
)

// A Marker is 72 bytes; a 10 MB book has a third of a million of them,
// most with no label, no reference, a small level and a short range. The
// document keeps each in 8 bytes (markerList), a label or reference in 36
// more, and only the rare marker whose kind, level or range does not fit
// whole, so what an open document holds stays close to the size of its
// text.

// markerList holds markers compactly. Safe for concurrent reads; add must
// not run while it is read.
type markerList struct {
	items []packedMarker
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
	// wide holds the markers that do not pack: a level out of range,
	// offsets beyond 32 bits, or a kind past the table's room.
	wide []Marker
}

// markerText is what a marker says beside its kind, level and range: the
// places of its label and reference in markerList.strs.
type markerText struct{ label, reference uint32 }

// packedMarker is a marker whose info holds its kind, level and length
// (and, with textFlag, has a markerText), or, with wideFlag, the index of
// the whole marker in markerList.wide.
type packedMarker struct {
	start uint32
	info  uint32
}

const (
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
	return markerList{items: make([]packedMarker, 0, len(ms)), texts: make([]markerText, 0, texts),
		textAt: make([]int32, 0, texts), wide: make([]Marker, 0, wide)}
}

func (l *markerList) len() int { return len(l.items) }

// at returns marker i.
func (l *markerList) at(i int) Marker {
	p := l.items[i]
	if p.info&wideFlag != 0 {
		return l.wide[p.info&^wideFlag]
	}
	start := int(p.start)
	m := Marker{Kind: kindName(kindOf(p.info)), Start: start, End: start + int(p.info&lengthMask), Level: int(p.info >> levelShift & maxLevel)}
	if p.info&textFlag != 0 {
		t := l.texts[sort.Search(len(l.textAt), func(j int) bool { return l.textAt[j] >= int32(i) })]
		m.Label, m.Reference = l.strs[t.label], l.strs[t.reference]
	}
	return m
}

// add appends m.
func (l *markerList) add(m Marker) {
	info, ok := packInfo(&m)
	if !ok {
		l.wide = append(l.wide, m)
		l.items = append(l.items, packedMarker{0, wideFlag | uint32(len(l.wide)-1)})
		return
	}
	if info&textFlag != 0 {
		l.texts = append(l.texts, markerText{l.intern(m.Label), l.intern(m.Reference)})
		l.textAt = append(l.textAt, int32(len(l.items)))
	}
	l.items = append(l.items, packedMarker{uint32(m.Start), info})
}

// mapReferences replaces every non-empty reference of a link or image by
// what f gives for it (once for each distinct reference). A string that
// some label or other reference names too stays for them, the links and
// images getting a new one.
func (l *markerList) mapReferences(f func(ref string) string) {
	isLink := func(j int) bool {
		k := kindName(kindOf(l.items[l.textAt[j]].info))
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
	for i := range out {
		out[i] = l.at(i)
	}
	return out
}

// countKinds counts the list's markers of each kind, in one pass over
// the packed items: no marker is decoded.
func (l *markerList) countKinds() map[Kind]int {
	var codes [maxKinds]int
	out := map[Kind]int{}
	for _, p := range l.items {
		if p.info&wideFlag != 0 {
			out[l.wide[p.info&^wideFlag].Kind]++
			continue
		}
		codes[kindOf(p.info)]++
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
