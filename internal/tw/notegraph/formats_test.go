package notegraph

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tricky is a graph whose texts hold every character a format treats
// specially.
func tricky() Graph {
	return Graph{
		Nodes: []Node{
			{ID: "d1", Kind: KindDocument, Label: `Doc "one" & <two>`, Doc: "/x/a&b.md", Title: `Doc "one" & <two>`},
			{ID: "d1-n1", Kind: KindNote, Label: `=SUM(A1) "quoted" \ back # hash [x]`, Text: "=SUM(A1) \"quoted\" \\ back # hash [x]\nline two", Doc: "/x/a&b.md", Title: `Doc "one" & <two>`},
			{ID: "m1", Kind: KindMissing, Label: "Not found: a|b --> c; {d}"},
		},
		Edges: []Edge{{"d1-n1", "d1", PartOf}, {"d1-n1", "m1", LinksTo}},
	}
}

// TestWriteJSON: the JSON reads back as the same graph.
func TestWriteJSON(t *testing.T) {
	g := tricky()
	data, err := Write(g, "json")
	if err != nil {
		t.Fatal(err)
	}
	var back Graph
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, g) {
		t.Errorf("read back %+v\nwant %+v", back, g)
	}
	if !bytes.Contains(data, []byte(`"src": "d1-n1"`)) || !bytes.Contains(data, []byte(`"dst": "m1"`)) {
		t.Errorf("edges are not src and dst:\n%s", data)
	}
}

// TestWriteGraphML: the GraphML parses as XML, with every node's label
// and every edge's type as they were.
func TestWriteGraphML(t *testing.T) {
	g := tricky()
	data, _ := Write(g, "graphml")
	type datum struct {
		Key   string `xml:"key,attr"`
		Value string `xml:",chardata"`
	}
	var doc struct {
		XMLName xml.Name `xml:"http://graphml.graphdrawing.org/xmlns graphml"`
		Keys    []struct {
			ID  string `xml:"id,attr"`
			For string `xml:"for,attr"`
		} `xml:"key"`
		Graph struct {
			Directed string `xml:"edgedefault,attr"`
			Nodes    []struct {
				ID   string  `xml:"id,attr"`
				Data []datum `xml:"data"`
			} `xml:"node"`
			Edges []struct {
				Source string  `xml:"source,attr"`
				Target string  `xml:"target,attr"`
				Data   []datum `xml:"data"`
			} `xml:"edge"`
		} `xml:"graph"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if len(doc.Keys) != 6 || doc.Graph.Directed != "directed" || len(doc.Graph.Nodes) != 3 || len(doc.Graph.Edges) != 2 {
		t.Fatalf("parsed %+v", doc)
	}
	for i, n := range doc.Graph.Nodes {
		values := map[string]string{}
		for _, d := range n.Data {
			values[d.Key] = d.Value
		}
		if n.ID != g.Nodes[i].ID || values["label"] != g.Nodes[i].Label || values["text"] != g.Nodes[i].Text || values["doc"] != g.Nodes[i].Doc {
			t.Errorf("node %d read back as %s %q", i, n.ID, values)
		}
	}
	for i, e := range doc.Graph.Edges {
		if e.Source != g.Edges[i].From || e.Target != g.Edges[i].To || e.Data[0].Value != g.Edges[i].Type {
			t.Errorf("edge %d read back as %+v", i, e)
		}
	}
}

// dotString matches a DOT quoted string.
const dotString = `"(?:[^"\\]|\\.)*"`

var (
	dotNode = regexp.MustCompile(`^  (` + dotString + `) \[label=(` + dotString + `), tooltip=(` + dotString + `)\];$`)
	dotEdge = regexp.MustCompile(`^  (` + dotString + `) -> (` + dotString + `) \[label=(` + dotString + `)\];$`)
)

// dotUnquote reads a DOT quoted string.
func dotUnquote(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n").Replace(s[1 : len(s)-1])
}

// TestWriteDOT: the DOT is a digraph of one statement a line, each
// quoted string reading back as the text it holds. (Graphviz is not
// needed: the statements are parsed here.)
func TestWriteDOT(t *testing.T) {
	g := tricky()
	data, _ := Write(g, "dot")
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if lines[0] != `digraph "Knowledge graph" {` || lines[1] != "  node [shape=box];" || lines[len(lines)-1] != "}" {
		t.Fatalf("not a digraph:\n%s", data)
	}
	body := lines[2 : len(lines)-1]
	if len(body) != len(g.Nodes)+len(g.Edges) {
		t.Fatalf("%d statements for %d nodes and %d edges:\n%s", len(body), len(g.Nodes), len(g.Edges), data)
	}
	for i, n := range g.Nodes {
		m := dotNode.FindStringSubmatch(body[i])
		if m == nil || dotUnquote(m[1]) != n.ID || dotUnquote(m[2]) != n.Label || dotUnquote(m[3]) != n.Kind {
			t.Errorf("node statement %q for %+v", body[i], n)
		}
	}
	for i, e := range g.Edges {
		m := dotEdge.FindStringSubmatch(body[len(g.Nodes)+i])
		if m == nil || dotUnquote(m[1]) != e.From || dotUnquote(m[2]) != e.To || dotUnquote(m[3]) != e.Type {
			t.Errorf("edge statement %q for %+v", body[len(g.Nodes)+i], e)
		}
	}
}

