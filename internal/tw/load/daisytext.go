package load

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"textfirst/internal/tw/doc"
)

// The text of a DAISY book (XHTML in 2.02, DTBook XML in 3) is read by the
// HTML walker's rules after its DAISY elements are renamed to the HTML they
// mean. Print page numbers are not read: each starts a page_break marker
// labelled with the number and spanning the page's text, as a PDF page's
// does. Notes are footnote markers (level 1, their id as Reference) that a
// note reference links to; sidebars and producer's notes are quote markers
// labelled "sidebar" and "prodnote", skipped as a whole like any quote.

// Labels of the quote markers of a DAISY book's set-apart blocks.
const (
	labelSidebar  = "sidebar"
	labelProdnote = "prodnote"
)

// navEntry is an entry of a book's navigation: a heading (level 1–6) or a
// page (level 0), its label, and the place it leads to (a SMIL phrase,
// "smil#index", and the text place that phrase shows).
type navEntry struct {
	level int
	label string
	page  bool
	href  string
	from  string
}

// daisyText builds the text of a book from its content files.
type daisyText struct {
	b *builder
	w *htmlWalker
	// pages and regions are the anchors of page numbers and set-apart
	// blocks, with their labels, in document order.
	pages   []daisyPlace
	regions []daisyPlace
	ids     int
}

type daisyPlace struct{ key, label string }

func newDaisyText(sizeHint int) *daisyText {
	b := newBuilder(sizeHint)
	return &daisyText{b: b, w: &htmlWalker{b: b, regions: true}}
}

// content reads one content file; dtbook says it is DTBook XML.
func (t *daisyText) content(file string, data []byte, dtbook bool) {
	src := decode(data)
	t.b.paragraphBreak()
	t.b.anchor(file)
	root, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		// Nested too deep for the parser: read as flat text.
		var flat rawHTML
		flat.feed(t.b, src)
		t.b.paragraphBreak()
		return
	}
	t.rewrite(file, root, dtbook, 0, 0)
	t.w.anchorKey = func(id string) string { return file + "#" + id }
	t.w.linkKey = func(href string) string { return epubLinkKey(file, href) }
	walkHTMLBody(t.w, root)
	t.b.paragraphBreak()
}

// dtbookAs names the HTML element each DTBook element reads as.
var dtbookAs = map[string]string{
	"dtbook": "div", "book": "div", "frontmatter": "div", "bodymatter": "div", "rearmatter": "div",
	"level": "div", "level1": "div", "level2": "div", "level3": "div", "level4": "div", "level5": "div",
	"level6": "div", "linegroup": "div", "poem": "div", "line": "div", "epigraph": "div",
	"byline": "p", "dateline": "p", "doctitle": "p", "docauthor": "p", "covertitle": "p",
	"bridgehead": "p", "author": "p", "caption": "p", "imggroup": "figure", "lic": "span",
	"sent": "span", "w": "span", "linenum": "span", "annoref": "a", "noteref": "a",
	"note": "aside", "annotation": "aside",
}

// rewrite renames the DAISY elements under n to the HTML they read as,
// and replaces page numbers with empty anchors. level is the depth of the
// DTBook level elements around n.
func (t *daisyText) rewrite(file string, n *html.Node, dtbook bool, level, depth int) {
	if depth > maxHTMLDepth {
		return
	}
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type != html.ElementNode {
			c = next
			continue
		}
		class := attr(c, "class")
		name := c.Data
		lvl := level
		switch {
		case name == "pagenum" || hasWord(class, "page-normal") || hasWord(class, "page-front") || hasWord(class, "page-special"):
			t.page(file, c)
			c = next
			continue
		case name == "sidebar" || hasWord(class, "sidebar"):
			t.region(file, c, labelSidebar)
		case name == "prodnote" || hasWord(class, "optional-prodnote") || hasWord(class, "prodnote"):
			t.region(file, c, labelProdnote)
		case name == "div" && (hasWord(class, "footnote") || hasWord(class, "note")) || dtbook && (name == "note" || name == "annotation"):
			c.Data = "aside"
			setAttr(c, "role", "doc-footnote")
		case dtbook && (name == "noteref" || name == "annoref"):
			c.Data = "a"
			setAttr(c, "href", "#"+strings.TrimPrefix(attr(c, "idref"), "#"))
		case dtbook && name == "hd":
			c.Data = "h" + strconv.Itoa(min(max(level, 1), 6))
		case dtbook && name == "list":
			c.Data = "ul"
			if attr(c, "type") == "ol" {
				c.Data = "ol"
			}
		case dtbook && dtbookAs[name] != "":
			c.Data = dtbookAs[name]
			if name == "level" {
				lvl++
			} else if len(name) == 6 && strings.HasPrefix(name, "level") {
				lvl = int(name[5] - '0')
			}
		}
		c.DataAtom = 0
		t.rewrite(file, c, dtbook, lvl, depth+1)
		c = next
	}
}

