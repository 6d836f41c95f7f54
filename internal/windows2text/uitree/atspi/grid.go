package atspi

import (
	"math"
	"strconv"
	"strings"

	"textfirst/internal/windows2text/uitree"
)

// wideGridAbove is the column count above which a virtualized table is a
// grid read cell by cell (a spreadsheet's sheet: 16,384 columns and 2^31
// children) instead of by whole rows.
const wideGridAbove = 64

// maxGridCells bounds the cells of a grid read in one snapshot: the top
// rows of what shows when more show.
const maxGridCells = 400

// visibleCells finds the cells of a grid that are on screen: the cell at
// the top left and the one at the bottom right of its visible area give
// the rows and columns shown, and the cells between them are asked for by
// row and column through the Table interface. The grid is never walked
// child by child. In a visible-only walk, the empty cells are left out
// (see cellsThatShow): left counts them.
func (w *walker) visibleCells(n *node, area uitree.Area, ncols int) (cells []objRef, left int) {
	if ncols <= 0 {
		return nil, 0
	}
	lo, hi, ok := w.edgeIndexes(n, area, true)
	if !ok {
		return nil, 0
	}
	row0, col0 := int(lo)/ncols, int(lo)%ncols
	row1, col1 := int(hi)/ncols, int(hi)%ncols
	row0, row1 = min(row0, row1), max(row0, row1)
	col0, col1 = min(col0, col1), max(col0, col1)
	cols := min(col1-col0+1, maxGridCells)
	rows := min(row1-row0+1, max(1, maxGridCells/cols))
	b := n.app.batch(rows * cols)
	slots := make([]int, 0, rows*cols)
	for row := row0; row < row0+rows; row++ {
		for col := col0; col < col0+cols; col++ {
			if row > math.MaxInt32 || col > math.MaxInt32 {
				continue
			}
			slots = append(slots, b.call(n.obj, ifaceTable+".GetAccessibleAt", int32(row), int32(col)))
		}
	}
	out := b.refs(slots)
	if w.req.VisibleOnly {
		shown := cellsThatShow(n, out)
		return shown, len(out) - len(shown)
	}
	return out, 0
}

// cellsThatShow keeps the cells that a visible-only snapshot keeps (see
// emptyCell): those with text, and the focused or selected ones. It asks
// each cell's text and states in one batch, so the hundreds of empty cells
// of a sheet cost two calls each instead of a full read.
func cellsThatShow(n *node, cells []objRef) []objRef {
	b := n.app.batch(2 * len(cells))
	slots := make([][2]int, len(cells))
	for i, c := range cells {
		slots[i] = [2]int{b.call(c, ifaceText+".GetText", int32(0), int32(-1)), b.call(c, ifaceAccessible+".GetState")}
	}
	b.wait()
	var out []objRef
	for i, c := range cells {
		var text string
		var st []uint32
		textErr, stateErr := b.store(slots[i][0], &text), b.store(slots[i][1], &st)
		if textErr != nil || stateErr != nil || text != "" {
			// What cannot be told empty is read whole.
			out = append(out, c)
			continue
		}
		if states := statesOf(st); states.has(stateFocused) || states.has(stateSelected) {
			out = append(out, c)
		}
	}
	return out
}

// emptyCell reports a grid cell that says nothing and has not the focus:
// observe leaves it out (a sheet shows hundreds), the focused cell and the
// cells with content stay.
func emptyCell(n *node, el *uitree.Element) bool {
	return n.inGrid && el.Value == "" && !el.States.Focused && !el.States.Selected
}

// enterCell gives a grid cell the focus, types text into it (which
// replaces what the cell held) and commits it with Enter, as a user fills
// a spreadsheet's cell.
func (a *actor) enterCell(text string) error {
	if err := a.activateWindow(); err != nil {
		return err
	}
	if _, err := a.focusIfNeeded(); err != nil {
		return err
	}
	if _, err := a.b.input.checkUngrabbed(false, true, a.run.conn.pid); err != nil {
		return err
	}
	if err := a.b.input.typeText(cellInput(text)); err != nil {
		return err
	}
	return a.b.input.chord(uitree.Chord{Key: "Enter"})
}

// cellInput is what enterCell types: the text without the line end that
// Enter adds.
func cellInput(text string) string { return strings.TrimRight(text, "\r\n") }

// cellShows reports whether a cell's text shows the input entered: the
// same text, the same number written otherwise ("3.50" shows "3.5"), or,
// for a formula, a result that is not an error.
func cellShows(text, input string) bool {
	input = cellInput(input)
	if text == input {
		return true
	}
	if strings.HasPrefix(input, "=") {
		return text != "" && !strings.HasPrefix(text, "#") && !strings.HasPrefix(text, "Err:")
	}
	a, errA := strconv.ParseFloat(strings.TrimSpace(input), 64)
	b, errB := strconv.ParseFloat(strings.TrimSpace(text), 64)
	return errA == nil && errB == nil && a == b
}
