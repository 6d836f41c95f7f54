package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The terminal reader gives the start notices (settings warnings, a speech
// engine that fell back and why) in the interface language, chosen by
// display.language or else by the locale; JSON-RPC (not Localized) and the
// log keep them in English whatever the language.
func TestNoticesInTheInterfaceLanguage(t *testing.T) {
	english := Open(Options{Home: home(t, broken), Backend: "sapi", Getenv: env(map[string]string{envSink: "clock"})})
	english.Close()
	if len(english.Notices) != 5 {
		t.Fatalf("English notices %q", english.Notices)
	}
	tests := []struct {
		name      string
		settings  string
		env       map[string]string
		localized bool
		want      []string // the start of each notice; nil: the English ones
	}{
		{name: "serve in French stays English", settings: strings.Replace(broken, "[display]\n", "[display]\nlanguage = \"fr\"\n", 1), localized: false},
		{name: "the reader with no language set and no locale", settings: broken, localized: true},
		{name: "the reader in French by the setting", settings: strings.Replace(broken, "[display]\n", "[display]\nlanguage = \"fr\"\n", 1), localized: true,
			want: []string{"settings.toml : speech.rate : doit être un nombre ; utilisation de 265",
				"settings.toml : speech.volume : 500 dépasse le maximum 100 ; utilisation de 100",
				"settings.toml : display.theme : doit être l'une des valeurs ",
				"Le moteur vocal sapi n'est pas disponible ; utilisation de ",
				"Pourquoi sapi n'est pas disponible : "}},
		{name: "the reader in German by the locale", settings: broken, env: map[string]string{"LANG": "de_DE.UTF-8"}, localized: true,
			want: []string{"settings.toml: speech.rate: muss eine Zahl sein; 265 wird verwendet",
				"settings.toml: speech.volume: 500 liegt über dem Maximum 100; 100 wird verwendet",
				"settings.toml: display.theme: muss einer der Werte ",
				"Sprachausgabe sapi ist nicht verfügbar; ",
				"Warum sapi nicht verfügbar ist: "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{envSink: "clock"}
			for k, v := range tt.env {
				vars[k] = v
			}
			h := home(t, tt.settings)
			s := Open(Options{Home: h, Backend: "sapi", Getenv: env(vars), Localized: tt.localized})
			s.Close()
			if tt.want == nil {
				if !slices.Equal(s.Notices, english.Notices) {
					t.Errorf("notices %q, want the English %q", s.Notices, english.Notices)
				}
				return
			}
			if len(s.Notices) != len(tt.want) {
				t.Fatalf("notices %q", s.Notices)
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(s.Notices[i], w) {
					t.Errorf("notice %d is %q, want it to start %q", i, s.Notices[i], w)
				}
			}
			log, _ := os.ReadFile(filepath.Join(h, "data", "state", "textweaver.log"))
			if !strings.Contains(string(log), "settings: settings.toml: speech.rate: must be a number; using 265") {
				t.Errorf("the log is not in English:\n%s", log)
			}
		})
	}
}

// The progress of recognising scanned pages is said in the notices'
// language; in English as it always was.
func TestRecognisingProgressInTheNoticesLanguage(t *testing.T) {
	tests := []struct{ lang, want string }{
		{"en", "Recognising scanned page 1 of 3."},
		{"fr", "Reconnaissance de la page numérisée 1 sur 3."},
		{"ar", "جارٍ التعرف على الصفحة الممسوحة 1 من 3."},
	}
	for _, tt := range tests {
		ev := &announced{}
		s := &Session{language: tt.lang}
		loadProgress(ev, nil, s.tr)(0, 3, "page")
		if len(ev.lines) != 1 || ev.lines[0] != tt.want {
			t.Errorf("%s: announced %q, want %q", tt.lang, ev.lines, tt.want)
		}
	}
}

// The speech service knows the interface language, so that the words tw
// says itself are said in a voice of that language (speech.SetLanguage):
// the terminal reader follows display.language as it changes; JSON-RPC
// (not Localized) keeps English, the language of its texts.
func TestSpeechFollowsTheInterfaceLanguage(t *testing.T) {
	for _, tt := range []struct {
		name      string
		localized bool
		want      []string // the language at start, then after display.language is "fr", then "de"
	}{
		{"the reader", true, []string{"en", "fr", "de"}},
		{"serve", false, []string{"en", "en", "en"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := Open(Options{Home: home(t, ""), Backend: "espeak", Modes: tt.localized, Localized: tt.localized,
				Getenv: env(map[string]string{envSink: "clock"})})
			defer s.Close()
			if s.Speech == nil {
				t.Fatalf("no speech: %q", s.Notices)
			}
			got := []string{s.Speech.Language()}
			for _, lang := range []string{"fr", "de"} {
				if _, err := s.Settings.Set("display.language", lang); err != nil {
					t.Fatal(err)
				}
				got = append(got, s.Speech.Language())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("the speech's language went %q, want %q", got, tt.want)
			}
		})
	}
}
