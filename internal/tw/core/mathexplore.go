package core

import (
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/mathspeech"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, interrupting, map[string]actionHandler{
		"explore_math": func(a *App) { a.toggleMathExplorer() },
	})
})

// mathMoves are what the arrows' actions do while a formula is explored:
// Right and Left move among the terms of a level, Down goes into the
// current term's parts, Up comes out of them.
var mathMoves = map[string]struct {
	move func(*mathspeech.Explorer) bool
	edge string // said when the move cannot be made
}{
	"caret_next_word":     {(*mathspeech.Explorer).Next, msg("No next term.")},
	"caret_previous_word": {(*mathspeech.Explorer).Previous, msg("No previous term.")},
	"caret_next_line":     {(*mathspeech.Explorer).Down, msg("No parts in this term.")},
	"caret_previous_line": {(*mathspeech.Explorer).Up, msg("At the whole formula.")},
}

// toggleMathExplorer starts exploring the formula at the cursor, or stops
// exploring.
func (a *App) toggleMathExplorer() {
	if a.mode == ModeMath {
		a.leaveMath()
		return
	}
	m, ok := a.mathAt(a.cursor)
	if !ok {
		a.say(a.tr("No math at the cursor."))
		return
	}
	a.math = mathspeech.NewExplorer(mathspeech.Parse(m.Label, m.Reference))
	a.mode = ModeMath
	a.cursor = m.Start
	a.say(a.tr("Exploring math: %s. %s", a.d.Slice(m.Start, m.End), a.math.Describe(a.printer())))
}

// leaveMath stops exploring and says so.
func (a *App) leaveMath() {
	a.math = nil
	a.mode = ModeBrowse
	a.say(a.tr("Left the math."))
}

// exploreMath handles the action id while a formula is explored: the
// arrows' actions move through it, stop (Escape) leaves it. Any other
// action leaves it and then runs; true when the action was handled here.
func (a *App) exploreMath(id string) bool {
	if a.math == nil {
		a.mode = ModeBrowse
		return false
	}
	if m, ok := mathMoves[id]; ok {
		if m.move(a.math) {
			a.say(a.math.Describe(a.printer()))
		} else {
			a.say(a.trKey(m.edge))
		}
		return true
	}
	switch id {
	case "stop":
		a.leaveMath()
		return true
	case "explore_math":
		return false
	}
	a.math = nil
	a.mode = ModeBrowse
	return false
}

// mathAt is the formula holding pos, else the first one after pos on its
// line.
func (a *App) mathAt(pos int) (doc.Marker, bool) {
	end := a.ix.Line(a.ix.LineOf(pos)).End
	ms := a.ix.Kind(doc.Math)
	// Formulas do not nest, so their ends are in order too.
	if i := ms.Search(func(m doc.Marker) bool { return m.End > pos }); i < ms.Len() {
		if m := ms.At(i); m.Start <= end {
			return m, true
		}
	}
	return doc.Marker{}, false
}
