package core

import (
	"path/filepath"
	"strings"
	"sync"
	"unicode/utf8"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/spell"
	"textfirst/internal/tw/units"
)

// Speller checks words (spell.Checker).
type Speller interface {
	Known(word string) bool
	Suggest(word string, max int) []string
}

// wordAdder is the part of a speller that keeps a personal word list.
type wordAdder interface {
	Add(word string, write func(path string, data []byte) error) error
}

// hunspellSpellers are the hunspell spellers started, by language and
// home, kept for the process: each is one hunspell process.
var hunspellSpellers = struct {
	sync.Mutex
	m map[string]*spell.Hunspell
}{m: map[string]*spell.Hunspell{}}

// systemSpeller is hunspell with the dictionary of lang and the home's
// personal word list (words.txt), when hunspell and that dictionary are
// installed; else the system's word list.
func systemSpeller(lang, home string) (Speller, error) {
	key := lang + "\x00" + home
	hunspellSpellers.Lock()
	defer hunspellSpellers.Unlock()
	if h, ok := hunspellSpellers.m[key]; ok {
		return h, nil
	}
	personal := ""
	if home != "" {
		personal = personalWordList(home)
	}
	if h, err := spell.NewHunspell(lang, personal); err == nil {
		hunspellSpellers.m[key] = h
		return h, nil
	}
	c, err := spell.System()
	if err != nil {
		return nil, err
	}
	return c, nil
}

// personalWordList is the home's personal word list, one word a line;
// it is changed under its lock (atomicfile.WithLock) and written
// atomically.
func personalWordList(home string) string { return filepath.Join(home, "words.txt") }

// rereadPersonalWords has the hunspell spellers of home read its personal
// word list again, after sync changed it.
func rereadPersonalWords(home string) {
	hunspellSpellers.Lock()
	defer hunspellSpellers.Unlock()
	for key, h := range hunspellSpellers.m {
		if strings.HasSuffix(key, "\x00"+home) {
			h.Reread()
		}
	}
}

// spellingLanguage is the document's language when it gives one, else the
// interface language.
func (a *App) spellingLanguage() string {
	if l := docLanguage(a.d); l != "" {
		return l
	}
	return a.printer().Lang().Code
}

// speller returns the speller when editing.spell_check is on, else says
// why there is none.
func (a *App) speller() (Speller, bool) {
	if !a.opts.Settings.Bool("editing.spell_check") {
		a.say(a.tr("Spelling checks are off. Turn on Check spelling in the settings."))
		return nil, false
	}
	sp, err := a.openSpeller()
	if err != nil {
		a.sayError(a.tr("Spelling checks are not available: %s.", strings.TrimPrefix(err.Error(), "spell: ")))
		return nil, false
	}
	return sp, true
}

// openSpeller is the speller of the open document's language.
func (a *App) openSpeller() (Speller, error) {
	get := a.opts.Spell
	if get == nil {
		lang, home := a.spellingLanguage(), a.opts.Home
		get = func() (Speller, error) { return systemSpeller(lang, home) }
	}
	return get()
}

// spellMemo remembers which words a speller knows, so drawing the marks
// of misspelled words asks it about each word once.
type spellMemo struct {
	sp    Speller
	known map[string]bool
}

// maxSpellMemo bounds the words remembered; past it the memo starts again.
const maxSpellMemo = 50000

// Misspellings are the misspelled words of [from, to) of the source being
// edited, for the reader to mark: none outside edit mode, with
// editing.spell_check off, or when spelling checks are not available
// (nothing is said: the reader only draws). Words in code are not checked.
func (a *App) Misspellings(from, to int) []units.Range {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.editing || a.d == nil || !a.opts.Settings.Bool("editing.spell_check") {
		return nil
	}
	sp, err := a.openSpeller()
	if err != nil {
		return nil
	}
	if a.spellMemo.sp != sp || len(a.spellMemo.known) > maxSpellMemo {
		a.spellMemo = spellMemo{sp: sp, known: map[string]bool{}}
	}
	var out []units.Range
	w, ok := a.ix.Word(from)
	if !ok {
		w, ok = a.ix.NextWord(from)
	}
	for ; ok && w.Start < to; w, ok = a.ix.NextWord(w.Start) {
		word := a.d.Slice(w.Start, w.End)
		known, seen := a.spellMemo.known[word]
		if !seen {
			known = sp.Known(word)
			a.spellMemo.known[word] = known
		}
		if !known && !a.inCode(w.Start) {
			out = append(out, w)
		}
	}
	return out
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
	sugg := sp.Suggest(word, 8)
	items := append([]string{}, sugg...)
	adder, canAdd := sp.(wordAdder)
	if canAdd {
		items = append(items, a.tr("Add %s to my word list", word))
	}
	items = append(items, a.tr("Leave %s as it is", word))
	title := a.tr("Suggestions for %s", word)
	if len(sugg) == 0 {
		title = a.tr("No suggestions for %s", word)
	}
	a.openList(&List{Title: title, Items: items, choose: func(i int) {
		switch {
		case i < len(sugg) && a.mode == ModeEdit:
			a.apply(w.Start, w.End, sugg[i], w.Start+utf8.RuneCountInString(sugg[i]))
			a.say(a.tr("Replaced %s with %s.", word, sugg[i]))
		case i < len(sugg):
			a.copyText(sugg[i])
			a.say(a.tr("Copied %s. Turn on edit mode to replace the word itself.", sugg[i]))
		case canAdd && i == len(sugg):
			write := func(path string, data []byte) error { return atomicfile.Write(path, data, atomicfile.PrivateFile) }
			add := func() error { return adder.Add(word, write) }
			if a.opts.Home != "" {
				// Under the lock sync merges the list under.
				add = func() error {
					return atomicfile.WithLock(personalWordList(a.opts.Home), func() error { return adder.Add(word, write) })
				}
			}
			if err := add(); err != nil {
				a.sayError(a.tr("Could not add %s to your word list: %v", word, err))
				return
			}
			a.spellMemo = spellMemo{} // the word is known now
			a.say(a.tr("%s added to your word list.", word))
		default:
			a.say(a.tr("%s left as it is.", word))
		}
	}})
}
