package core_test

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/notegraph"
)

// addNoteAt adds a note with text on the first s of the open document.
func addNoteAt(t *testing.T, app *core.App, s, text string) {
	t.Helper()
	goToText(t, app, s)
	mustAction(t, app, "add_note", nil)
	if _, status := app.Answer(text); !strings.HasPrefix(status, "Note added") {
		t.Fatalf("add_note said %q", status)
	}
}

// notedLibrary makes two documents with notes in one home: cells.md's
// notes link to a heading, to the other document's note and to a file;
// it returns the folder, the home and cells.md's path.
func notedLibrary(t *testing.T) (dir, home, cells string) {
	t.Helper()
	dir = t.TempDir()
	home = filepath.Join(dir, "home")
	cells = writeTestFile(t, filepath.Join(dir, "cells.md"), "# Cells\n\nCells are small.\n\n## Methods\n\nWe looked closely.\n")
	other := writeTestFile(t, filepath.Join(dir, "other.md"), "# Other\n\nAnother text.\n")
	app, _ := openApp(t, home, other)
	addNoteAt(t, app, "Another", "Second thoughts\nabout cells")
	app.Close()
	app, _ = openApp(t, home, cells)
	addNoteAt(t, app, "Cells are", "Small things. See [[Second thoughts]] and [[Methods]].")
	addNoteAt(t, app, "We looked", "Method note, [the other](other.md) and [[Nowhere]]")
	app.Close()
	return dir, home, cells
}

// TestExportKnowledgeGraph: the list offers the seven formats; each
// choice writes knowledge-graph.EXT beside the open document, holding the
// notes of both documents, the headings of the open one, and the links.
func TestExportKnowledgeGraph(t *testing.T) {
	dir, home, cells := notedLibrary(t)
	app, rec := openApp(t, home, cells)
	res := mustAction(t, app, "export_knowledge_graph", nil)
	ls := app.ListState()
	want := []string{"Markdown list (.md)", "JSON (.json)", "DOT (Graphviz) (.dot)", "GraphML (.graphml)", "Mermaid (.mmd)", "PlantUML (.puml)", "CSV edge list (.csv)"}
	if ls == nil || ls.Title != "Knowledge graph format" || !slices.Equal(ls.Items, want) {
		t.Fatalf("list %+v", ls)
	}
	if wantSaid := "Knowledge graph of the notes of 2 documents: choose a format. Markdown list (.md), 1 of 7. Up and Down move, Enter writes, Escape closes."; res.Status != wantSaid {
		t.Errorf("said %q", res.Status)
	}
	for i, f := range notegraph.Formats {
		if i > 0 {
			mustAction(t, app, "export_knowledge_graph", nil)
		}
		app.Choose(i)
		path := filepath.Join(dir, "knowledge-graph."+f.Ext)
		rec.expect(t, "Knowledge graph written to "+path+".", f.Name)
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	var g notegraph.Graph
	if err := json.Unmarshal([]byte(readString(t, filepath.Join(dir, "knowledge-graph.json"))), &g); err != nil {
		t.Fatal(err)
	}
	labels := map[string]string{}
	for _, n := range g.Nodes {
		labels[n.ID] = n.Label
	}
	var edges []string
	for _, e := range g.Edges {
		edges = append(edges, labels[e.From]+" | "+e.Type+" | "+labels[e.To])
	}
	for _, w := range []string{
		"Small things. See [[Second thoughts]] and [[Methods]]. | under | Cells",
		"Small things. See [[Second thoughts]] and [[Methods]]. | links to | Second thoughts about cells",
		"Small things. See [[Second thoughts]] and [[Methods]]. | links to | Methods",
		"Method note, [the other](other.md) and [[Nowhere]] | under | Methods",
		"Method note, [the other](other.md) and [[Nowhere]] | links to | other.md",
		"Method note, [the other](other.md) and [[Nowhere]] | links to | Not found: Nowhere",
		"Second thoughts about cells | part of | other.md",
	} {
		if !slices.Contains(edges, w) {
			t.Errorf("no edge %q in %q", w, edges)
		}
	}
	var gml struct {
		Graph struct {
			Nodes []struct{} `xml:"node"`
			Edges []struct{} `xml:"edge"`
		} `xml:"graph"`
	}
	if err := xml.Unmarshal([]byte(readString(t, filepath.Join(dir, "knowledge-graph.graphml"))), &gml); err != nil ||
		len(gml.Graph.Nodes) != len(g.Nodes) || len(gml.Graph.Edges) != len(g.Edges) {
		t.Errorf("GraphML: %v, %d nodes and %d edges, want %d and %d", err, len(gml.Graph.Nodes), len(gml.Graph.Edges), len(g.Nodes), len(g.Edges))
	}
	md := readString(t, filepath.Join(dir, "knowledge-graph.md"))
	if !strings.Contains(md, "## note: Small things. See \\[\\[Second thoughts\\]\\] and \\[\\[Methods\\]\\].\n\n- under: Cells\n") {
		t.Errorf("the Markdown list:\n%s", md)
	}
}

// TestExportKnowledgeGraphWithoutADocument: with no document open, the
// graph of the home's notes goes to the home's exports folder.
func TestExportKnowledgeGraphWithoutADocument(t *testing.T) {
	_, home, _ := notedLibrary(t)
	rec := &recorder{}
	app := core.New(core.Options{Home: home, Events: rec, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	mustAction(t, app, "export_knowledge_graph", nil)
	app.Choose(2)
	path := filepath.Join(home, "exports", "knowledge-graph.dot")
	rec.expect(t, "Knowledge graph written to "+path+".", "without a document")
	if dot := readString(t, path); !strings.HasPrefix(dot, `digraph "Knowledge graph" {`) {
		t.Errorf("the DOT file:\n%s", dot)
	}
}

// TestExportKnowledgeGraphWithoutNotes: no notes, nothing written.
func TestExportKnowledgeGraphWithoutNotes(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	mustAction(t, app, "export_knowledge_graph", nil)
	rec.expect(t, "There are no notes to make a knowledge graph of.", "no notes")
	if ls := app.ListState(); ls != nil {
		t.Errorf("a list opened: %+v", ls)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(f.path), "knowledge-graph.md")); err == nil {
		t.Error("a graph was written")
	}
}
