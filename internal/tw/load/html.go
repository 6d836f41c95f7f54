package load

import (
	"bytes"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"textfirst/internal/tw/doc"
)

// htmlSkipped elements are not part of what a reader reads: scripts,
// styles, forms and embedded objects; also navigation, page footers and
// asides where the walker does not read regions.
var htmlSkipped = map[string]bool{
	"script": true, "style": true, "nav": true, "footer": true, "aside": true,
	"noscript": true, "svg": true, "canvas": true, "meta": true, "link": true,
	"base": true, "iframe": true, "template": true, "button": true, "form": true,
	"object": true, "embed": true,
}

// htmlBlocks separate their content from what is around it by blank lines.
var htmlBlocks = map[string]bool{
	"div": true, "section": true, "article": true, "main": true, "header": true,
	"address": true, "figure": true, "details": true, "summary": true, "center": true,
	"hgroup": true, "search": true, "fieldset": true, "body": true,
}

// maxHTMLDepth bounds the recursion of the walk; deeper content is read as
// flat text.
const maxHTMLDepth = 256

// loadHTML loads HTML and XHTML. The language comes from <html lang>, the
// author from <meta name="author">, the title from the first <h1>, else
// <title>, else the first heading, else the file name.
//
// Left out: script, style, noscript, svg, canvas, iframe, template,
// button, form, and elements with the hidden attribute or
// aria-hidden="true". Asides, navigation and footers are read as blocks
// set apart (htmlWalker.region), as pandoc reads them; EPUB chapters and
// e-mail bodies still leave them out. An image reads as its alt text (else its title or
// aria-label); an image with none of them reads as nothing. A table's
// caption is a paragraph of its own before the table and the table's
// label. <hr> is a zero-length "rule" marker, as in Markdown.
func loadHTML(path string, data []byte) (*doc.Document, error) {
	return htmlWithLinks(path, data, htmlLinkKey)
}

// htmlWithLinks is loadHTML with linkKey telling which links lead into the
// page (a web page's links to its own address, for one).
func htmlWithLinks(path string, data []byte, linkKey func(href string) string) (*doc.Document, error) {
	src := htmlSource(data)
	w := &htmlWalker{b: newBuilder(len(src) / 2).limitTo(len(data)), anchorKey: htmlAnchorKey, linkKey: linkKey, regions: true}
	root, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		// The parser refuses elements nested more than 512 deep (its
		// reader cannot fail). Such a page is still read: as flat text,
		// tags dropped, block tags breaking lines.
		var flat rawHTML
		flat.feed(w.b, src)
		txt, markers := w.b.finish()
		d := doc.New(txt, doc.Meta{Format: formatHTML, Path: path}, markers)
		d.Meta.Title = baseName(path)
		return d, nil
	}
	var meta doc.Meta
	var titleTag string
	if top := firstElement(root, "html"); top != nil {
		if lang := strings.TrimSpace(firstNonEmpty(attr(top, "lang"), attr(top, "xml:lang"))); lang != "" {
			meta.Language = &lang
		}
		for ch := top.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type != html.ElementNode {
				continue
			}
			if ch.Data == "head" {
				titleTag = readHead(ch, &meta)
			} else {
				w.element(ch)
			}
		}
	}
	txt, markers := w.b.finish()
	meta.Format = formatHTML
	meta.Path = path
	d := doc.New(txt, meta, markers)
	d.Links = w.b.resolveLinks()
	d.Anchors = w.b.anchors
	linkHeadings(d)
	d.Meta.Title = htmlTitle(d, titleTag, baseName(path))
	return d, nil
}

// htmlAnchorKey and htmlLinkKey name the places of a page: an id or
// <a name> is "#id", and a link "#id" (or "page.html#id" to the same
// page, not known here, so only "#id") leads there.
func htmlAnchorKey(id string) string { return "#" + id }

func htmlLinkKey(href string) string {
	if strings.HasPrefix(href, "#") && len(href) > 1 {
		return "#" + urlUnescape(href[1:])
	}
	return ""
}

// htmlTitle: the first level-1 heading, else <title>, else the first
// heading, else fallback.
func htmlTitle(d *doc.Document, titleTag, fallback string) string {
	for _, m := range d.All() {
		if m.Kind == doc.Heading && m.Level == 1 {
			if t := collapseSpace(d.Slice(m.Start, m.End)); t != "" {
				return t
			}
		}
	}
	if titleTag != "" {
		return titleTag
	}
	return headingTitle(d, fallback)
}

