package core

import (
	"errors"
	"strings"
	"time"

	"textfirst/internal/tw/study"
	"textfirst/internal/tw/units"
)

// Study cards (package study): make_cards makes them from the notes,
// highlights and their headings; study_cards asks the due ones, then the
// new ones, in a list where Enter reveals the answer and 1 to 4 (or the
// grade_* actions) grade it; list_cards lists them; self_test asks
// questions over the notes and highlights without grading.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"make_cards":  (*App).makeCards,
		"study_cards": (*App).studyCards,
		"list_cards":  (*App).listCards,
		"self_test":   (*App).selfTest,
		"grade_again": func(a *App) { a.gradeFromAction(study.Again) },
		"grade_hard":  func(a *App) { a.gradeFromAction(study.Hard) },
		"grade_good":  func(a *App) { a.gradeFromAction(study.Good) },
		"grade_easy":  func(a *App) { a.gradeFromAction(study.Easy) },
	})
})

// errCardGone: the card was removed meanwhile.
var errCardGone = errors.New("core: the card is gone")

// gradeTime is the time cards are made and graded at, in Unix seconds.
func gradeTime() int64 { return time.Now().Unix() }

func (a *App) cardStore() study.Store { return study.Store{Home: a.opts.Home} }

// cardWords are what cards say around the document's words.
func (a *App) cardWords() study.Words {
	return study.Words{Blank: a.tr("blank"),
		RecallQuestion:    func(h string) string { return a.tr("What does “%s” say?", h) },
		HighlightQuestion: func(s string) string { return a.tr("What did you highlight in %s?", s) },
	}
}

// cardSources is what make_cards and self_test make cards from: the
// marks, on the canonical text they are kept in.
func (a *App) cardSources(headings bool) study.Sources {
	_, canon := a.toCanonical(units.Range{})
	ix := a.ix
	if canon != a.d {
		ix = nil
	}
	return study.SourcesOf(canon, ix, a.state, a.title, a.cardWords(), headings)
}

// makeCards adds to the document's deck a card of each note, highlight
// and section holding one; cards made before keep their grades.
func (a *App) makeCards() {
	made := study.Make(a.cardSources(true), gradeTime())
	if len(made) == 0 {
		a.say(a.tr("Nothing to make cards from: add notes or highlights first."))
		return
	}
	added := 0
	deck, err := a.cardStore().Update(a.state.Path, func(d *study.Deck) error {
		added = d.Add(made)
		return nil
	})
	if err != nil {
		a.sayError(a.tr("Could not save the cards: %s.", errReason(err)))
		return
	}
	a.say(a.tr("Cards made: %d new, %d in all.", added, len(deck.Cards)))
}

// deck is the open document's deck; nil, said, when it cannot be read or
// has no cards.
func (a *App) deck() *study.Deck {
	d, err := a.cardStore().Load(a.state.Path)
	if err != nil {
		a.sayError(a.tr("Could not read the cards: %s.", errReason(err)))
		return nil
	}
	if len(d.Cards) == 0 {
		a.say(a.tr("No study cards yet: make cards makes them from your notes and highlights."))
		return nil
	}
	return d
}

// revealItem is one question of a study list, and its answer.
type revealItem struct {
	id               string // the card's, "" in a self-test
	question, answer string
}

// studyCards asks the due cards, then the new ones (every card, when
// none is due or new).
func (a *App) studyCards() {
	d := a.deck()
	if d == nil {
		return
	}
	t := gradeTime()
	counts := study.CountsAt(d.Cards, t)
	order := study.Order(d.Cards, t)
	intro := a.tr("Due today: %d, new: %d.", counts.Due, counts.New)
	if len(order) == 0 {
		intro = a.tr("Nothing is due. Asking every card ahead.")
		for i := range d.Cards {
			order = append(order, i)
		}
	}
	items := make([]revealItem, len(order))
	for k, i := range order {
		c := d.Cards[i]
		items[k] = revealItem{id: c.ID, question: c.Question, answer: c.Answer}
	}
	a.openRevealList(a.tr("Study: %s", a.title), intro, items, true)
}

// selfTest asks a question of each note and highlight, in document
// order; Enter reveals the answer. Nothing is graded or kept.
func (a *App) selfTest() {
	made := study.Make(a.cardSources(false), gradeTime())
	if len(made) == 0 {
		a.say(a.tr("Nothing to test: add notes or highlights first."))
		return
	}
	items := make([]revealItem, len(made))
	for i, c := range made {
		items[i] = revealItem{question: c.Question, answer: c.Answer}
	}
	a.openRevealList(a.tr("Self test: %s", a.title), "", items, false)
}

