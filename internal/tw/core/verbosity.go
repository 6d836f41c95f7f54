package core

import (
	"fmt"

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
//     moves between table cells.
const (
	VerbosityLow    = "low"
	VerbosityNormal = "normal"
	VerbosityHigh   = "high"
)

// verbosity is the current level; anything unknown reads as normal.
func (a *App) verbosity() string {
	switch v := a.opts.Settings.String("speech.verbosity"); v {
	case VerbosityLow, VerbosityHigh:
		return v
	}
	return VerbosityNormal
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
	case VerbosityLow:
		return text
	case VerbosityHigh:
		i, n := a.ordinal(m, nil)
		return fmt.Sprintf("Heading level %d, %d of %d: %s", m.Level, i, n, text)
	}
	return fmt.Sprintf("Heading level %d: %s", m.Level, text)
}

// roleSaid joins a role and its text at the current verbosity: low says
// the text, normal "role: text", high "role N of M: text" where the
// position is m's among its kind.
func (a *App) roleSaid(m doc.Marker, role, text string) string {
	switch a.verbosity() {
	case VerbosityLow:
		if text == "" {
			return role
		}
		return text
	case VerbosityHigh:
		i, n := a.ordinal(m, nil)
		role = fmt.Sprintf("%s %d of %d", role, i, n)
	}
	if text == "" {
		return role
	}
	return role + ": " + text
}

// listItemSaid is how a list item is announced: its text (low); its level
// when nested (normal); its place among the items of its own list (high).
func (a *App) listItemSaid(m doc.Marker) string {
	text := a.preview(m.Start)
	switch a.verbosity() {
	case VerbosityLow:
		return text
	case VerbosityHigh:
		i, n := a.siblingPlace(m)
		if m.Level > 1 {
			return fmt.Sprintf("Item %d of %d, level %d: %s", i, n, m.Level, text)
		}
		return fmt.Sprintf("Item %d of %d: %s", i, n, text)
	}
	if m.Level > 1 {
		return fmt.Sprintf("List item, level %d: %s", m.Level, text)
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

// cellSaid is what a move between table cells says: the cell's text, and
// at high verbosity its row and column first.
func (a *App) cellSaid(text string, row, col int) string {
	if a.verbosity() == VerbosityHigh {
		return fmt.Sprintf("Row %d, column %d: %s", row, col, text)
	}
	return text
}

// tableSaid announces a table: its text (low); its rows (normal); its
// place, rows and columns (high).
func (a *App) tableSaid(m doc.Marker) string {
	text := a.preview(m.Start)
	rows := a.count(doc.TableRow, m)
	size := ""
	switch {
	case rows == 1:
		size = ", 1 row"
	case rows > 1:
		size = fmt.Sprintf(", %d rows", rows)
	}
	switch a.verbosity() {
	case VerbosityLow:
		return text
	case VerbosityHigh:
		i, n := a.ordinal(m, nil)
		cols := 0
		if rs := a.ix.Within(doc.TableRow, m.Start, m.End); len(rs) > 0 {
			cols = len(a.ix.Within(doc.TableCell, rs[0].Start, rs[0].End))
		}
		if cols == 1 {
			size += ", 1 column"
		} else if cols > 1 {
			size += fmt.Sprintf(", %d columns", cols)
		}
		return fmt.Sprintf("Table %d of %d%s: %s", i, n, size, text)
	}
	return "Table" + size + ": " + text
}

// listSaid announces a list: its text (low); its items (normal); its
// place among the lists too (high).
func (a *App) listSaid(m doc.Marker) string {
	text := a.preview(m.Start)
	items := a.countDirect(m)
	size := ""
	switch {
	case items == 1:
		size = ", 1 item"
	case items > 1:
		size = fmt.Sprintf(", %d items", items)
	}
	switch a.verbosity() {
	case VerbosityLow:
		return text
	case VerbosityHigh:
		i, n := a.ordinal(m, nil)
		return fmt.Sprintf("List %d of %d%s: %s", i, n, size, text)
	}
	return "List" + size + ": " + text
}

// headingAt is the heading starting at pos.
func (a *App) headingAt(pos int) (doc.Marker, bool) {
	hs := a.ix.Kind(doc.Heading)
	if i := hs.Search(func(m doc.Marker) bool { return m.Start >= pos }); i < hs.Len() && hs.At(i).Start == pos {
		return hs.At(i), true
	}
	return doc.Marker{}, false
}
