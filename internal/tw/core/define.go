package core

import (
	"errors"
	"strings"

	"textfirst/internal/tw/lexicon"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, interrupting, map[string]actionHandler{
		"define_word": (*App).defineWord,
	})
})

// defineWord defines the selected words, else the word at the cursor;
// with neither, it asks for the word (prompt purpose define_word).
func (a *App) defineWord() {
	word := ""
	if r, ok := a.selection(); ok {
		word = strings.TrimSpace(a.d.Slice(r.Start, r.End))
	} else if w, ok := a.ix.Word(a.cursor); ok {
		word = a.d.Slice(w.Start, w.End)
	}
	if lexicon.Normalize(word) == "" {
		a.openPrompt("define_word", a.tr("Word to define"), "Prompt", func(text string) {
			if lexicon.Normalize(text) == "" {
				a.say(a.tr("Cancelled."))
				return
			}
			a.define(text)
		})
		return
	}
	a.define(word)
}

// glossaryFile is the user's glossary: lexicon.glossary, else the one
// in the home.
func (a *App) glossaryFile() string {
	if g := a.opts.Settings.String("lexicon.glossary"); g != "" {
		return g
	}
	return lexicon.GlossaryFile(a.opts.Home)
}

// define lists the senses of word from the user's glossary then WordNet;
// choosing a sense copies it. A word found nowhere is said with the
// nearest spellings.
func (a *App) define(word string) {
	d, closeDict, err := a.dictionary()
	var gerr *glossaryError
	switch {
	case errors.As(err, &gerr):
		a.say(a.tr("The glossary cannot be read: %v", gerr.err))
	case errors.Is(err, lexicon.ErrNoWordNet):
		a.say(a.tr("No dictionary: install the Debian package wordnet-base."))
		return
	}
	defer closeDict()
	d.Pronounce = lexicon.EspeakIPA("")
	def, ok, err := d.Define(word)
	switch {
	case err != nil:
		a.say(a.tr("The dictionary cannot be read: %v", err))
		return
	case !ok:
		if near := d.Nearest(word, 3); len(near) > 0 {
			a.say(a.tr("No definition found for %s. Nearest: %s.", word, strings.Join(near, ", ")))
		} else {
			a.say(a.tr("No definition found for %s.", word))
		}
		return
	}
	items := lexicon.Items(a.printer(), def)
	// The list says how many senses (items) it has; the title names the
	// word and how it sounds.
	title := def.Groups[0].Lemma
	if def.Pronunciation != "" {
		title = a.tr("%s, pronounced %s", def.Groups[0].Lemma, def.Pronunciation)
	}
	a.openList(&List{Title: title, Items: items, choose: func(i int) {
		a.copyText(items[i])
		a.say(a.tr("Copied: %s", items[i]))
	}})
}

// glossaryError is a glossary that could not be read; the dictionary
// goes on without it.
type glossaryError struct{ err error }

func (e *glossaryError) Error() string { return "glossary: " + e.err.Error() }

// dictionary is the user's glossary (glossaryFile) then WordNet (lexicon.data_file, else Debian's), with the function that
// closes it. The error is lexicon.ErrNoWordNet when there is neither, or
// a *glossaryError when the glossary cannot be read (the dictionary then
// has WordNet alone).
func (a *App) dictionary() (lexicon.Dictionary, func(), error) {
	var warn error
	g, err := lexicon.LoadGlossary(a.glossaryFile())
	if err != nil {
		warn = &glossaryError{err}
	}
	wn, err := lexicon.OpenWordNet(a.opts.Settings.String("lexicon.data_file"))
	if errors.Is(err, lexicon.ErrNoWordNet) && g.Len() == 0 {
		return lexicon.Dictionary{}, func() {}, lexicon.ErrNoWordNet
	}
	closeDict := func() {}
	if wn != nil {
		closeDict = func() { wn.Close() }
	}
	return lexicon.Dictionary{Glossary: g, WordNet: wn}, closeDict, warn
}
