package cli

import (
	"strings"

	"textfirst/internal/tw/doc"
)

// pageRange finds the part of d that --pages names: a page ("7", "xii")
// or a range of pages ("3-5", "i-2"), each by the number the document
// prints on it or by its place counting from 1 (doc.PageNamed). It returns
// the range [from, to) of the text; ok false with what is wrong, to say:
// the document has no pages (no pages), or which pages it has.
func pageRange(d *doc.Document, spec string) (from, to int, pages []doc.Page, ok bool) {
	pages = d.Pages()
	if len(pages) == 0 {
		return 0, 0, nil, false
	}
	spec = strings.TrimSpace(spec)
	first, last := spec, spec
	if _, whole := doc.PageNamed(pages, spec); !whole {
		if a, b, cut := strings.Cut(spec, "-"); cut {
			first, last = a, b
		}
	}
	i, ok1 := doc.PageNamed(pages, first)
	j, ok2 := doc.PageNamed(pages, last)
	if !ok1 || !ok2 || j < i {
		return 0, 0, pages, false
	}
	return pages[i].Start, pages[j].End, pages, true
}

// writePages prints the text of the pages spec names; an error says which
// pages the document has.
func writePages(env Env, d *doc.Document, spec string) error {
	from, to, pages, ok := pageRange(d, spec)
	switch {
	case ok:
	case len(pages) == 0:
		return fail(env.p, 1, env.tr("tw text: %s has no pages", d.Meta.Title), "")
	default:
		return fail(env.p, 1, env.tr("tw text: no page %s: the pages are %s to %s", spec, pages[0].Label, pages[len(pages)-1].Label), "")
	}
	text := strings.TrimRight(d.Slice(from, to), "\n")
	w := onTerminal(env.Stdout)
	w.Write([]byte(text + "\n"))
	return nil
}
