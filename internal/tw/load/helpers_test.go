package load

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// markerLines describes each marker on one line, for comparing with what a
// test expects: kind, range, then level, label and reference when set, then
// the covered text.
func markerLines(d *doc.Document) []string {
	out := make([]string, 0, d.NumMarkers())
	for _, m := range d.All() {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s %d-%d", m.Kind, m.Start, m.End)
		if m.Level != 0 {
			fmt.Fprintf(&sb, " level=%d", m.Level)
		}
		if m.Label != "" {
			fmt.Fprintf(&sb, " label=%q", m.Label)
		}
		if m.Reference != "" {
			fmt.Fprintf(&sb, " ref=%q", m.Reference)
		}
		fmt.Fprintf(&sb, " %q", d.Slice(m.Start, m.End))
		out = append(out, sb.String())
	}
	return out
}

// loaderCase is one input and what its loader must make of it. A nil
// markers list is not checked; an empty one means no markers.
type loaderCase struct {
	name    string
	path    string
	in      string
	text    string
	title   string // checked when not empty
	markers []string
}

func runLoaderCases(t *testing.T, cases []loaderCase, load doc.LoaderFunc) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := tc.path
			if path == "" {
				path = "case"
			}
			d, err := load(path, []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != tc.text {
				t.Errorf("text\n got: %q\nwant: %q", d.Text, tc.text)
			}
			if tc.title != "" && d.Meta.Title != tc.title {
				t.Errorf("title = %q, want %q", d.Meta.Title, tc.title)
			}
			if tc.markers != nil {
				got := markerLines(d)
				if strings.Join(got, "\n") != strings.Join(tc.markers, "\n") {
					t.Errorf("markers\n got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.markers, "\n  "))
				}
			}
			checkInvariants(t, d)
		})
	}
}

// checkInvariants holds for every document a loader makes.
func checkInvariants(t testing.TB, d *doc.Document) {
	t.Helper()
	if !utf8.ValidString(d.Text) {
		t.Fatalf("text is not valid UTF-8: %q", d.Text)
	}
	n := d.Len()
	if n != utf8.RuneCountInString(d.Text) {
		t.Fatalf("Len() = %d, text has %d code points", n, utf8.RuneCountInString(d.Text))
	}
	prev := 0
	for i, m := range d.All() {
		if m.Start < 0 || m.End > n || m.Start > m.End {
			t.Fatalf("marker %d %s [%d,%d) outside [0,%d] or reversed", i, m.Kind, m.Start, m.End, n)
		}
		if m.Start < prev {
			t.Fatalf("marker %d %s starts at %d, before the previous one (%d)", i, m.Kind, m.Start, prev)
		}
		prev = m.Start
		if m.Kind == "" {
			t.Fatalf("marker %d has no kind", i)
		}
	}
}
