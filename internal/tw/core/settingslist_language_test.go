package core_test

import (
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/settings"
)

// rateOnly is the settings list with one setting, the speech rate, whose
// typed values are read as the settings list reads them.
type rateOnly struct{ *settings.Store }

func (rateOnly) Visible() []core.SettingLabel {
	return []core.SettingLabel{{Path: "speech.rate", Label: "Speech rate"}}
}

func (rateOnly) Parse(path, text string) (any, error) {
	st, _ := settings.Lookup(path)
	return st.Parse(text)
}

// TestSettingsListErrorsInTheInterfaceLanguage: a value typed in the
// settings list that does not fit is refused in the interface language
// (the same error over JSON-RPC stays English: see the settings tests).
func TestSettingsListErrorsInTheInterfaceLanguage(t *testing.T) {
	tests := []struct{ lang, typed, want string }{
		{"en", "fast", "speech.rate must be a number"},
		{"fr", "fast", "speech.rate doit être un nombre"},
		{"de", "fast", "speech.rate muss eine Zahl sein"},
		{"ar", "fast", "يجب أن يكون speech.rate رقمًا"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			st := settingsIn(t, tt.lang)
			app, rec := settingsListKey(t, rateOnly{st}, "enter")
			app.Answer(tt.typed)
			if got := rec.last(); got != tt.want {
				t.Errorf("said %q, want %q", got, tt.want)
			}
			if st.Int("speech.rate") != 265 {
				t.Errorf("the rate changed to %d", st.Int("speech.rate"))
			}
		})
	}
}

// rateAndPitch is the settings list with two settings and their help.
type rateAndPitch struct{ *settings.Store }

func (rateAndPitch) Visible() []core.SettingLabel {
	var out []core.SettingLabel
	for _, p := range []string{"speech.rate", "speech.pitch"} {
		st, _ := settings.Lookup(p)
		out = append(out, core.SettingLabel{Path: st.Path, Label: st.Label, Help: st.Help})
	}
	return out
}

// TestSettingsListDetailsSaysTheHelp: the Say Status key (details) in the
// settings list says the setting and what it does, in the interface
// language.
func TestSettingsListDetailsSaysTheHelp(t *testing.T) {
	tests := []struct{ lang, want string }{
		{"en", "Speech rate: 265 words per minute. How fast text is read aloud."},
		{"fr", "Débit de parole : 265 mots par minute. La vitesse de lecture à voix haute."},
		{"de", "Sprechtempo: 265 Wörter pro Minute. Wie schnell Text vorgelesen wird."},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			st := settingsIn(t, tt.lang)
			_, rec := settingsListKey(t, rateAndPitch{st}, "details")
			if got := rec.last(); got != tt.want {
				t.Errorf("said %q, want %q", got, tt.want)
			}
		})
	}
}

// settingsListKey opens the settings list of a new app reading s and
// presses key in it; it returns the app, closed when the test ends, and
// what it announced.
func settingsListKey(t *testing.T, s core.Settings, key string) (*core.App, *recorder) {
	t.Helper()
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Settings: s})
	t.Cleanup(app.Close)
	mustAction(t, app, "settings", nil)
	if _, _, err := app.ListKey(key); err != nil {
		t.Fatal(err)
	}
	return app, rec
}

// settingsIn is a new settings store whose interface language is lang.
func settingsIn(t *testing.T, lang string) *settings.Store {
	t.Helper()
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("display.language", lang); err != nil {
		t.Fatal(err)
	}
	return st
}
