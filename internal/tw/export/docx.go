package export

import (
	"fmt"
	"sort"
	"strings"

	"textfirst/internal/tw/doc"
)

// writeDOCX writes d as a Word document (Office Open XML): headings in the
// built-in "heading N" styles (so Word's navigation pane and screen readers
// list them), numbered and bulleted lists as real Word numbering (nested by
// level), tables with a repeating header row, links, pictures packed from
// beside the document with their alt text as the description (other
// pictures as their alt text), block quotes in the "Block Text" style, code
// in "Source Code" and "Verbatim Char", and the title, author and language
// in the document properties. The same document always gives the same
// bytes.
func writeDOCX(d *doc.Document, files *besideFiles) ([]byte, error) {
	w := &docxWriter{d: d, pics: newPictures(files), targets: linkTargets(d), rels: []string{
		rel("rId1", "styles", "styles.xml", false),
		rel("rId2", "numbering", "numbering.xml", false),
	}}
	w.flow(tree(d), docxCtx{})
	if w.lastTable {
		w.b.WriteString("<w:p/>")
	}
	lg := lang(d)
	body := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="` + nsW + `" xmlns:r="` + nsR + `" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>` +
		w.b.String() +
		`<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`

	types := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>`
	exts := map[string]string{}
	for _, p := range w.pics.list {
		exts[strings.TrimPrefix(p.name[strings.LastIndex(p.name, "."):], ".")] = p.media
	}
	for _, e := range sortedKeys(exts) {
		types += fmt.Sprintf(`<Default Extension="%s" ContentType="%s"/>`, e, exts[e])
	}
	types += `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`

	pkgRels := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`
	docRels := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` + strings.Join(w.rels, "") + `</Relationships>`

	core := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>` + xmlEsc(title(d)) + `</dc:title>`
	if d.Meta.Author != nil && *d.Meta.Author != "" {
		core += "<dc:creator>" + xmlEsc(*d.Meta.Author) + "</dc:creator>"
	}
	if lg != "und" {
		core += "<dc:language>" + xmlEsc(lg) + "</dc:language>"
	}
	core += "</cp:coreProperties>"
	app := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>tw</Application></Properties>`

	entries := []zipEntry{
		{name: "[Content_Types].xml", data: []byte(types)},
		{name: "_rels/.rels", data: []byte(pkgRels)},
		{name: "docProps/core.xml", data: []byte(core)},
		{name: "docProps/app.xml", data: []byte(app)},
		{name: "word/document.xml", data: []byte(body)},
		{name: "word/_rels/document.xml.rels", data: []byte(docRels)},
		{name: "word/styles.xml", data: []byte(docxStyles(lg))},
		{name: "word/numbering.xml", data: []byte(w.numbering())},
	}
	for _, p := range w.pics.list {
		entries = append(entries, zipEntry{name: "word/media/" + p.name, data: p.data})
	}
	return zipFiles(entries)
}

const (
	nsW = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	nsR = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
)

