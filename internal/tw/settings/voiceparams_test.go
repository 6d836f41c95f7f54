package settings

import (
	"reflect"
	"strings"
	"testing"
)

// TestVoiceParamsFollowTheVoice: changing the voice keeps the rate and
// pitch of the voice before under its id; choosing a voice that has an
// entry brings its rate and pitch back, one that has none keeps them.
func TestVoiceParamsFollowTheVoice(t *testing.T) {
	home := t.TempDir()
	st, _, err := Open(home)
	if err != nil {
		t.Fatal(err)
	}
	RememberVoiceParams(st)
	set := func(path string, v any) {
		t.Helper()
		if _, err := st.Set(path, v); err != nil {
			t.Fatal(err)
		}
	}
	check := func(what string, rate, pitch int, table map[string]string) {
		t.Helper()
		if st.Int("speech.rate") != rate || st.Int("speech.pitch") != pitch {
			t.Errorf("%s: rate %d pitch %d, want %d %d", what, st.Int("speech.rate"), st.Int("speech.pitch"), rate, pitch)
		}
		if got := st.TextTable("speech.voice_params"); !reflect.DeepEqual(got, table) && (len(got) > 0 || len(table) > 0) {
			t.Errorf("%s: voice_params %v, want %v", what, got, table)
		}
	}
	set("speech.voice", "en-us")
	check("first voice from the default one", 265, 0, nil)
	set("speech.rate", 300.0)
	set("speech.pitch", -2.0)
	set("speech.voice", "fr-fr")
	check("a voice with no entry", 300, -2, map[string]string{"en-us": "300 -2"})
	set("speech.rate", 180.0)
	set("speech.voice", "en-us")
	check("back to en-us", 300, -2, map[string]string{"en-us": "300 -2", "fr-fr": "180 -2"})
	set("speech.voice", "fr-fr")
	check("back to fr-fr", 180, -2, map[string]string{"en-us": "300 -2", "fr-fr": "180 -2"})

	// Reopened, the table is in settings.toml.
	again, _, err := Open(home)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.TextTable("speech.voice_params"); got["en-us"] != "300 -2" {
		t.Errorf("reopened: %v", got)
	}
	for _, bad := range []string{"fast", "300", "1000 0", "300 -20", "300 0 1"} {
		if _, err := st.Set("speech.voice_params", map[string]any{"en-us": bad}); err == nil || !strings.Contains(err.Error(), "two numbers") {
			t.Errorf("voice_params %q: %v", bad, err)
		}
	}
}
