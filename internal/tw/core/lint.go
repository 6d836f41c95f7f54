package core

import (
	"textfirst/internal/tw/lint"
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
	var found *lint.Problem
	if i := nearest(len(problems), func(i int) int { return problems[i].Offset }, a.cursor, next); i >= 0 {
		found = &problems[i]
	}
	if found == nil {
		if next {
			a.say(a.tr("No next lint problem."))
		} else {
			a.say(a.tr("No previous lint problem."))
		}
		return
	}
	a.moveTo(found.Offset, true)
	a.say(a.tr("Line %d: %s", found.Line, a.printer().Sprintf(lintRules[found.Rule], found.Detail)))
}

// nearest gives, of n places in order whose i-th starts at start(i), the
// first that starts after cursor (next) or the last that starts before it;
// -1 when there is none.
func nearest(n int, start func(i int) int, cursor int, next bool) int {
	found := -1
	for i := range n {
		if next && start(i) > cursor {
			return i
		}
		if !next && start(i) < cursor {
			found = i
		}
	}
	return found
}
