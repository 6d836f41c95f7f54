package load

import (
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
)

// Format names of Office Open XML spreadsheets and presentations.
const (
	formatXLSX = "xlsx"
	formatPPTX = "pptx"
)

// openOOXML opens an Office Open XML package (DOCX, XLSX, PPTX), refusing
// an encrypted one.
func openOOXML(data []byte) (*zipDoc, error) {
	z, err := openZip(data)
	if err != nil {
		return nil, err
	}
	if z.has("EncryptionInfo") || z.has("EncryptedPackage") {
		return nil, &Error{Reason: reasonEncrypted}
	}
	return z, nil
}

// openOOXMLPart opens an Office Open XML package (openOOXML) and parses
// its part main, which must be there, and main's relationships (ooxmlRels).
func openOOXMLPart(data []byte, main string) (z *zipDoc, root *xnode, rels map[string]string, err error) {
	if z, err = openOOXML(data); err != nil {
		return nil, nil, nil, err
	}
	if _, root, err = z.readXML(main); err != nil {
		return nil, nil, nil, err
	}
	return z, root, ooxmlRels(z, main), nil
}

// ooxmlRelsPart is the member holding the relationships of part.
func ooxmlRelsPart(part string) string {
	dir, file := "", part
	if i := strings.LastIndex(part, "/"); i >= 0 {
		dir, file = part[:i+1], part[i+1:]
	}
	return dir + "_rels/" + file + ".rels"
}

// ooxmlRelationships calls fn for each relationship of part; a package
// without them (or with unreadable ones) has none.
func ooxmlRelationships(z *zipDoc, part string, fn func(rel *xnode)) {
	if root := z.optionalXML(ooxmlRelsPart(part)); root != nil {
		root.findAll("Relationship", fn)
	}
}

// ooxmlRels reads the relationships of part (id → target path, resolved
// against the part's folder; external targets as written).
func ooxmlRels(z *zipDoc, part string) map[string]string {
	out := map[string]string{}
	ooxmlRelationships(z, part, func(n *xnode) {
		if n.attr("TargetMode") == "External" {
			out[n.attr("Id")] = n.attr("Target")
			return
		}
		out[n.attr("Id")] = resolvePath(part, n.attr("Target"))
	})
	return out
}

// ooxmlCore reads the package's docProps/core.xml: the author and language
// into meta; it returns the title.
func ooxmlCore(z *zipDoc, meta *doc.Meta) string {
	cr := z.optionalXML("docProps/core.xml")
	if cr == nil {
		return ""
	}
	meta.Author = strPtr(collapseSpace(cr.child("creator").textOf()))
	meta.Language = strPtr(collapseSpace(cr.child("language").textOf()))
	return collapseSpace(cr.child("title").textOf())
}

// ooxmlDocument makes the document b wrote from the package z, its
// author, language and title from docProps/core.xml; untitled gives the
// title of a document without one there.
func ooxmlDocument(b *builder, z *zipDoc, format, docPath string, untitled func(*doc.Document) string) *doc.Document {
	text, markers := b.finish()
	meta := doc.Meta{Format: format, Path: docPath}
	title := ooxmlCore(z, &meta)
	d := doc.New(text, meta, markers)
	d.Meta.Title = title
	if title == "" {
		d.Meta.Title = untitled(d)
	}
	return d
}

