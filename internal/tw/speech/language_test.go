package speech_test

import (
	"sync"
	"testing"

	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

// voiceRecorder wraps a real synthesizer and records, for each text it is
// asked to say, the voice it was asked to say it with.
type voiceRecorder struct {
	engine.Synthesizer
	mu     sync.Mutex
	voices map[string]string
}

func (r *voiceRecorder) Synthesize(u engine.Utterance, p engine.Params, emit func([]int16, []engine.Mark) bool) error {
	r.mu.Lock()
	r.voices[u.Text] = p.Voice
	r.mu.Unlock()
	return r.Synthesizer.Synthesize(u, p, emit)
}

// voiceOf waits until text was synthesized and returns its voice.
func (r *voiceRecorder) voiceOf(t *testing.T, text string) string {
	t.Helper()
	var v string
	waitFor(t, text, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		var ok bool
		v, ok = r.voices[text]
		return ok
	})
	return v
}

// openRecordingEspeak opens the real espeak-ng with the reading voice
// voice and the interface language lang, its syntheses recorded.
func openRecordingEspeak(t *testing.T, voice, lang string) (*speech.Service, *voiceRecorder) {
	t.Helper()
	p := speech.DefaultParams()
	p.Voice = voice
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50, Params: p, Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	rec := &voiceRecorder{voices: map[string]string{}}
	speech.WrapSynth(s, func(syn engine.Synthesizer) engine.Synthesizer { rec.Synthesizer = syn; return rec })
	return s, rec
}

// TestAnnouncementsInTheInterfaceLanguagesVoice: with real espeak-ng, an
// announcement is said in a voice of the interface language when the
// reading voice speaks another, and in the reading voice when it speaks
// the interface language.
func TestAnnouncementsInTheInterfaceLanguagesVoice(t *testing.T) {
	for _, tt := range []struct {
		name, voice, lang, text, want string
	}{
		{"French interface, English default voice", "", "fr", "Début du document.", "roa/fr"},
		{"German interface, American voice", "en-us", "de", "Anfang des Dokuments.", "gmw/de"},
		{"Arabic interface, English voice", "gmw/en", "ar", "بداية المستند.", "sem/ar"},
		{"English interface, English default voice", "", "en", "Top of document.", ""},
		{"no interface language, English default voice", "", "", "Top of document.", ""},
		{"French interface, French voice", "fr", "fr", "Début du document.", "roa/fr"},
		{"French interface, Belgian French voice", "roa/fr-BE", "fr", "Début du document.", "roa/fr-BE"},
		{"English interface, Spanish voice", "es", "en", "Top of document.", "gmw/en"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, rec := openRecordingEspeak(t, tt.voice, tt.lang)
			s.Say(tt.text)
			if got := rec.voiceOf(t, tt.text); got != tt.want {
				t.Errorf("%q was said with voice %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestSetLanguageChangesTheAnnouncementsVoice: a change of interface
// language takes effect from the next announcement; a voice's sample
// keeps its own voice.
func TestSetLanguageChangesTheAnnouncementsVoice(t *testing.T) {
	s, rec := openRecordingEspeak(t, "", "en")
	s.Say("Top of document.")
	if got := rec.voiceOf(t, "Top of document."); got != "" {
		t.Errorf("English announcement said with voice %q, want the default", got)
	}
	s.SetLanguage("es")
	s.Say("Principio del documento.")
	if got := rec.voiceOf(t, "Principio del documento."); got != "roa/es" {
		t.Errorf("Spanish announcement said with voice %q, want roa/es", got)
	}
	s.SaySample("Hello, this is my voice.", "gmw/en-US")
	if got := rec.voiceOf(t, "Hello, this is my voice."); got != "gmw/en-US" {
		t.Errorf("a voice's sample was said with voice %q, want its own", got)
	}
}