// readHead fills meta from <meta> elements and returns the <title> text.
func readHead(head *html.Node, meta *doc.Meta) string {
	title := ""
	forEachElement(head, func(el *html.Node) {
		switch el.Data {
		case "title":
			if title == "" {
				title = collapseSpace(textContent(el))
			}
		case "meta":
			name := strings.ToLower(attr(el, "name"))
			content := collapseSpace(attr(el, "content"))
			if content == "" {
				return
			}
			switch {
			case name == "author" && meta.Author == nil:
				meta.Author = &content
			case strings.EqualFold(attr(el, "http-equiv"), "content-language") && meta.Language == nil:
				meta.Language = &content
			}
		}
	})
	return title
}

type htmlList struct {
	ordered bool
	next    int
}

type htmlWalker struct {
	b      *builder
	lists  []htmlList
	inCell int
	depth  int

	// anchorKey names the anchor of an element id (nil: ids are not
	// recorded); linkKey gives the anchor a link's href leads to inside
	// the document, or "" (nil: links are not resolved).
	anchorKey func(id string) string
	linkKey   func(href string) string
	// skipNotes leaves out EPUB footnotes and endnotes (epub:type);
	// notes, when set, gathers them to be written after the book, and
	// chapter is the chapter being read.
	skipNotes bool
	notes     *epubNotes
	chapter   string
	// regions reads <aside>, <nav> and <footer> (see region) instead of
	// leaving them out.
	regions bool
}

// htmlRegions label the blocks a page sets apart from its main text, as
// region marks them.
var htmlRegions = map[string]string{"aside": "aside", "nav": "navigation", "footer": "footer"}

// region reads an <aside>, <nav> or <footer> as a block set apart, which a
// reader can skip as a whole: a note (role doc-footnote or doc-endnote,
// epub:type, or the class "footnote" docutils writes) under a level-1
// footnote marker whose reference is its id, anything else under a quote
// marker labelled "aside", "navigation" or "footer". Inside a table cell
// it is read as the cell's text.
func (w *htmlWalker) region(n *html.Node) {
	w.paragraphBreak()
	switch {
	case w.inCell > 0:
		w.children(n)
	case isEPUBNote(n) || hasWord(attr(n, "class"), "footnote"):
		w.wrap(n, doc.Marker{Kind: doc.Footnote, Level: 1, Reference: attr(n, "id")})
	default:
		w.wrap(n, doc.Marker{Kind: doc.Quote, Label: htmlRegions[n.Data]})
	}
	w.paragraphBreak()
}

// paragraphBreak separates blocks: a space inside a table cell, a line
// break inside a list, else a blank line.
func (w *htmlWalker) paragraphBreak() {
	switch {
	case w.inCell > 0:
		w.b.space()
	case len(w.lists) > 0:
		w.b.lineBreak()
	default:
		w.b.paragraphBreak()
	}
}

func (w *htmlWalker) lineBreak() {
	if w.inCell > 0 {
		w.b.space()
	} else {
		w.b.lineBreak()
	}
}

func (w *htmlWalker) children(n *html.Node) {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch ch.Type {
		case html.TextNode:
			w.b.inlineText(ch.Data)
		case html.ElementNode:
			w.element(ch)
		}
	}
}

func (w *htmlWalker) wrap(n *html.Node, m doc.Marker) {
	id := w.b.openMarker(m)
	w.children(n)
	w.b.closeMarker(id)
}

func isHidden(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "hidden" || a.Key == "aria-hidden" && strings.EqualFold(strings.TrimSpace(a.Val), "true") {
			return true
		}
	}
	return false
}