// loadXLSX loads an Excel workbook: each sheet a level-1 heading with its name
// and a table of its rows (the first row labelled "header"); cells read as
// their shown value (shared and inline strings, numbers, booleans);
// formulas as their cached result.
func loadXLSX(docPath string, data []byte) (*doc.Document, error) {
	z, wb, rels, err := openOOXMLPart(data, "xl/workbook.xml")
	if err != nil {
		return nil, err
	}
	var shared []string
	if root := z.optionalXML("xl/sharedStrings.xml"); root != nil {
		root.findAll("si", func(si *xnode) {
			var sb strings.Builder
			si.findAll("t", func(t *xnode) { sb.WriteString(t.textOf()) })
			shared = append(shared, sb.String())
		})
	}
	b := newBuilder(len(data)).limitTo(len(data))
	budget := maxTableCells
	wb.findAll("sheet", func(sh *xnode) {
		if sh.attr("state") == "hidden" || sh.attr("state") == "veryHidden" {
			return
		}
		part := rels[sh.attr("r:id")]
		if part == "" {
			part = rels[sh.attr("id")]
		}
		root := z.optionalXML(part)
		if root == nil {
			return
		}
		b.paragraphBreak()
		b.heading(1, sh.attr("name"))
		t := newSheet(b)
		root.child("sheetData").elements(func(row *xnode) {
			if row.name != "row" || t.skipped > 0 && budget <= 0 {
				if t.skipped > 0 {
					t.skipped++
				}
				return
			}
			var cells []string
			row.elements(func(c *xnode) {
				if c.name != "c" {
					return
				}
				if col := columnOf(c.attr("r")); col > len(cells) && col-len(cells) < 256 {
					for len(cells) < col {
						cells = append(cells, "")
					}
				}
				cells = append(cells, xlsxValue(c, shared))
			})
			if t.cells+len(cells) > budget {
				t.skipped++
				return
			}
			t.row(cells)
		})
		budget -= t.cells
		t.end()
	})
	return ooxmlDocument(b, z, formatXLSX, docPath, func(*doc.Document) string { return baseName(docPath) }), nil
}

// columnOf is the 0-based column of a cell reference ("C7" is 2), or -1.
func columnOf(ref string) int {
	col := 0
	n := 0
	for _, c := range ref {
		if c >= 'A' && c <= 'Z' {
			col = col*26 + int(c-'A'+1)
			n++
			if n > 3 {
				return -1
			}
			continue
		}
		break
	}
	return col - 1
}

func xlsxValue(c *xnode, shared []string) string {
	v := c.child("v").textOf()
	switch c.attr("t") {
	case "s":
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i >= 0 && i < len(shared) {
			return shared[i]
		}
		return ""
	case "inlineStr":
		var sb strings.Builder
		c.child("is").findAll("t", func(t *xnode) { sb.WriteString(t.textOf()) })
		return sb.String()
	case "b":
		if strings.TrimSpace(v) == "1" {
			return "TRUE"
		}
		return "FALSE"
	}
	return v
}

// loadPPTX loads a PowerPoint presentation: each slide under a page_break
// marker labelled with its number, its title a level-1 heading ("Slide N"
// without one), body placeholders as lists (a bullet's level from its
// paragraph), other text boxes as paragraphs, tables, pictures as their
// description, then the speaker notes as a paragraph "Notes: ...".
func loadPPTX(docPath string, data []byte) (*doc.Document, error) {
	z, pres, rels, err := openOOXMLPart(data, "ppt/presentation.xml")
	if err != nil {
		return nil, err
	}
	b := newBuilder(len(data)).limitTo(len(data))
	n := 0
	pres.child("sldIdLst").elements(func(s *xnode) {
		part := rels[s.attr("r:id")]
		root := z.optionalXML(part)
		if root == nil {
			return
		}
		n++
		b.paragraphBreak()
		pb := b.openMarker(doc.Marker{Kind: doc.PageBreak, Label: strconv.Itoa(n)})
		var title *xnode
		var shapes []*xnode
		root.find("spTree").findAll("sp", func(sp *xnode) {
			switch sp.find("nvPr").child("ph").attr("type") {
			case "title", "ctrTitle":
				if title == nil {
					title = sp
					return
				}
			}
			shapes = append(shapes, sp)
		})
		titleText := ""
		if title != nil {
			var parts []string
			title.findAll("p", func(p *xnode) {
				if t := collapseSpace(drawingText(p)); t != "" {
					parts = append(parts, t)
				}
			})
			titleText = strings.Join(parts, " ")
		}
		if titleText == "" {
			titleText = "Slide " + strconv.Itoa(n)
		}
		b.heading(1, titleText)
		root.find("spTree").elements(func(el *xnode) {
			switch el.name {
			case "sp":
				if el == title {
					return
				}
				ph := el.find("nvPr").child("ph")
				bullets := ph != nil && (ph.attr("type") == "" || ph.attr("type") == "body" || ph.attr("type") == "obj")
				pptxTextBody(b, el.child("txBody"), bullets)
			case "graphicFrame":
				if tbl := el.find("tbl"); tbl != nil {
					pptxTable(b, tbl)
				}
			case "pic":
				if dp := el.find("cNvPr"); dp != nil {
					alt := collapseSpace(dp.attr("descr"))
					if alt == "" {
						alt = collapseSpace(dp.attr("title"))
					}
					if alt != "" {
						b.paragraphBreak()
						pid := b.openMarker(doc.Marker{Kind: doc.Paragraph})
						iid := b.openMarker(doc.Marker{Kind: doc.Image})
						b.inlineText(alt)
						b.closeMarker(iid)
						b.closeMarker(pid)
						b.paragraphBreak()
					}
				}
			case "grpSp":
				el.findAll("txBody", func(tb *xnode) { pptxTextBody(b, tb, false) })
			}
		})
		// Speaker notes.
		for _, target := range ooxmlRels(z, part) {
			if !strings.Contains(target, "notesSlide") {
				continue
			}
			nr := z.optionalXML(target)
			if nr == nil {
				continue
			}
			var notes []string
			nr.findAll("sp", func(sp *xnode) {
				if sp.find("nvPr").child("ph").attr("type") != "body" {
					return
				}
				sp.findAll("p", func(p *xnode) {
					if t := collapseSpace(drawingText(p)); t != "" {
						notes = append(notes, t)
					}
				})
			})
			if len(notes) > 0 {
				b.paragraphBreak()
				id := b.openMarker(doc.Marker{Kind: doc.Paragraph})
				b.inlineText("Notes: " + strings.Join(notes, " "))
				b.closeMarker(id)
				b.paragraphBreak()
			}
		}
		b.closeMarker(pb)
	})
	return ooxmlDocument(b, z, formatPPTX, docPath, func(d *doc.Document) string { return headingTitle(d, baseName(docPath)) }), nil
}

