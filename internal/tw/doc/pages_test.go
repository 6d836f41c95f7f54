package doc

import (
	"reflect"
	"testing"
)

func TestPages(t *testing.T) {
	text := "one\n\ntwo\n\nthree\n" // 16 code points
	cases := []struct {
		name    string
		markers []Marker
		want    []Page
	}{
		{"none", nil, nil},
		{"spanning, labelled", []Marker{
			{Kind: PageBreak, Start: 0, End: 5, Label: "iv"},
			{Kind: PageBreak, Start: 5, End: 10},
			{Kind: PageBreak, Start: 10, End: 16, Label: "7"},
		}, []Page{{0, 5, "iv"}, {5, 10, "2"}, {10, 16, "7"}}},
		{"zero-width breaks divide the text", []Marker{
			{Kind: PageBreak, Start: 5, End: 5},
			{Kind: PageBreak, Start: 10, End: 10},
		}, []Page{{0, 5, "1"}, {5, 10, "2"}, {10, 16, "3"}}},
		{"form feeds are breaks", []Marker{
			{Kind: PageBreak, Start: 3, End: 5},
			{Kind: PageBreak, Start: 8, End: 10},
		}, []Page{{0, 3, "1"}, {5, 8, "2"}, {10, 16, "3"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := New(text, Meta{}, tc.markers).Pages()
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Pages() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPageNamed(t *testing.T) {
	pages := []Page{{0, 1, "i"}, {1, 2, "ii"}, {2, 3, "1"}, {3, 4, "2"}}
	cases := []struct {
		name string
		want int
		ok   bool
	}{
		{"ii", 1, true}, {"II", 1, true}, {"1", 2, true}, {"2", 3, true},
		{"4", 3, true}, {"5", 0, false}, {"0", 0, false}, {"xii", 0, false},
	}
	for _, tc := range cases {
		got, ok := PageNamed(pages, tc.name)
		if got != tc.want || ok != tc.ok {
			t.Errorf("PageNamed(%q) = %d, %v; want %d, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
