package speech_test

import (
	"os"
	"path/filepath"
	"testing"

	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
)

// OptionsFrom: the settings choose, an override wins, a named engine is
// strict only when asked and only when the override names it.
func TestOptionsFromSettingsAndOverrides(t *testing.T) {
	home := t.TempDir()
	toml := "[speech]\nbackend = \"speechd\"\nspeechd_module = \"flite\"\nvoice = \"en-gb\"\nrate = 400\npitch = 2\ninterrupt_announcements = false\n"
	if err := os.WriteFile(filepath.Join(home, "settings.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	rate, pitch, fast := 120, -3, 5000
	type want struct {
		backend, module, voice, sink string
		rate, pitch                  int
		strict, queue                bool
	}
	tests := []struct {
		name string
		st   speech.Settings
		ov   speech.Overrides
		want want
	}{
		{"the defaults", nil, speech.Overrides{}, want{"auto", "", "", "auto", 265, 0, false, false}},
		{"the settings", st, speech.Overrides{}, want{"speechd", "flite", "en-gb", "auto", 400, 2, false, true}},
		{"strict asked, but the engine is the setting's", st, speech.Overrides{StrictBackend: true}, want{"speechd", "flite", "en-gb", "auto", 400, 2, false, true}},
		{"the flags win", st, speech.Overrides{Backend: "espeak", Module: "festival", Voice: "fr", Rate: &rate, Pitch: &pitch, StrictBackend: true, Sink: "clock"},
			want{"espeak", "festival", "fr", "clock", 120, -3, true, true}},
		{"auto is never strict", nil, speech.Overrides{Backend: "auto", StrictBackend: true}, want{"auto", "", "", "auto", 265, 0, false, false}},
		{"a named engine without StrictBackend falls back", nil, speech.Overrides{Backend: "espeak"}, want{"espeak", "", "", "auto", 265, 0, false, false}},
		{"out of range clamps", nil, speech.Overrides{Rate: &fast}, want{"auto", "", "", "auto", 900, 0, false, false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := speech.OptionsFrom(tc.st, tc.ov)
			got := want{o.Backend, o.Module, o.Params.Voice, o.Sink, o.Params.Rate, o.Params.Pitch, o.Strict, o.QueueAnnouncements}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// speech.verbosity reaches the narration through the params.
func TestOptionsFromVerbosity(t *testing.T) {
	for _, level := range []string{"", "low", "normal", "high"} {
		home := t.TempDir()
		if level != "" {
			if err := os.WriteFile(filepath.Join(home, "settings.toml"), []byte("[speech]\nverbosity = \""+level+"\"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		st, _, err := settings.Open(home)
		if err != nil {
			t.Fatal(err)
		}
		want := level
		if want == "" {
			want = "normal"
		}
		if got := speech.OptionsFrom(st, speech.Overrides{}).Params.Verbosity; got != want {
			t.Errorf("speech.verbosity %q: params say %q", level, got)
		}
	}
}
