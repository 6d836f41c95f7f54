package doc

import (
	"strconv"
	"strings"
)

// Page is one page of a paged document: its range [Start, End) of the
// canonical text and its label, the page number the document prints ("xii",
// "7"), or its ordinal when the document gives none.
type Page struct {
	Start, End int
	Label      string
}

// Pages returns the document's pages in order, or nil when it has none.
//
// Page-break markers come in two shapes. A loader that knows each page's
// extent (a PDF page, a slide) emits a marker spanning it: each such marker
// is a page. Breaks written between pages (markers holding no text, or only
// a separator such as a form feed) divide the text: page 1 runs from the
// start to the first break, page n+1 from the end of break n to the next
// break or the end. The markers are pages when any of them holds text.
func (d *Document) Pages() []Page {
	breaks := d.MarkersOf(PageBreak)
	if len(breaks) == 0 {
		return nil
	}
	spanning := false
	for _, m := range breaks {
		if strings.TrimSpace(d.Slice(m.Start, m.End)) != "" {
			spanning = true
			break
		}
	}
	var pages []Page
	if spanning {
		pages = make([]Page, len(breaks))
		for i, m := range breaks {
			pages[i] = Page{Start: m.Start, End: m.End, Label: m.Label}
		}
	} else {
		pages = make([]Page, 0, len(breaks)+1)
		start := 0
		for _, m := range breaks {
			pages = append(pages, Page{Start: start, End: m.Start})
			start = m.End
		}
		pages = append(pages, Page{Start: start, End: d.Len()})
	}
	for i := range pages {
		if pages[i].Label == "" {
			pages[i].Label = strconv.Itoa(i + 1)
		}
	}
	return pages
}

// PageNamed finds the page a reader names: the page whose printed label is
// name ("xii", "42", case ignored), else the page whose ordinal, counting from
// 1, name is. It returns the page's index in Pages.
func PageNamed(pages []Page, name string) (int, bool) {
	name = strings.TrimSpace(name)
	for i, p := range pages {
		if strings.EqualFold(p.Label, name) {
			return i, true
		}
	}
	if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= len(pages) {
		return n - 1, true
	}
	return 0, false
}
