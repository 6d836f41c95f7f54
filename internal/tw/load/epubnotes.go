package load

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// The original textweaver skips an EPUB's footnotes and endnotes: the
// reference stays a link ("Friday.1") that leads nowhere. Here the notes
// are gathered after the book, as the Markdown and DOCX loaders gather
// theirs: a level-2 "Footnotes" heading, then each note as a level-1
// footnote marker over "[label] text" holding a footnote marker over
// "[label]". A reference (epub:type="noteref" or role="doc-noteref")
// keeps its link marker and gets a footnote marker inside it with the
// same reference, and its link leads to the note; follow_link on the
// note's label goes back. The book's own text and markers are unchanged.

// epubNote is a note found in a chapter.
type epubNote struct {
	key     string // the anchor of its id ("chapter#id")
	chapter string
	node    *html.Node
}

// epubNotes collects the notes of a book and the labels of their
// references.
type epubNotes struct {
	notes  []epubNote
	seen   map[*html.Node]bool
	labels map[string]string // note key → the text of its first reference
	refs   map[string]string // note key → the Reference of its footnote markers
	used   map[string]bool   // References given
}

// refFor is the Reference of the footnote markers of the note key, given
// on first use: the label, made unique (a book may number its notes again
// in each chapter) by a "#2", "#3"...
func (ns *epubNotes) refFor(key, label string) string {
	if ref, ok := ns.refs[key]; ok {
		return ref
	}
	if ns.refs == nil {
		ns.refs, ns.used, ns.labels = map[string]string{}, map[string]bool{}, map[string]string{}
	}
	ref := label
	for k := 2; ns.used[ref]; k++ {
		ref = label + "#" + strconv.Itoa(k)
	}
	ns.used[ref] = true
	ns.refs[key] = ref
	ns.labels[key] = label
	return ref
}

// epubNoteKinds are the epub:type values (and ARIA roles without "doc-")
// of one note; isEPUBNote also takes the sections that hold them.
var epubNoteKinds = map[string]bool{"footnote": true, "endnote": true, "rearnote": true, "note": true}

func epubTypes(n *html.Node) []string {
	var out []string
	for _, a := range n.Attr {
		if a.Key == "epub:type" || a.Key == "type" && a.Namespace == "epub" || a.Key == "role" {
			for _, t := range strings.Fields(a.Val) {
				out = append(out, strings.TrimPrefix(t, "doc-"))
			}
		}
	}
	return out
}

func hasEPUBType(n *html.Node, kinds map[string]bool) bool {
	for _, t := range epubTypes(n) {
		if kinds[t] {
			return true
		}
	}
	return false
}

// collect records the notes in a note element: the element itself when it
// is one note with an id, else the notes inside it (a notes section, a
// list of endnotes whose items have ids).
func (ns *epubNotes) collect(n *html.Node, chapter string) {
	if ns.seen == nil {
		ns.seen = map[*html.Node]bool{}
	}
	var walk func(n *html.Node, inSection bool)
	walk = func(n *html.Node, inSection bool) {
		if n.Type != html.ElementNode || ns.seen[n] {
			return
		}
		id := attr(n, "id")
		if id != "" && (hasEPUBType(n, epubNoteKinds) || inSection && n.Data == "li") {
			ns.seen[n] = true
			ns.notes = append(ns.notes, epubNote{key: chapter + "#" + id, chapter: chapter, node: n})
			return
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch, true)
		}
	}
	walk(n, false)
}

// isNoteRef reports whether a link is a note reference.
func isNoteRef(n *html.Node) bool {
	for _, t := range epubTypes(n) {
		if t == "noteref" {
			return true
		}
	}
	return false
}

// isBacklink reports whether a link in a note leads back to its reference.
func isBacklink(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Data != "a" {
		return false
	}
	for _, t := range epubTypes(n) {
		if t == "backlink" {
			return true
		}
	}
	return hasWord(attr(n, "class"), "footnote-back")
}

// dropBacklinks removes the links back to the reference from a note, and
// the "." that Pandoc writes after one that opens the note ("1. The
// note").
func dropBacklinks(n *html.Node) {
	var links []*html.Node
	var find func(*html.Node)
	find = func(n *html.Node) {
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			if isBacklink(ch) {
				links = append(links, ch)
			} else {
				find(ch)
			}
		}
	}
	find(n)
	for _, l := range links {
		if next := l.NextSibling; next != nil && next.Type == html.TextNode {
			next.Data = strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(next.Data, " "), "."), " ")
		}
		l.Parent.RemoveChild(l)
	}
}

// noteRefLabel is what a reference shows ("1", "*"), or "".
func noteRefLabel(n *html.Node) string {
	return collapseSpace(textContent(n))
}

// write adds the gathered notes after the book's text.
func (ns *epubNotes) write(w *htmlWalker) {
	if len(ns.notes) == 0 {
		return
	}
	b := w.b
	b.notesHeading()
	for i, note := range ns.notes {
		label := ns.labels[note.key]
		if label == "" {
			label = strconv.Itoa(i + 1)
		}
		ref := ns.refFor(note.key, label)
		b.paragraphBreak()
		b.anchor(note.key)
		outer := b.openNote(label, ref)
		dropBacklinks(note.node)
		chapter := note.chapter
		w.anchorKey = func(id string) string { return chapter + "#" + id }
		w.linkKey = func(href string) string { return epubLinkKey(chapter, href) }
		// A note reads as one line, as in the other formats: its
		// paragraphs joined by spaces.
		w.inCell++
		w.children(note.node)
		w.inCell--
		b.closeMarker(outer)
	}
}
