package load

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"textfirst/internal/tw/doc"
)

// formatEPUB is the format name of EPUB books.
const formatEPUB = "epub"

// maxEPUBChapters bounds the spine: a book of more is refused rather
// than read for minutes.
const maxEPUBChapters = 50000

// fontObfuscation lists the EPUB "encryption" algorithms that only hide
// embedded fonts; any other means the book is DRM-protected.
var fontObfuscation = map[string]bool{
	"http://www.idpf.org/2008/embedding": true,
	"http://ns.adobe.com/pdf/enc#RC":     true,
}

// tocEntry is an entry of the book's own table of contents.
type tocEntry struct {
	label string
	key   string // archive path, plus "#id" when it points inside a file
	level int
}

// loadEPUB loads an EPUB 2 or 3 book: the chapters of the spine in order
// (linear="no" items left out), each read as HTML; footnotes and endnotes
// (epub:type) are gathered after the book (see epubnotes.go); the navigation document (else the NCX) gives
// section_break markers, labelled with the entry's text, leveled by
// depth, from the entry's target to the next entry of the same or a
// higher level. A chapter with no heading of its own gets its table of
// contents label as a level-1 heading. Title, authors (joined with ", ")
// and language come from the package metadata. Links between places in the
// book are recorded in Document.Links. A DRM-encrypted book is refused.
func loadEPUB(docPath string, data []byte) (*doc.Document, error) {
	z, err := openZip(data)
	if err != nil {
		return nil, err
	}
	if err := epubCheckEncryption(z); err != nil {
		return nil, err
	}
	_, croot, err := z.readXML("META-INF/container.xml")
	if err != nil {
		return nil, err
	}
	opfPath := ""
	croot.findAll("rootfile", func(n *xnode) {
		mt := n.attr("media-type")
		if opfPath == "" && (mt == "" || mt == "application/oebps-package+xml") {
			opfPath = n.attr("full-path")
		}
	})
	if opfPath == "" {
		return nil, &Error{Reason: reasonCorrupt + " (no package document in META-INF/container.xml)"}
	}
	_, opf, err := z.readXML(opfPath)
	if err != nil {
		return nil, err
	}

	meta := doc.Meta{Format: formatEPUB, Path: docPath}
	var creators []string
	var title string
	if md := opf.child("metadata"); md != nil {
		md.findAll("title", func(n *xnode) {
			if title == "" {
				title = collapseSpace(n.textOf())
			}
		})
		md.findAll("creator", func(n *xnode) {
			if c := collapseSpace(n.textOf()); c != "" {
				creators = append(creators, c)
			}
		})
		md.findAll("language", func(n *xnode) {
			if meta.Language == nil {
				meta.Language = strPtr(collapseSpace(n.textOf()))
			}
		})
	}
	if len(creators) > 0 {
		meta.Author = strPtr(strings.Join(creators, ", "))
	}

	type item struct{ href, mediaType, props string }
	manifest := map[string]item{}
	navPath := ""
	if mf := opf.child("manifest"); mf != nil {
		mf.findAll("item", func(n *xnode) {
			it := item{href: resolvePath(opfPath, n.attr("href")), mediaType: n.attr("media-type"), props: n.attr("properties")}
			manifest[n.attr("id")] = it
			if navPath == "" && hasWord(it.props, "nav") {
				navPath = it.href
			}
		})
	}
	// A chapter listed in the spine more than once is read once, where it
	// is first listed.
	var spine []string
	inSpine := map[string]bool{}
	ncxPath := ""
	if sp := opf.child("spine"); sp != nil {
		if it, ok := manifest[sp.attr("toc")]; ok {
			ncxPath = it.href
		}
		sp.findAll("itemref", func(n *xnode) {
			if n.attr("linear") == "no" {
				return
			}
			it, ok := manifest[n.attr("idref")]
			if !ok {
				return
			}
			switch it.mediaType {
			case "application/xhtml+xml", "text/html", "application/html", "":
				if !inSpine[it.href] {
					inSpine[it.href] = true
					spine = append(spine, it.href)
				}
			}
		})
	}
	if ncxPath == "" {
		for _, it := range manifest {
			if it.mediaType == "application/x-dtbncx+xml" {
				ncxPath = it.href
			}
		}
	}
	if len(spine) > maxEPUBChapters {
		return nil, &Error{Reason: "refused: too many chapters (over 50000)"}
	}

	var toc, pageList []tocEntry
	if navPath != "" {
		toc, pageList = epubNav(z, navPath)
	}
	if (len(toc) == 0 || len(pageList) == 0) && ncxPath != "" {
		ncxTOC, ncxPages := epubNCX(z, ncxPath)
		if len(toc) == 0 {
			toc = ncxTOC
		}
		if len(pageList) == 0 {
			pageList = ncxPages
		}
	}
	findTOCTargets(toc, spine, inSpine)
	findTOCTargets(pageList, spine, inSpine)
	tocKeys := map[string]bool{}
	chapterLabel := map[string]string{}
	for _, e := range toc {
		tocKeys[e.key] = true
		if !strings.Contains(e.key, "#") {
			if _, ok := chapterLabel[e.key]; !ok {
				chapterLabel[e.key] = e.label
			}
		}
	}

	size := 0
	for _, p := range spine {
		if f := z.file(p); f != nil {
			size += int(min(f.UncompressedSize64, 1<<30))
		}
	}
	b := newBuilder(min(size/2, 64<<20)).limitTo(len(data))
	w := &htmlWalker{b: b, skipNotes: true, notes: &epubNotes{}}
	for _, chapter := range spine {
		src, err := z.read(chapter, true)
		if err != nil {
			return nil, err
		}
		if src == nil {
			continue
		}
		page := htmlSource(src)
		root, err := html.Parse(bytes.NewReader(page))
		if err != nil {
			// Nested too deep for the parser: read as flat text.
			b.paragraphBreak()
			b.anchor(chapter)
			var flat rawHTML
			flat.feed(b, page)
			b.paragraphBreak()
			continue
		}
		chapter := chapter
		w.chapter = chapter
		w.anchorKey = func(id string) string { return chapter + "#" + id }
		w.linkKey = func(href string) string { return epubLinkKey(chapter, href) }
		b.paragraphBreak()
		b.anchor(chapter)
		prepareChapter(root, chapter, tocKeys)
		if label := chapterLabel[chapter]; label != "" && !hasHeading(root) {
			b.heading(1, label)
		}
		walkHTMLBody(w, root)
		b.paragraphBreak()
	}
	// The book's table of contents ends where the gathered notes start.
	bookEnd := b.text.Len()
	w.notes.write(w)
	text, markers := b.finish()
	markers = tocHeadings(text[:min(bookEnd, len(text))], markers, toc, b.anchors)
	sections := tocSections(text[:min(bookEnd, len(text))], toc, b.anchors)
	if len(sections) > 0 {
		markers = append(sections, markers...)
	}
	markers = append(markers, epubPageMarkers(pageList, b.anchors, utf8.RuneCountInString(text[:min(bookEnd, len(text))]))...)
	meta.Title = title
	return b.documentOf(text, markers, meta, docPath), nil
}

