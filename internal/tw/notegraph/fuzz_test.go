package notegraph

import (
	"encoding/json"
	"testing"
)

// FuzzBuildAndWrite: notes and headings of any text make a graph whose
// every edge joins nodes it has, written in every format without a panic;
// the JSON form parses.
func FuzzBuildAndWrite(f *testing.F) {
	f.Add("See [[3.4 Setup]] and [x](other.md#intro).", "3.4 Setup", "[[Setup]] [[]] [[a#b#c]] <http://x>")
	f.Add("[[", "", "]]][[[")
	f.Fuzz(func(t *testing.T, note, heading, other string) {
		g := Build([]Document{
			{Path: "/d/a.md", Title: "A", Headings: []Heading{{Start: 0, Level: 1, Text: heading}}, Notes: []Note{{ID: 1, Start: 1, Text: note}, {ID: 2, Start: 2, Text: other}}},
			{Path: "/d/other.md", Notes: []Note{{ID: 1, Text: other}}},
		})
		ids := map[string]bool{}
		for _, n := range g.Nodes {
			ids[n.ID] = true
		}
		for _, e := range g.Edges {
			if !ids[e.From] || !ids[e.To] {
				t.Fatalf("edge %+v joins a node the graph does not have", e)
			}
		}
		for _, fm := range Formats {
			out, err := Write(g, fm.ID)
			if err != nil {
				t.Fatalf("%s: %v", fm.ID, err)
			}
			if fm.ID == "json" && !json.Valid(out) {
				t.Fatalf("the JSON form does not parse: %s", out)
			}
		}
	})
}
