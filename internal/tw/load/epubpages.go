package load

import "textfirst/internal/tw/doc"

// ncxPageList reads the pageList of an EPUB 2 NCX: each pageTarget's label
// (its navLabel, else its value) and target.
func ncxPageList(root *xnode, ncxPath string) []tocEntry {
	pl := root.child("pageList")
	if pl == nil {
		return nil
	}
	var out []tocEntry
	pl.elements(func(p *xnode) {
		if p.name != "pageTarget" {
			return
		}
		label := p.attr("value")
		if l := p.child("navLabel"); l != nil && collapseSpace(l.textOf()) != "" {
			label = collapseSpace(l.textOf())
		}
		if c := p.child("content"); c != nil && c.attr("src") != "" && label != "" {
			out = append(out, tocEntry{label: label, key: epubLinkKey(ncxPath, c.attr("src")), level: 1})
		}
	})
	return out
}

// epubPageMarkers turns a book's page list into page_break markers
// labelled with each page's label, each spanning its page (pageMarkers),
// the last to textLen (the end of the book, before the gathered notes).
// A page whose target is not found, or is before the page listed ahead
// of it, is left out.
func epubPageMarkers(pageList []tocEntry, anchors map[string]int, textLen int) []doc.Marker {
	var starts []daisyPage
	for _, e := range pageList {
		if at, ok := anchors[e.key]; ok && at <= textLen {
			starts = append(starts, daisyPage{at, e.label})
		}
	}
	return pageMarkers(starts, textLen)
}
