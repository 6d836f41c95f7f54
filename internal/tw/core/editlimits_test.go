package core_test

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/settings"
)

// TestEchoCharactersAndWords: with the typing echo on both, turning off
// editing.echo_characters leaves only the finished words said, and turning
// off editing.echo_words only the characters; both off, typing is quiet.
func TestEchoCharactersAndWords(t *testing.T) {
	tests := []struct {
		chars, words     bool
		wantChar, wantWd bool
	}{
		{true, true, true, true},
		{false, true, false, true},
		{true, false, true, false},
		{false, false, false, false},
	}
	for _, tt := range tests {
		app, rec, _ := openWithSettings(t, "draft.md", "Words.\n", map[string]any{"editing.typing_echo": "both",
			"editing.echo_characters": tt.chars, "editing.echo_words": tt.words})
		mustAction(t, app, "toggle_edit_mode", nil)
		before := len(rec.says)
		for _, s := range []string{"c", "a", "t", " "} {
			app.Insert(s)
		}
		said := rec.says[before:]
		gotChar := strings.Contains(strings.Join(said, "|"), "a")
		gotWord := false
		for _, s := range said {
			gotWord = gotWord || s == "cat"
		}
		gotChar = gotChar && len(said) > 0 && said[0] == "c"
		if gotChar != tt.wantChar || gotWord != tt.wantWd {
			t.Errorf("echo_characters %v, echo_words %v: said %q", tt.chars, tt.words, said)
		}
		app.Close()
	}
}

// TestUndoMemory: editing.undo_memory_mb forgets the oldest edits once
// the text the undo history keeps passes it, whatever the undo steps.
func TestUndoMemory(t *testing.T) {
	big := strings.Repeat("x", 600<<10) // 600 KiB a paste
	for _, tt := range []struct{ mb, undone int }{{1, 1}, {16, 3}} {
		app, rec, _ := openWithSettings(t, "draft.md", "Words.\n", map[string]any{"editing.undo_memory_mb": float64(tt.mb)})
		mustAction(t, app, "toggle_edit_mode", nil)
		for range 3 {
			app.Insert(big)
		}
		undone := undoAtMost(t, app, rec, 4)
		if undone != tt.undone {
			t.Errorf("editing.undo_memory_mb %d: %d pastes of 600 KiB undone, want %d", tt.mb, undone, tt.undone)
		}
		app.Close()
	}
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("editing.undo_memory_mb", "lots"); err == nil || !strings.Contains(err.Error(), "must be a number") {
		t.Errorf("undo_memory_mb = lots: %v", err)
	}
}

// TestNextThemeIsAThemePicked: moving to the next theme by hand keeps
// display.theme_explicit in settings.toml, so that the theme stops
// following the terminal's colors.
func TestNextThemeIsAThemePicked(t *testing.T) {
	app, _, path := openWithSettings(t, "a.md", "Words.\n", map[string]any{"display.follow_os_theme": true})
	defer app.Close()
	mustAction(t, app, "next_theme", nil)
	st, _, err := settings.Open(filepath.Join(filepath.Dir(path), "home"))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Bool("display.theme_explicit") {
		t.Error("next_theme left display.theme_explicit off")
	}
}
