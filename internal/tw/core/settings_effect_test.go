package core_test

import (
	"path/filepath"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// TestEditingAutosave: with editing.autosave on, edits are saved by the
// autosave without a word; off, they wait for the user.
func TestEditingAutosave(t *testing.T) {
	for _, on := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "draft.md")
		writeTestFile(t, path, "# Draft\n\nFirst words.\n")
		st, _, err := settings.Open(filepath.Join(dir, "home"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Set("editing.autosave", on); err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Load: load.File, Parse: load.Bytes, Settings: st})
		if err := app.Open(path); err != nil {
			t.Fatal(err)
		}
		mustAction(t, app, "toggle_edit_mode", nil)
		app.Insert("More ")
		app.StartAutosave(10 * time.Millisecond)
		time.Sleep(200 * time.Millisecond)
		app.StopAutosave()
		got := readString(t, path)
		saved := got != "# Draft\n\nFirst words.\n"
		if saved != on {
			t.Errorf("editing.autosave %v: the file is now %q", on, got)
		}
		if on && got != "# More Draft\n\nFirst words.\n" {
			t.Errorf("autosaved %q", got)
		}
		app.Close()
	}
}