// drawingText is the text of a DrawingML paragraph (a:t runs, a:br as a
// space).
func drawingText(p *xnode) string {
	var sb strings.Builder
	var walk func(n *xnode)
	walk = func(n *xnode) {
		for _, c := range n.children {
			switch c.name {
			case "t":
				sb.WriteString(c.textOf())
			case "br":
				sb.WriteByte(' ')
			case "":
			default:
				walk(c)
			}
		}
	}
	walk(p)
	return sb.String()
}

func pptxTextBody(b *builder, tb *xnode, bullets bool) {
	if tb == nil {
		return
	}
	var paras []*xnode
	tb.elements(func(p *xnode) {
		if p.name == "p" && strings.TrimSpace(drawingText(p)) != "" {
			paras = append(paras, p)
		}
	})
	if len(paras) == 0 {
		return
	}
	b.paragraphBreak()
	if !bullets {
		for _, p := range paras {
			b.paragraphBreak()
			id := b.openMarker(doc.Marker{Kind: doc.Paragraph})
			b.inlineText(drawingText(p))
			b.closeMarker(id)
			b.paragraphBreak()
		}
		return
	}
	var lists []int
	for _, p := range paras {
		level := 1
		if v, err := strconv.Atoi(p.child("pPr").attr("lvl")); err == nil {
			level = max(1, min(v+1, 9))
		}
		for len(lists) > level {
			b.closeMarker(lists[len(lists)-1])
			lists = lists[:len(lists)-1]
		}
		b.lineBreak()
		for len(lists) < level {
			lists = append(lists, b.openMarker(doc.Marker{Kind: doc.List, Level: len(lists) + 1}))
		}
		id := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: level})
		b.inlineText(drawingText(p))
		b.closeMarker(id)
	}
	for len(lists) > 0 {
		b.closeMarker(lists[len(lists)-1])
		lists = lists[:len(lists)-1]
	}
	b.paragraphBreak()
}

func pptxTable(b *builder, tbl *xnode) {
	b.paragraphBreak()
	tid := b.openMarker(doc.Marker{Kind: doc.Table})
	first := true
	tbl.elements(func(tr *xnode) {
		if tr.name != "tr" {
			return
		}
		rid := b.openRow(first && tbl.child("tblPr").attr("firstRow") == "1")
		first = false
		i := 0
		tr.elements(func(tc *xnode) {
			if tc.name != "tc" {
				return
			}
			cid := b.openCell(i)
			i++
			tc.findAll("p", func(p *xnode) { b.inlineText(drawingText(p)); b.space() })
			b.closeMarker(cid)
		})
		b.closeMarker(rid)
	})
	b.closeMarker(tid)
	b.paragraphBreak()
}
