package export

import (
	"fmt"
	"strings"

	"textfirst/internal/tw/doc"
)

// writeODT writes d as an OpenDocument text: headings as text:h with their
// outline levels in the "Heading N" styles, numbered and bulleted lists
// (nested, each with a list style of its own so it counts from its own
// start), tables with header rows, links, pictures packed from beside the
// document with their alt text as title and description (other pictures
// as their alt text), block quotes in "Quotations", code in "Preformatted
// Text" and "Source Text", and the title, author and language in meta.xml.
// The same document always gives the same bytes.
func writeODT(d *doc.Document, files *besideFiles) ([]byte, error) {
	w := &odtWriter{d: d, pics: newPictures(files), spans: map[style]string{}, targets: linkTargets(d)}
	w.flow(tree(d), odtCtx{})
	lg := lang(d)

	var auto strings.Builder
	for _, l := range w.lists {
		auto.WriteString(l)
	}
	for _, s := range w.spanOrder {
		auto.WriteString(odtSpanStyle(w.spans[s], s))
	}
	auto.WriteString(`<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="6.5in" table:align="margins"/></style:style>`)
	auto.WriteString(`<style:style style:name="TblCell" style:family="table-cell"><style:table-cell-properties fo:padding="0.04in" fo:border="0.5pt solid #000000"/></style:style>`)
	auto.WriteString(`<style:style style:name="PageBreak" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:break-after="page"/></style:style>`)

	content := `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ` + odfNS + ` office:version="1.3"><office:automatic-styles>` + auto.String() +
		`</office:automatic-styles><office:body><office:text>` + w.b.String() + `</office:text></office:body></office:document-content>`

	meta := `<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta ` + odfNS + ` office:version="1.3"><office:meta><meta:generator>tw</meta:generator><dc:title>` + xmlEsc(title(d)) + `</dc:title>`
	if d.Meta.Author != nil && *d.Meta.Author != "" {
		a := xmlEsc(*d.Meta.Author)
		meta += "<meta:initial-creator>" + a + "</meta:initial-creator><dc:creator>" + a + "</dc:creator>"
	}
	if lg != "und" {
		meta += "<dc:language>" + xmlEsc(lg) + "</dc:language>"
	}
	meta += "</office:meta></office:document-meta>"

	manifest := `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>`
	for _, p := range w.pics.list {
		manifest += fmt.Sprintf(`<manifest:file-entry manifest:full-path="Pictures/%s" manifest:media-type="%s"/>`, p.name, p.media)
	}
	manifest += "</manifest:manifest>"

	entries := []zipEntry{
		{name: "mimetype", data: []byte("application/vnd.oasis.opendocument.text"), store: true},
		{name: "META-INF/manifest.xml", data: []byte(manifest)},
		{name: "meta.xml", data: []byte(meta)},
		{name: "styles.xml", data: []byte(odtStyles(lg))},
		{name: "content.xml", data: []byte(content)},
	}
	for _, p := range w.pics.list {
		entries = append(entries, zipEntry{name: "Pictures/" + p.name, data: p.data})
	}
	return zipFiles(entries)
}

const odfNS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"`

type odtWriter struct {
	d         *doc.Document
	b         strings.Builder
	pics      *pictures
	lists     []string // automatic list styles
	spans     map[style]string
	spanOrder []style
	tables    int
	frames    int
	targets   map[int][]string // bookmarks to place, by offset
}

// odtCtx is where blocks are being written.
type odtCtx struct {
	pStyle string // style of plain paragraphs ("Quotations" in a quote)
	inCell bool
}

// flow writes a container's children: blocks as they are, and the inline
// text between them as paragraphs.
func (w *odtWriter) flow(n *node, c odtCtx) {
	walkFlow(w.d, n, true,
		func(part []piece) { w.para(c.plain(), func() { w.runs(part, style{}) }) },
		func(b *node) { officeBlock(w, b, c) })
}

