package core

import (
	"textfirst/internal/tw/doc"
)

// Verbosity levels (speech.verbosity). They decide how much a move by
// structure says besides the text it lands on:
//
//   - low: the text alone. No roles ("Heading level 2:", "Table, 3 rows:",
//     "Link:", "Block quote:", "Graphic:", "Chapter:"), no list item
//     levels, no "heading level 2," before a line read by the caret.
//   - normal: the role and its size, then the text ("Heading level 2:
//     Methods", "List, 5 items: …", "List item, level 2: …").
//   - high: normal, plus where the item stands among its kind: "Heading
//     level 2, 3 of 7: Methods", "List item 2 of 5: …", "Link 4 of 12: …",
//     "Table 1 of 2, 3 rows, 2 columns: …", and "Row 3, column 2: …" for
//     moves between table cells (with the column's header after the
//     column when the move changed it, at normal verbosity too).
const (
	verbosityLow    = "low"
	verbosityNormal = "normal"
	verbosityHigh   = "high"
)

// verbosity is the current level; anything unknown reads as normal.
func (a *App) verbosity() string {
	switch v := a.opts.Settings.String("speech.verbosity"); v {
	case verbosityLow, verbosityHigh:
		return v
	}
	return verbosityNormal
}

// ordinal returns m's place (from 1) among the markers of its kind that
// keep accepts, and how many there are.
func (a *App) ordinal(m doc.Marker, keep func(doc.Marker) bool) (int, int) {
	ms := a.ix.Kind(m.Kind)
	at, n := 0, 0
	for i := 0; i < ms.Len(); i++ {
		x := ms.At(i)
		if keep != nil && !keep(x) {
			continue
		}
		n++
		if x.Start == m.Start && x.End == m.End {
			at = n
		}
	}
	return at, n
}

// headingSaid is how a heading is announced at the current verbosity.
func (a *App) headingSaid(m doc.Marker) string {
	text := a.oneLine(m)
	switch a.verbosity() {
	case verbosityLow:
		return text
	case verbosityHigh:
		i, n := a.ordinal(m, nil)
		return a.tr("Heading level %d, %d of %d: %s", m.Level, i, n, text)
	}
	return a.tr("Heading level %d: %s", m.Level, text)
}

// noDescription is the text given for a graphic with none: it is said as
// part of the role's own message ("Graphic: no description").
const noDescription = "no description"

// roleSaid joins a role and its text at the current verbosity: low says
// the text, normal "role: text", high "role N of M: text" where the
// position is m's among its kind. role is the role's English name.
func (a *App) roleSaid(m doc.Marker, role, text string) string {
	return a.roleSaidAmong(m, role, text, nil)
}

// roleSaidAmong is roleSaid with m's place counted among the markers of its
// kind that keep accepts (all when keep is nil).
func (a *App) roleSaidAmong(m doc.Marker, role, text string, keep func(doc.Marker) bool) string {
	v := a.verbosity()
	if v == verbosityLow && text != "" && !(role == "Graphic" && text == noDescription) {
		return text
	}
	i, n := 0, 0
	if v == verbosityHigh {
		i, n = a.ordinal(m, keep)
	}
	if v == verbosityLow {
		text = ""
	}
	return a.role(role, i, n, text)
}

// role is a role's announcement as one message, so that it reads whole in
// the interface language: the role alone (text ""), with its text, and
// with its place i of n among its kind when i > 0.
func (a *App) role(role string, i, n int, text string) string {
	placed := i > 0
	switch {
	case role == "Graphic" && text == noDescription && placed:
		return a.tr("Graphic %d of %d: no description", i, n)
	case role == "Graphic" && text == noDescription:
		return a.tr("Graphic: no description")
	case role == "Separator":
		text = "" // a separator has no text to say
	}
	if ms, ok := roleMessages[role]; ok {
		switch {
		case placed && text != "":
			return a.tr(ms.placedText, i, n, text)
		case placed:
			return a.tr(ms.placed, i, n)
		case text != "":
			return a.tr(ms.text, text)
		}
		return a.trKey(ms.alone)
	}
	// A role without its messages still says something.
	if placed {
		role = a.tr("%s, %d of %d", role, i, n)
	}
	if text == "" {
		return role
	}
	return a.tr("%s: %s", role, text)
}

