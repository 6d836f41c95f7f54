package export

import "textfirst/internal/tw/doc"

// officeCtx is where an office writer (DOCX, ODT) writes a block: whether
// that is inside a table cell, which holds paragraphs only.
type officeCtx interface{ cell() bool }

// officeWriter is a writer of an office document (DOCX, ODT): what it
// writes for each kind of block, in the context C the block stands in.
type officeWriter[C officeCtx] interface {
	heading(n *node, c C)
	paragraph(n *node, c C)
	list(n *node, c C)
	quote(n *node, c C)
	code(n *node)
	table(n *node)
	rule(c C)
	pageBreak()
	// flow writes a container's children: blocks by officeBlock, and the
	// inline text between them as paragraphs.
	flow(n *node, c C)
}

// officeBlock writes block n by the rules the office formats share: a
// table row or cell standing alone is a paragraph; a list item outside a
// list is a list of that one item; a table inside a table cell flows into
// that cell, row after row, its cells one after another; a cell has no
// page breaks; a block of any other kind is the flow of its children.
func officeBlock[C officeCtx](w officeWriter[C], n *node, c C) {
	switch n.m.Kind {
	case doc.Heading:
		w.heading(n, c)
	case doc.Paragraph, doc.TableRow, doc.TableCell:
		w.paragraph(n, c)
	case doc.List:
		w.list(n, c)
	case doc.ListItem:
		w.list(&node{m: doc.Marker{Kind: doc.List}, children: []*node{n}}, c)
	case doc.Quote:
		w.quote(n, c)
	case doc.Code:
		w.code(n)
	case doc.Table:
		if c.cell() {
			for _, row := range n.children {
				w.flow(row, c)
			}
			return
		}
		w.table(n)
	case doc.Rule:
		w.rule(c)
	case doc.PageBreak:
		if !c.cell() {
			w.pageBreak()
		}
	default:
		w.flow(n, c)
	}
}
