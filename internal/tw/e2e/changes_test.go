package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// docText is the open document's text, over JSON-RPC.
func docText(c *client) string {
	c.t.Helper()
	s, _ := c.call("text", nil)["text"].(string)
	return s
}

func listOf(res map[string]any) []string {
	l, _ := res["list"].(map[string]any)
	items, _ := l["items"].([]any)
	out := make([]string, len(items))
	for i, it := range items {
		out[i], _ = it.(string)
	}
	return out
}

// TestReviewChangesOverRPC: the five tracked-change actions through the tw
// binary's JSON-RPC server on a Word file LibreOffice made: the list and
// its a and r keys, reject all with undo, accept all, a comment through
// the comment_text prompt, and the save, which keeps the original beside
// the file; pandoc reads the decisions and both comments in the file
// written.
func TestReviewChangesOverRPC(t *testing.T) {
	dir := t.TempDir()
	path := testkit.TrackedDOCX(t, dir, "draft.docx")
	orig, _ := os.ReadFile(path)
	c := start(t, filepath.Join(dir, "home"))
	c.call("open", map[string]any{"path": path})

	res := c.call("action", map[string]any{"id": "list_changes"})
	if res["status"] != "Changes and comments. Changes: 4, comments: 1. Enter goes to one; a accepts a change, r rejects it; Escape closes." {
		t.Fatalf("list_changes: %v", res)
	}
	ls := c.call("list_state", nil)
	if items, _ := ls["items"].([]any); len(items) != 5 || items[0] != "Deleted by Bob Reviewer: rarely" || items[3] != "Comment by Ann Author: Check this dose." {
		t.Fatalf("list_state %v", ls)
	}
	// Changes read as marked from now on (reading.revisions auto at high
	// verbosity) do not change how the open document reads.
	c.call("set_setting", map[string]any{"path": "speech.verbosity", "value": "high"})
	c.call("list_key", map[string]any{"key": "down"})
	res = c.call("list_key", map[string]any{"key": "a"})
	if res["status"] != "Accepted insertion: often. Inserted by Ann Author: renal, 2 of 4" || len(listOf(res)) != 4 {
		t.Fatalf("a: %v", res)
	}
	res = c.call("list_key", map[string]any{"key": "r"})
	if res["status"] != "Rejected insertion: renal. Comment by Ann Author: Check this dose., 2 of 3" {
		t.Fatalf("r: %v", res)
	}
	if got := docText(c); !strings.HasPrefix(got, "Fluids were often given in acute failure.") {
		t.Errorf("after a and r: %q", got)
	}
	c.call("list_key", map[string]any{"key": "escape"})

	res = c.call("action", map[string]any{"id": "reject_all_changes"})
	if !strings.HasPrefix(res["status"].(string), "Changes rejected: 2. The text shown is the original text.") {
		t.Fatalf("reject_all_changes: %v", res)
	}
	if got := docText(c); !strings.HasPrefix(got, "Fluids were rarelyoften given") || !strings.Contains(got, "The patient was very stable.") {
		t.Errorf("after rejecting all: %q", got)
	}
	if res = c.call("action", map[string]any{"id": "undo"}); res["status"] != "Undone: Changes rejected: 2." {
		t.Fatalf("undo: %v", res)
	}
	res = c.call("action", map[string]any{"id": "accept_all_changes"})
	if !strings.HasPrefix(res["status"].(string), "Changes accepted: 2.") {
		t.Fatalf("accept_all_changes: %v", res)
	}
	if d, _ := os.ReadFile(path); !bytes.Equal(d, orig) {
		t.Fatal("the file changed before save_changes_to_word")
	}

	c.call("action", map[string]any{"id": "document_start"})
	c.call("navigate", map[string]any{"action": "next_paragraph"})
	res = c.call("action", map[string]any{"id": "add_comment"})
	ps := c.call("prompt_state", nil)
	if ps["purpose"] != "comment_text" || ps["label"] != "Comment on: A second paragraph stays as it is." {
		t.Fatalf("add_comment: %v, prompt %v", res, ps)
	}
	res = c.call("answer", map[string]any{"text": "Is this needed?"})
	if !strings.HasPrefix(res["status"].(string), "Comment added on: A second paragraph stays as it is.") {
		t.Fatalf("the comment: %v", res)
	}

	res = c.call("action", map[string]any{"id": "save_changes_to_word"})
	if res["status"] != "Saved into draft.docx: changes decided: 4, comments added: 1. The original is kept beside it as draft-original.docx." {
		t.Fatalf("save_changes_to_word: %v", res)
	}
	if kept, err := os.ReadFile(filepath.Join(dir, "draft-original.docx")); err != nil || !bytes.Equal(kept, orig) {
		t.Errorf("the original kept: %v", err)
	}
	md, err := exec.Command("pandoc", "--track-changes=all", "--wrap=none", "-t", "markdown", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pandoc: %v\n%s", err, md)
	}
	for _, want := range []string{
		"Fluids were often given in acute failure.",
		`[Check this dose.]{.comment-start id="0" author="Ann Author"`,
		`[Is this needed?]{.comment-start id="1" author="tw"`,
		"A second paragraph stays as it is.[]{.comment-end id=\"1\"}",
		"The patient was stable.",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("pandoc reads no %q:\n%s", want, md)
		}
	}
	if strings.Contains(string(md), "{.insertion") || strings.Contains(string(md), "{.deletion") {
		t.Errorf("changes still tracked:\n%s", md)
	}
}

// TestChangesActionsOutsideWordOverRPC: in a Markdown document the
// decisions say they need a Word file and a comment becomes a note.
func TestChangesActionsOutsideWordOverRPC(t *testing.T) {
	c, _, _ := startWith(t, "notes.md", notesMD)
	for _, id := range []string{"accept_all_changes", "reject_all_changes", "save_changes_to_word"} {
		if res := c.call("action", map[string]any{"id": id}); res["status"] != "Tracked changes are decided and saved in Word files (.docx) only; this is a MARKDOWN document." {
			t.Errorf("%s: %v", id, res)
		}
	}
	c.call("action", map[string]any{"id": "add_comment"})
	res := c.call("answer", map[string]any{"text": "Check the heading"})
	if res["status"] != "Only Word files take comments, so it is kept as a note tagged comment: Check the heading" {
		t.Fatalf("add_comment: %v", res)
	}
	notes, _ := c.call("notes", nil)["notes"].([]any)
	if len(notes) != 1 {
		t.Fatalf("notes %v", notes)
	}
	if tags, _ := notes[0].(map[string]any)["tags"].([]any); len(tags) != 1 || tags[0] != "comment" {
		t.Errorf("the note's tags %v", tags)
	}
	if res := c.call("action", map[string]any{"id": "list_changes"}); res["status"] == nil ||
		!strings.HasSuffix(c.call("list_state", nil)["items"].([]any)[0].(string), "Check the heading") {
		t.Errorf("list_changes: %v", res)
	}
}
