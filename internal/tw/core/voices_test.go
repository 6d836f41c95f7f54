package core_test

import (
	"strings"
	"sync"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
)

// voiceSpeaker is a Speaker with voices: it records what is said, in
// order, samples with the voice they are said in, and restarts.
type voiceSpeaker struct {
	mu       sync.Mutex
	said     []string
	voice    func() string
	restarts int
}

func (v *voiceSpeaker) ID() string { return "fake" }
func (v *voiceSpeaker) Read(_ *doc.Document, _, _ int, _ func(int, int), done func(bool)) {
	done(true)
}
func (v *voiceSpeaker) Stop() {}
func (v *voiceSpeaker) Say(text string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.said = append(v.said, text)
}
func (v *voiceSpeaker) Voices() ([]core.Voice, error) {
	return []core.Voice{
		{ID: "gmw/en", Name: "English (Great Britain)", Language: "en-gb", Engine: "espeak", Gender: "male"},
		{ID: "gmw/en-US", Name: "English (America)", Language: "en-us", Engine: "espeak", Gender: "male"},
		{ID: "roa/fr", Name: "French (France)", Language: "fr-fr", Engine: "espeak", Gender: "female"},
	}, nil
}
func (v *voiceSpeaker) SaySample(text, id string) { v.Say("[" + id + "] " + text) }
func (v *voiceSpeaker) CurrentVoice() string      { return v.voice() }
func (v *voiceSpeaker) Restart() (string, []string, error) {
	v.restarts++
	return "fake", []string{"No audio device; reading silently at the speed of speech."}, nil
}

func (v *voiceSpeaker) take() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := v.said
	v.said = nil
	return out
}

// settingsStore is the real store with the settings list (as the session
// gives it).
type settingsStore struct{ *settings.Store }

func (settingsStore) Visible() []core.SettingLabel { return nil }

func TestVoicesList(t *testing.T) {
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sp := &voiceSpeaker{voice: func() string { return st.String("speech.voice") }}
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Speaker: sp, Settings: settingsStore{st}})
	defer app.Close()
	key := func(k string) {
		t.Helper()
		if _, _, err := app.ListKey(k); err != nil {
			t.Fatal(err)
		}
	}
	act := func(id string) core.ActionResult {
		t.Helper()
		return mustAction(t, app, id, nil)
	}

	res := act("choose_voice")
	if len(res.Effects) != 1 {
		t.Fatalf("effects %v", res.Effects)
	}
	le, ok := res.Effects[0].(core.ListEffect)
	want := []string{"English (Great Britain), en-gb, espeak, male", "English (America), en-us, espeak, male", "French (France), fr-fr, espeak, female"}
	if !ok || le.Title != "Voices" || strings.Join(le.Items, "|") != strings.Join(want, "|") {
		t.Fatalf("list %+v, want Voices %q", res.Effects[0], want)
	}
	sp.take()
	// Moving says the item, then the voice speaks for itself.
	key("down")
	if got := sp.take(); len(got) != 2 || got[0] != "English (America), en-us, espeak, male, 2 of 3" || got[1] != "[gmw/en-US] Hello, this is English (America)." {
		t.Errorf("moving said %q", got)
	}
	// Space marks a favorite; it is kept in the settings.
	key(" ")
	if favs := st.Strings("speech.favorite_voices"); len(favs) != 1 || favs[0] != "gmw/en-US" {
		t.Errorf("favorites %q", favs)
	}
	if l := app.ListState(); l.Items[1] != "English (America), en-us, espeak, male, favorite" {
		t.Errorf("item after space: %q", l.Items[1])
	}
	key("down")
	key(" ")
	// Enter chooses the voice: speech.voice is set.
	key("enter")
	if v := st.String("speech.voice"); v != "roa/fr" {
		t.Fatalf("speech.voice = %q after choosing French", v)
	}
	if last := rec.last(); last != "Voice: French (France)." {
		t.Errorf("choosing said %q", last)
	}
	// Favorites come first; the voice in use is selected.
	act("choose_voice")
	l := app.ListState()
	if l.Items[0] != "English (America), en-us, espeak, male, favorite" || l.Items[1] != "French (France), fr-fr, espeak, female, favorite" || l.Selected != 1 {
		t.Errorf("list %q selected %d", l.Items, l.Selected)
	}
	app.Cancel()
	// The cycle key moves through the favorites, in order, round.
	for _, want := range []string{"gmw/en-US", "roa/fr", "gmw/en-US"} {
		act("cycle_favorite_voice")
		if v := st.String("speech.voice"); v != want {
			t.Errorf("cycle_favorite_voice gave %q, want %q", v, want)
		}
	}
	if last := rec.last(); last != "Voice: English (America)." {
		t.Errorf("cycling said %q", last)
	}
	// toggle_favorite_voice removes the voice in use, then adds it back.
	act("toggle_favorite_voice")
	if favs := st.Strings("speech.favorite_voices"); len(favs) != 1 || favs[0] != "roa/fr" || rec.last() != "English (America) removed from favorites." {
		t.Errorf("favorites %q after removing, said %q", favs, rec.last())
	}
	act("toggle_favorite_voice")
	if favs := st.Strings("speech.favorite_voices"); len(favs) != 2 || favs[1] != "gmw/en-US" || rec.last() != "English (America) added to favorites." {
		t.Errorf("favorites %q after adding, said %q", favs, rec.last())
	}
	// restart_speech rebuilds the engine and says so, after its notices.
	act("restart_speech")
	if sp.restarts != 1 || rec.last() != "Speech restarted: fake." {
		t.Errorf("restarts %d, said %q", sp.restarts, rec.last())
	}
}

// Without a voice (tw not speaking), the voice actions say why instead of
// "not available in this version".
func TestVoiceActionsWithoutSpeech(t *testing.T) {
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec})
	defer app.Close()
	for _, id := range []string{"choose_voice", "restart_speech", "cycle_favorite_voice", "toggle_favorite_voice"} {
		app.Action(id, nil)
		if got := rec.last(); !strings.Contains(got, "not speaking") {
			t.Errorf("%s said %q", id, got)
		}
	}
}
