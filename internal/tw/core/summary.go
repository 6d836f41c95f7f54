package core

import (
	"textfirst/internal/tw/summary"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, interrupting, map[string]actionHandler{
		"summarize": (*App).summarize,
	})
})

// summarize lists the most central sentences (package summary) of the
// selection, else of the document, in document order; choosing one moves
// there and reads it.
func (a *App) summarize() {
	from, to := 0, a.d.Len()
	r, selected := a.selection()
	if selected {
		from, to = r.Start, r.End
	}
	s := summary.Summarize(a.ix, from, to, summary.Options{Sentences: a.opts.Settings.Int("summary.sentences")})
	if len(s.Sentences) == 0 {
		a.say(a.tr("Nothing to summarize: no sentence of %d words or more.", summary.DefaultMinWords))
		return
	}
	items := make([]string, len(s.Sentences))
	for i, x := range s.Sentences {
		items[i] = x.Text
	}
	// The list says how many items it has; the title does not repeat it.
	title := a.tr("Summary of the document")
	if selected {
		title = a.tr("Summary of the selection")
	}
	a.openList(&List{Title: title, Items: items, choose: func(i int) {
		a.moveTo(s.Sentences[i].Start, true)
		a.say(s.Sentences[i].Text)
	}})
}
