package notegraph

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// sample is a library of two documents with notes, and a third file they
// link to; it returns the documents and the folder.
func sample(t *testing.T) ([]Document, string) {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"a.md", "b.md", "c.md"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("# x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := Document{Path: filepath.Join(dir, "a.md"), Title: "Cells",
		Headings: []Heading{{Start: 0, Level: 1, Text: "Intro"}, {Start: 100, Level: 2, Text: "Methods"}, {Start: 200, Level: 2, Text: "Results and data"}},
		Notes: []Note{
			{ID: 3, Start: 130, Text: "Links: [site](https://example.com/x) [b](b.md#results) [[Nowhere]] [[b#Discussion]] [c](c.md) [gone](gone.md)"},
			{ID: 1, Start: 10, Text: "Cell basics\nSee [[Method note]] and [[methods]] and [[#results-and-data]]."},
			{ID: 2, Start: 120, Text: "Method note"},
		}}
	b := Document{Path: filepath.Join(dir, "b.md"),
		Notes: []Note{{ID: 1, Start: 0, Text: "Other, quoting \"x\" & <y>: [[Cell basics|the basics]] [[Cells]]"}}}
	return []Document{b, a}, dir
}

// edgeSet is g's edges as "from type to" by labels.
func edgeSet(g Graph) []string {
	nodes := nodeOf(g)
	var out []string
	for _, e := range g.Edges {
		out = append(out, nodes[e.From].Label+" | "+e.Type+" | "+nodes[e.To].Label)
	}
	return out
}

// TestBuild: notes sit under their headings (or in their document when
// its headings are not known), and the links written in them go to
// notes, headings, documents and web pages, or to a missing node.
func TestBuild(t *testing.T) {
	docs, _ := sample(t)
	g := Build(docs)
	links := label(docs[1].Notes[0].Text)
	other := label(docs[0].Notes[0].Text)
	basics := label(docs[1].Notes[1].Text)
	want := []string{
		basics + " | under | Intro",
		"Intro | part of | Cells",
		"Method note | under | Methods",
		"Methods | part of | Cells",
		links + " | under | Methods",
		other + " | part of | b.md",
		basics + " | links to | Method note",
		basics + " | links to | Methods",
		basics + " | links to | Results and data",
		"Results and data | part of | Cells",
		links + " | links to | Not found: Nowhere",
		links + " | links to | Discussion",
		"Discussion | part of | b.md",
		links + " | links to | https://example.com/x",
		links + " | links to | results",
		"results | part of | b.md",
		links + " | links to | c.md",
		links + " | links to | Not found: gone.md",
		other + " | links to | " + basics,
		other + " | links to | Cells",
	}
	got := edgeSet(g)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing edge %q", w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d edges, want %d:\n%q", len(got), len(want), got)
	}
	if g.Notes() != 4 || g.Links() != 11 {
		t.Errorf("%d notes, %d links; want 4 and 11", g.Notes(), g.Links())
	}
	// Documents in the order of their paths, each followed by its notes
	// in the order of their places.
	var order []string
	for _, n := range g.Nodes[:7] {
		order = append(order, n.ID)
	}
	if want := []string{"d1", "d1-h1", "d1-n1", "d1-h2", "d1-n2", "d1-n3", "d2"}; !slices.Equal(order, want) {
		t.Errorf("node order %q, want %q", order, want)
	}
}

// TestBuildEmpty: no documents, no graph.
func TestBuildEmpty(t *testing.T) {
	g := Build(nil)
	if len(g.Nodes) != 0 || len(g.Edges) != 0 {
		t.Errorf("graph of nothing: %+v", g)
	}
}

func TestUnnumbered(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"3.4 Dvips configuration files", "Dvips configuration files"},
		{"A.2. Fonts", "Fonts"},
		{"A. Fonts", "Fonts"},
		{"12 Index", "Index"},
		{"1. Introduction", "Introduction"},
		{"A Guide to fonts", "A Guide to fonts"},
		{"2024", "2024"},
		{"3D printing", "3D printing"},
		{"Why use Dvips?", "Why use Dvips?"},
	} {
		if got := unnumbered(c.in); got != c.want {
			t.Errorf("unnumbered(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
