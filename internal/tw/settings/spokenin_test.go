package settings

import (
	"testing"
	"time"

	"textfirst/internal/tw/i18n"
)

// TestSpokenInSaysValuesInTheInterfaceLanguage checks SpokenIn with the
// real catalogue: units with plural forms, toggles and choice labels,
// while Spoken stays English (what JSON-RPC reports). The translator
// reads the store itself (as the core's does, for the language), which
// must not deadlock.
func TestSpokenInSaysValuesInTheInterfaceLanguage(t *testing.T) {
	st, _, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tr := func(key string, args ...any) string {
		return i18n.For(st.String("display.language")).Sprintf(key, args...)
	}
	tests := []struct {
		lang, path string
		value      any
		want       string
	}{
		{"en", "speech.pitch", 1.0, "1 semitone"},
		{"en", "speech.pitch", -2.0, "-2 semitones"},
		{"fr", "speech.rate", 265.0, "265 mots par minute"},
		{"fr", "highlight.enabled", false, "désactivé"},
		{"de", "speech.punctuation", "all", "Alle"},
		{"ar", "speech.pitch", 2.0, "نصفا درجة"},
		{"ar", "speech.pitch", 11.0, "11 نصف درجة"},
		{"es", "speech.voice", nil, "sin definir"},
		{"pt", "display.language", "pt", "Português (Portuguese)"},
	}
	for _, tt := range tests {
		if _, err := st.Set("display.language", tt.lang); err != nil {
			t.Fatal(err)
		}
		if tt.path != "display.language" {
			if _, err := st.Set(tt.path, tt.value); err != nil {
				t.Fatal(err)
			}
		}
		done := make(chan string, 1)
		go func() { s, _ := st.SpokenIn(tt.path, tr); done <- s }()
		select {
		case got := <-done:
			if got != tt.want {
				t.Errorf("%s %s = %v: said %q, want %q", tt.lang, tt.path, tt.value, got, tt.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("SpokenIn deadlocked on a translator that reads the settings")
		}
	}
	if got, _ := st.Spoken("speech.pitch"); got != "11 semitones" {
		t.Errorf("Spoken is %q, want the English %q", got, "11 semitones")
	}
}
