package core_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	app, rec, _ := appWithSettings(t, filepath.Join(dir, "home"), values)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	return app, rec, path
}

// appWithSettings makes an app whose home is home, with values set in
// its settings store; it returns the app (which the caller closes), what
// it announces and the store.
func appWithSettings(t *testing.T, home string, values map[string]any) (*core.App, *recorder, *settings.Store) {
	t.Helper()
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range values {
		if _, err := st.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recorder{}
	return core.New(core.Options{Home: home, Events: rec, Load: load.File, Parse: load.Bytes, Settings: st}), rec, st
}

// undoAtMost runs undo up to n times and returns how many edits it undid
// before it said there was nothing left to undo.
func undoAtMost(t *testing.T, app *core.App, rec *recorder, n int) int {
	t.Helper()
	for undone := range n {
		mustAction(t, app, "undo", nil)
		if rec.last() == "Nothing to undo." {
			return undone
		}
	}
	return n
}

// TestEditingAutosave: with editing.autosave on, edits are saved by the
// autosave without a word, every editing.autosave_interval_secs; off,
// they wait for the user.
func TestEditingAutosave(t *testing.T) {
	const original = "# Draft\n\nFirst words.\n"
	for _, on := range []bool{false, true} {
		app, _, path := openWithSettings(t, "draft.md", original,
			map[string]any{"editing.autosave": on, "editing.autosave_interval_secs": float64(1)})
		mustAction(t, app, "toggle_edit_mode", nil)
		app.Insert("More ")
		app.StartAutosave(time.Hour)
		if on {
			deadline := time.Now().Add(30 * time.Second)
			for readString(t, path) == original && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
		} else {
			time.Sleep(2500 * time.Millisecond) // two ticks of the edits' interval
		}
		app.StopAutosave()
		got := readString(t, path)
		if saved := got != original; saved != on {
			t.Errorf("editing.autosave %v: the file is now %q", on, got)
		}
		if on && got != "# More Draft\n\nFirst words.\n" {
			t.Errorf("autosaved %q", got)
		}
		app.Close()
	}
}

// TestEditingAutosaveInterval: the edits wait for their own interval,
// not the reading place's: with the place saved every few milliseconds
// and edits every hour, the autosave has saved the place (its state file
// is written) while the edited file stays as it was.
func TestEditingAutosaveInterval(t *testing.T) {
	const original = "# Draft\n\nFirst words.\n"
	app, _, path := openWithSettings(t, "draft.md", original,
		map[string]any{"editing.autosave": true, "editing.autosave_interval_secs": float64(3600)})
	defer app.Close()
	mustAction(t, app, "toggle_edit_mode", nil)
	app.Insert("More ")
	// The state file, if opening wrote one, is removed: the autosave's
	// place writes it again.
	states := filepath.Join(filepath.Dir(path), "home", "data", "state", "documents", "*.json")
	written, _ := filepath.Glob(states)
	for _, f := range written {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	app.StartAutosave(5 * time.Millisecond)
	defer app.StopAutosave()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if written, _ := filepath.Glob(states); len(written) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the autosave never saved the place")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := readString(t, path); got != original {
		t.Errorf("the edits were saved at the place's interval: %q", got)
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

// TestEditingUndoStepsAndEchoDeletions: editing.undo_steps bounds how
// many edits undo takes back; editing.echo_deletions off shows what
// Backspace removed instead of saying it.
func TestEditingUndoStepsAndEchoDeletions(t *testing.T) {
	tests := []struct {
		steps, undone int
		echo          bool
	}{
		{1000, 3, true},
		{2, 2, false},
		{1, 1, true},
	}
	for _, tt := range tests {
		app, rec, _ := openWithSettings(t, "draft.md", "Words.\n",
			map[string]any{"editing.undo_steps": float64(tt.steps), "editing.echo_deletions": tt.echo})
		mustAction(t, app, "toggle_edit_mode", nil)
		for _, s := range []string{"a", "b", "c"} {
			app.Insert(s)
		}
		undone := undoAtMost(t, app, rec, 4)
		if undone != tt.undone {
			t.Errorf("editing.undo_steps %d: %d edits undone, want %d", tt.steps, undone, tt.undone)
		}
		app.Insert("z")
		before := len(rec.says)
		mustAction(t, app, "backspace", nil)
		said := len(rec.says) > before && rec.last() == "z"
		if said != tt.echo {
			t.Errorf("editing.echo_deletions %v: after Backspace said %q", tt.echo, rec.says[before:])
		}
		app.Close()
	}
}

// TestReadOnOpening: with speech.auto_play on, opening a document starts
// reading it from the place it opens at; off, it waits.
func TestReadOnOpening(t *testing.T) {
	for _, on := range []bool{false, true} {
		app, _, _ := openWithSettings(t, "tides.md", "# Tides\n\nThe moon pulls the sea.\n", map[string]any{"speech.auto_play": on})
		reading := app.View().Playback == core.Reading
		if reading != on {
			t.Errorf("speech.auto_play %v: playback %q after opening", on, app.View().Playback)
		}
		app.Close()
	}
}

// TestSummarySentencesSetting: summarize lists summary.sentences
// sentences.
func TestSummarySentencesSetting(t *testing.T) {
	text := "# Tides\n\n"
	for _, s := range []string{"The moon pulls the sea toward it every day.", "The sun pulls the sea as well, but less.",
		"Spring tides come when the sun and the moon pull together.", "Neap tides come when they pull at right angles.",
		"Sailors read the tide tables before they leave the harbour.", "The tide turns about every six hours along this coast."} {
		text += s + " "
	}
	for _, n := range []int{2, 4} {
		app, rec, _ := openWithSettings(t, "tides.md", text+"\n", map[string]any{"summary.sentences": float64(n)})
		mustAction(t, app, "summarize", nil)
		if want := fmt.Sprintf(", %d items.", n); !strings.Contains(strings.Join(rec.says, "\n"), want) {
			t.Errorf("summary.sentences %d: said %q, want a list with %q", n, rec.says, want)
		}
		app.Close()
	}
}

// TestGlossarySetting: define_word looks the word up in the glossary that
// lexicon.glossary names.
func TestGlossarySetting(t *testing.T) {
	glossary := filepath.Join(t.TempDir(), "terms.txt")
	writeTestFile(t, glossary, "tidewrack: what the sea leaves on the shore\n")
	app, _, _ := openWithSettings(t, "tides.md", "Tidewrack lay there.\n", map[string]any{"lexicon.glossary": glossary})
	defer app.Close()
	mustAction(t, app, "define_word", nil)
	l := app.ListState()
	if l == nil || len(l.Items) == 0 || !strings.Contains(strings.Join(l.Items, "\n"), "what the sea leaves on the shore") {
		t.Errorf("define_word listed %+v, not the glossary's sense", l)
	}
}

// TestEchoLinesOnMove: while editing, moving the caret to another line
// says that line, unless editing.echo_lines_on_move is off.
func TestEchoLinesOnMove(t *testing.T) {
	for _, on := range []bool{true, false} {
		app, rec, _ := openWithSettings(t, "draft.md", "First line.\n\nSecond line.\n", map[string]any{"editing.echo_lines_on_move": on})
		mustAction(t, app, "toggle_edit_mode", nil)
		before := len(rec.says)
		mustAction(t, app, "caret_next_line", nil)
		said := strings.Contains(strings.Join(rec.says[before:], "\n"), "Second line.")
		if said != on {
			t.Errorf("editing.echo_lines_on_move %v: said %q", on, rec.says[before:])
		}
		app.Close()
	}
}