// inItem is the context of blocks in a list item: ODF lets an item hold
// paragraphs, headings and lists only, so a table there is written as its
// cells' paragraphs, as in a cell.
func inItem(c odtCtx) odtCtx {
	c.inCell = true
	if c.pStyle == "" {
		c.pStyle = "List_20_Contents"
	}
	return c
}

func (c odtCtx) plain() string {
	switch {
	case c.pStyle != "":
		return c.pStyle
	case c.inCell:
		return "Table_20_Contents"
	}
	return "Text_20_body"
}

func (w *odtWriter) para(pStyle string, content func()) {
	fmt.Fprintf(&w.b, `<text:p text:style-name="%s">`, pStyle)
	content()
	w.b.WriteString("</text:p>")
}

// The blocks of officeBlock, each kind as this format writes it.

func (c odtCtx) cell() bool { return c.inCell }

func (w *odtWriter) heading(n *node, c odtCtx) {
	if c.inCell {
		w.para(c.plain(), func() { w.runs(trimRun(pieces(w.d, n)), style{}) })
		return
	}
	l := min(max(n.m.Level, 1), 10)
	fmt.Fprintf(&w.b, `<text:h text:style-name="Heading_20_%d" text:outline-level="%d">`, l, l)
	w.blockText(n)
	w.b.WriteString("</text:h>")
}

func (w *odtWriter) paragraph(n *node, c odtCtx) {
	w.para(c.plain(), func() { w.blockText(n) })
}

func (w *odtWriter) quote(n *node, c odtCtx) {
	c.pStyle = "Quotations"
	w.flow(n, c)
}

func (w *odtWriter) code(n *node) {
	w.para("Preformatted_20_Text", func() { w.text(w.d.Slice(n.m.Start, n.m.End), true) })
}

func (w *odtWriter) rule(odtCtx) {
	w.b.WriteString(`<text:p text:style-name="Horizontal_20_Line"/>`)
}

func (w *odtWriter) pageBreak() {
	w.b.WriteString(`<text:p text:style-name="PageBreak"/>`)
}

// list writes a list that is not nested in another.
func (w *odtWriter) list(n *node, c odtCtx) { w.listAt(n, c, 1) }

// blockText writes the text of block n as runs, after the bookmarks that
// lead to its start.
func (w *odtWriter) blockText(n *node) {
	w.bookmarks(n.m.Start)
	w.runs(trimRun(pieces(w.d, n)), style{})
}

// bookmarks writes the bookmarks of internal links leading to pos.
func (w *odtWriter) bookmarks(pos int) {
	for _, name := range w.targets[pos] {
		fmt.Fprintf(&w.b, `<text:bookmark text:name="%s"/>`, xmlEsc(name))
	}
	delete(w.targets, pos)
}

// list writes a list with a list style of its own; depth is its nesting
// (a nested list is written inside its item).
func (w *odtWriter) listAt(n *node, c odtCtx, depth int) {
	name := fmt.Sprintf("L%d", len(w.lists)+1)
	var s strings.Builder
	fmt.Fprintf(&s, `<text:list-style style:name="%s">`, name)
	bullets := []string{"\u2022", "\u25e6", "\u25aa"}
	ord := ordered(n)
	start, suffix := 1, "."
	if ord {
		start, suffix = firstItemNumber(n)
	}
	for lv := 1; lv <= 10; lv++ {
		props := fmt.Sprintf(`<style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="%.2fin" fo:text-indent="-0.25in" fo:margin-left="%.2fin"/></style:list-level-properties>`,
			0.5*float64(lv), 0.5*float64(lv))
		if ord {
			fmt.Fprintf(&s, `<text:list-level-style-number text:level="%d" style:num-suffix="%s" style:num-format="1" text:start-value="%d">%s</text:list-level-style-number>`, lv, xmlEsc(suffix), start, props)
		} else {
			fmt.Fprintf(&s, `<text:list-level-style-bullet text:level="%d" text:bullet-char="%s">%s</text:list-level-style-bullet>`, lv, bullets[(lv-1)%len(bullets)], props)
		}
	}
	s.WriteString("</text:list-style>")
	w.lists = append(w.lists, s.String())

	fmt.Fprintf(&w.b, `<text:list text:style-name="%s">`, name)
	for _, it := range n.children {
		if it.m.Kind == doc.ListItem {
			w.item(it, c, depth)
			continue
		}
		// Something else between the items: an item of its own (a list
		// holds only items).
		w.b.WriteString("<text:list-item>")
		officeBlock(w, it, inItem(c))
		w.b.WriteString("</text:list-item>")
	}
	w.b.WriteString("</text:list>")
}

