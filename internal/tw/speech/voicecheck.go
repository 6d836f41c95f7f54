package speech

import (
	"strings"

	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/speech/speechd"
)

// nearestShown is how many voices a refusal names.
const nearestShown = 3

// CheckVoice says whether the voice a person names (as speech.voice, or
// --voice) can be used, matched as reading matches it (see engine.Match):
//   - nil, nil: a voice of the engine in use matches it, or it is empty
//     (the engine's default voice);
//   - a refusal naming the nearest voices, when none matches;
//   - a notice and no refusal, when it names an engine that is not
//     available right now (speech-dispatcher not running): the voice is
//     kept for when that engine runs again, not erased.
//
// When the engine in use cannot list its voices, nothing is refused.
func (s *Service) CheckVoice(name string) (notice, refusal *i18n.Message) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, nil
	}
	vs, err := s.Voices()
	if err != nil || len(vs) == 0 {
		return nil, nil
	}
	id := s.ID()
	if _, ok := engine.Match(vs, name, id); ok {
		return nil, nil
	}
	if other, ok := missingEngine(name, id); ok {
		m := i18n.Msg("Voice %s is of %s, which is not available now; it is kept for when it is.", name, other)
		return &m, nil
	}
	var nearest []string
	for _, v := range engine.Nearest(vs, name, nearestShown) {
		nearest = append(nearest, v.ID)
	}
	m := i18n.Msg("No voice matches %s. Nearest: %s.", name, strings.Join(nearest, ", "))
	return nil, &m
}

// missingEngine reports the engine a voice name's "engine:" prefix names
// when that engine is not the one in use and cannot be reached now: an
// engine tw knows that is not available, or, while speech-dispatcher is
// not running, any prefix (one of its output modules, whose voices cannot
// be listed without it).
func missingEngine(name, current string) (string, bool) {
	prefix, _, ok := strings.Cut(name, ":")
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	if !ok || prefix == "" || prefix == current {
		return "", false
	}
	for _, b := range backends() {
		if b.info.ID == prefix && b.info.ID != current {
			if up, _ := b.probe(); !up {
				return b.info.Name, true
			}
			return "", false
		}
	}
	if current != "speechd" {
		if up, _ := speechd.Available(); !up {
			return "Speech Dispatcher", true
		}
	}
	return "", false
}
