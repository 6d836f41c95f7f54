// Package notegraph makes a knowledge graph of the reader's notes: each
// note, the heading it sits under and its document, and what the note's
// text links to: another note or a heading or document named in a wiki
// link ([[Title]], [[Document#Heading]]), or a document, heading or web
// page a Markdown link points to ([text](other.md#part)). It writes the
// graph as a Markdown list, JSON, DOT, GraphML, Mermaid, PlantUML or CSV.
package notegraph

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// Document is a document with notes, as Build reads it.
type Document struct {
	Path  string // its absolute path, or its web address
	Title string // "" for the file's name
	// Headings are its headings in order; nil when they are not known
	// (the document was not loaded): its notes then sit in the document.
	Headings []Heading
	Notes    []Note
}

// Heading is a heading of a document.
type Heading struct {
	Start, Level int
	Text         string
}

// Note is a note of a document: its id there, where it starts, its text.
type Note struct {
	ID, Start int
	Text      string
}

// The kinds of node.
const (
	KindDocument = "document"
	KindHeading  = "heading"
	KindNote     = "note"
	KindWeb      = "web page"
	KindMissing  = "missing"
)

// The types of edge.
const (
	PartOf  = "part of"  // a heading or note in its document
	Under   = "under"    // a note under its heading
	LinksTo = "links to" // a note to what its text links to
)

// Node is a note, heading, document, web page, or a link's target that
// was not found.
type Node struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Label string `json:"label"`           // on one line, a note's shortened
	Text  string `json:"text,omitempty"`  // a note's whole text
	Doc   string `json:"doc,omitempty"`   // the document's path or address
	Title string `json:"title,omitempty"` // the document's title
}

// Edge goes from one node to another.
type Edge struct {
	From string `json:"src"`
	To   string `json:"dst"`
	Type string `json:"type"`
}

// Graph is the knowledge graph: nodes in order, each document followed
// by its headings and notes, and edges in the order they were found.
type Graph struct {
	Nodes []Node `json:"nodes"`
	Edges []Edge `json:"edges"`
}

// Notes counts the graph's notes.
func (g Graph) Notes() int {
	n := 0
	for _, x := range g.Nodes {
		if x.Kind == KindNote {
			n++
		}
	}
	return n
}

// Links counts the links written in notes.
func (g Graph) Links() int {
	n := 0
	for _, e := range g.Edges {
		if e.Type == LinksTo {
			n++
		}
	}
	return n
}

// maxLabel is the longest a note's label gets, in characters.
const maxLabel = 60

// builder makes a graph.
type builder struct {
	g     Graph
	docs  []Document
	docID map[string]string // a document's path: its node
	index map[string]int    // a node's id: its place in g.Nodes
	edges map[Edge]bool
	web   map[string]string
	miss  map[string]string
}

// Build makes the graph of docs' notes. Documents are taken in the order
// of their paths; notes in the order of their places.
func Build(docs []Document) Graph {
	b := &builder{docs: slices.Clone(docs), docID: map[string]string{}, index: map[string]int{},
		edges: map[Edge]bool{}, web: map[string]string{}, miss: map[string]string{}}
	slices.SortStableFunc(b.docs, func(x, y Document) int { return strings.Compare(x.Path, y.Path) })
	for i := range b.docs {
		d := &b.docs[i]
		d.Notes = slices.Clone(d.Notes)
		slices.SortStableFunc(d.Notes, func(x, y Note) int { return x.Start - y.Start })
		if d.Title == "" {
			d.Title = baseName(d.Path)
		}
		b.docID[d.Path] = fmt.Sprintf("d%d", i+1)
	}
	for i, d := range b.docs {
		b.add(Node{ID: b.docID[d.Path], Kind: KindDocument, Label: d.Title, Doc: d.Path, Title: d.Title})
		for _, n := range d.Notes {
			id := noteID(b.docID[d.Path], n.ID)
			in, typ := b.docID[d.Path], PartOf
			if h, ok := headingAt(d.Headings, n.Start); ok {
				in, typ = b.headingNode(i, h), Under
			}
			b.add(Node{ID: id, Kind: KindNote, Label: label(n.Text), Text: n.Text, Doc: d.Path, Title: d.Title})
			b.edge(id, in, typ)
		}
	}
	for i, d := range b.docs {
		for _, n := range d.Notes {
			from := noteID(b.docID[d.Path], n.ID)
			for _, to := range b.targets(i, n.Text) {
				b.edge(from, to, LinksTo)
			}
		}
	}
	return b.g
}

func noteID(docID string, id int) string { return fmt.Sprintf("%s-n%d", docID, id) }

