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
		{Kind: SectionBreak, Start: 7, End: 8, Level: levelMask},
		{Kind: SectionBreak, Start: 7, End: 8, Level: levelMask + 1},
		{Kind: Rule, Start: 4, End: 4, Level: -1},
		{Kind: PageBreak, Start: math.MaxInt32, End: math.MaxInt32 + 5},
		{Kind: Math, Start: math.MinInt32 - 1, End: 0},
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
