package core

import (
	"strings"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
)

// Editing a Markdown table: next_table_cell and previous_table_cell move
// between the cells of the source's table rows ("| a | b |"), saying the
// cell's column header and text; add_table_row adds an empty row below.
// Outside a table, next_table_cell types a tab, as the original's does.

var _ = registerHandlers(func(t *actionTable) {
	handle(t, inMarkdownEditMode, map[string]actionHandler{
		"next_table_cell":     func(a *App) { a.tableCell(true) },
		"previous_table_cell": func(a *App) { a.tableCell(false) },
		"add_table_row":       (*App).addTableRow,
	})
})

// separatorRow is a table's delimiter row: "|---|:-:|".
var separatorRow = lazyregexp.New(`^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$`)

// sourceCell is a cell of a source table row: its text's range, in code
// points from the start of the line.
type sourceCell struct{ start, end int }

// tableRowCells returns the cells of line when it is a table row (it
// starts with "|" and is no delimiter row), else nil. A cell's range is
// its text without the blanks around it; an empty cell's is the place
// after the blank that follows its "|".
func tableRowCells(line string) []sourceCell {
	trimmed := strings.TrimSpace(line)
	if !strings.HasPrefix(trimmed, "|") || separatorRow.MatchString(line) {
		return nil
	}
	r := []rune(line)
	var bars []int
	for i, c := range r {
		if c == '|' && (i == 0 || r[i-1] != '\\') {
			bars = append(bars, i)
		}
	}
	var cells []sourceCell
	for k := 0; k+1 < len(bars); k++ {
		s, e := bars[k]+1, bars[k+1]
		for s < e && r[s] == ' ' {
			s++
		}
		for e > s && r[e-1] == ' ' {
			e--
		}
		if s == e && bars[k]+2 <= bars[k+1] {
			s, e = bars[k]+2, bars[k]+2
		}
		cells = append(cells, sourceCell{s, e})
	}
	return cells
}

// lineCells is line l's text and its table cells.
func (a *App) lineCells(l int) (string, []sourceCell) {
	lr := a.ix.Line(l)
	text := a.d.Slice(lr.Start, lr.End)
	return text, tableRowCells(text)
}

// tableCell moves to the next (or previous) cell of the table the caret
// is in, through the rows; past the last cell a row is added.
func (a *App) tableCell(next bool) {
	l := a.ix.LineOf(a.cursor)
	_, cells := a.lineCells(l)
	if cells == nil {
		if next {
			a.insert("\t")
			return
		}
		a.say(a.tr("Not in a table."))
		return
	}
	col := a.cursor - a.ix.Line(l).Start
	i := 0
	for k, c := range cells {
		if col >= c.start-1 {
			i = k
		}
	}
	switch {
	case next && i+1 < len(cells):
		a.goToCell(l, i+1)
	case !next && i > 0:
		a.goToCell(l, i-1)
	case next:
		if nl, ok := a.tableRowBeside(l, 1); ok {
			a.goToCell(nl, 0)
			return
		}
		a.addTableRow()
	default:
		if pl, ok := a.tableRowBeside(l, -1); ok {
			_, pc := a.lineCells(pl)
			a.goToCell(pl, len(pc)-1)
			return
		}
		a.say(a.tr("Start of the table."))
	}
}

// tableRowBeside is the table row after (step 1) or before (step -1) line
// l, over the delimiter row.
func (a *App) tableRowBeside(l, step int) (int, bool) {
	for n := l + step; n >= 0 && n < a.ix.Lines(); n += step {
		text, cells := a.lineCells(n)
		if cells != nil {
			return n, true
		}
		if !separatorRow.MatchString(text) {
			return 0, false
		}
	}
	return 0, false
}

// goToCell puts the caret at the start of cell i of line l and says the
// cell: its column's header, then its text.
func (a *App) goToCell(l, i int) {
	_, cells := a.lineCells(l)
	lr := a.ix.Line(l)
	c := cells[i]
	a.sel = nil
	a.cursor = lr.Start + c.start
	text := a.d.Slice(lr.Start+c.start, lr.Start+c.end)
	if text == "" {
		text = a.tr("blank")
	}
	first := l
	for {
		p, ok := a.tableRowBeside(first, -1)
		if !ok {
			break
		}
		first = p
	}
	if first != l {
		if _, hc := a.lineCells(first); i < len(hc) {
			hr := a.ix.Line(first)
			if header := a.d.Slice(hr.Start+hc[i].start, hr.Start+hc[i].end); header != "" {
				a.say(a.tr("%s: %s", header, text))
				return
			}
		}
	}
	a.say(a.tr("Column %d: %s", i+1, text))
}

// addTableRow adds an empty row, of as many cells as the caret's row,
// below it and puts the caret in its first cell.
func (a *App) addTableRow() {
	l := a.ix.LineOf(a.cursor)
	_, cells := a.lineCells(l)
	if cells == nil {
		a.say(a.tr("Not in a table."))
		return
	}
	end := a.ix.Line(l).End
	row := "\n|" + strings.Repeat("  |", len(cells))
	a.apply(end, end, row, end+utf8.RuneCountInString("\n| "))
	a.say(a.tr("Row added."))
}
