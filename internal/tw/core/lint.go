package core

import (
	"slices"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/grammar"
	"textfirst/internal/tw/lint"
	"textfirst/internal/tw/units"
)

// lintRules are the lint rules as said, by rule.
var lintRules = map[lint.Rule]string{
	lint.HeadingLevel:   msg("Heading skips a level: %s"),
	lint.ListMarker:     msg("List marker changes: %s"),
	lint.TrailingSpace:  msg("Trailing blanks: %s"),
	lint.UndefinedLink:  msg("Link reference not defined: %s"),
	lint.BareWebAddress: msg("Bare web address: %s"),
}

// lintProblem moves to the next or previous problem of the Markdown source
// (package lint) and says it. The problems are found in the source, so
// they are looked for in edit mode, where the source is what is shown.
func (a *App) lintProblem(next bool) {
	if a.d.Meta.Format != "markdown" {
		a.say(a.tr("Lint checks Markdown documents only."))
		return
	}
	if !a.editing {
		a.say(a.tr("Lint checks the Markdown source: turn on edit mode first."))
		return
	}
	problems := lint.Markdown(a.d.Text)
	i := adjacentMark(problems, func(p lint.Problem) int { return p.Offset }, a.cursor, next)
	if i < 0 {
		if next {
			a.say(a.tr("No next lint problem."))
		} else {
			a.say(a.tr("No previous lint problem."))
		}
		return
	}
	found := problems[i]
	a.moveTo(found.Offset, true)
	a.say(a.tr("Line %d: %s", found.Line, a.printer().Sprintf(lintRules[found.Rule], found.Detail)))
}

// problemMemo holds the problems of one text, found again only when the
// text changes.
type problemMemo struct {
	of     *doc.Document
	ranges []units.Range
}

// TextProblems are the places of the problems tw finds in the text shown,
// for the reader to mark: the lint problems of a Markdown source in edit
// mode (each from where it starts to the end of its line), and the grammar
// problems of English text (their words). They are found again when the
// text changed.
func (a *App) TextProblems() []units.Range {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return nil
	}
	if a.problems.of != a.d {
		a.problems = problemMemo{of: a.d, ranges: a.findProblems()}
	}
	return a.problems.ranges
}

// findProblems finds what TextProblems gives, in the order of the text.
func (a *App) findProblems() []units.Range {
	var out []units.Range
	if a.editing && a.d.Meta.Format == "markdown" {
		for _, p := range lint.Markdown(a.d.Text) {
			end := a.ix.Line(a.ix.LineOf(p.Offset)).End
			out = append(out, units.Range{Start: p.Offset, End: max(end, p.Offset+1)})
		}
	}
	if l := docLanguage(a.d); l == "" || strings.HasPrefix(strings.ToLower(l), "en") {
		for _, p := range grammar.Check(a.d.Text) {
			out = append(out, units.Range{Start: p.Start, End: p.End})
		}
	}
	slices.SortFunc(out, func(x, y units.Range) int { return x.Start - y.Start })
	return out
}
