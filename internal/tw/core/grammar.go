package core

import (
	"strings"

	"textfirst/internal/tw/grammar"
	"textfirst/internal/tw/units"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, interrupting, map[string]actionHandler{
		"next_grammar_problem":     func(a *App) { a.grammarProblem(true) },
		"previous_grammar_problem": func(a *App) { a.grammarProblem(false) },
	})
})

// grammarRules are the grammar rules as said, by rule.
var grammarRules = map[grammar.Rule]string{
	grammar.RepeatedWord:  msg("word written twice"),
	grammar.Article:       msg("a or an does not suit the next word"),
	grammar.CouldOf:       msg("of where have is meant"),
	grammar.LowercaseI:    msg("i as a pronoun is written I"),
	grammar.SentenceStart: msg("a sentence starts with a small letter"),
	grammar.SpaceBefore:   msg("space before punctuation"),
}

// grammarProblem moves to the next or previous grammar problem of the
// document's text (package grammar), selects its words and says the
// problem with its fix. The rules are English ones: a document in another
// language is not checked, and that is said.
func (a *App) grammarProblem(next bool) {
	if l := docLanguage(a.d); l != "" && !strings.HasPrefix(strings.ToLower(l), "en") {
		a.say(a.tr("Grammar is checked in English only; this document is in %s.", l))
		return
	}
	problems := grammar.Check(a.d.Text)
	i := adjacentMark(problems, func(p grammar.Problem) int { return p.Start }, a.cursor, next)
	if i < 0 {
		switch {
		case len(problems) == 0:
			a.say(a.tr("No grammar problems found."))
		case next:
			a.say(a.tr("No next grammar problem; %d before the cursor.", len(problems)))
		default:
			a.say(a.tr("No previous grammar problem; %d after the cursor.", len(problems)))
		}
		return
	}
	found := problems[i]
	a.moveTo(found.Start, true)
	a.sel = &units.Range{Start: found.Start, End: found.End}
	a.say(a.tr("Grammar: %s. The words: %s. Fix: %s.", a.trKey(grammarRules[found.Rule]),
		strings.Join(strings.Fields(found.Words), " "), found.Fix))
}
