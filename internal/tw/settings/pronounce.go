package settings

import (
	"errors"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/i18n"
)

// Pronunciation is one entry of speech.pronunciations: what to find in the
// text (the entry's name) and what to say instead (its value). The name
// says how to find it:
//
//   - a word or words, such as "SQL" or "New York": found as whole words,
//     in any case;
//   - "=" and a word, such as "=US": whole words, in exactly this case (so
//     "us" is still read as "us");
//   - a Go regular expression between slashes, such as "/v(\d+)/", with "i"
//     after the last slash to ignore case ("/colou?r/i"): found anywhere,
//     and "$1" in the value says a group of the match.
//
// Only what is said changes: word positions still point at the text as
// written.
type Pronunciation struct {
	Name, Say string
	// Pattern finds the entry; WholeWord keeps only matches with no letter
	// or digit just before or after them; Literal says Say as it is
	// (regular expressions expand $1 in it).
	Pattern   *regexp.Regexp
	WholeWord bool
	Literal   bool
	// SayFunc, when set, says a match in place of Say: the rules that
	// normalize text (digits said one by one, words split at capitals).
	SayFunc func(match string) string
}

// parsePronunciation reads one entry, or says why it cannot be used.
func parsePronunciation(name, say string) (Pronunciation, error) {
	if strings.TrimSpace(name) == "" {
		return Pronunciation{}, i18n.Msg("an entry has no word to find")
	}
	if !utf8.ValidString(name) || !utf8.ValidString(say) {
		return Pronunciation{}, i18n.Msg("%q is not valid UTF-8 text", name)
	}
	if !singleLine(say) {
		return Pronunciation{}, i18n.Msg("what to say for %q must be a single line", name)
	}
	if len(name) >= 2 && name[0] == '/' {
		end := strings.LastIndexByte(name, '/')
		flags := name[end+1:]
		if end == 0 || (flags != "" && flags != "i") {
			return Pronunciation{}, i18n.Msg("%q is not /pattern/ or /pattern/i", name)
		}
		expr := name[1:end]
		if flags == "i" {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return Pronunciation{}, i18n.Msg("%q is not a regular expression: %v", name, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
		if re.MatchString("") {
			return Pronunciation{}, i18n.Msg("%q matches empty text", name)
		}
		return Pronunciation{Name: name, Say: say, Pattern: re}, nil
	}
	word, exact := strings.CutPrefix(name, "=")
	if strings.TrimSpace(word) == "" {
		return Pronunciation{}, i18n.Msg("%q has no word to find", name)
	}
	expr := regexp.QuoteMeta(word)
	if !exact {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return Pronunciation{}, i18n.Msg("%q cannot be found: %v", name, err)
	}
	return Pronunciation{Name: name, Say: say, Pattern: re, WholeWord: true, Literal: true}, nil
}

// Lexicon is a compiled speech.pronunciations: its entries in the order
// they are tried where two start at the same place (longer names first).
// It is never changed once made, so it may be shared.
type Lexicon struct{ Entries []Pronunciation }

// CompileLexicon compiles a pronunciations table; entries that cannot be
// used are left out and described in the error. An empty table gives nil.
func CompileLexicon(table map[string]string) (*Lexicon, error) {
	names := make([]string, 0, len(table))
	for k := range table {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) > len(names[j])
		}
		return names[i] < names[j]
	})
	var lex Lexicon
	var bad []string
	for _, name := range names {
		p, err := parsePronunciation(name, table[name])
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		lex.Entries = append(lex.Entries, p)
	}
	var err error
	if len(bad) > 0 {
		err = errors.New(strings.Join(bad, "; "))
	}
	if len(lex.Entries) == 0 {
		return nil, err
	}
	return &lex, err
}

// Same reports whether two lexicons hold the same entries (nil holds none),
// so that recompiling unchanged settings changes nothing.
func (l *Lexicon) Same(o *Lexicon) bool {
	var a, b []Pronunciation
	if l != nil {
		a = l.Entries
	}
	if o != nil {
		b = o.Entries
	}
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Say != b[i].Say {
			return false
		}
	}
	return true
}
