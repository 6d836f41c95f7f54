package doc

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
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
	derived = NewDerived(text, Meta{}, kept, []int{2, 3, 4})
	if len(derived.rows) != 3 {
		t.Fatalf("%d rows derived, want 3", len(derived.rows))
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

// Empty rows at one place sort alike: the cells of all but the last would
// not follow their row, so those are stored (in the order a loader storing
// every cell gives them).
func TestDerivedCellsOfRowsAtOnePlace(t *testing.T) {
	all := []Marker{
		{Kind: Table, Start: 0, End: 1},
		{Kind: TableRow, Start: 0, End: 1, Label: "header"},
		{Kind: TableCell, Start: 0, End: 1},
		{Kind: TableRow, Start: 1, End: 1},
		{Kind: TableCell, Start: 1, End: 1},
		{Kind: TableRow, Start: 1, End: 1},
		{Kind: TableCell, Start: 1, End: 1},
	}
	want := New("x", Meta{}, append([]Marker(nil), all...)).Markers()
	d := NewDerived("x", Meta{}, []Marker{all[0], all[1], all[3], all[5]}, []int{1, 2, 3})
	if got := d.Markers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
	if len(d.rows) != 2 {
		t.Errorf("%d rows derived, want 2 (the first and the last)", len(d.rows))
	}
}

func TestReindexKeepsDerivedCells(t *testing.T) {
	stored, derived := derivedTable(t)
	derived.Reindex()
	if got, want := derived.Markers(), stored.Markers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after Reindex:\n got %v\nwant %v", got, want)
	}
}

// TextJSON writes marker by marker; its bytes must stay those of
// encoding/json writing the whole document at once (the shape the
// original's output has), whatever the document holds.
func TestTextJSONIsTheWholeEncoded(t *testing.T) {
	_, withCells := derivedTable(t)
	author := "Ada <&> Lovelace"
	withMeta := New("“Quoted” <b> & é\n\nTwo\tlines", Meta{Title: "T", Author: &author, Format: "markdown",
		Properties: map[string]string{"pages": "1"}}, []Marker{{Kind: Heading, Start: 0, End: 8, Level: 1}, {Kind: Link, Start: 9, End: 12, Reference: "http://x/?a=1&b=<2>"}})
	for _, d := range []*Document{withCells, withMeta, New("", Meta{}, nil)} {
		whole := jsonDoc{Markers: []jsonMarker{}, Meta: jsonMeta{Author: d.Meta.Author, Format: d.Meta.Format,
			Language: d.Meta.Language, Properties: d.Meta.Properties, Title: d.Meta.Title}, Text: d.Text}
		lines := newLineCounter(d)
		for _, m := range d.All() {
			line, col := lines.at(m.Start)
			whole.Markers = append(whole.Markers, jsonMarker{Column: col, End: m.End, Kind: m.Kind, Label: m.Label,
				Level: m.Level, Line: line, Range: [2]int{m.Start, m.End}, Reference: m.Reference, Start: m.Start, Text: d.Slice(m.Start, m.End)})
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(whole); err != nil {
			t.Fatal(err)
		}
		got, err := TextJSON(d)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("got\n%s\nwant\n%s", got, want.String())
		}
	}
}