func rel(id, kind, target string, external bool) string {
	mode := ""
	if external {
		mode = ` TargetMode="External"`
	}
	return fmt.Sprintf(`<Relationship Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/%s" Target="%s"%s/>`, id, kind, xmlEsc(target), mode)
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// docxList is one list's numbering: numbered or bulleted, its first number
// and the text after its numbers.
type docxList struct {
	ordered bool
	start   int
	suffix  string
}

type docxWriter struct {
	d     *doc.Document
	b     strings.Builder
	pics  *pictures
	rels  []string
	links map[string]string // external target -> relationship id
	picID map[*picture]string
	lists []docxList
	// shapes counts drawings (each needs its own id).
	shapes int
	// targets are the bookmarks to place, by offset; marks counts them.
	targets map[int][]string
	marks   int
	// lastTable: the last block written is a table (Word joins two tables
	// with nothing between them into one, and wants a paragraph after a
	// table at the end of the body).
	lastTable bool
}

// docxCtx is where blocks are being written.
type docxCtx struct {
	pStyle string // paragraph style of plain paragraphs ("BlockText" in a quote)
	inCell bool
	ilvl   int // depth of the next nested list
}

func (w *docxWriter) relID(kind, target string, external bool) string {
	id := fmt.Sprintf("rId%d", len(w.rels)+1)
	w.rels = append(w.rels, rel(id, kind, target, external))
	return id
}

// flow writes a container's children: blocks as they are, and the inline
// text between them as paragraphs.
func (w *docxWriter) flow(n *node, c docxCtx) {
	walkFlow(w.d, n, true,
		func(part []piece) { w.para(c.pStyle, "", func() { w.runs(part, style{}) }) },
		func(b *node) { officeBlock(w, b, c) })
}

// para writes a paragraph with a style and further properties.
func (w *docxWriter) para(pStyle, props string, content func()) {
	w.lastTable = false
	w.b.WriteString("<w:p>")
	if pStyle != "" || props != "" {
		w.b.WriteString("<w:pPr>")
		if pStyle != "" {
			fmt.Fprintf(&w.b, `<w:pStyle w:val="%s"/>`, pStyle)
		}
		w.b.WriteString(props + "</w:pPr>")
	}
	content()
	w.b.WriteString("</w:p>")
}

// The blocks of officeBlock, each kind as this format writes it.

func (c docxCtx) cell() bool { return c.inCell }

func (w *docxWriter) heading(n *node, c docxCtx) {
	pStyle := fmt.Sprintf("Heading%d", min(max(n.m.Level, 1), 9))
	if c.inCell {
		pStyle = ""
	}
	w.para(pStyle, "", func() { w.blockText(n) })
}

func (w *docxWriter) paragraph(n *node, c docxCtx) {
	w.para(c.pStyle, "", func() { w.blockText(n) })
}

func (w *docxWriter) quote(n *node, c docxCtx) {
	c.pStyle = "BlockText"
	w.flow(n, c)
}

func (w *docxWriter) code(n *node) {
	w.para("SourceCode", "", func() { w.text(w.d.Slice(n.m.Start, n.m.End), style{}, true) })
}

func (w *docxWriter) rule(c docxCtx) {
	w.para(c.pStyle, `<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr>`, func() {})
}

func (w *docxWriter) pageBreak() {
	w.para("", "", func() { w.b.WriteString(`<w:r><w:br w:type="page"/></w:r>`) })
}

// blockText writes the text of block n as runs, after the bookmarks that
// lead to its start.
func (w *docxWriter) blockText(n *node) {
	w.bookmarks(n.m.Start)
	w.runs(trimRun(pieces(w.d, n)), style{})
}

// bookmarks writes the bookmarks of internal links leading to pos.
func (w *docxWriter) bookmarks(pos int) {
	for _, name := range w.targets[pos] {
		w.marks++
		fmt.Fprintf(&w.b, `<w:bookmarkStart w:id="%d" w:name="%s"/><w:bookmarkEnd w:id="%d"/>`, w.marks, xmlEsc(name), w.marks)
	}
	delete(w.targets, pos)
}

// list writes a list's items as numbered paragraphs of a numbering of its
// own (so each list counts from its own start), nested lists one level in.
func (w *docxWriter) list(n *node, c docxCtx) {
	l := docxList{ordered: ordered(n), start: 1, suffix: "."}
	if l.ordered {
		l.start, l.suffix = firstItemNumber(n)
	}
	w.lists = append(w.lists, l)
	numID := len(w.lists)
	ilvl := min(c.ilvl, 8)
	for _, it := range n.children {
		if it.m.Kind != doc.ListItem {
			officeBlock(w, it, c)
			continue
		}
		w.item(it, numID, ilvl, c)
	}
}

// item writes a list item: its text (paragraphs in it joined by line
// breaks) as one numbered paragraph, then its nested lists.
func (w *docxWriter) item(n *node, numID, ilvl int, c docxCtx) {
	numPr := fmt.Sprintf(`<w:numPr><w:ilvl w:val="%d"/><w:numId w:val="%d"/></w:numPr>`, ilvl, numID)
	numbered := false
	itemLines(w.d, n, func(lines [][]piece) {
		props := numPr
		if numbered {
			props = fmt.Sprintf(`<w:ind w:left="%d"/>`, 720*(ilvl+1))
		}
		numbered = true
		w.para(c.pStyle, props, func() {
			for i, line := range lines {
				if i > 0 {
					w.b.WriteString("<w:r><w:br/></w:r>")
				}
				w.runs(trimRun(line), style{})
			}
		})
	}, func(list *node) {
		inner := c
		inner.ilvl = ilvl + 1
		w.list(list, inner)
	})
	if !numbered {
		w.para(c.pStyle, numPr, func() {})
	}
}

func (w *docxWriter) table(n *node) {
	if w.lastTable {
		w.b.WriteString("<w:p/>")
	}
	rows, cols := tableRows(n)
	firstHeader := len(rows) > 0 && rows[0].m.Label == doc.HeaderRow
	look := `<w:tblLook w:firstRow="0" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="1" w:noVBand="1"/>`
	if firstHeader {
		look = `<w:tblLook w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="1" w:noVBand="1"/>`
	}
	width := 9026 / cols // the text column of an A4 page with 1-inch margins, in twips
	fmt.Fprintf(&w.b, `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="5000" w:type="pct"/>%s</w:tblPr><w:tblGrid>`, look)
	for range cols {
		fmt.Fprintf(&w.b, `<w:gridCol w:w="%d"/>`, width)
	}
	w.b.WriteString("</w:tblGrid>")
	for _, r := range rows {
		w.b.WriteString("<w:tr>")
		if r.m.Label == doc.HeaderRow {
			w.b.WriteString("<w:trPr><w:tblHeader/></w:trPr>")
		}
		for _, cell := range childrenOf(r, doc.TableCell) {
			fmt.Fprintf(&w.b, `<w:tc><w:tcPr><w:tcW w:w="%d" w:type="dxa"/></w:tcPr>`, width)
			before := w.b.Len()
			w.lastTable = false
			w.flow(cell, docxCtx{inCell: true})
			if w.b.Len() == before || w.lastTable {
				w.b.WriteString("<w:p/>") // a cell ends with a paragraph
			}
			w.b.WriteString("</w:tc>")
		}
		w.b.WriteString("</w:tr>")
	}
	w.b.WriteString("</w:tbl>")
	w.lastTable = true
}

// runs writes inline pieces as runs with the formatting s plus their own.
func (w *docxWriter) runs(ps []piece, s style) { writeInline(w.d, w, ps, s, false) }

// run writes text as a run; a link's text is in the Hyperlink style,
// code in VerbatimChar.
func (w *docxWriter) run(t string, s style, inLink bool) {
	if inLink && !s.code {
		w.textStyled(t, s, "Hyperlink")
		return
	}
	w.text(t, s, false)
}

// openLink starts a hyperlink: to a bookmark ("#name") or through a
// relationship to any other address.
func (w *docxWriter) openLink(ref string) bool {
	switch {
	case strings.HasPrefix(ref, "#") && len(ref) > 1:
		fmt.Fprintf(&w.b, `<w:hyperlink w:anchor="%s">`, xmlEsc(ref[1:]))
	case ref != "":
		if w.links == nil {
			w.links = map[string]string{}
		}
		id, ok := w.links[ref]
		if !ok {
			id = w.relID("hyperlink", ref, true)
			w.links[ref] = id
		}
		fmt.Fprintf(&w.b, `<w:hyperlink r:id="%s">`, id)
	default:
		return false
	}
	return true
}

func (w *docxWriter) closeLink() { w.b.WriteString("</w:hyperlink>") }

// text writes text with formatting s; a code block's text (block) takes
// its look from the paragraph style.
func (w *docxWriter) text(t string, s style, block bool) {
	switch {
	case block:
		w.textStyled(t, style{}, "")
	case s.code:
		w.textStyled(t, s, "VerbatimChar")
	default:
		w.textStyled(t, s, "")
	}
}

// textStyled writes text as a run: line breaks and tabs as Word's own.
func (w *docxWriter) textStyled(t string, s style, rStyle string) {
	if t == "" {
		return
	}
	w.b.WriteString("<w:r>")
	if rStyle != "" || s.bold || s.italic || s.strike || s.underline {
		w.b.WriteString("<w:rPr>")
		if rStyle != "" {
			fmt.Fprintf(&w.b, `<w:rStyle w:val="%s"/>`, rStyle)
		}
		if s.bold {
			w.b.WriteString("<w:b/>")
		}
		if s.italic {
			w.b.WriteString("<w:i/>")
		}
		if s.strike {
			w.b.WriteString("<w:strike/>")
		}
		if s.underline {
			w.b.WriteString(`<w:u w:val="single"/>`)
		}
		w.b.WriteString("</w:rPr>")
	}
	t = strings.ReplaceAll(t, "\r\n", "\n")
	start := 0
	flushText := func(end int) {
		if end > start {
			fmt.Fprintf(&w.b, `<w:t xml:space="preserve">%s</w:t>`, xmlEsc(t[start:end]))
		}
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '\n', '\r':
			flushText(i)
			w.b.WriteString("<w:br/>")
			start = i + 1
		case '\t':
			flushText(i)
			w.b.WriteString("<w:tab/>")
			start = i + 1
		}
	}
	flushText(len(t))
	w.b.WriteString("</w:r>")
}

