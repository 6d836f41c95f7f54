// Package export writes a document as other formats — Markdown, HTML, plain
// text, EPUB 3 — from its canonical text and markers only, so it works for
// whatever loader read the document. Reading what it writes gives the same
// canonical text and the same outline back.
package export

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
)

// node is a marker with the markers inside it: the document as a tree.
// The root has no kind and spans the whole text.
type node struct {
	m        doc.Marker
	children []*node
}

// tree nests d's markers (sorted outer first) by their ranges.
func tree(d *doc.Document) *node {
	root := &node{m: doc.Marker{Start: 0, End: d.Len()}}
	stack := []*node{root}
	for _, m := range d.All() {
		if m.Start < 0 || m.End > d.Len() || m.End < m.Start {
			continue
		}
		for len(stack) > 1 {
			top := stack[len(stack)-1].m
			inside := m.Start >= top.Start && m.End <= top.End && !(m.Start == top.End && top.End > top.Start)
			// An empty last cell sits at its row's end, still in the row.
			emptyLastCell := m.Kind == doc.TableCell && m.Start == m.End && stack[len(stack)-1].m.Kind == doc.TableRow && m.Start == top.End
			if inside || emptyLastCell {
				break
			}
			stack = stack[:len(stack)-1]
		}
		n := &node{m: m}
		parent := stack[len(stack)-1]
		if m.Start == m.End && (m.Kind == doc.Rule || m.Kind == doc.PageBreak) && len(stack) > 1 && parent.m.Start == m.Start && parent.m.End > m.Start {
			// A rule or page break where a block starts comes before it,
			// not inside it.
			top := parent
			parent = stack[len(stack)-2]
			stack = stack[:len(stack)-1]
			for i, c := range parent.children {
				if c == top {
					parent.children = append(parent.children[:i], append([]*node{n}, parent.children[i:]...)...)
					break
				}
			}
			stack = append(stack, top)
			continue
		}
		parent.children = append(parent.children, n)
		stack = append(stack, n)
	}
	itemize(d, root)
	return root
}

// itemize gives the stray content of each list — text or inline markers
// outside its items, as an HTML <ol> holding text but no <li> gives — an
// item of its own, so that the writers, which write a list item by item,
// keep it.
func itemize(d *doc.Document, n *node) {
	for _, c := range n.children {
		itemize(d, c)
	}
	if n.m.Kind != doc.List {
		return
	}
	var out []*node
	var stray *node
	add := func(start, end int, inline *node) {
		if stray == nil {
			stray = &node{m: doc.Marker{Kind: doc.ListItem, Start: start, End: end, Level: max(n.m.Level, 1)}}
		}
		stray.m.Start, stray.m.End = min(stray.m.Start, start), max(stray.m.End, end)
		if inline != nil {
			stray.children = append(stray.children, inline)
		}
	}
	flush := func() {
		if stray != nil {
			out = append(out, stray)
			stray = nil
		}
	}
	gap := func(start, end int) {
		if end <= start {
			return
		}
		text := d.Slice(start, end)
		if strings.TrimSpace(text) == "" {
			return
		}
		lead := utf8.RuneCountInString(text) - utf8.RuneCountInString(strings.TrimLeftFunc(text, unicode.IsSpace))
		trail := utf8.RuneCountInString(text) - utf8.RuneCountInString(strings.TrimRightFunc(text, unicode.IsSpace))
		add(start+lead, end-trail, nil)
	}
	pos := n.m.Start
	for _, c := range n.children {
		gap(pos, c.m.Start)
		if isBlock(c.m) {
			flush()
			out = append(out, c)
		} else {
			add(c.m.Start, c.m.End, c)
		}
		pos = max(pos, c.m.End)
	}
	gap(pos, n.m.End)
	flush()
	n.children = out
}

// isBlock reports whether a marker is a block (rendered on lines of its
// own), not inline.
func isBlock(m doc.Marker) bool {
	switch m.Kind {
	case doc.Heading, doc.Paragraph, doc.List, doc.ListItem, doc.Table, doc.TableRow, doc.TableCell,
		doc.Quote, doc.Rule, doc.PageBreak, doc.SectionBreak:
		return true
	case doc.Code, doc.Footnote:
		return m.Level > 0
	}
	return false
}

// piece is a part of a node's range: a child, or text between children.
type piece struct {
	child *node
	text  string
}

