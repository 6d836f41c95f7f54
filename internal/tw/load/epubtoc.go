package load

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"textfirst/internal/tw/doc"
)

// tocWindow is how far past an entry's target (in code points) its heading
// may start: the chapter's first words may be a number or a running title
// before the heading.
const tocWindow = 200

// findTOCTargets gives each table of contents entry whose file is not in
// the spine the first spine file with its path as a suffix: some books
// write their NCX's and navigation document's targets relative to the
// wrong folder.
func findTOCTargets(toc []tocEntry, spine []string, inSpine map[string]bool) {
	for i, e := range toc {
		file, frag, hasFrag := strings.Cut(e.key, "#")
		if file == "" || inSpine[file] {
			continue
		}
		for _, p := range spine {
			if strings.HasSuffix(p, "/"+file) {
				toc[i].key = p
				if hasFrag {
					toc[i].key += "#" + frag
				}
				break
			}
		}
	}
}

// prepareChapter adjusts a parsed chapter before it is read, so that only
// the book's own sections fill its outline: an element with the ARIA role
// "navigation" (a bar of previous/next links) is read as <nav> is in a
// book, and a contents page (one linking to at least half of the table of
// contents' targets, and to three or more) has its headings read as
// paragraphs, since they repeat the headings of the chapters.
func prepareChapter(root *html.Node, chapter string, tocKeys map[string]bool) {
	linked := map[string]bool{}
	forEachElement(root, func(n *html.Node) {
		if hasWord(attr(n, "role"), "navigation") {
			n.Data, n.DataAtom = "nav", atom.Nav
		}
		if n.Data == "a" {
			if key := epubLinkKey(chapter, attr(n, "href")); tocKeys[key] {
				linked[key] = true
			}
		}
	})
	if len(linked) < 3 || 2*len(linked) < len(tocKeys) {
		return
	}
	forEachElement(root, func(n *html.Node) {
		if isHeadingElement(n) {
			n.Data, n.DataAtom = "p", atom.P
		}
	})
}

// isHeadingElement reports whether n is an h1–h6 element.
func isHeadingElement(n *html.Node) bool {
	return n.Type == html.ElementNode && len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6'
}

// tocHeadings makes each table of contents entry a heading at its place,
// at the entry's depth: a heading that starts within tocWindow of the
// entry's target (and before the next entry's) and whose words match the
// label takes the entry's level; else the first line there whose words
// match the label becomes a heading (its paragraph marker, when the
// paragraph is that line, turns into the heading). An entry whose place
// has no such text adds nothing. text is the book's text without the
// gathered notes.
func tocHeadings(text string, markers []doc.Marker, toc []tocEntry, anchors map[string]int) []doc.Marker {
	runes := []rune(text)
	headings := map[int]int{} // start → index in markers
	paragraphs := map[[2]int]int{}
	for i, m := range markers {
		switch m.Kind {
		case doc.Heading:
			if _, ok := headings[m.Start]; !ok {
				headings[m.Start] = i
			}
		case doc.Paragraph:
			paragraphs[[2]int{m.Start, m.End}] = i
		}
	}
	claimed := map[int]bool{}
	for i, e := range toc {
		pos, ok := anchors[e.key]
		if !ok || e.label == "" || pos >= len(runes) {
			continue
		}
		end := min(pos+tocWindow, len(runes))
		for _, next := range toc[i+1:] {
			if p, ok := anchors[next.key]; ok && p > pos {
				end = min(end, p)
				break
			}
		}
		if idx, ok := tocHeadingAt(runes, markers, headings, pos, end, e.label); ok {
			if !claimed[markers[idx].Start] {
				claimed[markers[idx].Start] = true
				markers[idx].Level = e.level
			}
			continue
		}
		start, stop, ok := tocLineAt(runes, pos, end, e.label)
		if !ok || claimed[start] {
			continue
		}
		claimed[start] = true
		h := doc.Marker{Kind: doc.Heading, Start: start, End: stop, Level: e.level}
		idx, ok := paragraphs[[2]int{start, stop}]
		if ok {
			markers[idx] = h
		} else {
			idx = len(markers)
			markers = append(markers, h)
		}
		headings[start] = idx
	}
	return markers
}

// tocHeadingAt finds the first heading starting in [pos, end) whose words
// match label.
func tocHeadingAt(runes []rune, markers []doc.Marker, headings map[int]int, pos, end int, label string) (int, bool) {
	for p := pos; p < end; p++ {
		if idx, ok := headings[p]; ok && markers[idx].Kind == doc.Heading && labelMatches(string(runes[p:min(markers[idx].End, len(runes))]), label) {
			return idx, true
		}
	}
	return 0, false
}

// tocLineAt finds the first line starting in [pos, end) whose words match
// label, without its surrounding spaces.
func tocLineAt(runes []rune, pos, end int, label string) (int, int, bool) {
	for start := pos; start < end; {
		stop := start
		for stop < len(runes) && runes[stop] != '\n' {
			stop++
		}
		s, e := start, stop
		for s < e && unicode.IsSpace(runes[s]) {
			s++
		}
		for e > s && unicode.IsSpace(runes[e-1]) {
			e--
		}
		if e > s && labelMatches(string(runes[s:e]), label) {
			return s, e, true
		}
		start = stop + 1
	}
	return 0, 0, false
}

// labelMatches reports whether a text is the one a table of contents label
// names: the words of the shorter are found in order among the longer's,
// which has at most twice as many and three more ("1. About" for "About";
// "5.1.1 The lb config command" for "5.1.1 The command", a label that lost
// its markup).
func labelMatches(text, label string) bool {
	a, b := labelWords(text), labelWords(label)
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 || len(b) > 2*len(a)+3 {
		return false
	}
	j := 0
	for _, w := range b {
		if j < len(a) && w == a[j] {
			j++
		}
	}
	return j == len(a)
}

// labelWords are the lowercased runs of letters and digits of s.
func labelWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
