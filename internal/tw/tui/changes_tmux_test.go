package tui

import (
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxTrackedChanges drives the real reader in tmux on a Word file
// LibreOffice made: Alt+Shift+A shows the changes list, a accepts and r
// rejects the change chosen (the list and the text follow), a comment is
// asked for and added, and the save writes the file, keeping the
// original beside it.
func TestTmuxTrackedChanges(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	testkit.TrackedDOCX(t, dir, "draft.docx")
	s := startTw(t, 100, 30, dir, "", "--no-speech draft.docx")
	s.said.expect("Opened")
	s.press([]step{
		{"", "M-A", "Changes and comments. Changes: 4, comments: 1."},
	})
	s.waitScreen("the changes list", func(sc string) bool {
		return strings.Contains(sc, "Deleted by Bob Reviewer: rarely") && strings.Contains(sc, "Comment by Ann Author: Check this dose.")
	})
	s.press([]step{
		{"", "Down", "Inserted by Ann Author: often, 2 of 5"},
		{"", "a", "Accepted insertion: often. Inserted by Ann Author: renal, 2 of 4"},
		{"", "r", "Rejected insertion: renal. Comment by Ann Author: Check this dose., 2 of 3"},
	})
	s.waitScreen("the list without the decided changes", func(sc string) bool {
		return !strings.Contains(sc, "Inserted by Ann Author") && strings.Contains(sc, "Deleted by Bob Reviewer: very")
	})
	s.press([]step{
		{"", "Escape", "Cancelled."},
	})
	s.waitScreen("the text as decided", func(sc string) bool {
		return strings.Contains(sc, "Fluids were often given in acute failure.")
	})
	s.press([]step{
		{"", "F2", "Command"},
		{"add comment", "Enter", "Comment on: Fluids were often given in acute failure."},
		{"Which fluids?", "Enter", "Comment added on: Fluids were often given in acute failure."},
		{"", "F2", "Command"},
		{"save changes to word", "Enter", "Saved into draft.docx: changes decided: 2, comments added: 1. The original is kept beside it as draft-original.docx."},
	})
	s.quit()
}
