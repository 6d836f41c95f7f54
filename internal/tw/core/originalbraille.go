package core

import (
	"os"
	"strconv"
	"strings"

	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/doc"
)

// show_original_braille: on a braille file read as print, the braille
// lines of the file's page at the cursor, as the file has them, in a
// list. The page comes from the page_break points the loader puts where
// each page starts (their Reference is the page's number in the file);
// the lines are read from the file again.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"show_original_braille": (*App).showOriginalBraille,
	})
})

// showOriginalBraille lists the braille lines of the page at the cursor.
func (a *App) showOriginalBraille() {
	if a.editing || a.d.Meta.Format != "brf" {
		a.say(a.tr("Show original braille works on braille files (.brf) read as print."))
		return
	}
	data, err := os.ReadFile(a.d.Meta.Path)
	if err != nil {
		a.sayError(a.tr("Could not read the braille file again: %v", err))
		return
	}
	pages, ok := braille.ReadPages(data)
	if !ok {
		a.sayError(a.tr("%s is no longer a braille file.", a.d.Meta.Path))
		return
	}
	n := a.braillePageAt(a.cursor, pages)
	if n < 0 || n >= len(pages) {
		a.sayError(a.tr("Page %d is no longer in the braille file.", n+1))
		return
	}
	var lines []string
	for _, l := range pages[n].Lines {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		a.say(a.tr("Page %d of the braille file is blank.", n+1))
		return
	}
	l := &List{Title: a.tr("Original braille, page %d", n+1), Items: lines}
	l.choose = func(i int) { a.say(lines[i]) }
	l.intro = a.tr("Original braille, page %d of %d. Up and Down move, Escape closes.", n+1, len(pages))
	a.openList(l)
}

// braillePageAt is the page of the file (counting from 0) that pos is
// on: that of the last page_break point at or before it, else the first
// page of pages with text.
func (a *App) braillePageAt(pos int, pages []braille.Page) int {
	ms := a.ix.Kind(doc.PageBreak)
	if i := ms.Search(func(m doc.Marker) bool { return m.Start > pos }) - 1; i >= 0 {
		if n, err := strconv.Atoi(ms.At(i).Reference); err == nil {
			return n - 1
		}
	}
	for i, p := range pages {
		if p.Text {
			return i
		}
	}
	return 0
}
