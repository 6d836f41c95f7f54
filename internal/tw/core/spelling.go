package core

import (
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/spell"
	"textfirst/internal/tw/units"
)

// Speller checks words (spell.Checker).
type Speller interface {
	Known(word string) bool
	Suggest(word string, max int) []string
}

// systemSpeller is the word list installed on the system.
func systemSpeller() (Speller, error) {
	c, err := spell.System()
	if err != nil {
		return nil, err
	}
	return c, nil
}

// speller returns the speller when editing.spell_check is on, else says
// why there is none.
func (a *App) speller() (Speller, bool) {
	if !a.opts.Settings.Bool("editing.spell_check") {
		a.say(a.tr("Spelling checks are off. Turn on Check spelling in the settings."))
		return nil, false
	}
	get := a.opts.Spell
	if get == nil {
		get = systemSpeller
	}
	sp, err := get()
	if err != nil {
		a.sayError(a.tr("Spelling checks are not available: %s.", strings.TrimPrefix(err.Error(), "spell: ")))
		return nil, false
	}
	return sp, true
}

// inCode reports whether pos is inside code, whose words are not checked.
func (a *App) inCode(pos int) bool {
	ms := a.ix.Kind(doc.Code)
	i := ms.Search(func(m doc.Marker) bool { return m.End > pos })
	return i < ms.Len() && ms.At(i).Start <= pos
}

// misspelling moves to the next or previous misspelled word and says it.
func (a *App) misspelling(next bool) {
	sp, ok := a.speller()
	if !ok {
		return
	}
	pos := a.cursor
	for {
		var w units.Range
		var found bool
		if next {
			w, found = a.ix.NextWord(pos)
		} else {
			w, found = a.ix.PreviousWord(pos)
		}
		if !found {
			if next {
				a.say(a.tr("No next misspelling."))
			} else {
				a.say(a.tr("No previous misspelling."))
			}
			return
		}
		pos = w.Start
		word := a.d.Slice(w.Start, w.End)
		if !sp.Known(word) && !a.inCode(w.Start) {
			a.moveTo(w.Start, true)
			a.say(a.tr("Misspelled: %s", word))
			return
		}
	}
}

// spellingSuggestions says the corrections of the word at the cursor.
func (a *App) spellingSuggestions() {
	sp, ok := a.speller()
	if !ok {
		return
	}
	w, found := a.ix.Word(a.cursor)
	if !found {
		a.say(a.tr("No word here."))
		return
	}
	word := a.d.Slice(w.Start, w.End)
	if sp.Known(word) {
		a.say(a.tr("%s is spelled correctly.", word))
		return
	}
	sugg := sp.Suggest(word, 5)
	if len(sugg) == 0 {
		a.say(a.tr("No suggestions for %s.", word))
		return
	}
	a.say(a.tr("Suggestions for %s: %s.", word, strings.Join(sugg, ", ")))
}