// item writes a list item: its text (paragraphs in it joined by line
// breaks) as one paragraph, then its nested lists.
func (w *odtWriter) item(n *node, c odtCtx, depth int) {
	w.b.WriteString("<text:list-item>")
	wrote := false
	itemLines(w.d, n, func(lines [][]piece) {
		w.para("List_20_Contents", func() {
			for i, line := range lines {
				if i > 0 {
					w.b.WriteString("<text:line-break/>")
				}
				w.runs(trimRun(line), style{})
			}
		})
		wrote = true
	}, func(list *node) {
		w.listAt(list, c, depth+1)
		wrote = true
	})
	if !wrote {
		w.b.WriteString(`<text:p text:style-name="List_20_Contents"/>`)
	}
	w.b.WriteString("</text:list-item>")
}

func (w *odtWriter) table(n *node) {
	all, cols := tableRows(n)
	head, body := headerRows(all)
	w.tables++
	fmt.Fprintf(&w.b, `<table:table table:name="Table%d" table:style-name="Tbl"><table:table-column table:number-columns-repeated="%d"/>`, w.tables, cols)
	rows := func(rs []*node, pStyle string) {
		for _, r := range rs {
			w.b.WriteString("<table:table-row>")
			for _, cell := range childrenOf(r, doc.TableCell) {
				w.b.WriteString(`<table:table-cell table:style-name="TblCell" office:value-type="string">`)
				before := w.b.Len()
				w.flow(cell, odtCtx{inCell: true, pStyle: pStyle})
				if w.b.Len() == before {
					fmt.Fprintf(&w.b, `<text:p text:style-name="%s"/>`, pStyle)
				}
				w.b.WriteString("</table:table-cell>")
			}
			w.b.WriteString("</table:table-row>")
		}
	}
	if len(head) > 0 {
		w.b.WriteString("<table:table-header-rows>")
		rows(head, "Table_20_Heading")
		w.b.WriteString("</table:table-header-rows>")
	}
	rows(body, "Table_20_Contents")
	w.b.WriteString("</table:table>")
}

// spanStyle is the automatic text style of a formatting.
func (w *odtWriter) spanStyle(s style) string {
	if name, ok := w.spans[s]; ok {
		return name
	}
	name := fmt.Sprintf("T%d", len(w.spans)+1)
	w.spans[s] = name
	w.spanOrder = append(w.spanOrder, s)
	return name
}

func odtSpanStyle(name string, s style) string {
	parent := ""
	if s.code {
		parent = ` style:parent-style-name="Source_20_Text"`
	}
	var p strings.Builder
	if s.bold {
		p.WriteString(` fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"`)
	}
	if s.italic {
		p.WriteString(` fo:font-style="italic" style:font-style-asian="italic" style:font-style-complex="italic"`)
	}
	if s.strike {
		p.WriteString(` style:text-line-through-style="solid" style:text-line-through-type="single"`)
	}
	if s.underline {
		p.WriteString(` style:text-underline-style="solid" style:text-underline-width="auto" style:text-underline-color="font-color"`)
	}
	return fmt.Sprintf(`<style:style style:name="%s" style:family="text"%s><style:text-properties%s/></style:style>`, name, parent, p.String())
}