// walkHTMLBody walks what a parsed page shows: everything in <html> but
// its <head>.
func walkHTMLBody(w *htmlWalker, root *html.Node) {
	top := firstElement(root, "html")
	if top == nil {
		return
	}
	for ch := top.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && ch.Data != "head" {
			w.element(ch)
		}
	}
}

// hasHeading reports whether a page has an h1–h6 element.
func hasHeading(root *html.Node) bool {
	found := false
	forEachElement(root, func(n *html.Node) {
		found = found || isHeadingElement(n)
	})
	return found
}

// isEPUBNote reports whether an element is a footnote, endnote or notes
// section by its epub:type (or ARIA role).
func isEPUBNote(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "epub:type" || a.Key == "type" && a.Namespace == "epub" || a.Key == "role" {
			for _, t := range strings.Fields(a.Val) {
				switch strings.TrimPrefix(t, "doc-") {
				case "footnote", "footnotes", "endnote", "endnotes", "rearnote", "rearnotes", "note":
					return true
				}
			}
		}
	}
	return false
}

// epubLinkKey is the anchor an href in chapter leads to, or "" for a link
// out of the book.
func epubLinkKey(chapter, href string) string {
	if href == "" || hasScheme(href) {
		return ""
	}
	file, frag, _ := strings.Cut(href, "#")
	target := chapter
	if file != "" {
		target = resolvePath(chapter, file)
	}
	if frag != "" {
		return target + "#" + urlUnescape(frag)
	}
	return target
}

// hasScheme reports whether a reference starts with a URL scheme.
func hasScheme(ref string) bool {
	for i, c := range ref {
		switch {
		case c == ':':
			return i > 0
		case c == '/' || c == '#' || c == '?':
			return false
		case !(unicode.IsLetter(c) || c == '+' || c == '-' || c == '.' || i > 0 && unicode.IsDigit(c)):
			return false
		}
	}
	return false
}

func hasWord(s, word string) bool {
	for _, f := range strings.Fields(s) {
		if f == word {
			return true
		}
	}
	return false
}

// epubCheckEncryption refuses a book whose encryption.xml encrypts more
// than fonts.
func epubCheckEncryption(z *zipDoc) error {
	data, err := z.read("META-INF/encryption.xml", true)
	if err != nil || data == nil {
		return err
	}
	root, err := parseXML(data)
	if err != nil {
		return &Error{Reason: reasonEncrypted}
	}
	var refuse bool
	root.findAll("EncryptedData", func(n *xnode) {
		alg := ""
		if m := n.find("EncryptionMethod"); m != nil {
			alg = m.attr("Algorithm")
		}
		uri := ""
		if c := n.find("CipherReference"); c != nil {
			uri = strings.ToLower(c.attr("URI"))
		}
		isFont := false
		for _, ext := range []string{".ttf", ".otf", ".woff", ".woff2", ".odttf"} {
			if strings.HasSuffix(uri, ext) {
				isFont = true
			}
		}
		if !fontObfuscation[alg] || !isFont {
			refuse = true
		}
	})
	if refuse {
		return &Error{Reason: reasonEncrypted}
	}
	return nil
}

