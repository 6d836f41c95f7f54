package doc

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMarkerListKeepsEveryMarker: whatever a marker holds, the compact
// list gives it back as it was given, packed or kept whole.
func TestMarkerListKeepsEveryMarker(t *testing.T) {
	cases := []Marker{
		{Kind: Paragraph, Start: 0, End: 10},
		{Kind: Heading, Start: 5, End: 9, Level: 6},
		{Kind: ListItem, Start: 1, End: 2, Level: 3, Label: "1."},
		{Kind: Link, Start: 3, End: 4, Reference: "https://example.org/"},
		{Kind: Code, Start: 0, End: 0, Level: 1, Label: "go"},
		{Kind: SectionBreak, Start: 7, End: 8, Level: maxLevel},
		{Kind: SectionBreak, Start: 7, End: 8, Level: maxLevel + 1},
		{Kind: Rule, Start: 4, End: 4, Level: -1},
		{Kind: PageBreak, Start: math.MaxInt32, End: math.MaxInt32 + 5},
		{Kind: Math, Start: math.MinInt32 - 1, End: 0},
		{Kind: Quote, Start: math.MaxUint32, End: math.MaxUint32 + lengthMask},
		{Kind: Quote, Start: math.MaxUint32 + 1, End: math.MaxUint32 + 2},
		{Kind: List, Start: 9, End: 9 + lengthMask},
		{Kind: List, Start: 9, End: 9 + lengthMask + 1},
		{Kind: Bold, Start: 9, End: 8},
		{Kind: Kind("a kind of its own"), Start: 2, End: 3, Level: 2},
		{Kind: "", Start: 1, End: 1},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		m := Marker{Kind: knownKinds[r.IntN(len(knownKinds))], Start: r.IntN(1 << 20), Level: r.IntN(8)}
		m.End = m.Start + r.IntN(100)
		if r.IntN(5) == 0 {
			m.Reference = "#r"
		}
		cases = append(cases, m)
	}
	l := newMarkerList(cases)
	if l.len() != len(cases) {
		t.Fatalf("%d markers kept, want %d", l.len(), len(cases))
	}
	for i, want := range cases {
		if got := l.at(i); got != want {
			t.Errorf("marker %d: got %+v, want %+v", i, got, want)
		}
	}
	for i, got := range l.all() {
		if got != cases[i] {
			t.Errorf("all()[%d]: got %+v, want %+v", i, got, cases[i])
		}
	}
}

// TestMarkerListInDocumentOrder: markers in document order pack across
// block bases, with gaps up to the largest a step holds and past it (the
// rest of such a block is kept whole); at and the walk agree.
func TestMarkerListInDocumentOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var ms []Marker
	start := 0
	for i := range 5000 {
		switch i % 97 {
		case 5:
			start += math.MaxUint16
		case 6:
			start += math.MaxUint16 + 1
		default:
			start += r.IntN(50)
		}
		m := Marker{Kind: knownKinds[r.IntN(len(knownKinds))], Start: start, End: start + r.IntN(300), Level: r.IntN(4)}
		if i%13 == 0 {
			m.Label = "x"
		}
		if i%211 == 0 {
			m.Level = maxLevel + 1
		}
		ms = append(ms, m)
	}
	l := newMarkerList(ms)
	if len(l.wide) > 5000/97*markerBlock+5000/211+2 {
		t.Errorf("%d of %d markers kept whole", len(l.wide), len(ms))
	}
	for i, want := range ms {
		if got := l.at(i); got != want {
			t.Fatalf("marker %d: got %+v, want %+v", i, got, want)
		}
	}
	for i, got := range l.each {
		if got != ms[i] {
			t.Fatalf("each, marker %d: got %+v, want %+v", i, got, ms[i])
		}
	}
}

// TestBlockAfterWideFirstMarker: a block whose first marker is kept whole
// (its level does not pack) takes that marker's start as its base, so the
// rest of the block, far into the text, still packs.
func TestBlockAfterWideFirstMarker(t *testing.T) {
	ms := []Marker{{Kind: Heading, Start: 200_000, End: 200_010, Level: maxLevel + 1}}
	for i := range markerBlock - 1 {
		ms = append(ms, Marker{Kind: Paragraph, Start: 200_001 + i, End: 200_002 + i})
	}
	l := newMarkerList(ms)
	if len(l.wide) != 1 {
		t.Errorf("%d of %d markers kept whole, want 1", len(l.wide), len(ms))
	}
	for i, want := range ms {
		if got := l.at(i); got != want {
			t.Fatalf("marker %d: got %+v, want %+v", i, got, want)
		}
	}
}

// TestMapReferencesReachesEveryLink: links and images get their new
// reference whether packed or kept whole; other markers keep their text.
func TestMapReferencesReachesEveryLink(t *testing.T) {
	d := New("some text here", Meta{}, []Marker{
		{Kind: Link, Start: 0, End: 4, Reference: "a"},
		{Kind: Image, Start: 5, End: 9, Reference: "b", Level: maxLevel + 1},
		{Kind: ListItem, Start: 10, End: 14, Label: "1.", Reference: "c"},
		{Kind: Link, Start: 10, End: 11, Reference: "c"},
		{Kind: Link, Start: 11, End: 12, Label: "a", Reference: "a"},
		{Kind: Link, Start: 12, End: 13, Reference: "1."},
	})
	d.MapReferences(func(ref string) string { return "/" + ref })
	// Sorted: the links at 10 to 12 come after the item that starts at 10
	// and is longer.
	want := []string{"/a", "/b", "c", "/c", "/a", "/1."}
	labels := []string{"", "", "1.", "", "a", ""}
	for i, m := range d.Markers() {
		if m.Label != labels[i] {
			t.Errorf("marker %d: label %q, want %q", i, m.Label, labels[i])
		}
		if m.Reference != want[i] {
			t.Errorf("marker %d: reference %q, want %q", i, m.Reference, want[i])
		}
	}
}

// TestKindCountsMatchesMarkersOf: the one-pass count of each kind is what
// MarkersOf finds, packed, labelled and wide markers alike.
func TestKindCountsMatchesMarkersOf(t *testing.T) {
	ms := []Marker{
		{Kind: Heading, Start: 0, End: 4, Level: 1},
		{Kind: Link, Start: 1, End: 2, Reference: "#a"},
		{Kind: SectionBreak, Start: 2, End: 2, Level: maxLevel + 1},
		{Kind: Kind("a kind of its own"), Start: 2, End: 3},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		m := Marker{Kind: knownKinds[r.IntN(len(knownKinds))], Start: r.IntN(100), Level: r.IntN(3)}
		if r.IntN(4) == 0 {
			m.Label = "x"
		}
		m.End = m.Start + r.IntN(10)
		ms = append(ms, m)
	}
	d := New("", Meta{}, ms)
	got := d.KindCounts()
	want := map[Kind]int{}
	for _, m := range ms {
		want[m.Kind]++
	}
	for k, n := range want {
		if got[k] != n || len(d.MarkersOf(k)) != n {
			t.Errorf("%q: KindCounts %d, MarkersOf %d, want %d", k, got[k], len(d.MarkersOf(k)), n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("KindCounts has %d kinds, want %d: %v", len(got), len(want), got)
	}
}