// runs writes inline pieces as spans with the formatting s plus their own.
func (w *odtWriter) runs(ps []piece, s style) { writeInline(w.d, w, ps, s, false) }

// run writes text as a span; a link's text looks like any other.
func (w *odtWriter) run(t string, s style, _ bool) { w.span(t, s) }

// openLink starts a link to ref; a link without a target is only its text.
func (w *odtWriter) openLink(ref string) bool {
	if ref == "" {
		return false
	}
	fmt.Fprintf(&w.b, `<text:a xlink:type="simple" xlink:href="%s" text:style-name="Internet_20_link" text:visited-style-name="Visited_20_Internet_20_Link">`, xmlEsc(ref))
	return true
}

func (w *odtWriter) closeLink() { w.b.WriteString("</text:a>") }

// span writes text with formatting s.
func (w *odtWriter) span(t string, s style) {
	if t == "" {
		return
	}
	if s == (style{}) {
		w.text(t, false)
		return
	}
	fmt.Fprintf(&w.b, `<text:span text:style-name="%s">`, w.spanStyle(s))
	w.text(t, s.code)
	w.b.WriteString("</text:span>")
}

// text writes text in ODF's white-space rules: line breaks, tabs and runs
// of spaces as elements. In code (verbatim) every space is an element, so
// none is collapsed or trimmed by a reader.
func (w *odtWriter) text(t string, verbatim bool) {
	t = strings.ReplaceAll(t, "\r\n", "\n")
	var plain strings.Builder
	flush := func() {
		w.b.WriteString(xmlEsc(plain.String()))
		plain.Reset()
	}
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '\n', '\r':
			flush()
			w.b.WriteString("<text:line-break/>")
		case '\t':
			flush()
			w.b.WriteString("<text:tab/>")
		case ' ':
			j := i
			for j < len(t) && t[j] == ' ' {
				j++
			}
			k := j - i
			if !verbatim && i > 0 && t[i-1] != '\n' && t[i-1] != '\t' {
				plain.WriteByte(' ')
				k--
			}
			if k > 0 {
				flush()
				if k == 1 {
					w.b.WriteString("<text:s/>")
				} else {
					fmt.Fprintf(&w.b, `<text:s text:c="%d"/>`, k)
				}
			}
			i = j - 1
		default:
			plain.WriteByte(c)
		}
	}
	flush()
}

// image writes a picture as a frame in the text, its alt text as title
// and description; a picture not found as its alt text.
func (w *odtWriter) image(m doc.Marker, s style) {
	alt := strings.Join(strings.Fields(w.d.Slice(m.Start, m.End)), " ")
	pic := w.pics.get(m.Reference)
	if pic == nil {
		w.span(alt, s)
		return
	}
	w.frames++
	cx, cy := pic.size()
	a := xmlEsc(alt)
	fmt.Fprintf(&w.b, `<draw:frame draw:name="Image%d" text:anchor-type="as-char" svg:width="%.3fin" svg:height="%.3fin" draw:z-index="0"><draw:image xlink:href="Pictures/%s" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad" draw:mime-type="%s"/><svg:title>%s</svg:title><svg:desc>%s</svg:desc></draw:frame>`,
		w.frames, float64(cx)/914400, float64(cy)/914400, pic.name, pic.media, a, a)
}