// TestWriteCSV: a header, then a row an edge; a field a spreadsheet would
// run as a formula starts with an apostrophe.
func TestWriteCSV(t *testing.T) {
	data, _ := Write(tricky(), "csv")
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"source", "type", "target", "source document", "target document"},
		{`'=SUM(A1) "quoted" \ back # hash [x]`, "part of", `Doc "one" & <two>`, `Doc "one" & <two>`, `Doc "one" & <two>`},
		{`'=SUM(A1) "quoted" \ back # hash [x]`, "links to", "Not found: a|b --> c; {d}", `Doc "one" & <two>`, ""},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows\n%q\nwant\n%q", rows, want)
	}
}

// TestWriteMermaid: a flowchart with an accessible title and description,
// generated node names, and labels with no raw quote, number sign or
// angle bracket.
func TestWriteMermaid(t *testing.T) {
	data, _ := Write(tricky(), "mermaid")
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if lines[0] != "flowchart LR" || lines[1] != "  accTitle: Knowledge graph" || !strings.HasPrefix(lines[2], "  accDescr: ") {
		t.Fatalf("head:\n%s", data)
	}
	node := regexp.MustCompile(`^  n(\d+)\["([^"#<>]|#[a-z0-9]+;)*"\]$`)
	edge := regexp.MustCompile(`^  n\d+ -->\|[a-z ]+\| n\d+$`)
	for i, l := range lines[3:6] {
		if m := node.FindStringSubmatch(l); m == nil || m[1] != strconv.Itoa(i+1) {
			t.Errorf("node line %q", l)
		}
	}
	for _, l := range lines[6:] {
		if !edge.MatchString(l) {
			t.Errorf("edge line %q", l)
		}
	}
	if !strings.Contains(string(data), `n2["=SUM(A1) #quot;quoted#quot; \ back #35; hash [x]"]`) {
		t.Errorf("the note's label is not escaped as expected:\n%s", data)
	}
}

// TestWritePlantUML: a diagram between @startuml and @enduml, each quoted
// name free of double quotes.
func TestWritePlantUML(t *testing.T) {
	data, _ := Write(tricky(), "plantuml")
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if lines[0] != "@startuml" || lines[1] != "title Knowledge graph" || lines[len(lines)-1] != "@enduml" {
		t.Fatalf("not a diagram:\n%s", data)
	}
	node := regexp.MustCompile(`^rectangle "[^"]*" as n\d+$`)
	edge := regexp.MustCompile(`^n\d+ --> n\d+ : [a-z ]+$`)
	for _, l := range lines[2 : len(lines)-1] {
		if !node.MatchString(l) && !edge.MatchString(l) {
			t.Errorf("line %q", l)
		}
	}
}

// TestWriteMarkdown: a heading a node that has edges, its edges out and
// in, the type first; Markdown's specials in labels stay text.
func TestWriteMarkdown(t *testing.T) {
	data, _ := Write(tricky(), "md")
	want := "# Knowledge graph\n\nNotes: 1. Links written in them: 1.\n\n" +
		"## document: Doc \"one\" & \\<two>\n\n- part of this, from: =SUM(A1) \"quoted\" \\\\ back \\# hash \\[x\\]\n\n" +
		"## note: =SUM(A1) \"quoted\" \\\\ back \\# hash \\[x\\]\n\n- part of: Doc \"one\" & \\<two>\n- links to: Not found: a|b --> c; {d}\n\n" +
		"## missing: Not found: a|b --> c; {d}\n\n- links to this, from: =SUM(A1) \"quoted\" \\\\ back \\# hash \\[x\\], in Doc \"one\" & \\<two>\n"
	if string(data) != want {
		t.Errorf("markdown\n%s\nwant\n%s", data, want)
	}
}

// TestWriteUnknownFormat: a format that is not one is an error.
func TestWriteUnknownFormat(t *testing.T) {
	if _, err := Write(tricky(), "svg"); err == nil {
		t.Error("svg written")
	}
}
