package core_test

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// TestEditingAuthorInTheTemplate: editing.author is the author a new
// document from the template gets, in place of the name on this computer.
func TestEditingAuthorInTheTemplate(t *testing.T) {
	app, _, _ := openWithSettings(t, "notes.md", "# Notes\n\nSome words.\n", map[string]any{"editing.author": "Ada Lovelace"})
	defer app.Close()
	mustAction(t, app, "new_from_template", nil)
	app.Answer("Engines")
	if text := app.Doc().Text; !strings.Contains(text, "\nauthor: \"Ada Lovelace\"\n") {
		t.Errorf("the new document:\n%s", text)
	}
}

// TestQuietScreenSetting: accessibility.quiet_screen starts the reader
// with the text hidden, and the quiet screen key turns it off and saves
// that, so the next start shows the text.
func TestQuietScreenSetting(t *testing.T) {
	app, rec, path := openWithSettings(t, "notes.md", "# Notes\n\nSome words.\n", map[string]any{"accessibility.quiet_screen": true})
	if !app.View().Quiet {
		t.Fatal("accessibility.quiet_screen on, but the view shows the text")
	}
	mustAction(t, app, "quiet_screen", nil)
	if app.View().Quiet || rec.last() != "Quiet screen off." {
		t.Errorf("quiet screen key: view quiet %v, said %q", app.View().Quiet, rec.last())
	}
	app.Close()
	st, _, err := settings.Open(filepath.Join(filepath.Dir(path), "home"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Bool("accessibility.quiet_screen") {
		t.Error("turning the quiet screen off was not saved")
	}
	again := core.New(core.Options{Home: filepath.Join(filepath.Dir(path), "home"), Events: &recorder{}, Load: load.File,
		Parse: load.Bytes, Settings: st})
	defer again.Close()
	if again.View().Quiet {
		t.Error("the next start hides the text")
	}
}