// roleMessages are the announcements of the roles that have messages of
// their own: the role alone, with its text, placed i of n, and placed
// with its text.
var roleMessages = map[string]struct{ alone, text, placed, placedText string }{
	"Link":        {msg("Link"), msg("Link: %s"), msg("Link %d of %d"), msg("Link %d of %d: %s")},
	"Block quote": {msg("Block quote"), msg("Block quote: %s"), msg("Block quote %d of %d"), msg("Block quote %d of %d: %s")},
	"Separator":   {msg("Separator"), "", msg("Separator %d of %d"), ""},
	"Graphic":     {msg("Graphic"), msg("Graphic: %s"), msg("Graphic %d of %d"), msg("Graphic %d of %d: %s")},
	"Chapter":     {msg("Chapter"), msg("Chapter: %s"), msg("Chapter %d of %d"), msg("Chapter %d of %d: %s")},
}

// listItemSaid is how a list item is announced: its text (low); its level
// when nested (normal); its place among the items of its own list (high).
func (a *App) listItemSaid(m doc.Marker) string {
	text := a.preview(m.Start)
	switch a.verbosity() {
	case verbosityLow:
		return text
	case verbosityHigh:
		i, n := a.siblingPlace(m)
		if m.Level > 1 {
			return a.tr("Item %d of %d, level %d: %s", i, n, m.Level, text)
		}
		return a.tr("Item %d of %d: %s", i, n, text)
	}
	if m.Level > 1 {
		return a.tr("List item, level %d: %s", m.Level, text)
	}
	return text
}

// siblingPlace is a list item's place among the items of the innermost
// list holding it at its own level.
func (a *App) siblingPlace(item doc.Marker) (int, int) {
	var list *doc.Marker
	lists := a.ix.Kind(doc.List)
	for i := 0; i < lists.Len(); i++ {
		l := lists.At(i)
		if l.Start > item.Start {
			break
		}
		if l.Level == item.Level && item.End <= l.End {
			list = &l
		}
	}
	if list == nil {
		return a.ordinal(item, func(x doc.Marker) bool { return x.Level == item.Level })
	}
	at, n := 0, 0
	for _, x := range a.ix.Within(doc.ListItem, list.Start, list.End) {
		if x.Level != item.Level {
			continue
		}
		n++
		if x.Start == item.Start {
			at = n
		}
	}
	return at, n
}

// cellSaid is what a move between table cells says: the cell's text; at
// normal and high verbosity the column's header before it when the move
// changed the column (header is then not empty); at high verbosity its
// row and column first.
func (a *App) cellSaid(text string, row, col int, header string) string {
	switch v := a.verbosity(); {
	case v == verbosityHigh && header != "":
		return a.tr("Row %d, column %d, %s: %s", row, col, header, text)
	case v == verbosityHigh:
		return a.tr("Row %d, column %d: %s", row, col, text)
	case v == verbosityNormal && header != "":
		return a.tr("%s: %s", header, text)
	}
	return text
}

// tableSaid announces a table: its text (low); its rows (normal); its
// place, rows and columns (high).
func (a *App) tableSaid(m doc.Marker) string {
	text := a.preview(m.Start)
	rows := a.count(doc.TableRow, m)
	switch a.verbosity() {
	case verbosityLow:
		return text
	case verbosityHigh:
		i, n := a.ordinal(m, nil)
		cols := 0
		if rs := a.ix.Within(doc.TableRow, m.Start, m.End); len(rs) > 0 {
			cols = len(a.ix.Within(doc.TableCell, rs[0].Start, rs[0].End))
		}
		switch {
		case rows == 0:
			return a.tr("Table %d of %d: %s", i, n, text)
		case cols == 0:
			return a.tr("Table %d of %d, %s: %s", i, n, a.tr("%d rows", rows), text)
		}
		return a.tr("Table %d of %d, %s, %s: %s", i, n, a.tr("%d rows", rows), a.tr("%d columns", cols), text)
	}
	if rows == 0 {
		return a.tr("Table: %s", text)
	}
	return a.tr("Table, %d rows: %s", rows, text)
}

// listSaid announces a list: its text (low); its items (normal); its
// place among the lists too (high).
func (a *App) listSaid(m doc.Marker) string {
	text := a.preview(m.Start)
	items := a.countDirect(m)
	switch a.verbosity() {
	case verbosityLow:
		return text
	case verbosityHigh:
		i, n := a.ordinal(m, nil)
		if items == 0 {
			return a.tr("List %d of %d: %s", i, n, text)
		}
		return a.tr("List %d of %d, %s: %s", i, n, a.tr("%d items", items), text)
	}
	if items == 0 {
		return a.tr("List: %s", text)
	}
	return a.tr("List, %d items: %s", items, text)
}

// headingAt is the heading starting at pos.
func (a *App) headingAt(pos int) (doc.Marker, bool) {
	hs := a.ix.Kind(doc.Heading)
	if i := hs.Search(func(m doc.Marker) bool { return m.Start >= pos }); i < hs.Len() && hs.At(i).Start == pos {
		return hs.At(i), true
	}
	return doc.Marker{}, false
}
