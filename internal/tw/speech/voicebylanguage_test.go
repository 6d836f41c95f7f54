package speech_test

import (
	"os"
	"path/filepath"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
)

// speech.voices_by_language: with no voice set, the interface language's
// voice reads, through espeak-ng; a voice set, or a language the table
// lacks, is not touched; a language tw does not speak is refused.
func TestVoicesByLanguageReadWithEspeak(t *testing.T) {
	home := t.TempDir()
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("speech.voices_by_language", map[string]any{"fr": "French_(France)", "de": "German"}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("speech.voices_by_language", map[string]any{"xx": "Klingon"}); err == nil {
		t.Error("a language tw does not speak was taken")
	} else {
		t.Logf("refused: %v", err)
	}
	d := doc.New("Bonjour tout le monde.", doc.Meta{}, nil)
	export := func(o speech.Overrides) string {
		t.Helper()
		o.Backend = "espeak"
		opts := speech.OptionsFrom(st, o)
		rec, _, err := speech.Export(d, 0, d.Len(), opts, filepath.Join(t.TempDir(), "out.wav"), nil)
		if err != nil {
			t.Fatal(err)
		}
		return rec.Voice
	}
	if v := export(speech.Overrides{Language: "fr"}); v != "roa/fr" {
		t.Errorf("in French the export was read by %q, want espeak-ng's French_(France), roa/fr", v)
	}
	if v := export(speech.Overrides{Language: "es"}); v == "roa/fr" || v == "gmw/de" {
		t.Errorf("in Spanish, which the table lacks, the export was read by %q", v)
	}
	if v := export(speech.Overrides{Language: "fr", Voice: "en-us"}); v == "roa/fr" {
		t.Error("a voice given was replaced by the language's")
	}
	if err := os.WriteFile(filepath.Join(home, "settings.toml"), []byte("[speech]\nvoice = \"en-gb\"\n[speech.voices_by_language]\nfr = \"French_(France)\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st2, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	if o := speech.OptionsFrom(st2, speech.Overrides{Language: "fr"}); o.Params.Voice != "en-gb" {
		t.Errorf("speech.voice en-gb gave way to %q", o.Params.Voice)
	}
}
