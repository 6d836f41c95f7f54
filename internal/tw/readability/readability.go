// Package readability measures how hard a text is to read, with the
// standard formula of its language: Flesch reading ease (English),
// Fernández Huerta (Spanish), Kandel and Moles (French), Amstad (German)
// and Flesch as adapted by Martins and others (Portuguese), all on Flesch's
// 0 to 100 scale (higher is easier), and for English the Flesch–Kincaid
// grade as well. Arabic has no formula of this kind in common use: Measure
// says so rather than guess.
//
// Syllables are counted as groups of vowels, the usual approximation of
// these formulas' own tools: in English a final silent e is not a syllable.
package readability

import (
	"strings"
	"unicode"
)

// Result is a text's measure.
type Result struct {
	Formula                     string  // the formula's name
	Score                       float64 // on Flesch's scale, clamped to 0..100
	Grade                       float64 // the Flesch–Kincaid grade, English only (else 0)
	Band                        Band
	Words, Sentences, Syllables int
}

// Band names a stretch of Flesch's scale.
type Band int

// The bands, easiest first.
const (
	VeryEasy Band = iota
	Easy
	FairlyEasy
	Standard
	FairlyDifficult
	Difficult
	VeryDifficult
)

// bandFloors are the lowest score of each band but the hardest, from the
// easiest band down.
var bandFloors = []struct {
	floor float64
	band  Band
}{{90, VeryEasy}, {80, Easy}, {70, FairlyEasy}, {60, Standard}, {50, FairlyDifficult}, {30, Difficult}}

func bandOf(score float64) Band {
	for _, f := range bandFloors {
		if score >= f.floor {
			return f.band
		}
	}
	return VeryDifficult
}

// formulas are each language's, from words per sentence and syllables per
// word.
var formulas = map[string]struct {
	name string
	f    func(wps, spw float64) float64
}{
	"en": {"Flesch reading ease", func(wps, spw float64) float64 { return 206.835 - 1.015*wps - 84.6*spw }},
	// Fernández Huerta: 206.84 − 0.60·(syllables per 100 words) − 1.02·(sentences per 100 words).
	"es": {"Fernández Huerta", func(wps, spw float64) float64 { return 206.84 - 60*spw - 102/wps }},
	"fr": {"Kandel and Moles", func(wps, spw float64) float64 { return 207 - 1.015*wps - 73.6*spw }},
	"de": {"Amstad", func(wps, spw float64) float64 { return 180 - wps - 58.5*spw }},
	"pt": {"Flesch (Martins)", func(wps, spw float64) float64 { return 248.835 - 1.015*wps - 84.6*spw }},
}

// Measure measures words, in sentences sentences, in the language lang (a
// tag such as "en" or "pt-BR"); ok is false when the language has no
// formula here or there are no words.
func Measure(words []string, sentences int, lang string) (Result, bool) {
	base := strings.ToLower(lang)
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	formula, ok := formulas[base]
	if !ok || len(words) == 0 {
		return Result{}, false
	}
	sentences = max(sentences, 1)
	syllables := 0
	for _, w := range words {
		syllables += Syllables(w, base)
	}
	wps := float64(len(words)) / float64(sentences)
	spw := float64(syllables) / float64(len(words))
	r := Result{Formula: formula.name, Score: min(max(formula.f(wps, spw), 0), 100),
		Words: len(words), Sentences: sentences, Syllables: syllables}
	if base == "en" {
		r.Grade = max(0.39*wps+11.8*spw-15.59, 0)
	}
	r.Band = bandOf(r.Score)
	return r, true
}

// Syllables counts the syllables of a word as groups of vowels (at least
// one for a word with a letter).
func Syllables(word, lang string) int {
	w := []rune(strings.ToLower(word))
	n, inVowel, letters := 0, false, 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
		}
		v := isVowel(r, lang)
		if v && !inVowel {
			n++
		}
		inVowel = v
	}
	if lang == "en" && n > 1 && len(w) > 2 && w[len(w)-1] == 'e' && !isVowel(w[len(w)-2], lang) && !(w[len(w)-2] == 'l' && !isVowel(w[len(w)-3], lang)) {
		n-- // a silent final e, but not in "-le" after a consonant (table)
	}
	if n == 0 && letters > 0 {
		n = 1
	}
	return n
}

func isVowel(r rune, lang string) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u', 'á', 'é', 'í', 'ó', 'ú', 'à', 'è', 'ì', 'ò', 'ù', 'â', 'ê', 'î', 'ô', 'û',
		'ä', 'ë', 'ï', 'ö', 'ü', 'ã', 'õ', 'œ', 'æ':
		return true
	case 'y':
		return lang != "es"
	}
	return false
}
