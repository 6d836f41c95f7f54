package session

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/speech/speechtest"
)

// TestOutputDeviceSetting: speech.output_device puts tw's speech on the
// sound server's device of that name from the start, and a change of the
// setting while tw runs moves it (two PulseAudio null sinks stand for two
// sound cards).
func TestOutputDeviceSetting(t *testing.T) {
	speechtest.StartPulse(t) // its default sink is twnull
	speechtest.AddNullSink(t, "twother")
	s := Open(Options{Home: home(t, "[speech]\nbackend = \"espeak\"\noutput_device = \"twother\"\n")})
	defer s.Close()
	if s.Speech == nil || s.Speech.SinkKind() != "device" {
		t.Fatalf("speech did not open on the device: notices %q", s.Notices)
	}
	if on := speechtest.SinkOfStreams(t); on != "twother" {
		t.Fatalf("speech plays on %q, want twother", on)
	}
	if _, err := s.Settings.Set("speech.output_device", "twnull"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second) // bounds a hang only
	for speechtest.SinkOfStreams(t) != "twnull" {
		if time.Now().After(deadline) {
			t.Fatalf("after the change speech plays on %q, want twnull", speechtest.SinkOfStreams(t))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestMedicalLexiconFileProblemIsTold: with the medical lexicon on, a
// medical-lexicon.toml that cannot be used is named with the reason when
// speech opens.
func TestMedicalLexiconFileProblemIsTold(t *testing.T) {
	h := home(t, "[speech]\nbackend = \"null\"\n[normalization.medical_lexicon]\nenabled = true\n")
	testkit.WriteFile(t, filepath.Join(h, "medical-lexicon.toml"), "mg = [1, 2]\n")
	s := Open(Options{Home: h})
	defer s.Close()
	want := "Your medical pronunciations are not used: medical-lexicon.toml: mg: what to say must be text."
	if !slices.Contains(s.Notices, want) {
		t.Errorf("notices %q, want %q", s.Notices, want)
	}
}
