package core

import (
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// context_menu: a list of the commands that make sense where the cursor
// is, each with its key, as the menus show it; Enter runs one. Every
// command it offers is in its own menu of the menu bar too: the context
// menu only picks.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"context_menu": (*App).contextMenu,
	})
})

// contextMenu opens the context menu. It says "Context menu, Copy,
// Ctrl+C, 1 of 9" and the keys.
func (a *App) contextMenu() {
	ids := a.contextActions()
	items := make([]string, len(ids))
	for k, id := range ids {
		items[k] = a.menuItem(id)
	}
	l := &List{Title: a.tr("Context menu"), Items: items}
	l.choose = func(k int) { a.runChosen(ids[k]) }
	l.intro = a.tr("Context menu, %s, 1 of %d. Up and Down move, Enter runs, Escape closes.", items[0], len(items))
	a.openList(l)
}

// contextActions are the commands of the context menu at the cursor, in
// order: the clipboard's, then those of what the cursor is on (a link, a
// formula, a table, a word and its spelling), then the marks', then
// reading from here.
func (a *App) contextActions() []string {
	var ids []string
	add := func(id ...string) { ids = append(ids, id...) }
	_, selected := a.selection()
	switch {
	case a.editing && selected:
		add("cut", "copy", "paste", "paste_plain_text", "select_all")
	case a.editing:
		add("paste", "paste_plain_text", "select_all")
	default:
		add("copy")
	}
	if m, ok := a.holding(doc.Link, a.cursor); ok && m.Reference != "" {
		add("follow_link", "link_address")
	}
	if _, ok := a.holding(doc.Math, a.cursor); ok {
		add("explore_math")
	}
	if _, ok := a.holding(doc.Table, a.cursor); ok {
		if a.editing {
			add("next_table_cell", "previous_table_cell", "add_table_row")
		} else {
			add("table_next_row", "table_previous_row", "table_next_column", "table_previous_column")
		}
	}
	if w, ok := a.ix.Word(a.cursor); ok {
		add("define_word")
		if a.misspelledQuietly(w) {
			add("spelling_suggestions")
		}
	}
	if a.noteAtCursor() >= 0 {
		add("edit_note", "delete_note")
	} else {
		add("add_note")
	}
	if a.highlightAtCursor() >= 0 {
		add("toggle_highlight")
	} else {
		add("highlight_selection")
	}
	if a.bookmarkOnCursor() {
		add("rename_bookmark", "delete_bookmark")
	} else {
		add("add_bookmark")
	}
	if !a.editing {
		add("read_from_cursor")
	}
	return ids
}

// holdingDepth bounds how many markers of a kind starting before a place
// holding looks at: markers nest that deep at most (tables in tables),
// and a long document's thousands of links before the cursor are not
// walked through.
const holdingDepth = 16

// holding is the innermost marker of kind k that holds pos: the last of
// its kind, in document order, that starts at or before pos and ends
// after it.
func (a *App) holding(k doc.Kind, pos int) (doc.Marker, bool) {
	ms := a.ix.Kind(k)
	end := ms.Search(func(m doc.Marker) bool { return m.Start > pos })
	for i := end - 1; i >= max(0, end-holdingDepth); i-- {
		if m := ms.At(i); pos < m.End {
			return m, true
		}
	}
	return doc.Marker{}, false
}

// misspelledQuietly reports whether the word w is misspelled, with
// spelling checks on and a speller there; it says nothing either way.
// Words in code are never misspelled.
func (a *App) misspelledQuietly(w units.Range) bool {
	if !a.opts.Settings.Bool("editing.spell_check") || a.inCode(w.Start) {
		return false
	}
	sp, err := a.openSpeller()
	return err == nil && !sp.Known(a.d.Slice(w.Start, w.End))
}

// bookmarkOnCursor reports whether a bookmark is on the word at the
// cursor (or at the cursor itself, between words).
func (a *App) bookmarkOnCursor() bool {
	r := units.Range{Start: a.cursor, End: a.cursor + 1}
	if w, ok := a.ix.Word(a.cursor); ok {
		r = w
	}
	at, _ := a.toCanonical(r)
	for _, b := range a.state.Bookmarks {
		if b.Char >= at.Start && b.Char < max(at.End, at.Start+1) {
			return true
		}
	}
	return false
}
