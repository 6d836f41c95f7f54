package e2e

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// effect returns the single effect of a result, failing otherwise.
func effect(t *testing.T, res map[string]any) map[string]any {
	t.Helper()
	eff, _ := res["effects"].([]any)
	if len(eff) != 1 {
		t.Fatalf("want one effect, got %v", res)
	}
	return eff[0].(map[string]any)
}

// TestPromptPurposes opens each supported prompt through action, checks its
// purpose and label, types into it with prompt_key, and answers it.
func TestPromptPurposes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "notes.md")
	testkit.WriteFile(t, path, notesMD)
	other := filepath.Join(dir, "other.txt")
	testkit.WriteFile(t, other, "Other document.\n")
	cases := []struct {
		name, action, purpose, label string
		setup                        []string // actions run before
		editing                      bool
		answer                       string
		wantStatus                   string // prefix of the status after answering
	}{
		{"find", "find", "find", "Find", nil, false, "nucleus", "Match 1 of 2: The nucleus"},
		{"go to", "go_to", "go_to", "Go to line, percent, start, or end", nil, false, "50%", "48 percent, line 3: cells."},
		{"go to refused", "go_to", "go_to", "Go to line, percent, start, or end", nil, false, "tomorrow", "Not a go-to target: tomorrow."},
		{"open", "open", "open", "Open file", nil, false, other, "Opened other.txt."},
		{"command palette", "command_palette", "command_palette", "Command", nil, false, "say position", "Line 1 of 7, 0 percent."},
		{"note text", "add_note", "note_text", "Note", nil, false, "A first note #cells", "Note added: A first note #cells"},
		{"rename bookmark", "rename_bookmark", "rename_bookmark", "New bookmark name, Enter keeps it", []string{"add_bookmark"}, false, "start", "Bookmark mark1 renamed to start."},
		{"edit note", "edit_note", "edit_note", "Edit note, Enter keeps it", nil, false, "", "Kept."},
		{"setting value", "", "setting_value", "New value, Enter keeps it", nil, false, "300", "Speech rate: 300 words per minute"},
		{"export settings", "export_settings", "export_settings", "Export settings to file, for example textweaver-settings.toml", nil, false, filepath.Join(dir, "s.toml"), "Settings exported to"},
		{"import settings", "import_settings", "import_settings", "Import settings from file", nil, false, filepath.Join(dir, "missing.toml"), "Could not import the settings"},
		{"save as", "save_as", "save_as", "Save as, Enter for notes.md", nil, true, "copy.md", "Saved copy.md. Still editing."},
		{"replace find", "replace", "replace_find", "Replace, find what", nil, true, "nucleus", "Replace with"},
		{"table size", "insert_table", "table_size", "Table size, columns by rows, for example 3 by 2", nil, true, "3 by 2", "Table, 3 columns by 2 rows."},
		{"image path", "insert_image", "image_path", "Image file", nil, true, "pictures/cell.png", "Image: cell"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t, filepath.Join(t.TempDir(), "home"))
			c.call("open", map[string]any{"path": path})
			if tc.editing {
				c.call("action", map[string]any{"id": "toggle_edit_mode"})
			}
			for _, s := range tc.setup {
				c.call("action", map[string]any{"id": s})
			}
			var res map[string]any
			switch {
			case tc.purpose == "edit_note":
				c.call("action", map[string]any{"id": "add_note"})
				c.call("answer", map[string]any{"text": "first"})
				res = c.call("action", map[string]any{"id": "edit_note"})
			case tc.purpose == "setting_value":
				c.call("action", map[string]any{"id": "settings"})
				c.call("list_key", map[string]any{"key": "down"})
				c.call("list_key", map[string]any{"key": "down"})
				res = c.call("list_key", map[string]any{"key": "enter"})
			default:
				res = c.call("action", map[string]any{"id": tc.action})
			}
			e := effect(t, res)
			params := e["params"].(map[string]any)
			if e["type"] != "prompt" || params["purpose"] != tc.purpose || params["label"] != tc.label {
				t.Fatalf("effect %v", e)
			}
			ps := c.call("prompt_state", nil)
			if ps["purpose"] != tc.purpose || ps["text"] != "" || ps["caret"] != 0.0 {
				t.Fatalf("prompt_state %v", ps)
			}
			// Type the answer with prompt_key (text), then check the state.
			pk := c.call("prompt_key", map[string]any{"text": tc.answer})
			if pk["prompt"].(map[string]any)["text"] != tc.answer {
				t.Fatalf("prompt_key text: %v", pk)
			}
			res = c.call("prompt_key", map[string]any{"key": "enter"})
			if s := res["status"].(string); !strings.HasPrefix(s, tc.wantStatus) {
				t.Fatalf("status %q, want it to start %q", s, tc.wantStatus)
			}
		})
	}
}

