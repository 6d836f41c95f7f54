package core_test

import (
	"path/filepath"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// openWithSettings writes text to a file called name in a new temporary
// folder, sets values in a settings store in the folder's home, and opens
// the file in an app reading that store; it returns the app (which the
// caller closes), what it announces and the file's path.
func openWithSettings(t *testing.T, name, text string, values map[string]any) (*core.App, *recorder, string) {
	t.Helper()
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, name), text)
	st, _, err := settings.Open(filepath.Join(dir, "home"))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range values {
		if _, err := st.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recorder{}
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Load: load.File, Parse: load.Bytes, Settings: st})
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	return app, rec, path
}

// TestEditingAutosave: with editing.autosave on, edits are saved by the
// autosave without a word; off, they wait for the user.
func TestEditingAutosave(t *testing.T) {
	for _, on := range []bool{false, true} {
		app, _, path := openWithSettings(t, "draft.md", "# Draft\n\nFirst words.\n", map[string]any{"editing.autosave": on})
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

// TestVerbosityRules: every kind of move by structure, at each level.
func TestVerbosityRules(t *testing.T) {
	const md = "# Top\n\n> A quoted line here.\n\n---\n\nSee ![A red barn](barn.png) here.\n\n- one\n  - inner a\n  - inner b\n- two\n\nEnd.\n"
	moves := []string{"next_block_quote", "next_separator", "next_graphic", "next_list", "next_list_item", "next_list_item", "document_start", "caret_next_line", "caret_previous_line"}
	want := map[string][]string{
		"low": {"A quoted line here.", "Separator", "A red barn", "one", "inner a", "inner b",
			"Top of document. Top", "A quoted line here.", "Top"},
		"normal": {"Block quote: A quoted line here.", "Separator", "Graphic: A red barn", "List, 2 items: one",
			"List item, level 2: inner a", "List item, level 2: inner b", "Top of document. Top", "A quoted line here.", "heading level 1, Top"},
		"high": {"Block quote 1 of 1: A quoted line here.", "Separator 1 of 1", "Graphic 1 of 1: A red barn",
			"List 1 of 2, 2 items: one", "Item 1 of 2, level 2: inner a", "Item 2 of 2, level 2: inner b",
			"Top of document. Top", "A quoted line here.", "heading level 1, Top"},
	}
	for _, level := range []string{"low", "normal", "high"} {
		app, rec, _ := openWithSettings(t, "v.md", md, map[string]any{"speech.verbosity": level})
		for i, move := range moves {
			mustAction(t, app, move, nil)
			if got := rec.last(); got != want[level][i] {
				t.Errorf("%s, %s: said %q, want %q", level, move, got, want[level][i])
			}
		}
		app.Close()
	}
}
