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