// openRevealList shows questions; Enter reveals the focused one's answer
// (the list stays, the item showing question and answer). With grading,
// 1 to 4 grade the focused card, save the grade and move to the next;
// after the last, the list closes.
func (a *App) openRevealList(title, intro string, items []revealItem, grading bool) {
	shown := make([]string, len(items))
	for i, it := range items {
		shown[i] = it.question
	}
	how := a.tr("Enter reveals the answer.")
	if grading {
		how = a.tr("Enter reveals the answer; 1 to 4 grade it: again, hard, good, easy.")
	}
	l := &List{Title: title, Items: shown}
	l.intro = strings.TrimSpace(intro + " " + a.tr("%s, %d questions.", title, len(items)) + " " + how + " " +
		a.tr("%s, %d of %d", shown[0], 1, len(items)))
	l.choose = func(i int) {
		l.all[i] = a.tr("%s Answer: %s", items[i].question, items[i].answer)
		a.reshowList(l, i, a.tr("Answer: %s", items[i].answer))
	}
	if grading {
		l.key = func(i int, c rune) bool {
			g := study.Grade(c - '0')
			if !g.Valid() {
				return false
			}
			a.gradeCard(l, items, i, g)
			return true
		}
	}
	a.openList(l)
}

// reshowList shows l again, focused on item i, saying said.
func (a *App) reshowList(l *List, i int, said string) {
	a.list = l
	a.refilter()
	l.Selected = min(max(i, 0), len(l.Items)-1)
	a.say(said)
	a.effects = append(a.effects, ListEffect{Title: l.Title, Items: l.Items})
}

// gradeNames are the grades' names, said.
var gradeNames = map[study.Grade]string{
	study.Again: msg("Again"), study.Hard: msg("Hard"), study.Good: msg("Good"), study.Easy: msg("Easy"),
}

// gradeCard grades item i of the study list l, saves the grade, and asks
// the next card.
func (a *App) gradeCard(l *List, items []revealItem, i int, g study.Grade) {
	id := items[i].id
	var next int
	_, err := a.cardStore().Update(a.state.Path, func(d *study.Deck) error {
		if !d.Grade(id, g, gradeTime()) {
			return errCardGone
		}
		next = d.Card(id).Schedule().DaysUntil(gradeTime())
		return nil
	})
	switch {
	case errors.Is(err, errCardGone):
		a.say(a.tr("That card is gone."))
		return
	case err != nil:
		a.sayError(a.tr("Could not save the grade: %s.", errReason(err)))
		return
	}
	graded := a.tr("%s, next in %d days.", a.trKey(gradeNames[g]), next)
	if i+1 >= len(items) {
		a.closeUI()
		a.say(graded + " " + a.tr("Session done: every card asked."))
		return
	}
	a.reshowList(l, i+1, graded+" "+a.tr("%s, %d of %d", l.Items[i+1], i+2, len(items)))
}

// gradeFromAction grades the focused card of the study list.
func (a *App) gradeFromAction(g study.Grade) {
	l := a.list
	if l == nil || l.key == nil || len(l.Items) == 0 {
		a.say(a.tr("No study session: study cards starts one."))
		return
	}
	l.key(l.allIdx[l.Selected], rune('0'+g))
}

// listCards lists the cards with their kind and last grade; Enter goes to
// a card's source, Delete removes the card after asking.
func (a *App) listCards() {
	d := a.deck()
	if d == nil {
		return
	}
	t := gradeTime()
	items := make([]string, len(d.Cards))
	for i, c := range d.Cards {
		state := a.tr("New.")
		if g := c.LastGrade(); g != 0 {
			state = a.tr("%s, next in %d days.", a.trKey(gradeNames[g]), c.Schedule().DaysUntil(t))
		}
		items[i] = a.tr("%s: %s %s", a.trKey(cardKindNames[c.Kind]), c.Question, state)
	}
	cards := d.Cards
	counts := study.CountsAt(cards, t)
	l := &List{Title: a.tr("Cards"), Items: items}
	l.intro = a.tr("Due today: %d, new: %d.", counts.Due, counts.New) + " " + a.listIntro(l)
	l.choose = func(i int) {
		c := cards[i]
		if c.Source == study.FromAnki {
			a.say(a.tr("%s Answer: %s", c.Question, c.Answer))
			return
		}
		a.moveTo(min(c.Start, a.d.Len()), true)
		a.say(c.Answer)
	}
	l.remove = func(i int) {
		id := cards[i].ID
		a.ask("list_cards", a.tr("Remove this card and its grades? y or n"), func() {
			if _, err := a.cardStore().Update(a.state.Path, func(d *study.Deck) error { d.Remove(id); return nil }); err != nil {
				a.sayError(a.tr("Could not save the cards: %s.", errReason(err)))
				return
			}
			a.closeUI()
			a.say(a.tr("Card removed."))
		})
	}
	a.openList(l)
}

var cardKindNames = map[study.Kind]string{
	study.Cloze: msg("Cloze"), study.Question: msg("Question"), study.Recall: msg("Recall"),
}
