package core

import (
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/mathspeech"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, interrupting, map[string]actionHandler{
		"explore_math": (*App).exploreMathAtCursor,
	})
	// While a formula is explored, the arrows' actions move through it:
	// Right and Left among the terms of a level, Down into the current
	// term's parts, Up out of them. Stop (Escape) and explore_math leave it.
	handleInMath(t, anytime, map[string]actionHandler{
		"caret_next_word":     mathMove((*mathspeech.Explorer).Next, msg("No next term.")),
		"caret_previous_word": mathMove((*mathspeech.Explorer).Previous, msg("No previous term.")),
		"caret_next_line":     mathMove((*mathspeech.Explorer).Down, msg("No parts in this term.")),
		"caret_previous_line": mathMove((*mathspeech.Explorer).Up, msg("At the whole formula.")),
		"stop":                (*App).leaveMath,
	})
	handleInMath(t, interrupting, map[string]actionHandler{
		"explore_math": (*App).leaveMath,
	})
})

// mathMove makes the move in the explored formula and describes where it
// lands, or says edge when the move cannot be made.
func mathMove(move func(*mathspeech.Explorer) bool, edge string) actionHandler {
	return func(a *App) {
		if move(a.math) {
			a.say(a.math.Describe(a.printer()))
		} else {
			a.say(a.trKey(edge))
		}
	}
}

// exploreMathAtCursor starts exploring the formula at the cursor.
func (a *App) exploreMathAtCursor() {
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
