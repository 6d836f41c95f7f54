package core

import (
	"cmp"

	"textfirst/internal/tw/doc"
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
// when difficult words are marked and the verbosity is high.
func (a *App) wordSaid(w units.Range) string {
	word := a.d.Slice(w.Start, w.End)
	if a.opts.Settings.Bool("reading_aids.difficult_words") && a.opts.Settings.String("speech.verbosity") == "high" && DifficultWord(a.d, word) {
		return a.tr("%s, difficult", word)
	}
	return word
}
