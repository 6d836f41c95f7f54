package core_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// recoveryCopies lists the recovery copies in home.
func recoveryCopies(t *testing.T, home string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(home, "data", "recovery", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// crashWithEdits opens a new draft in an app with editing.autosave_recovery
// on, types into it, lets the autosave write the recovery copy, and leaves
// the app as a killed process would (it is closed only when the test
// ends). It returns the home, the draft's path and its source as edited.
func crashWithEdits(t *testing.T, original, typed string) (home, path, edited string) {
	t.Helper()
	dir := t.TempDir()
	home = filepath.Join(dir, "home")
	path = writeTestFile(t, filepath.Join(dir, "draft.md"), original)
	app, _, _ := appWithSettings(t, home, map[string]any{"editing.autosave_interval_secs": float64(1)})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	mustAction(t, app, "toggle_edit_mode", nil)
	app.Insert(typed)
	edited = app.Doc().Text
	app.StartAutosave(time.Hour)
	deadline := time.Now().Add(30 * time.Second)
	for len(recoveryCopies(t, home)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no recovery copy was written")
		}
		time.Sleep(20 * time.Millisecond)
	}
	app.StopAutosave()
	return home, path, edited
}

// TestRecoveryCopyOfferedAfterACrash: edits left unsaved by a killed
// process are offered when the document is opened again; yes restores
// them into edit mode (the file untouched until saved, and saving removes
// the copy), no discards the copy.
func TestRecoveryCopyOfferedAfterACrash(t *testing.T) {
	const original = "# Draft\n\nFirst words.\n"
	for _, yes := range []bool{true, false} {
		home, path, edited := crashWithEdits(t, original, "Kept ")
		app, _, _ := appWithSettings(t, home, nil)
		if err := app.Open(path); err != nil {
			t.Fatal(err)
		}
		_, pending := app.UIState()
		if pending == nil || pending.Action != "restore_edits" {
			t.Fatalf("after the crash, the question is %+v; want restore_edits", pending)
		}
		app.Confirm(yes)
		if yes {
			if !app.Editing() || app.Doc().Text != edited {
				t.Errorf("restored: editing %v, text %q", app.Editing(), app.Doc().Text)
			}
			if got := readString(t, path); got != original {
				t.Errorf("the file was changed before saving: %q", got)
			}
			mustAction(t, app, "save", nil)
			if got := readString(t, path); got != edited {
				t.Errorf("saved %q", got)
			}
		} else if app.Editing() || strings.Contains(app.Doc().Text, "Kept") {
			t.Errorf("declined: editing %v, text %q", app.Editing(), app.Doc().Text)
		}
		if copies := recoveryCopies(t, home); len(copies) != 0 {
			t.Errorf("yes=%v: copies left %v", yes, copies)
		}
		app.Close()
	}
}

// TestRecoveryCopyOnlyWhenOn: with editing.autosave_recovery off no copy
// is written; on, one is, and leaving edit mode removes it.
func TestRecoveryCopyOnlyWhenOn(t *testing.T) {
	for _, on := range []bool{true, false} {
		app, _, _ := openWithSettings(t, "draft.md", "Words.\n", map[string]any{"editing.autosave_recovery": on})
		home := filepath.Join(filepath.Dir(app.Doc().Meta.Path), "home")
		mustAction(t, app, "toggle_edit_mode", nil)
		app.Insert("More ")
		app.KeepRecoveryNow()
		if got := len(recoveryCopies(t, home)); (got == 1) != on {
			t.Errorf("on=%v: %d copies", on, got)
		}
		mustAction(t, app, "undo", nil)
		app.KeepRecoveryNow()
		if got := len(recoveryCopies(t, home)); got != 0 {
			t.Errorf("on=%v: %d copies with nothing unsaved", on, got)
		}
		app.Close()
	}
}
