package doc

import (
	"reflect"
	"testing"
)

// derivedTable is a document with a table of three rows (one with an empty
// first cell, one with a non-ASCII cell), as a loader writes it, with and
// without the cell markers of its rows.
func derivedTable(t *testing.T) (stored, derived *Document) {
	t.Helper()
	text := "Title\n\na | bé | c\n | x | \nz\n\nEnd"
	all := []Marker{
		{Kind: Heading, Start: 0, End: 5, Level: 1},
		{Kind: Table, Start: 7, End: 28},
		{Kind: TableRow, Start: 7, End: 17, Label: "header"},
		{Kind: TableCell, Start: 7, End: 8},
		{Kind: TableCell, Start: 11, End: 13},
		{Kind: TableCell, Start: 16, End: 17},
		{Kind: TableRow, Start: 18, End: 26},
		{Kind: TableCell, Start: 18, End: 18},
		{Kind: TableCell, Start: 21, End: 22},
		{Kind: TableCell, Start: 25, End: 26},
		{Kind: TableRow, Start: 27, End: 28},
		{Kind: TableCell, Start: 27, End: 28},
		{Kind: Paragraph, Start: 30, End: 33},
	}
	stored = New(text, Meta{}, append([]Marker(nil), all...))
	var kept []Marker
	for _, m := range all {
		if m.Kind != TableCell {
			kept = append(kept, m)
		}
	}
	derived = New(text, Meta{}, kept)
	if !derived.DeriveRowCells([]int{27, 7, 18}) {
		t.Fatal("DeriveRowCells refused rows of plain cells")
	}
	return stored, derived
}

func TestDerivedCellsReadAsStoredOnes(t *testing.T) {
	stored, derived := derivedTable(t)
	want := stored.Markers()
	if got := derived.Markers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("All:\n got %v\nwant %v", got, want)
	}
	if derived.NumMarkers() != len(want) {
		t.Fatalf("NumMarkers %d, want %d", derived.NumMarkers(), len(want))
	}
	// Random access in an order that defeats the one-row cache.
	for _, i := range []int{12, 0, 4, 9, 3, 11, 7, 2, 10, 5, 8, 1, 6} {
		if got := derived.Marker(i); got != want[i] {
			t.Errorf("Marker(%d) = %v, want %v", i, got, want[i])
		}
	}
	for _, k := range []Kind{TableCell, TableRow, Paragraph} {
		if got, w := derived.MarkersOf(k), stored.MarkersOf(k); !reflect.DeepEqual(got, w) {
			t.Errorf("MarkersOf(%s) = %v, want %v", k, got, w)
		}
	}
	j1, _ := TextJSON(stored)
	j2, _ := TextJSON(derived)
	if string(j1) != string(j2) {
		t.Errorf("JSON differs:\n%s\n%s", j2, j1)
	}
}

func TestDeriveRowCellsRefusesRowsWithMarkers(t *testing.T) {
	stored, _ := derivedTable(t)
	n := stored.NumMarkers()
	if stored.DeriveRowCells([]int{7}) {
		t.Fatal("a row holding cell markers was taken as derived")
	}
	if stored.NumMarkers() != n {
		t.Fatalf("%d markers after a refused derivation, want %d", stored.NumMarkers(), n)
	}
}

func TestReindexKeepsDerivedCells(t *testing.T) {
	stored, derived := derivedTable(t)
	derived.Reindex()
	if got, want := derived.Markers(), stored.Markers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after Reindex:\n got %v\nwant %v", got, want)
	}
}
