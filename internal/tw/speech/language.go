package speech

import (
	"strings"

	"textfirst/internal/tw/speech/engine"
)

// Words tw says in the interface language (announcements, the words
// continuous reading inserts for structure) are said in a voice of that
// language when the reading voice speaks another, as Orca does; the
// document's own words keep the reading voice.

// defaultLanguager is the optional part of an engine that knows the
// language of its default voice (the voice "" names).
type defaultLanguager interface {
	DefaultLanguage() string
}

// SetLanguage sets the interface language ("en", "fr", ...; "" is English)
// of the words tw says itself: from the next announcement and the next
// continuous reading on, they are said in a voice of that language when
// the reading voice speaks another.
func (s *Service) SetLanguage(lang string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lang = lang
}

// Language is the interface language set by Options.Language or
// SetLanguage.
func (s *Service) Language() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lang
}

// interfaceVoice is the voice of the engine in use that says the words of
// the interface language lang, when the reading voice (p.Voice, already
// resolved) speaks another language; "" when the reading voice says them
// (same language, or no voice of lang, or languages not known). It lists
// the voices: never call it with s.mu held.
func (s *Service) interfaceVoice(p Params, lang string) string {
	s.mu.Lock()
	eng := s.eng
	s.mu.Unlock()
	if _, ok := eng.(defaultLanguager); !ok && p.Voice == "" {
		return "" // the default voice's language is not known
	}
	vs, err := s.Voices()
	if err != nil {
		return ""
	}
	return voiceForLanguage(vs, eng, p.Voice, lang)
}

// voiceForLanguage is the id of the voice among vs (the voices of eng) that
// says words of language lang ("" English) when the voice voiceID ("" the
// engine's default) speaks another language; "" when voiceID says them
// itself or when either language is not known.
func voiceForLanguage(vs []engine.Voice, eng engine.Engine, voiceID, lang string) string {
	if lang == "" {
		lang = "en"
	}
	var reading engine.Voice
	if voiceID == "" {
		if d, ok := eng.(defaultLanguager); ok {
			reading.Language = d.DefaultLanguage()
		}
	} else {
		for _, v := range vs {
			if v.ID == voiceID {
				reading = v
				break
			}
		}
	}
	if reading.Language == "" || primaryLanguage(reading.Language) == primaryLanguage(lang) {
		return ""
	}
	// A voice of the reading voice's own module (speech-dispatcher) first.
	var sameModule []engine.Voice
	for _, v := range vs {
		if reading.Module != "" && v.Module == reading.Module {
			sameModule = append(sameModule, v)
		}
	}
	for _, cands := range [][]engine.Voice{sameModule, vs} {
		if v, ok := engine.Match(cands, lang, eng.ID()); ok && primaryLanguage(v.Language) == primaryLanguage(lang) {
			return v.ID
		}
	}
	return ""
}

// primaryLanguage is the primary subtag of a language tag, lowercased:
// "fr" of "fr-BE" and "fr_fr".
func primaryLanguage(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}
