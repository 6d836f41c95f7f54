package core_test

import (
	"slices"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// settingsListApp is an app on home with the settings list of tw's
// terminal reader, the list open; it returns the app (closed when the
// test ends) and its settings.
func settingsListApp(t *testing.T, home string) (*core.App, *settings.Store) {
	t.Helper()
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	app := core.New(core.Options{Home: home, Events: &recorder{}, Settings: session.Settings{Store: st}})
	t.Cleanup(app.Close)
	mustAction(t, app, "settings", nil)
	return app, st
}

// listKey presses key in the open list.
func listKey(t *testing.T, app *core.App, key string) {
	t.Helper()
	if _, _, err := app.ListKey(key); err != nil {
		t.Fatal(err)
	}
}

// adjustSetting moves down the open settings list from the top to the
// first item that starts with label and presses Right on it.
func adjustSetting(t *testing.T, app *core.App, label string) {
	t.Helper()
	listKey(t, app, "home")
	for l := app.ListState(); !strings.HasPrefix(l.Items[l.Selected], label+": "); l = app.ListState() {
		if l.Selected == len(l.Items)-1 {
			t.Fatalf("no setting %s in the list", label)
		}
		listKey(t, app, "down")
	}
	listKey(t, app, "right")
}

// TestRecentSettingsShownFirst: the settings changed last in the settings
// list come first in it, most recent first, as "Recently changed", at
// most five; they are kept in settings.toml (interface.recent_settings),
// so they are there after a restart; the setting itself is not in the
// list.
func TestRecentSettingsShownFirst(t *testing.T) {
	home := t.TempDir()
	app, _ := settingsListApp(t, home)
	if first := app.ListState().Items[0]; strings.HasPrefix(first, "Recently changed") {
		t.Fatalf("nothing changed yet, but the list starts with %q", first)
	}
	for _, label := range []string{"Speech rate", "Pitch", "Volume", "Punctuation", "Verbosity", "Speech rate", "Theme"} {
		adjustSetting(t, app, label)
	}
	listKey(t, app, "escape")

	// A new start: the store is read again from settings.toml.
	app, st := settingsListApp(t, home)
	want := []string{"display.theme", "speech.rate", "speech.verbosity", "speech.punctuation", "speech.volume"}
	if got := st.Strings("interface.recent_settings"); !slices.Equal(got, want) {
		t.Errorf("interface.recent_settings = %v, want %v", got, want)
	}
	items := app.ListState().Items
	for i, label := range []string{"Theme", "Speech rate", "Verbosity", "Punctuation", "Volume"} {
		if prefix := "Recently changed: " + label + ": "; !strings.HasPrefix(items[i], prefix) {
			t.Errorf("item %d is %q, want it to start with %q", i, items[i], prefix)
		}
	}
	if strings.HasPrefix(items[5], "Recently changed") {
		t.Errorf("more than five recent settings: item 5 is %q", items[5])
	}
	if items[1] != "Recently changed: Speech rate: 305 words per minute" {
		t.Errorf("the recent speech rate is shown as %q", items[1])
	}
	for _, it := range items {
		if strings.Contains(it, "Recently changed settings") {
			t.Errorf("the internal setting is listed: %q", it)
		}
	}
	// A recent item changes its setting like any other.
	listKey(t, app, "home")
	listKey(t, app, "down")
	listKey(t, app, "right")
	if got := st.Int("speech.rate"); got != 325 {
		t.Errorf("Right on the recent speech rate: rate %d, want 325", got)
	}
	if got := st.Strings("interface.recent_settings")[0]; got != "speech.rate" {
		t.Errorf("the setting changed last is %s, want speech.rate", got)
	}
}