// page replaces a page number with an empty element at its place, whose
// anchor starts the page.
func (t *daisyText) page(file string, n *html.Node) {
	id := t.idOf(n)
	t.pages = append(t.pages, daisyPlace{key: file + "#" + id, label: collapseSpace(textContent(n))})
	anchor := &html.Node{Type: html.ElementNode, Data: "span", Attr: []html.Attribute{{Key: "id", Val: id}}}
	n.Parent.InsertBefore(anchor, n)
	n.Parent.RemoveChild(n)
}

// region reads a sidebar or producer's note as a block set apart.
func (t *daisyText) region(file string, n *html.Node, label string) {
	n.Data = "aside"
	t.regions = append(t.regions, daisyPlace{key: file + "#" + t.idOf(n), label: label})
}

// idOf is the id of n, given one when it has none.
func (t *daisyText) idOf(n *html.Node) string {
	if id := attr(n, "id"); id != "" {
		return id
	}
	t.ids++
	id := "textweaver-daisy-" + strconv.Itoa(t.ids)
	setAttr(n, "id", id)
	return id
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Key == key && n.Attr[i].Namespace == "" {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

// finish ends the text and adds the book's structure to its markers:
// the set-apart blocks labelled, the pages, and the headings of the
// navigation (heads) at the levels it gives them.
func (t *daisyText) finish(heads []navEntry, place func(string) (int, bool)) (string, []doc.Marker) {
	text, markers := t.b.finish()
	textLen := t.b.runes
	regionAt := map[int]string{}
	for _, r := range t.regions {
		if at, ok := t.b.anchors[r.key]; ok {
			regionAt[at] = r.label
		}
	}
	headingAt := map[int]int{}
	for i, m := range markers {
		switch m.Kind {
		case doc.Quote:
			if label, ok := regionAt[m.Start]; ok && m.Label == "aside" {
				markers[i].Label = label
			}
		case doc.Heading:
			if _, dup := headingAt[m.Start]; !dup {
				headingAt[m.Start] = i
			}
		}
	}
	// Entries whose place holds no heading make one of the line there.
	added := map[int]int{}
	for _, h := range heads {
		at, ok := place(h.href)
		if !ok || at >= textLen {
			continue
		}
		if i, found := headingAt[at]; found {
			markers[i].Level = h.level
		} else if _, dup := added[at]; !dup {
			added[at] = h.level
		}
	}
	ats := make([]int, 0, len(added))
	for at := range added {
		ats = append(ats, at)
	}
	sort.Ints(ats)
	for i, end := range lineEnds(text, ats) {
		markers = append(markers, doc.Marker{Kind: doc.Heading, Start: ats[i], End: end, Level: added[ats[i]]})
	}
	var starts []daisyPage
	for _, p := range t.pages {
		if at, ok := t.b.anchors[p.key]; ok {
			starts = append(starts, daisyPage{at, p.label})
		}
	}
	return text, append(markers, pageMarkers(starts, textLen)...)
}

// daisyPage is where a page starts and its printed number.
type daisyPage struct {
	at    int
	label string
}

// pageMarkers makes page_break markers from the pages' starts: each spans
// its page, to the next page's start (the last to the end of the text).
// A page that starts before the one ahead of it is left out.
func pageMarkers(starts []daisyPage, textLen int) []doc.Marker {
	var kept []daisyPage
	for _, p := range starts {
		if len(kept) > 0 && p.at < kept[len(kept)-1].at {
			continue
		}
		kept = append(kept, p)
	}
	out := make([]doc.Marker, 0, len(kept))
	for i, p := range kept {
		end := textLen
		if i+1 < len(kept) {
			end = kept[i+1].at
		}
		out = append(out, doc.Marker{Kind: doc.PageBreak, Start: p.at, End: end, Label: p.label})
	}
	return out
}

// lineEnds gives each offset of ats (ascending) the end of its line in
// text, in code points: one pass over the text.
func lineEnds(text string, ats []int) []int {
	ends := make([]int, len(ats))
	k, pos := 0, 0
	for _, r := range text {
		for k < len(ats) && ats[k] <= pos && r == '\n' {
			ends[k] = pos
			k++
		}
		pos++
	}
	for ; k < len(ats); k++ {
		ends[k] = pos
	}
	return ends
}