// odtStyles is styles.xml: the language and the named styles the text
// uses.
func odtStyles(lg string) string {
	langProps := ""
	if lg != "und" {
		l, country, _ := strings.Cut(lg, "-")
		langProps = fmt.Sprintf(` fo:language="%s"`, xmlEsc(l))
		if country != "" && len(country) == 2 {
			langProps += fmt.Sprintf(` fo:country="%s"`, xmlEsc(strings.ToUpper(country)))
		}
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles ` + odfNS + ` office:version="1.3"><office:styles>`)
	fmt.Fprintf(&b, `<style:default-style style:family="paragraph"><style:text-properties fo:font-size="12pt"%s/></style:default-style>`, langProps)
	b.WriteString(`<style:style style:name="Standard" style:family="paragraph" style:class="text"/>`)
	b.WriteString(`<style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard" style:class="text"><style:paragraph-properties fo:margin-top="0in" fo:margin-bottom="0.1in"/></style:style>`)
	b.WriteString(`<style:style style:name="Heading" style:family="paragraph" style:parent-style-name="Standard" style:next-style-name="Text_20_body" style:class="text"><style:paragraph-properties fo:margin-top="0.17in" fo:margin-bottom="0.08in" fo:keep-with-next="always"/><style:text-properties fo:font-weight="bold"/></style:style>`)
	sizes := []string{"200%", "160%", "140%", "120%", "110%", "100%", "100%", "100%", "100%", "100%"}
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&b, `<style:style style:name="Heading_20_%d" style:display-name="Heading %d" style:family="paragraph" style:parent-style-name="Heading" style:next-style-name="Text_20_body" style:default-outline-level="%d" style:class="text"><style:text-properties fo:font-size="%s"/></style:style>`,
			i, i, i, sizes[i-1])
	}
	b.WriteString(`<style:style style:name="Quotations" style:family="paragraph" style:parent-style-name="Standard" style:class="html"><style:paragraph-properties fo:margin-left="0.4in" fo:margin-right="0.4in" fo:margin-top="0in" fo:margin-bottom="0.1in"/></style:style>`)
	b.WriteString(`<style:style style:name="Preformatted_20_Text" style:display-name="Preformatted Text" style:family="paragraph" style:parent-style-name="Standard" style:class="html"><style:paragraph-properties fo:margin-top="0in" fo:margin-bottom="0.1in"/><style:text-properties fo:font-family="'Liberation Mono'" fo:font-size="10pt"/></style:style>`)
	b.WriteString(`<style:style style:name="List_20_Contents" style:display-name="List Contents" style:family="paragraph" style:parent-style-name="Standard" style:class="html"/>`)
	b.WriteString(`<style:style style:name="Table_20_Contents" style:display-name="Table Contents" style:family="paragraph" style:parent-style-name="Standard" style:class="extra"/>`)
	b.WriteString(`<style:style style:name="Table_20_Heading" style:display-name="Table Heading" style:family="paragraph" style:parent-style-name="Table_20_Contents" style:class="extra"><style:text-properties fo:font-weight="bold"/></style:style>`)
	b.WriteString(`<style:style style:name="Horizontal_20_Line" style:display-name="Horizontal Line" style:family="paragraph" style:parent-style-name="Standard" style:class="html"><style:paragraph-properties fo:margin-bottom="0.2in" fo:border-bottom="0.5pt solid #808080" fo:padding="0in"/></style:style>`)
	b.WriteString(`<style:style style:name="Source_20_Text" style:display-name="Source Text" style:family="text"><style:text-properties fo:font-family="'Liberation Mono'" fo:font-size="10pt"/></style:style>`)
	b.WriteString(`<style:style style:name="Internet_20_link" style:display-name="Internet link" style:family="text"><style:text-properties fo:color="#000080" style:text-underline-style="solid" style:text-underline-width="auto" style:text-underline-color="font-color"/></style:style>`)
	b.WriteString(`<style:style style:name="Visited_20_Internet_20_Link" style:display-name="Visited Internet Link" style:family="text"><style:text-properties fo:color="#800000" style:text-underline-style="solid" style:text-underline-width="auto" style:text-underline-color="font-color"/></style:style>`)
	b.WriteString(`</office:styles><office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="8.268in" fo:page-height="11.693in" fo:margin-top="0.79in" fo:margin-bottom="0.79in" fo:margin-left="0.79in" fo:margin-right="0.79in"/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles></office:document-styles>`)
	return b.String()
}