// add adds a node once.
func (b *builder) add(n Node) string {
	if _, ok := b.index[n.ID]; !ok {
		b.index[n.ID] = len(b.g.Nodes)
		b.g.Nodes = append(b.g.Nodes, n)
	}
	return n.ID
}

// edge adds an edge once; a note never links to itself.
func (b *builder) edge(from, to, typ string) {
	e := Edge{From: from, To: to, Type: typ}
	if from == to || b.edges[e] {
		return
	}
	b.edges[e] = true
	b.g.Edges = append(b.g.Edges, e)
}

// headingNode is the node of heading k of document i, part of it.
func (b *builder) headingNode(i, k int) string {
	d := b.docs[i]
	id := fmt.Sprintf("%s-h%d", b.docID[d.Path], k+1)
	if _, ok := b.index[id]; !ok {
		b.add(Node{ID: id, Kind: KindHeading, Label: oneLine(d.Headings[k].Text), Doc: d.Path, Title: d.Title})
		b.edge(id, b.docID[d.Path], PartOf)
	}
	return id
}

// headingAt is the index of the last heading starting at or before pos.
func headingAt(hs []Heading, pos int) (int, bool) {
	k := -1
	for i, h := range hs {
		if h.Start > pos {
			break
		}
		k = i
	}
	return k, k >= 0
}

// wikiLink is a wiki link: [[target]] or [[target|words shown]].
var wikiLink = lazyregexp.New(`\[\[([^\[\]\n|]+)(?:\|[^\[\]\n]*)?\]\]`)

// targets are the nodes the links in text, a note of document i, point
// to: wiki links first, then Markdown links (read by tw's Markdown
// loader), in the order they are written.
func (b *builder) targets(i int, text string) []string {
	var out []string
	for _, m := range wikiLink.FindAllStringSubmatch(text, -1) {
		out = append(out, b.wikiTarget(i, strings.TrimSpace(m[1])))
	}
	rest := wikiLink.ReplaceAllString(text, " ")
	d, err := load.Bytes("note.md", []byte(rest))
	if err != nil {
		return out
	}
	for _, m := range d.MarkersOf(doc.Link) {
		if m.Reference != "" {
			out = append(out, b.linkTarget(i, m.Reference))
		}
	}
	return out
}

// wikiTarget resolves [[name]] written in a note of document i: a note
// whose first line is name (in its own document first), a heading of
// its own document, then of any other whose headings are known, a
// document by title or file name; "Document#Heading" and "#Heading"
// name a heading. What is not found is a missing node.
func (b *builder) wikiTarget(i int, name string) string {
	if docName, heading, ok := strings.Cut(name, "#"); ok {
		j := i
		if docName = strings.TrimSpace(docName); docName != "" {
			if j = b.docNamed(docName); j < 0 {
				return b.missing(name)
			}
		}
		return b.headingNamed(j, strings.TrimSpace(heading), name)
	}
	order := append([]int{i}, b.others(i)...)
	for _, j := range order {
		for _, n := range b.docs[j].Notes {
			if sameName(firstLine(n.Text), name) {
				return noteID(b.docID[b.docs[j].Path], n.ID)
			}
		}
	}
	for _, j := range order {
		for k, h := range b.docs[j].Headings {
			if sameName(h.Text, name) {
				return b.headingNode(j, k)
			}
		}
	}
	if j := b.docNamed(name); j >= 0 {
		return b.docID[b.docs[j].Path]
	}
	return b.missing(name)
}

// others are the indexes of the documents but i.
func (b *builder) others(i int) []int {
	var out []int
	for j := range b.docs {
		if j != i {
			out = append(out, j)
		}
	}
	return out
}

// docNamed is the document whose title or file name (with or without
// its extension) is name; -1 for none.
func (b *builder) docNamed(name string) int {
	for j, d := range b.docs {
		base := filepath.Base(d.Path)
		if sameName(d.Title, name) || sameName(base, name) || sameName(strings.TrimSuffix(base, filepath.Ext(base)), name) {
			return j
		}
	}
	return -1
}

// headingNamed is the heading of document j whose text or anchor is
// name; a document whose headings are not known gets a heading node of
// that name, and one whose headings are known but hold none a missing
// node for what was written.
func (b *builder) headingNamed(j int, name, written string) string {
	d := b.docs[j]
	for k, h := range d.Headings {
		if sameName(h.Text, name) || sameName(unnumbered(h.Text), name) || slug(h.Text) == strings.ToLower(name) {
			return b.headingNode(j, k)
		}
	}
	if d.Headings != nil || name == "" {
		return b.missing(written)
	}
	id := b.docID[d.Path] + "-a-" + slug(name)
	if _, ok := b.index[id]; !ok {
		b.add(Node{ID: id, Kind: KindHeading, Label: name, Doc: d.Path, Title: d.Title})
		b.edge(id, b.docID[d.Path], PartOf)
	}
	return id
}

