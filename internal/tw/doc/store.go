package doc

import (
	"math"
	"sync"
	"sync/atomic"
)

// A Marker is 72 bytes; a 10 MB book has a quarter of a million of them,
// most with no label, no reference and a small level. The document keeps
// those in 12 bytes each (markerList) and only the others whole, so what
// an open document holds stays close to the size of its text.

// markerList holds markers compactly. Safe for concurrent reads; add must
// not run while it is read.
type markerList struct {
	items []packedMarker
	// wide holds the markers that do not pack: with a label or a
	// reference, a level out of range, or offsets beyond 32 bits.
	wide []Marker
}

// packedMarker is a marker whose info holds its kind (kindBits) and level,
// or, with wideFlag, the index of the whole marker in markerList.wide.
type packedMarker struct {
	start, end int32
	info       uint32
}

const (
	wideFlag  = 1 << 31
	kindShift = 23
	levelMask = 1<<kindShift - 1
	maxKinds  = 1 << (31 - kindShift)
)

func newMarkerList(ms []Marker) markerList {
	l := makeMarkerList(ms)
	for _, m := range ms {
		l.add(m)
	}
	return l
}

// makeMarkerList is an empty list with room for ms, wide ones included.
func makeMarkerList(ms []Marker) markerList {
	wide := 0
	for i := range ms {
		if _, ok := packInfo(&ms[i]); !ok {
			wide++
		}
	}
	return markerList{items: make([]packedMarker, 0, len(ms)), wide: make([]Marker, 0, wide)}
}

func (l *markerList) len() int { return len(l.items) }

// at returns marker i.
func (l *markerList) at(i int) Marker {
	p := l.items[i]
	if p.info&wideFlag != 0 {
		return l.wide[p.info&^wideFlag]
	}
	return Marker{Kind: kindName(p.info >> kindShift), Start: int(p.start), End: int(p.end), Level: int(p.info & levelMask)}
}

// add appends m.
func (l *markerList) add(m Marker) {
	l.items = append(l.items, l.pack(m))
}

func (l *markerList) pack(m Marker) packedMarker {
	if info, ok := packInfo(&m); ok {
		return packedMarker{int32(m.Start), int32(m.End), info}
	}
	l.wide = append(l.wide, m)
	return packedMarker{clamp32(m.Start), clamp32(m.End), wideFlag | uint32(len(l.wide)-1)}
}

// packInfo is the info word of m; ok is false when m does not pack.
func packInfo(m *Marker) (info uint32, ok bool) {
	if m.Label != "" || m.Reference != "" || m.Level < 0 || m.Level > levelMask || !fits32(m.Start) || !fits32(m.End) {
		return 0, false
	}
	k, ok := kindIndex(m.Kind)
	return k<<kindShift | uint32(m.Level), ok
}

// all copies every marker out.
func (l *markerList) all() []Marker {
	out := make([]Marker, l.len())
	for i := range out {
		out[i] = l.at(i)
	}
	return out
}

func fits32(n int) bool { return n >= math.MinInt32 && n <= math.MaxInt32 }

func clamp32(n int) int32 { return int32(max(math.MinInt32, min(n, math.MaxInt32))) }

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
