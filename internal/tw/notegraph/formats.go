package notegraph

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"
)

// Format is a file format the graph is written in.
type Format struct {
	ID   string // "md", "json", "dot", "graphml", "mermaid", "plantuml", "csv"
	Ext  string // the file's extension, without the dot
	Name string // what a list of formats shows, in English
}

// Formats are the formats, in the order a list offers them: the Markdown
// list, the text that holds everything the drawn formats do, first.
var Formats = []Format{
	{"md", "md", "Markdown list"},
	{"json", "json", "JSON"},
	{"dot", "dot", "DOT (Graphviz)"},
	{"graphml", "graphml", "GraphML"},
	{"mermaid", "mmd", "Mermaid"},
	{"plantuml", "puml", "PlantUML"},
	{"csv", "csv", "CSV edge list"},
}

// Title is the graph's title in every format.
const Title = "Knowledge graph"

// Write writes g in the format whose ID is format. Each format escapes
// the text of notes by its own rules, so no character of a note breaks
// the file.
func Write(g Graph, format string) ([]byte, error) {
	switch format {
	case "md":
		return writeMarkdown(g), nil
	case "json":
		data, err := json.MarshalIndent(g, "", "  ")
		return append(data, '\n'), err
	case "dot":
		return writeDOT(g), nil
	case "graphml":
		return writeGraphML(g), nil
	case "mermaid":
		return writeMermaid(g), nil
	case "plantuml":
		return writePlantUML(g), nil
	case "csv":
		return writeCSV(g)
	}
	return nil, fmt.Errorf("notegraph: no format %q", format)
}

// nodeOf is each node by its id.
func nodeOf(g Graph) map[string]Node {
	m := make(map[string]Node, len(g.Nodes))
	for _, n := range g.Nodes {
		m[n.ID] = n
	}
	return m
}

// named is a node as a list says it: "Methods", with ", in Biology" when
// it is in another document than from.
func named(n Node, from Node) string {
	if n.Title != "" && n.Doc != from.Doc && n.Kind != KindDocument {
		return n.Label + ", in " + n.Title
	}
	return n.Label
}

// writeMarkdown writes a heading for each node that has edges, with its
// kind, then a line for each edge, the type first: those it makes, then
// those made to it ("links to this, from: ...").
func writeMarkdown(g Graph) []byte {
	nodes := nodeOf(g)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\nNotes: %d. Links written in them: %d.\n", Title, g.Notes(), g.Links())
	for _, n := range g.Nodes {
		var lines []string
		for _, e := range g.Edges {
			if e.From == n.ID {
				lines = append(lines, fmt.Sprintf("- %s: %s", e.Type, mdText(named(nodes[e.To], n))))
			}
		}
		for _, e := range g.Edges {
			if e.To == n.ID {
				lines = append(lines, fmt.Sprintf("- %s this, from: %s", e.Type, mdText(named(nodes[e.From], n))))
			}
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s: %s\n\n%s\n", n.Kind, mdText(n.Label), strings.Join(lines, "\n"))
	}
	return []byte(b.String())
}

// mdText is text that stays text in Markdown: its specials escaped.
func mdText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, "`", "\\`", "#", `\#`).Replace(s)
}

