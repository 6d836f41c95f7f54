package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEditActions runs each editing action on a small Markdown source and
// checks the source it leaves and what it says.
func TestEditActions(t *testing.T) {
	const src = "Title line\n\nalpha beta gamma\ndelta epsilon\n"
	type step struct {
		method string
		params map[string]any
	}
	act := func(id string) step { return step{"action", map[string]any{"id": id}} }
	nav := func(id string) step { return step{"navigate", map[string]any{"action": id}} }
	ins := func(text string) step { return step{"insert", map[string]any{"text": text}} }
	answer := func(text string) step { return step{"answer", map[string]any{"text": text}} }
	cases := []struct {
		name       string
		steps      []step
		wantSource string
		wantStatus string
	}{
		{"italic on the word", []step{act("italic")}, "*Title* line\n\nalpha beta gamma\ndelta epsilon\n", "Italic."},
		{"italic twice removes it", []step{act("italic"), act("italic")}, src, "Italic removed."},
		{"inline code", []step{act("inline_code")}, "`Title` line\n\nalpha beta gamma\ndelta epsilon\n", "Code."},
		{"heading levels", []step{act("heading"), act("heading")}, "## Title line\n\nalpha beta gamma\ndelta epsilon\n", "Heading level 2."},
		{"bulleted then numbered", []step{act("bullet_list"), act("numbered_list")}, "1. Title line\n\nalpha beta gamma\ndelta epsilon\n", "Numbered list."},
		{"block quote", []step{act("block_quote")}, "> Title line\n\nalpha beta gamma\ndelta epsilon\n", "Block quote."},
		{"horizontal rule", []step{act("horizontal_rule")}, "Title line\n\n---\n\n\n\nalpha beta gamma\ndelta epsilon\n", "Horizontal rule."},
		{"code block", []step{act("code_block")}, "```\nTitle line\n```\n\nalpha beta gamma\ndelta epsilon\n", "Code block."},
		{"link placeholder", []step{nav("caret_next_line"), act("select_all"), act("cut"), act("insert_link")}, "[text](https://)", "Link."},
		{"table", []step{act("insert_table"), answer("2 by 1")}, "Title line\n\n| Column 1 | Column 2 |\n| --- | --- |\n|     |     |\n\n\nalpha beta gamma\ndelta epsilon\n", "Table, 2 columns by 1 rows."},
		{"delete word after", []step{act("delete_word_after")}, " line\n\nalpha beta gamma\ndelta epsilon\n", "Title deleted."},
		{"backspace at the start", []step{act("backspace")}, src, "Top of document."},
		{"delete a character", []step{act("delete")}, "itle line\n\nalpha beta gamma\ndelta epsilon\n", "T"},
		{"select all, copy, paste", []step{act("select_all"), act("copy"), nav("document_end"), act("paste")}, "Title line\n\nalpha beta gamma\nTitle line\n\nalpha beta gamma\ndelta epsilon\ndelta epsilon\n", "Pasted 5 lines: Title line alpha beta gamma delta epsilon"},
		{"replace", []step{act("replace"), answer("a"), answer("A")}, "Title line\n\nAlphA betA gAmmA\ndeltA epsilon\n", "Replaced 6."},
		{"undo of a replace", []step{act("replace"), answer("a"), answer("A"), act("undo")}, src, "Undo. Title line"},
		{"nothing to redo", []step{act("redo")}, src, "Nothing to redo."},
		{"insert then undo", []step{ins("New "), act("undo")}, src, "Undo. Title line"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := startWith(t, "doc.md", src)
			c.call("action", map[string]any{"id": "toggle_edit_mode"})
			var res map[string]any
			for _, s := range tc.steps {
				res = c.call(s.method, s.params)
			}
			if got := c.call("text", nil)["text"]; got != tc.wantSource {
				t.Fatalf("source\n%q\nwant\n%q", got, tc.wantSource)
			}
			if res["status"] != tc.wantStatus {
				t.Fatalf("status %q, want %q", res["status"], tc.wantStatus)
			}
		})
	}
}

// TestDiscardRestoresPlace: discarding the changes puts the cursor back
// where it was before them, so the next open does not resume elsewhere.
func TestDiscardRestoresPlace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.md")
	os.WriteFile(path, []byte(notesMD), 0o644)
	home := filepath.Join(dir, "home")
	c := start(t, home)
	c.call("open", map[string]any{"path": path})
	c.call("navigate", map[string]any{"action": "next_sentence"})
	c.call("action", map[string]any{"id": "toggle_edit_mode"})
	c.call("insert", map[string]any{"text": "Inserted words. "})
	c.call("navigate", map[string]any{"action": "caret_next_word"})
	c.call("action", map[string]any{"id": "toggle_edit_mode"})
	if res := c.call("list_key", map[string]any{"key": "d"}); res["status"] != "Changes discarded. Edit mode off." {
		t.Fatalf("discard: %v", res)
	}
	if pos := c.call("position", nil); pos["char"] != 14.0 {
		t.Fatalf("after discard the cursor is at %v, want 14 (where editing began)", pos)
	}
	if got, _ := os.ReadFile(path); string(got) != notesMD {
		t.Fatalf("the file changed: %q", got)
	}
	c.call("shutdown", nil)
	c2 := start(t, home)
	if res := c2.call("open", map[string]any{"path": path}); res["position"].(map[string]any)["char"] != 14.0 {
		t.Fatalf("reopened at %v", res["position"])
	}
}