// pieces splits n's range into its children and the text between them.
func pieces(d *doc.Document, n *node) []piece {
	var out []piece
	pos := n.m.Start
	for _, c := range n.children {
		if c.m.Start > pos {
			out = append(out, piece{text: d.Slice(pos, c.m.Start)})
		}
		out = append(out, piece{child: c})
		pos = max(pos, c.m.End)
	}
	if n.m.End > pos {
		out = append(out, piece{text: d.Slice(pos, n.m.End)})
	}
	return out
}

// ordered reports whether a list's items are numbered ("1.", "2)").
func ordered(n *node) bool {
	for _, c := range n.children {
		if c.m.Kind == doc.ListItem {
			l := strings.TrimRight(c.m.Label, ".)")
			return l != "" && strings.Trim(l, "0123456789") == ""
		}
	}
	return false
}

// title is the document's title, else its first heading, else "Untitled".
func title(d *doc.Document) string {
	if d.Meta.Title != "" {
		return d.Meta.Title
	}
	for _, m := range d.All() {
		if m.Kind == doc.Heading {
			return strings.Join(strings.Fields(d.Slice(m.Start, m.End)), " ")
		}
	}
	return "Untitled"
}

// lang is the document's language, else "und" (undetermined, BCP 47).
func lang(d *doc.Document) string {
	if d.Meta.Language != nil && *d.Meta.Language != "" {
		return *d.Meta.Language
	}
	return "und"
}

// trimRun drops the white space at the ends of a run of inline pieces.
func trimRun(run []piece) []piece {
	out := append([]piece(nil), run...)
	for len(out) > 0 && out[0].child == nil {
		out[0].text = strings.TrimLeft(out[0].text, " \t\r\n\f")
		if out[0].text != "" {
			break
		}
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1].child == nil {
		l := len(out) - 1
		out[l].text = strings.TrimRight(out[l].text, " \t\r\n\f")
		if out[l].text != "" {
			break
		}
		out = out[:l]
	}
	return out
}

// walkFlow walks a container's children in order: each block goes to
// block, and the inline text between blocks to para, trimmed and never
// empty: a paragraph at a time when split (the text cut at blank lines,
// see paragraphs), else as one run.
func walkFlow(d *doc.Document, n *node, split bool, para func([]piece), block func(*node)) {
	var run []piece
	flush := func() {
		parts := [][]piece{run}
		if split {
			parts = paragraphs(run)
		}
		for _, part := range parts {
			if part = trimRun(part); len(part) > 0 {
				para(part)
			}
		}
		run = run[:0]
	}
	for _, p := range pieces(d, n) {
		if p.child != nil && isBlock(p.child.m) {
			flush()
			block(p.child)
			continue
		}
		run = append(run, p)
	}
	flush()
}

// childrenOf returns the children of n of kind k, in order.
func childrenOf(n *node, k doc.Kind) []*node {
	var out []*node
	for _, c := range n.children {
		if c.m.Kind == k {
			out = append(out, c)
		}
	}
	return out
}

// tableRows returns a table's rows and its number of columns: the most
// cells in a row, at least one.
func tableRows(table *node) (rows []*node, cols int) {
	rows = childrenOf(table, doc.TableRow)
	cols = 1
	for _, r := range rows {
		cols = max(cols, len(childrenOf(r, doc.TableCell)))
	}
	return rows, cols
}

// headerRows splits rows into the header rows at the top (labelled
// "header") and the rows after them.
func headerRows(rows []*node) (head, body []*node) {
	n := 0
	for n < len(rows) && rows[n].m.Label == doc.HeaderRow {
		n++
	}
	return rows[:n], rows[n:]
}

var blankLines = lazyregexp.New(`\n[ \t\f\r]*\n\s*`)

// paragraphs splits a run of inline pieces at blank lines in its text (a
// plain-text document has no paragraph markers).
func paragraphs(run []piece) [][]piece {
	var out [][]piece
	var cur []piece
	for _, p := range run {
		if p.child != nil {
			cur = append(cur, p)
			continue
		}
		parts := blankLines.Split(p.text, -1)
		for i, t := range parts {
			if i > 0 {
				out = append(out, cur)
				cur = nil
			}
			if t != "" {
				cur = append(cur, piece{text: t})
			}
		}
	}
	return append(out, cur)
}