func (w *htmlWalker) element(n *html.Node) {
	if w.skipNotes && isEPUBNote(n) {
		// Before the skipped elements: a note is often an <aside>.
		if w.notes != nil && !isHidden(n) {
			w.notes.collect(n, w.chapter)
		}
		return
	}
	if htmlSkipped[n.Data] && !(w.regions && htmlRegions[n.Data] != "") || isHidden(n) {
		return
	}
	if w.depth >= maxHTMLDepth {
		w.flatten(n)
		return
	}
	if w.anchorKey != nil {
		if id := attr(n, "id"); id != "" {
			w.b.anchor(w.anchorKey(id))
		}
		if n.Data == "a" {
			if name := attr(n, "name"); name != "" {
				w.b.anchor(w.anchorKey(name))
			}
		}
	}
	w.depth++
	defer func() { w.depth-- }()
	switch name := n.Data; name {
	case "head", "title", "caption":
	case "math":
		w.math(n)
	case "h1", "h2", "h3", "h4", "h5", "h6":
		w.paragraphBreak()
		if w.inCell > 0 {
			w.children(n)
		} else {
			w.wrap(n, doc.Marker{Kind: doc.Heading, Level: int(name[1] - '0')})
		}
		w.paragraphBreak()
	case "p":
		w.paragraphBreak()
		if w.inCell > 0 || len(w.lists) > 0 {
			w.children(n)
		} else {
			w.wrap(n, doc.Marker{Kind: doc.Paragraph})
		}
		w.paragraphBreak()
	case "br":
		w.lineBreak()
	case "hr":
		w.paragraphBreak()
		if w.inCell == 0 {
			w.b.point(doc.Marker{Kind: doc.Rule})
		}
	case "ul", "ol", "menu":
		w.list(n, name == "ol")
	case "li":
		w.listItem(n)
	case "dl":
		w.paragraphBreak()
		w.children(n)
		w.paragraphBreak()
	case "dt", "dd":
		w.lineBreak()
		w.children(n)
		w.lineBreak()
	case "aside", "nav", "footer":
		w.region(n)
	case "blockquote":
		w.paragraphBreak()
		if w.inCell > 0 {
			w.children(n)
		} else {
			w.wrap(n, doc.Marker{Kind: doc.Quote})
		}
		w.paragraphBreak()
	case "pre":
		w.pre(n)
	case "code", "kbd", "samp", "tt":
		w.wrap(n, doc.Marker{Kind: doc.Code})
	case "a":
		if href, ok := attrOK(n, "href"); ok {
			id := w.b.openMarker(doc.Marker{Kind: doc.Link, Reference: href})
			key := ""
			if w.linkKey != nil {
				if key = w.linkKey(href); key != "" {
					w.b.linkTo(id, key)
				}
			}
			if w.notes != nil && key != "" && isNoteRef(n) {
				// A note reference: a footnote marker inside the link,
				// joined to the note's by its reference.
				if label := noteRefLabel(n); label != "" {
					fid := w.b.openMarker(doc.Marker{Kind: doc.Footnote, Reference: w.notes.refFor(key, label)})
					w.children(n)
					w.b.closeMarker(fid)
					w.b.closeMarker(id)
					break
				}
			}
			w.children(n)
			w.b.closeMarker(id)
		} else {
			w.children(n)
		}
	case "strong", "b":
		w.wrap(n, doc.Marker{Kind: doc.Bold})
	case "em", "i", "cite", "dfn":
		w.wrap(n, doc.Marker{Kind: doc.Italic})
	case "s", "strike", "del":
		w.wrap(n, doc.Marker{Kind: doc.Strikethrough})
	case "img":
		w.image(n)
	case "figcaption":
		w.paragraphBreak()
		w.children(n)
		w.paragraphBreak()
	case "table":
		w.table(n)
	default:
		if htmlBlocks[name] {
			w.paragraphBreak()
			w.children(n)
			w.paragraphBreak()
		} else {
			w.children(n)
		}
	}
}

// flatten reads content nested too deep as running text, without
// recursion, so no nesting depth can exhaust the stack.
func (w *htmlWalker) flatten(n *html.Node) {
	w.b.space()
	stack := []*html.Node{n}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch cur.Type {
		case html.TextNode:
			w.b.inlineText(cur.Data)
		case html.ElementNode:
			if htmlSkipped[cur.Data] || isHidden(cur) {
				continue
			}
			w.b.space()
			for ch := cur.LastChild; ch != nil; ch = ch.PrevSibling {
				stack = append(stack, ch)
			}
		}
	}
	w.b.space()
}

func (w *htmlWalker) list(n *html.Node, ordered bool) {
	if len(w.lists) == 0 {
		w.paragraphBreak()
	} else {
		w.lineBreak()
	}
	start := 1
	if v, err := strconv.Atoi(strings.TrimSpace(attr(n, "start"))); err == nil {
		start = v
	}
	w.lists = append(w.lists, htmlList{ordered: ordered, next: start})
	if w.inCell > 0 {
		w.children(n)
	} else {
		w.wrap(n, doc.Marker{Kind: doc.List, Level: len(w.lists)})
	}
	w.lists = w.lists[:len(w.lists)-1]
	w.paragraphBreak()
}

func (w *htmlWalker) listItem(n *html.Node) {
	w.lineBreak()
	m := doc.Marker{Kind: doc.ListItem, Level: max(len(w.lists), 1)}
	if len(w.lists) > 0 && w.lists[len(w.lists)-1].ordered {
		l := &w.lists[len(w.lists)-1]
		if v, err := strconv.Atoi(strings.TrimSpace(attr(n, "value"))); err == nil {
			l.next = v
		}
		m.Label = strconv.Itoa(l.next) + "."
		l.next++
	}
	if w.inCell > 0 {
		w.children(n)
	} else {
		w.wrap(n, m)
	}
	w.lineBreak()
}