// epubNav reads the EPUB 3 navigation document's table of contents (its
// nav of epub:type "toc", else its first nav) and its page list (the nav
// of epub:type "page-list"; each entry a page's label and target).
func epubNav(z *zipDoc, navPath string) (toc, pageList []tocEntry) {
	data, err := z.read(navPath, true)
	if err != nil || data == nil {
		return nil, nil
	}
	root, err := html.Parse(bytes.NewReader(htmlSource(data)))
	if err != nil {
		return nil, nil
	}
	var nav, pages *html.Node
	forEachElement(root, func(n *html.Node) {
		if n.Data != "nav" {
			return
		}
		if nav == nil && (hasWord(attr(n, "epub:type"), "toc") || hasWord(attr(n, "role"), "doc-toc")) {
			nav = n
		}
		if pages == nil && (hasWord(attr(n, "epub:type"), "page-list") || hasWord(attr(n, "role"), "doc-pagelist")) {
			pages = n
		}
	})
	if nav == nil {
		nav = firstElement(root, "nav")
	}
	if nav == pages {
		nav = nil
	}
	return navEntries(nav, navPath), navEntries(pages, navPath)
}

// navEntries lists the links of a navigation document's nav, depth first,
// each at the depth of its list.
func navEntries(nav *html.Node, navPath string) []tocEntry {
	if nav == nil {
		return nil
	}
	var out []tocEntry
	var walkList func(ol *html.Node, level int)
	walkList = func(ol *html.Node, level int) {
		if level > 64 {
			return
		}
		for li := ol.FirstChild; li != nil; li = li.NextSibling {
			if li.Type != html.ElementNode || li.Data != "li" {
				continue
			}
			for ch := li.FirstChild; ch != nil; ch = ch.NextSibling {
				if ch.Type != html.ElementNode {
					continue
				}
				switch ch.Data {
				case "a":
					if href := attr(ch, "href"); href != "" && !hasScheme(href) {
						out = append(out, tocEntry{label: collapseSpace(textContent(ch)), key: epubLinkKey(navPath, href), level: level})
					}
				case "ol", "ul":
					walkList(ch, level+1)
				}
			}
		}
	}
	for ch := nav.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && (ch.Data == "ol" || ch.Data == "ul") {
			walkList(ch, 1)
		}
	}
	return out
}

// epubNCX reads the EPUB 2 NCX navigation map, and its page list (each
// pageTarget a page's label and target).
func epubNCX(z *zipDoc, ncxPath string) (toc, pageList []tocEntry) {
	root := z.optionalXML(ncxPath)
	if root == nil {
		return nil, nil
	}
	var out []tocEntry
	var walk func(n *xnode, level int)
	walk = func(n *xnode, level int) {
		n.elements(func(p *xnode) {
			if p.name != "navPoint" {
				return
			}
			label := ""
			if l := p.child("navLabel"); l != nil {
				label = collapseSpace(l.textOf())
			}
			if c := p.child("content"); c != nil {
				if src := c.attr("src"); src != "" {
					out = append(out, tocEntry{label: label, key: epubLinkKey(ncxPath, src), level: level})
				}
			}
			walk(p, level+1)
		})
	}
	if nm := root.child("navMap"); nm != nil {
		walk(nm, 1)
	}
	return out, ncxPageList(root, ncxPath)
}

// tocSections turns table of contents entries into section_break markers:
// each from its target to the end of the text before the next entry of
// the same or a higher level (or the end of the text).
func tocSections(text string, toc []tocEntry, anchors map[string]int) []doc.Marker {
	type placed struct {
		e     tocEntry
		start int
	}
	var ps []placed
	for _, e := range toc {
		if pos, ok := anchors[e.key]; ok && e.label != "" {
			ps = append(ps, placed{e, pos})
		}
	}
	if len(ps) == 0 {
		return nil
	}
	runes := []rune(text)
	out := make([]doc.Marker, 0, len(ps))
	for i, p := range ps {
		end := len(runes)
		for _, q := range ps[i+1:] {
			if q.e.level <= p.e.level && q.start > p.start {
				end = q.start
				break
			}
		}
		for end > p.start && unicode.IsSpace(runes[end-1]) {
			end--
		}
		if p.start >= len(runes) {
			continue
		}
		out = append(out, doc.Marker{Kind: doc.SectionBreak, Start: p.start, End: end, Level: p.e.level, Label: p.e.label})
	}
	return out
}
