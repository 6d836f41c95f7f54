package core

import (
	"cmp"
	"errors"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/lexicon"
	"textfirst/internal/tw/readability"
	"textfirst/internal/tw/units"
)

// difficultSyllables is how many syllables make a word difficult: the
// "complex word" of the Gunning fog index.
const difficultSyllables = 3

// DifficultWord reports whether word, of d, is difficult
// (reading_aids.difficult_words): three syllables or more in d's
// language, English when d gives none. The reader draws such words
// underlined and a word move names them.
func DifficultWord(d *doc.Document, word string) bool {
	return readability.Syllables(word, cmp.Or(docLanguage(d), "en")) >= difficultSyllables
}

// wordSaid is a word as a word move says it: named as difficult after it
// when difficult words are marked and the verbosity is high, and then
// followed by its first definition (the glossary's, else WordNet's) with
// reading_aids.difficult_definitions.
func (a *App) wordSaid(w units.Range) string {
	word := a.d.Slice(w.Start, w.End)
	if !a.opts.Settings.Bool("reading_aids.difficult_words") || a.opts.Settings.String("speech.verbosity") != "high" || !DifficultWord(a.d, word) {
		return word
	}
	if a.opts.Settings.Bool("reading_aids.difficult_definitions") {
		if def := a.firstDefinition(word); def != "" {
			return a.tr("%s, difficult: %s", word, def)
		}
	}
	return a.tr("%s, difficult", word)
}

// firstDefinition is the first sense the dictionary gives word, or ""
// when it has none or cannot be read (a word move says the word all the
// same; define_word says why).
func (a *App) firstDefinition(word string) string {
	d, closeDict, err := a.dictionary()
	if errors.Is(err, lexicon.ErrNoWordNet) {
		return ""
	}
	defer closeDict()
	def, ok, err := d.Define(word)
	if err != nil || !ok || len(def.Groups[0].Senses) == 0 {
		return ""
	}
	return strings.TrimSpace(def.Groups[0].Senses[0].Definition)
}
