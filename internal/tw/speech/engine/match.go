package engine

import (
	"strings"
	"unicode"
)

// Match finds the voice a person means by query, among voices of the engine
// engineID: a voice id or name ("gmw/en-US", "English (America)"), a
// language tag ("en-US", "en_us"), the words of a name in any order and
// case ("english america"), or any of those after an engine or module id
// and a colon ("espeak:en-us", "flite:kal16"). The best match wins: an
// exact id or name, then an exact language tag (a voice with no variant
// first), then a language family ("en"), then a name holding every word
// (the one with the fewest other words); ties go to the earlier voice.
func Match(voices []Voice, query, engineID string) (Voice, bool) {
	q := strings.TrimSpace(query)
	if q == "" {
		return Voice{}, false
	}
	best, bestScore := Voice{}, 0
	try := func(cands []Voice, q string) {
		for _, v := range cands {
			if s := score(v, q); s > bestScore {
				best, bestScore = v, s
			}
		}
	}
	try(voices, q) // whole query first: ids may hold a colon ("flite:kal16")
	if prefix, rest, ok := strings.Cut(q, ":"); ok && bestScore < 100 {
		var cands []Voice
		for _, v := range voices {
			if inEngine(v, strings.ToLower(strings.TrimSpace(prefix)), engineID) {
				cands = append(cands, v)
			}
		}
		if len(cands) == 0 {
			// A voice of another engine ("espeak-ng:English (America)"
			// kept from speech-dispatcher): the same name or language
			// here is the nearest voice.
			cands = voices
		}
		try(cands, strings.TrimSpace(rest))
	}
	return best, bestScore > 0
}

// inEngine reports whether prefix names v's engine or module ("espeak"
// names speech-dispatcher's espeak-ng module too).
func inEngine(v Voice, prefix, engineID string) bool {
	for _, id := range []string{v.Engine, v.Module, engineID} {
		id = strings.ToLower(id)
		if id != "" && (id == prefix || strings.HasPrefix(id, prefix+"-")) {
			return true
		}
	}
	return false
}

func score(v Voice, q string) int {
	switch {
	case strings.EqualFold(v.ID, q):
		return 100
	case strings.EqualFold(v.Name, q):
		return 95
	}
	lang, tag := normTag(v.Language), normTag(q)
	if lang != "" && tag != "" {
		switch {
		case lang == tag && v.Variant == "":
			return 90
		case lang == tag:
			return 89
		case strings.HasPrefix(lang, tag+"-") && v.Variant == "":
			return 70 - min(10, len(lang)-len(tag))
		}
	}
	qw := words(q)
	if len(qw) == 0 {
		return 0
	}
	vw := words(v.Name + " " + v.Variant + " " + v.Language)
	have := map[string]bool{}
	for _, w := range vw {
		have[w] = true
	}
	for _, w := range qw {
		if !have[w] {
			return 0
		}
	}
	return 50 - min(40, len(words(v.Name+" "+v.Variant))-len(qw))
}

// normTag lowercases a language tag and writes its separators as "-".
func normTag(s string) string {
	s = strings.ToLower(strings.TrimSpace(strings.ReplaceAll(s, "_", "-")))
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return ""
		}
	}
	return s
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
