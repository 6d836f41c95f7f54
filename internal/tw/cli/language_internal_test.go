package cli

import (
	"testing"

	"textfirst/internal/tw/i18n"
)

// TestDurationsAndPhasesInTheInterfaceLanguage: the confirmations' lengths
// of audio and the progress bar's phases are worded in the interface
// language; English keeps its words exactly.
func TestDurationsAndPhasesInTheInterfaceLanguage(t *testing.T) {
	tests := []struct {
		lang string
		ms   float64
		want string
	}{
		{"en", 3200, "3.2 seconds"},
		{"en", 3661000, "1 hour 1 minute 1 second"},
		{"en", 7322000, "2 hours 2 minutes 2 seconds"},
		{"fr", 3200, "3.2 secondes"},
		{"fr", 3661000, "1 heure 1 minute 1 seconde"},
		{"de", 125000, "2 Minuten 5 Sekunden"},
		{"ar", 120000, "دقيقتان"},
	}
	for _, tc := range tests {
		if got := duration(Env{p: i18n.For(tc.lang)}, tc.ms); got != tc.want {
			t.Errorf("%s %v ms: %q, want %q", tc.lang, tc.ms, got, tc.want)
		}
	}
	phases := []struct{ lang, phase, want string }{
		{"en", "Synthesising", "Synthesising"},
		{"en", "Encoding MP3 2 of 3", "Encoding MP3 2 of 3"},
		{"es", "Synthesising", "Sintetizando"},
		{"es", "Encoding MP3", "Codificando MP3"},
		{"pt", "Encoding M4B 2 of 3", "Codificando M4B 2 de 3"},
		{"fr", "Something new", "Something new"},
	}
	for _, tc := range phases {
		if got := phaseShown(Env{p: i18n.For(tc.lang)}, tc.phase); got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.lang, tc.phase, got, tc.want)
		}
	}
}