// TestPromptKeys edits a prompt's text key by key.
func TestPromptKeys(t *testing.T) {
	c, dir, path := startWith(t, "notes.md", notesMD)
	c.call("action", map[string]any{"id": "find"})
	steps := []struct {
		key, text string
		caret     float64
	}{
		{"a", "a", 1}, {"b", "ab", 2}, {" ", "ab ", 3}, {"c", "ab c", 4}, {"left", "ab c", 3},
		{"backspace", "abc", 2}, {"home", "abc", 0}, {"delete", "bc", 0}, {"end", "bc", 2},
		{"x", "bcx", 3}, {"left", "bcx", 2}, {"kill_to_end", "bc", 2}, {"kill_to_start", "", 0},
		{"o", "o", 1}, {"n", "on", 2}, {"e", "one", 3}, {" ", "one ", 4}, {"t", "one t", 5},
		{"delete_word_back", "one ", 4},
	}
	for _, s := range steps {
		res := c.call("prompt_key", map[string]any{"key": s.key})
		p := res["prompt"].(map[string]any)
		if p["text"] != s.text || p["caret"] != s.caret {
			t.Fatalf("after %q: %v, want %q caret %v", s.key, p, s.text, s.caret)
		}
	}
	if _, err := c.try("prompt_key", map[string]any{"key": "hyperspace"}); err == nil || err["message"] != "No prompt key hyperspace" {
		t.Fatalf("unknown key: %v", err)
	}
	c.call("prompt_key", map[string]any{"key": "escape"})
	if ps, _ := c.try("prompt_state", nil); ps != nil {
		t.Fatalf("prompt still open: %v", ps)
	}
	// History: the earlier answer comes back with up.
	c.call("action", map[string]any{"id": "find"})
	c.call("answer", map[string]any{"text": "cells"})
	c.call("action", map[string]any{"id": "find"})
	res := c.call("prompt_key", map[string]any{"key": "up"})
	if res["prompt"].(map[string]any)["text"] != "cells" {
		t.Fatalf("history: %v", res)
	}
	c.call("cancel", nil)
	// Tab completes a command name in the command palette, and a path.
	c.call("action", map[string]any{"id": "command_palette"})
	c.call("prompt_key", map[string]any{"text": "say pos"})
	res = c.call("prompt_key", map[string]any{"key": "tab"})
	if res["prompt"].(map[string]any)["text"] != "say position" {
		t.Fatalf("command completion: %v", res)
	}
	c.call("cancel", nil)
	c.call("action", map[string]any{"id": "open"})
	c.call("prompt_key", map[string]any{"text": filepath.Join(dir, "no")})
	res = c.call("prompt_key", map[string]any{"key": "tab"})
	if res["prompt"].(map[string]any)["text"] != path {
		t.Fatalf("path completion: %v", res)
	}
}

// TestLists opens each kind of list and moves through it with list_key.
func TestLists(t *testing.T) {
	c, _, _ := startWith(t, "notes.md", notesMD)
	// Two bookmarks, a note and a highlight to list.
	c.call("action", map[string]any{"id": "add_bookmark"})
	c.call("navigate", map[string]any{"action": "next_heading"})
	c.call("action", map[string]any{"id": "add_bookmark"})
	c.call("navigate", map[string]any{"action": "next_sentence"})
	c.call("action", map[string]any{"id": "add_note"})
	c.call("answer", map[string]any{"text": "DNA lives here #genetics"})
	c.call("action", map[string]any{"id": "toggle_highlight"})

	// The outline opens on the heading the reader is in: the
	// cursor is in the second section.
	cases := []struct {
		action, title string
		items         int
		filters       bool
		selected      float64
	}{
		{"list_bookmarks", "Bookmarks", 2, false, 0},
		{"list_notes", "Notes", 1, false, 0},
		{"list_highlights", "Highlights", 1, false, 0},
		{"outline", "Outline", 2, true, 1},
		{"settings", "Settings", 0, true, 0},
		{"keyboard_help", "Keyboard shortcuts", 0, true, 0},
	}
	for _, tc := range cases {
		t.Run(tc.title, func(t *testing.T) {
			res := c.call("action", map[string]any{"id": tc.action})
			e := effect(t, res)
			params := e["params"].(map[string]any)
			if e["type"] != "list" || params["title"] != tc.title {
				t.Fatalf("effect %v", e)
			}
			items := params["items"].([]any)
			if tc.items > 0 && len(items) != tc.items {
				t.Fatalf("items %v", items)
			}
			ls := c.call("list_state", nil)
			if (ls["filter"] != nil) != tc.filters || ls["selected"] != tc.selected {
				t.Fatalf("list_state %v", ls)
			}
			if len(items) > 1 {
				res = c.call("list_key", map[string]any{"key": "down"})
				want := items[1].(string) + ", 2 of " + itoa(len(items))
				if res["status"] != want || res["list"].(map[string]any)["selected"] != 1.0 {
					t.Fatalf("down: %v, want %q", res, want)
				}
				res = c.call("list_key", map[string]any{"key": "end"})
				if res["list"].(map[string]any)["selected"] != float64(len(items)-1) {
					t.Fatalf("end: %v", res)
				}
				c.call("list_key", map[string]any{"key": "home"})
			}
			res = c.call("list_key", map[string]any{"key": "escape"})
			if res["list"] != nil || res["status"] != "Cancelled." {
				t.Fatalf("escape: %v", res)
			}
		})
	}
	// Choosing from the outline moves there.
	c.call("action", map[string]any{"id": "outline"})
	c.call("list_key", map[string]any{"key": "n"})
	c.call("list_key", map[string]any{"key": "u"})
	res := c.call("list_key", map[string]any{"key": "enter"})
	if res["status"] != "Heading level 2: The nucleus" {
		t.Fatalf("outline choice: %v", res)
	}
	if pos := c.call("position", nil); pos["line"] != 5.0 {
		t.Fatalf("position after outline: %v", pos)
	}
	// choose picks by index; delete in the bookmarks list removes one.
	c.call("action", map[string]any{"id": "list_bookmarks"})
	res = c.call("choose", map[string]any{"index": 0})
	if !strings.HasPrefix(res["status"].(string), "Bookmark mark1") {
		t.Fatalf("choose: %v", res)
	}
	c.call("action", map[string]any{"id": "list_bookmarks"})
	c.call("list_key", map[string]any{"key": "delete"})
	if got := c.call("info", nil)["bookmarks"]; got != 1.0 {
		t.Fatalf("bookmarks after delete: %v", got)
	}
	if _, err := c.try("list_key", map[string]any{"key": "sideways"}); err == nil || err["message"] != "No list key sideways" {
		t.Fatalf("unknown list key: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