// dotQuote is s as a DOT quoted string.
func dotQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", "").Replace(s) + `"`
}

// writeDOT writes the graph in Graphviz's language: each node a box
// labelled with its text, each edge an arrow labelled with its type.
func writeDOT(g Graph) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n  node [shape=box];\n", dotQuote(Title))
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "  %s [label=%s, tooltip=%s];\n", dotQuote(n.ID), dotQuote(n.Label), dotQuote(n.Kind))
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "  %s -> %s [label=%s];\n", dotQuote(e.From), dotQuote(e.To), dotQuote(e.Type))
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// xmlText is s escaped for XML text or an attribute.
func xmlText(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// writeGraphML writes GraphML: nodes with their label, kind, document
// and title; edges with their type.
func writeGraphML(g Graph) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<graphml xmlns="http://graphml.graphdrawing.org/xmlns">` + "\n")
	for _, k := range []struct{ id, of string }{{"label", "node"}, {"kind", "node"}, {"doc", "node"}, {"title", "node"}, {"text", "node"}, {"type", "edge"}} {
		fmt.Fprintf(&b, "  <key id=\"%s\" for=\"%s\" attr.name=\"%s\" attr.type=\"string\"/>\n", k.id, k.of, k.id)
	}
	b.WriteString("  <graph id=\"knowledge-graph\" edgedefault=\"directed\">\n")
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "    <node id=\"%s\">", xmlText(n.ID))
		for _, d := range []struct{ key, value string }{{"label", n.Label}, {"kind", n.Kind}, {"doc", n.Doc}, {"title", n.Title}, {"text", n.Text}} {
			if d.value != "" {
				fmt.Fprintf(&b, "<data key=\"%s\">%s</data>", d.key, xmlText(d.value))
			}
		}
		b.WriteString("</node>\n")
	}
	for i, e := range g.Edges {
		fmt.Fprintf(&b, "    <edge id=\"e%d\" source=\"%s\" target=\"%s\"><data key=\"type\">%s</data></edge>\n",
			i+1, xmlText(e.From), xmlText(e.To), xmlText(e.Type))
	}
	b.WriteString("  </graph>\n</graphml>\n")
	return []byte(b.String())
}

// mermaidText is s in a Mermaid quoted label: its quotes, number signs
// and angle brackets as Mermaid's entity codes.
func mermaidText(s string) string {
	return strings.NewReplacer("#", "#35;", `"`, "#quot;", "<", "#lt;", ">", "#gt;", "\n", " ").Replace(s)
}

// shortIDs names the nodes n1, n2 … in order, for the drawn formats,
// whose node names cannot be any text.
func shortIDs(g Graph) map[string]string {
	ids := make(map[string]string, len(g.Nodes))
	for i, n := range g.Nodes {
		ids[n.ID] = fmt.Sprintf("n%d", i+1)
	}
	return ids
}

// writeMermaid writes a Mermaid flowchart with an accessible title and a
// description naming the Markdown list as its text equivalent.
func writeMermaid(g Graph) []byte {
	ids := shortIDs(g)
	var b strings.Builder
	fmt.Fprintf(&b, "flowchart LR\n  accTitle: %s\n", Title)
	fmt.Fprintf(&b, "  accDescr: %d notes, the headings and documents they are in, and what they link to. The Markdown list export of the same graph says it all in words.\n", g.Notes())
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "  %s[\"%s\"]\n", ids[n.ID], mermaidText(n.Label))
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "  %s -->|%s| %s\n", ids[e.From], mermaidText(e.Type), ids[e.To])
	}
	return []byte(b.String())
}

// plantText is s in a PlantUML quoted name: its double quotes become
// single ones (a quoted name cannot hold one) and it stays on one line.
func plantText(s string) string {
	return strings.NewReplacer(`"`, "'", "\n", " ", "\r", "").Replace(s)
}

// writePlantUML writes a PlantUML diagram: a rectangle for each node, an
// arrow labelled with its type for each edge.
func writePlantUML(g Graph) []byte {
	ids := shortIDs(g)
	var b strings.Builder
	fmt.Fprintf(&b, "@startuml\ntitle %s\n", Title)
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "rectangle \"%s\" as %s\n", plantText(n.Label), ids[n.ID])
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "%s --> %s : %s\n", ids[e.From], ids[e.To], e.Type)
	}
	b.WriteString("@enduml\n")
	return []byte(b.String())
}

// csvField keeps a spreadsheet from running a field as a formula: one
// that starts with =, +, -, @, a tab or a carriage return starts with an
// apostrophe instead.
func csvField(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// writeCSV writes the edges as rows (RFC 4180): source, type, target,
// each node with the title of its document.
func writeCSV(g Graph) ([]byte, error) {
	nodes := nodeOf(g)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"source", "type", "target", "source document", "target document"})
	for _, e := range g.Edges {
		from, to := nodes[e.From], nodes[e.To]
		_ = w.Write([]string{csvField(from.Label), e.Type, csvField(to.Label), csvField(from.Title), csvField(to.Title)})
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}
