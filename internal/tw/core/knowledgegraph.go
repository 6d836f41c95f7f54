package core

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/notegraph"
)

// export_knowledge_graph: the notes of every document tw keeps notes
// for, the headings they sit under (in the open document, whose headings
// are known) and what the links written in them point to, as a graph
// (package notegraph), in a format chosen from a list, written as
// knowledge-graph.EXT beside the open document (or in export.folder, or,
// with no document open, in the home's exports folder).
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"export_knowledge_graph": (*App).exportKnowledgeGraph,
	})
})

// graphFormatNames are the formats' names as the list shows them:
// message keys, the English being notegraph's.
var graphFormatNames = map[string]string{
	"md":       msg("Markdown list"),
	"json":     msg("JSON"),
	"dot":      msg("DOT (Graphviz)"),
	"graphml":  msg("GraphML"),
	"mermaid":  msg("Mermaid"),
	"plantuml": msg("PlantUML"),
	"csv":      msg("CSV edge list"),
}

// exportKnowledgeGraph lists the formats; Enter writes the graph in one.
func (a *App) exportKnowledgeGraph() {
	docs := a.notedDocuments()
	if len(docs) == 0 {
		a.say(a.tr("There are no notes to make a knowledge graph of."))
		return
	}
	g := notegraph.Build(docs)
	items := make([]string, len(notegraph.Formats))
	for i, f := range notegraph.Formats {
		items[i] = a.tr("%s (.%s)", a.trKey(graphFormatNames[f.ID]), f.Ext)
	}
	l := &List{Title: a.tr("Knowledge graph format"), Items: items}
	l.choose = func(i int) { a.writeKnowledgeGraph(g, notegraph.Formats[i]) }
	l.intro = a.tr("Knowledge graph of the notes of %s: choose a format. %s, 1 of %d. Up and Down move, Enter writes, Escape closes.",
		a.graphScope(docs), items[0], len(items))
	a.openList(l)
}

// graphScope says whose notes the graph holds: the document's title, or
// how many documents.
func (a *App) graphScope(docs []notegraph.Document) string {
	if len(docs) == 1 {
		if docs[0].Title != "" {
			return docs[0].Title
		}
		return filepath.Base(docs[0].Path)
	}
	return a.tr("%d documents", len(docs))
}

// writeKnowledgeGraph writes g in format f, atomically, and says where.
func (a *App) writeKnowledgeGraph(g notegraph.Graph, f notegraph.Format) {
	data, err := notegraph.Write(g, f.ID)
	if err == nil {
		var path string
		if path, err = a.graphPath(f.Ext); err == nil {
			if err = atomicfile.Write(path, data, 0o644); err == nil {
				a.say(a.tr("Knowledge graph written to %s.", path))
				return
			}
		}
	}
	a.sayError(a.tr("Could not write the knowledge graph: %v", err))
}

// graphPath is where the graph goes: knowledge-graph.EXT in export.folder,
// else beside the open document when it is a file, else in the home's
// exports folder (the working folder when this session keeps no files).
// The folder is made if need be.
func (a *App) graphPath(ext string) (string, error) {
	dir := ""
	switch src := a.documentPath(); {
	case a.opts.Settings.String("export.folder") != "":
		dir = expandHome(a.opts.Settings.String("export.folder"))
	case a.d != nil && src != "" && !doc.IsWebAddress(src) && !strings.Contains(src, "!"):
		dir = filepath.Dir(src)
	case a.opts.Home != "":
		dir = filepath.Join(a.opts.Home, "exports")
	default:
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = wd
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dir, "knowledge-graph."+ext), nil
}

// notedDocuments are the documents with notes: the open one, its
// headings known, and every other whose state the home keeps, in no
// order (Build sorts them).
func (a *App) notedDocuments() []notegraph.Document {
	var out []notegraph.Document
	open := ""
	if a.d != nil && a.state != nil {
		open = a.state.Path
		if len(a.state.Notes) > 0 {
			out = append(out, a.openNotedDocument())
		}
	}
	if a.opts.Home == "" {
		return out
	}
	dir := a.st.DocumentsDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		var st docstate.DocState
		if json.Unmarshal(data, &st) != nil || st.Path == "" || st.Path == open || len(st.Notes) == 0 {
			continue
		}
		out = append(out, notegraph.Document{Path: st.Path, Notes: graphNotes(st.Notes)})
	}
	return out
}

// openNotedDocument is the open document with its title, headings (of
// the text as read, also in edit mode) and notes.
func (a *App) openNotedDocument() notegraph.Document {
	d := a.d
	if a.editing {
		d = a.derive(a.d.Text)
	}
	nd := notegraph.Document{Path: a.state.Path, Title: a.title, Notes: graphNotes(a.state.Notes), Headings: []notegraph.Heading{}}
	for _, m := range d.MarkersOf(doc.Heading) {
		nd.Headings = append(nd.Headings, notegraph.Heading{Start: m.Start, Level: m.Level, Text: d.Slice(m.Start, m.End)})
	}
	return nd
}

// graphNotes are notes as notegraph takes them.
func graphNotes(ns []docstate.Note) []notegraph.Note {
	out := make([]notegraph.Note, len(ns))
	for i, n := range ns {
		out[i] = notegraph.Note{ID: n.ID, Start: n.Start, Text: n.Text}
	}
	return out
}