// image writes a picture packed from beside the document, its alt text as
// the description; a picture not found is written as its alt text.
func (w *docxWriter) image(m doc.Marker, s style) {
	alt := strings.Join(strings.Fields(w.d.Slice(m.Start, m.End)), " ")
	pic := w.pics.get(m.Reference)
	if pic == nil {
		w.textStyled(alt, s, "")
		return
	}
	if w.picID == nil {
		w.picID = map[*picture]string{}
	}
	id, ok := w.picID[pic]
	if !ok {
		id = w.relID("image", "media/"+pic.name, false)
		w.picID[pic] = id
	}
	w.shapes++
	cx, cy := pic.size()
	a := xmlEsc(alt)
	fmt.Fprintf(&w.b, `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="%d" cy="%d"/><wp:docPr id="%d" name="Picture %d" descr="%s"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="%d" name="%s" descr="%s"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="%s"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`,
		cx, cy, w.shapes, w.shapes, a, w.shapes, xmlEsc(pic.name), a, id, cx, cy)
}

// numbering is numbering.xml: an abstract numbering and a numbering for
// each list, every level formatted as the list is.
func (w *docxWriter) numbering() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" + `<w:numbering xmlns:w="` + nsW + `">`)
	bullets := []string{"\u2022", "\u25e6", "\u25aa"}
	for i, l := range w.lists {
		fmt.Fprintf(&b, `<w:abstractNum w:abstractNumId="%d"><w:multiLevelType w:val="hybridMultilevel"/>`, i+1)
		for lv := range 9 {
			ind := fmt.Sprintf(`<w:pPr><w:ind w:left="%d" w:hanging="360"/></w:pPr>`, 720*(lv+1))
			if l.ordered {
				fmt.Fprintf(&b, `<w:lvl w:ilvl="%d"><w:start w:val="%d"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%%%d%s"/><w:lvlJc w:val="left"/>%s</w:lvl>`,
					lv, l.start, lv+1, xmlEsc(l.suffix), ind)
			} else {
				fmt.Fprintf(&b, `<w:lvl w:ilvl="%d"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="%s"/><w:lvlJc w:val="left"/>%s</w:lvl>`,
					lv, bullets[lv%len(bullets)], ind)
			}
		}
		b.WriteString("</w:abstractNum>")
	}
	for i := range w.lists {
		fmt.Fprintf(&b, `<w:num w:numId="%d"><w:abstractNumId w:val="%d"/></w:num>`, i+1, i+1)
	}
	b.WriteString("</w:numbering>")
	return b.String()
}