// linkTarget resolves a Markdown link's reference written in a note of
// document i: a web page; "#part", a heading of that document; a path
// (relative to the document's folder) or file: address, a document, or a
// heading of it after "#". A file that is not there is a missing node.
func (b *builder) linkTarget(i int, ref string) string {
	d := b.docs[i]
	u, err := url.Parse(ref)
	if err != nil {
		return b.missing(ref)
	}
	if doc.IsWebAddress(d.Path) && u.Scheme == "" {
		if base, err := url.Parse(d.Path); err == nil {
			u = base.ResolveReference(u)
		}
	}
	switch {
	case u.Scheme == "http" || u.Scheme == "https":
		return b.webNode(u.String())
	case u.Scheme != "" && u.Scheme != "file":
		return b.webNode(ref)
	case u.Path == "":
		return b.headingNamed(i, u.Fragment, ref)
	}
	p := filepath.FromSlash(u.Path)
	if !filepath.IsAbs(p) {
		if doc.IsWebAddress(d.Path) {
			return b.missing(ref)
		}
		p = filepath.Join(filepath.Dir(d.Path), p)
	}
	j, ok := b.docAt(p)
	if !ok {
		return b.missing(ref)
	}
	if u.Fragment != "" {
		return b.headingNamed(j, u.Fragment, ref)
	}
	return b.docID[b.docs[j].Path]
}

// docAt is the document at path p: one with notes, else a file that is
// there, added as a document of its own.
func (b *builder) docAt(p string) (int, bool) {
	for j, d := range b.docs {
		if d.Path == p {
			return j, true
		}
	}
	if fi, err := os.Stat(p); err != nil || fi.IsDir() {
		return 0, false
	}
	d := Document{Path: p, Title: baseName(p)}
	b.docs = append(b.docs, d)
	b.docID[p] = fmt.Sprintf("d%d", len(b.docs))
	b.add(Node{ID: b.docID[p], Kind: KindDocument, Label: d.Title, Doc: p, Title: d.Title})
	return len(b.docs) - 1, true
}

// webNode is the node of a web page.
func (b *builder) webNode(address string) string {
	id, ok := b.web[address]
	if !ok {
		id = fmt.Sprintf("w%d", len(b.web)+1)
		b.web[address] = id
		b.add(Node{ID: id, Kind: KindWeb, Label: address, Doc: address})
	}
	return id
}

// missing is the node of a link's target that was not found.
func (b *builder) missing(written string) string {
	id, ok := b.miss[written]
	if !ok {
		id = fmt.Sprintf("m%d", len(b.miss)+1)
		b.miss[written] = id
		b.add(Node{ID: id, Kind: KindMissing, Label: "Not found: " + written})
	}
	return id
}

// sameName compares names as a reader writes them: case, surrounding
// blanks and a final full stop do not count.
func sameName(a, b string) bool {
	norm := func(s string) string { return strings.TrimSuffix(strings.TrimSpace(s), ".") }
	return a != "" && strings.EqualFold(norm(a), norm(b))
}

// unnumbered is a heading's text without the section number it starts
// with ("3.4 Dvips configuration files", "A.2. Fonts", "12 Index"), as
// readers name sections in links; a text that is only a number, or has
// none, is given back as it is.
func unnumbered(s string) string {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i && i == 0 && len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == '.' {
			j = 1 // an appendix letter, always with its full stop
		}
		if j == i {
			return s
		}
		i = j
		if i < len(s) && s[i] == '.' {
			i++
			if i < len(s) && s[i] >= '0' && s[i] <= '9' {
				continue
			}
		}
		break
	}
	if i == 0 || i >= len(s) || s[i] != ' ' {
		return s
	}
	return strings.TrimSpace(s[i:])
}

// slug is the anchor Markdown renderers give a heading: lowercase,
// letters, digits, "-" and "_" kept, blanks made "-".
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case unicode.IsSpace(r):
			b.WriteByte('-')
		}
	}
	return b.String()
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// label is a note's text on one line, shortened to maxLabel characters.
func label(s string) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > maxLabel {
		return strings.TrimSpace(string(r[:maxLabel-1])) + "…"
	}
	return s
}

// baseName is a path's or address's last part.
func baseName(p string) string {
	if doc.IsWebAddress(p) {
		if u, err := url.Parse(p); err == nil && strings.Trim(u.Path, "/") != "" {
			return filepath.Base(u.Path)
		}
		return p
	}
	return filepath.Base(p)
}
