package tui

import (
	"strings"
	"sync"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/settings"
)

// voicedText is textSpeaker with two voices, recording the samples said.
type voicedText struct {
	textSpeaker
	mu      sync.Mutex
	samples []string
	st      *settings.Store
}

func (v *voicedText) Voices() ([]core.Voice, error) {
	return []core.Voice{
		{ID: "gmw/en-US", Name: "English (America)", Language: "en-us", Engine: "espeak", Gender: "male"},
		{ID: "roa/fr", Name: "French (France)", Language: "fr-fr", Engine: "espeak", Gender: "female"},
	}, nil
}
func (v *voicedText) SaySample(text, id string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.samples = append(v.samples, id+": "+text)
}
func (v *voicedText) CurrentVoice() string               { return v.st.String("speech.voice") }
func (v *voicedText) Restart() (string, []string, error) { return "espeak", nil, nil }

// The Voices list in the terminal reader: Alt+V shows it, Down moves (and
// the voice speaks a sample), Space marks a favorite, Enter chooses;
// Alt+Shift+V cycles the favorites.
func TestReaderVoicesList(t *testing.T) {
	var vs *voicedText
	s := newSimSpeaking(t, "a.md", "# A\n\nSome text.\n", 80, 24, defaultCfg, func(ev *Events, st *settings.Store) core.Speaker {
		vs = &voicedText{textSpeaker: textSpeaker{id: "espeak", events: ev}, st: st}
		return vs
	})
	st := vs.st

	s.press(tcell.KeyRune, 'v', tcell.ModAlt)
	s.expectSaid("Voices, 2 items.")
	if !strings.Contains(strings.Join(s.screen(), "\n"), "French (France), fr-fr, espeak, female") {
		t.Errorf("the list is not shown:\n%s", strings.Join(s.screen(), "\n"))
	}
	s.press(tcell.KeyDown, 0, 0)
	s.expectSaid("French (France), fr-fr, espeak, female, 2 of 2")
	if len(vs.samples) != 1 || vs.samples[0] != "roa/fr: Hello, this is French (France)." {
		t.Errorf("samples %q", vs.samples)
	}
	s.press(tcell.KeyRune, ' ', 0)
	s.expectSaid("French (France) added to favorites.")
	s.press(tcell.KeyEnter, 0, 0)
	s.expectSaid("Voice: French (France).")
	if v := st.String("speech.voice"); v != "roa/fr" {
		t.Errorf("speech.voice = %q", v)
	}
	st.Set("speech.voice", "gmw/en-US")
	s.press(tcell.KeyRune, 'V', tcell.ModAlt|tcell.ModShift)
	s.expectSaid("Voice: French (France).")
}