func (w *htmlWalker) pre(n *html.Node) {
	w.paragraphBreak()
	text := textContent(n)
	if w.inCell > 0 {
		w.b.inlineText(text)
	} else {
		lang := codeLanguage(n)
		if lang == "" {
			for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
				if ch.Type == html.ElementNode && ch.Data == "code" {
					if lang = codeLanguage(ch); lang != "" {
						break
					}
				}
			}
		}
		id := w.b.openMarker(doc.Marker{Kind: doc.Code, Level: 1, Label: lang})
		w.b.verbatim(text)
		w.b.closeMarker(id)
	}
	w.paragraphBreak()
}

// codeLanguage reads a "language-X" or "lang-X" class.
func codeLanguage(n *html.Node) string {
	for _, c := range strings.Fields(attr(n, "class")) {
		if l, ok := strings.CutPrefix(c, "language-"); ok && l != "" {
			return l
		}
		if l, ok := strings.CutPrefix(c, "lang-"); ok && l != "" {
			return l
		}
	}
	return ""
}

func (w *htmlWalker) image(n *html.Node) {
	role := strings.ToLower(strings.TrimSpace(attr(n, "role")))
	if role == "presentation" || role == "none" {
		return
	}
	alt := ""
	for _, key := range []string{"alt", "title", "aria-label"} {
		if alt = collapseSpace(attr(n, key)); alt != "" {
			break
		}
	}
	if alt == "" {
		// Decorative: nothing to read.
		return
	}
	m := doc.Marker{Kind: doc.Image}
	if src, ok := attrOK(n, "src"); ok {
		m.Reference = src
	}
	id := w.b.openMarker(m)
	w.b.inlineText(alt)
	if desc := strings.TrimSpace(attr(n, "longdesc")); desc != "" {
		w.b.inlineText(" (long description: " + desc + ")")
	}
	w.b.closeMarker(id)
}

func (w *htmlWalker) table(n *html.Node) {
	if w.inCell > 0 {
		// A table inside a cell reads as running text in that cell.
		w.inCell++
		w.children(n)
		w.inCell--
		return
	}
	caption := ""
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && ch.Data == "caption" {
			caption = collapseSpace(textContent(ch))
			break
		}
	}
	w.b.paragraphBreak()
	if caption != "" {
		w.b.inlineText(caption)
		w.b.paragraphBreak()
	}
	table := w.b.openMarker(doc.Marker{Kind: doc.Table, Label: caption})
	for _, row := range tableRows(n) {
		var cells []*html.Node
		allTH := true
		for ch := row.node.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type == html.ElementNode && (ch.Data == "td" || ch.Data == "th") {
				cells = append(cells, ch)
				allTH = allTH && ch.Data == "th"
			}
		}
		if len(cells) == 0 {
			continue
		}
		w.b.tableRow(row.inHead || allTH, len(cells), func(i int) {
			w.inCell++
			w.children(cells[i])
			w.inCell--
		})
	}
	w.b.closeMarker(table)
	w.b.paragraphBreak()
}

type tableRow struct {
	node   *html.Node
	inHead bool
}

// tableRows lists a table's rows in document order.
func tableRows(table *html.Node) []tableRow {
	var out []tableRow
	for ch := table.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type != html.ElementNode {
			continue
		}
		switch ch.Data {
		case "tr":
			out = append(out, tableRow{node: ch})
		case "thead", "tbody", "tfoot":
			for r := ch.FirstChild; r != nil; r = r.NextSibling {
				if r.Type == html.ElementNode && r.Data == "tr" {
					out = append(out, tableRow{node: r, inHead: ch.Data == "thead"})
				}
			}
		}
	}
	return out
}

func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
		if a.Namespace != "" && a.Namespace+":"+a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// textContent is all the text inside n.
func textContent(n *html.Node) string {
	var sb strings.Builder
	stack := []*html.Node{n}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur.Type == html.TextNode {
			sb.WriteString(cur.Data)
			continue
		}
		for ch := cur.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
	}
	return sb.String()
}

func firstElement(n *html.Node, name string) *html.Node {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && ch.Data == name {
			return ch
		}
	}
	return nil
}

// forEachElement calls f for every element below n, in document order.
func forEachElement(n *html.Node, f func(*html.Node)) {
	stack := []*html.Node{n}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur != n && cur.Type == html.ElementNode {
			f(cur)
		}
		for ch := cur.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
	}
}