// docxStyles is styles.xml: the document's language, Normal, the headings
// (with outline levels), Block Text, Source Code, Verbatim Char, Hyperlink
// and a table style with borders.
func docxStyles(lg string) string {
	var b strings.Builder
	langEl := ""
	if lg != "und" {
		langEl = fmt.Sprintf(`<w:lang w:val="%s"/>`, xmlEsc(lg))
	}
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" + `<w:styles xmlns:w="` + nsW + `">`)
	fmt.Fprintf(&b, `<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="24"/><w:szCs w:val="24"/>%s</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>`, langEl)
	b.WriteString(`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>`)
	b.WriteString(`<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/></w:style>`)
	b.WriteString(`<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:semiHidden/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>`)
	sizes := []int{40, 32, 28, 26, 24, 24, 24, 24, 24}
	for i := range 9 {
		fmt.Fprintf(&b, `<w:style w:type="paragraph" w:styleId="Heading%d"><w:name w:val="heading %d"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="%d"/></w:pPr><w:rPr><w:b/><w:bCs/><w:sz w:val="%d"/><w:szCs w:val="%d"/></w:rPr></w:style>`,
			i+1, i+1, i, sizes[i], sizes[i])
	}
	b.WriteString(`<w:style w:type="paragraph" w:styleId="BlockText"><w:name w:val="Block Text"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:pBdr><w:left w:val="single" w:sz="12" w:space="8" w:color="808080"/></w:pBdr><w:ind w:left="720" w:right="720"/></w:pPr></w:style>`)
	b.WriteString(`<w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="160" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:rFonts w:ascii="Liberation Mono" w:hAnsi="Liberation Mono" w:cs="Liberation Mono"/><w:sz w:val="20"/></w:rPr></w:style>`)
	b.WriteString(`<w:style w:type="character" w:styleId="VerbatimChar"><w:name w:val="Verbatim Char"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:rFonts w:ascii="Liberation Mono" w:hAnsi="Liberation Mono" w:cs="Liberation Mono"/><w:sz w:val="20"/></w:rPr></w:style>`)
	b.WriteString(`<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style>`)
	b.WriteString(`<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders></w:tblPr><w:tblStylePr w:type="firstRow"><w:rPr><w:b/></w:rPr></w:tblStylePr></w:style>`)
	b.WriteString(`</w:styles>`)
	return b.String()
}
