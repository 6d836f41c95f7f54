package settings

import (
	"strings"
	"unicode"

	"textfirst/internal/lazyregexp"
)

// Readers of the settings the speaking rules depend on: a *Store or
// Defaults. TextTable is optional (Defaults have no tables of text).
type normalizationSettings interface {
	Bool(path string) bool
}

type textTableSettings interface {
	TextTable(path string) map[string]string
}

// The rules made from settings rather than from a table.
var (
	digitsPattern     = lazyregexp.New(`[0-9]+`)
	joinedCapsPattern = lazyregexp.New(`\p{Lu}?\p{Ll}+(?:\p{Lu}+\p{Ll}*)+`)
)

// SpeakingLexicon is every rule that changes what is said for the text as
// written, from the settings: speech.pronunciations with
// normalization.pronunciations (unless normalization.use_pronunciations is
// off), then the abbreviations
// (normalization.abbreviations, normalization.abbrev_expansions, which win
// over the built-in ones), the medical lexicon
// (normalization.medical_lexicon.enabled: the user's medical
// pronunciations, then the built-in ones), digits said one by one
// (normalization.numbers off), and words joined with capitals split
// (speech.split_caps). Entries
// that cannot be used are left out (they were refused when set). nil when
// no rule applies.
func SpeakingLexicon(st normalizationSettings) *Lexicon {
	tables, _ := st.(textTableSettings)
	table := func(path string) map[string]string {
		if tables == nil {
			return nil
		}
		return tables.TextTable(path)
	}
	var lex Lexicon
	if st.Bool("normalization.use_pronunciations") {
		words := withOwnWords(table("speech.pronunciations"), table("normalization.pronunciations"))
		if l, _ := CompileLexicon(words); l != nil {
			lex.Entries = append(lex.Entries, l.Entries...)
		}
	}
	if st.Bool("normalization.abbreviations") {
		// The built-in ones are the narrator's (package speech).
		words := table("normalization.abbrev_expansions")
		exact := make(map[string]string, len(words))
		for k, v := range words {
			exact["="+k] = v
		}
		if l, _ := CompileLexicon(exact); l != nil {
			lex.Entries = append(lex.Entries, l.Entries...)
		}
	}
	if texts, ok := st.(interface{ String(path string) string }); ok && st.Bool("normalization.medical_lexicon.enabled") {
		lex.Entries = append(lex.Entries, medicalLexicon(texts)...)
	}
	if !st.Bool("normalization.numbers") {
		lex.Entries = append(lex.Entries, Pronunciation{Name: "normalization.numbers", Pattern: digitsPattern.Regexp(),
			SayFunc: func(m string) string { return strings.Join(strings.Split(m, ""), " ") }})
	}
	if st.Bool("speech.split_caps") {
		lex.Entries = append(lex.Entries, Pronunciation{Name: "speech.split_caps", Pattern: joinedCapsPattern.Regexp(),
			WholeWord: true, SayFunc: splitAtCapitals})
	}
	if len(lex.Entries) == 0 {
		return nil
	}
	return &lex
}

// splitAtCapitals puts a space before each capital that follows a small
// letter: "TextWeaver" is "Text Weaver", "iPhone" is "i Phone".
func splitAtCapitals(word string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range word {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// withOwnWords is the pronunciation list list with the entries of own
// (normalization.pronunciations) added: where both have an entry for the
// same word (in any case, as plain words match), own's wins.
func withOwnWords(list, own map[string]string) map[string]string {
	if len(own) == 0 {
		return list
	}
	out := make(map[string]string, len(list)+len(own))
	for k, v := range list {
		out[k] = v
	}
	for name := range own {
		for k := range out {
			if strings.EqualFold(k, name) {
				delete(out, k)
			}
		}
	}
	for k, v := range own {
		out[k] = v
	}
	return out
}
