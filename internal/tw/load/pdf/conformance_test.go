package pdf

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

func fixture(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(testkit.Path(t, "conformance", "textweaver"), name)
}

func loadFile(t testing.TB, path string) *doc.Document {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(path, data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return d
}

// expectedMarker is a marker as the expected files give it.
type expectedMarker struct {
	Kind  string `json:"kind"`
	Range [2]int `json:"range"`
	Level int    `json:"level"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

func (m expectedMarker) String() string {
	return fmt.Sprintf("%s [%d,%d) level=%d label=%q %q", m.Kind, m.Range[0], m.Range[1], m.Level, m.Label, trunc(m.Text))
}

func trunc(s string) string {
	if len(s) > 50 {
		return s[:50] + "…"
	}
	return s
}

// TestConformancePDF compares the canonical text, markers (without the kinds
// and fields the original did not record) and metadata with what the
// original textweaver gives for its own fixtures.
func TestConformancePDF(t *testing.T) {
	for _, name := range []string{"single.pdf", "running.pdf", "notes.pdf"} {
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(fixture(t, name+".expected.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Text    string           `json:"text"`
				Markers []expectedMarker `json:"markers"`
				Meta    struct {
					Title      string            `json:"title"`
					Author     *string           `json:"author"`
					Language   *string           `json:"language"`
					Format     string            `json:"format"`
					Properties map[string]string `json:"properties"`
				} `json:"meta"`
				Unrecorded struct {
					Kinds []string `json:"marker_kinds"`
				} `json:"unrecorded"`
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			d := loadFile(t, fixture(t, name))
			if d.Text != want.Text {
				t.Errorf("text\n got: %q\nwant: %q", d.Text, want.Text)
			}
			var got []expectedMarker
			for _, m := range d.All() {
				skip := false
				for _, k := range want.Unrecorded.Kinds {
					skip = skip || string(m.Kind) == k
				}
				if !skip {
					got = append(got, expectedMarker{string(m.Kind), [2]int{m.Start, m.End}, m.Level, m.Label, d.Slice(m.Start, m.End)})
				}
			}
			for i := range max(len(got), len(want.Markers)) {
				switch {
				case i >= len(got):
					t.Errorf("missing marker %d: %v", i, want.Markers[i])
				case i >= len(want.Markers):
					t.Errorf("extra marker %d: %v", i, got[i])
				case !reflect.DeepEqual(got[i], want.Markers[i]):
					t.Errorf("marker %d\n got: %v\nwant: %v", i, got[i], want.Markers[i])
				}
			}
			m := d.Meta
			if m.Title != want.Meta.Title || !reflect.DeepEqual(m.Author, want.Meta.Author) || !reflect.DeepEqual(m.Language, want.Meta.Language) || m.Format != want.Meta.Format {
				t.Errorf("meta = %q %v %v %q, want %q %v %v %q", m.Title, testkit.Deref(m.Author), testkit.Deref(m.Language), m.Format,
					want.Meta.Title, testkit.Deref(want.Meta.Author), testkit.Deref(want.Meta.Language), want.Meta.Format)
			}
			if pages := d.Meta.Properties["pages"]; pages != want.Meta.Properties["pages"] || pages != strconv.Itoa(len(d.MarkersOf(doc.PageBreak))) {
				t.Errorf("pages = %s, want %s", pages, want.Meta.Properties["pages"])
			}
		})
	}
}

// TestConformanceMarkdown renders the document as Markdown (the original's
// to_markdown, rebuilt from our markers) and compares it with the
// original's export.
func TestConformanceMarkdown(t *testing.T) {
	for _, name := range []string{"single.pdf", "columns.pdf"} {
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(fixture(t, name+".expected.md"))
			if err != nil {
				t.Fatal(err)
			}
			d := loadFile(t, fixture(t, name))
			got := markdown(d)
			if strings.TrimRight(got, "\n") != strings.TrimRight(string(want), "\n") {
				t.Errorf("markdown\n got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// markdown renders the block markers of d as Markdown: headings, paragraphs
// (with italic and bold runs), lists, tables and images.
func markdown(d *doc.Document) string {
	var blocks []string
	inline := func(start, end int, skip bool) string {
		s := d.Slice(start, end)
		if skip {
			return s
		}
		type ins struct {
			at  int
			tag string
		}
		var marks []ins
		for _, m := range d.All() {
			if m.Start >= start && m.End <= end && (m.Kind == doc.Italic || m.Kind == doc.Bold) {
				tag := "*"
				if m.Kind == doc.Bold {
					tag = "**"
				}
				marks = append(marks, ins{m.Start, tag}, ins{m.End, tag})
			}
		}
		var sb strings.Builder
		r := []rune(s)
		for i := 0; i <= len(r); i++ {
			for k := len(marks) - 1; k >= 0; k-- {
				if marks[k].at == start+i && k%2 == 1 {
					sb.WriteString(marks[k].tag)
				}
			}
			for k, mk := range marks {
				if mk.at == start+i && k%2 == 0 {
					sb.WriteString(mk.tag)
				}
			}
			if i < len(r) {
				sb.WriteRune(r[i])
			}
		}
		return sb.String()
	}
	// inside gives the markers of kind k that follow marker i and start
	// within it.
	inside := func(i int, k doc.Kind) []doc.Marker {
		var out []doc.Marker
		end := d.Marker(i).End
		for _, m := range d.Markers()[i+1:] {
			if m.Start >= end {
				break
			}
			if m.Kind == k {
				out = append(out, m)
			}
		}
		return out
	}
	covered := -1
	for i, m := range d.All() {
		if m.Start < covered {
			continue
		}
		switch m.Kind {
		case doc.Heading:
			blocks = append(blocks, strings.Repeat("#", m.Level)+" "+d.Slice(m.Start, m.End))
		case doc.Paragraph:
			if i+1 < d.NumMarkers() && d.Marker(i+1).Kind == doc.Image && d.Marker(i+1).Start == m.Start {
				blocks = append(blocks, "!["+d.Slice(m.Start, m.End)+"]("+d.Marker(i+1).Reference+")")
			} else {
				blocks = append(blocks, inline(m.Start, m.End, false))
			}
		case doc.List:
			var items []string
			for _, it := range inside(i, doc.ListItem) {
				p := "- "
				if it.Label != "" {
					p = it.Label + " "
				}
				items = append(items, p+inline(it.Start, it.End, false))
			}
			blocks = append(blocks, strings.Join(items, "\n"))
		case doc.Table:
			var rows []string
			for _, r := range inside(i, doc.TableRow) {
				cells := strings.Split(d.Slice(r.Start, r.End), " | ")
				rows = append(rows, "| "+strings.Join(cells, " | ")+" |")
				if len(rows) == 1 {
					rows = append(rows, "|"+strings.Repeat("---|", len(cells)))
				}
			}
			blocks = append(blocks, strings.Join(rows, "\n"))
		default:
			continue
		}
		covered = m.End
	}
	return strings.Join(blocks, "\n\n") + "\n"
}
