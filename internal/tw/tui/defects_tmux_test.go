package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/keymap"
)

// TestTmuxListDefects drives the real reader through lists and their
// edges: every warning of a broken keymap.toml shown, the outline
// opening on the heading the reader is in, "1 item", Delete in the
// Highlights and Settings lists, one bookmark per place, the eight-word
// preview at the start and end, and Ctrl+C copying to the clipboard.
func TestTmuxListDefects(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	copySample(t, dir)
	long := "This first line is a whole paragraph written without a single break so that reading all of it at the top would take far too long.\n\nThe end is here too with many more words than eight in one long line of text.\n"
	if err := os.WriteFile(filepath.Join(dir, "long.txt"), []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := "stop = [\nadd_bookmark = [\"m\"]\nquit = [\"Ctrl+Q\"\n"
	homeWith(t, dir, keymap.File, broken)
	s := startTw(t, 100, 30, dir, "", "--no-speech sample.md")
	s.tmux("set-option", "-g", "set-clipboard", "on")
	s.said.expect("keymap.toml line 1:")
	s.said.expect("keymap.toml line 3:")
	s.waitScreen("both keymap warnings", func(sc string) bool {
		flat := strings.ReplaceAll(sc, "\n", " ")
		return strings.Contains(flat, "keymap.toml line 1:") && strings.Contains(flat, "keymap.toml line 3:")
	})

	// The outline opens on the heading the reader is in.
	s.keys("h", "h")
	s.press([]step{
		{"", "", "Heading level 2: The keeper's log"},
		{"", "M-.", "The old keeper wrote"},
		{"", "M-o", "Outline, 8 items. Up and Down move, Enter chooses, Escape closes. The keeper's log, level 2, 3 of 8"},
		{"", "Escape", "Cancelled."},

		// m twice at one place makes one bookmark.
		{"", "m", "Bookmark mark1 set"},
		{"", "m", "There is already a bookmark here, mark1."},
		{"", "M", "Bookmarks, 1 item."},
		{"", "Escape", "Cancelled."},

		// One note: "1 item", also when the list is introduced again.
		{"", "a", "ote"},
		{"check the lamp", "Enter", "check the lamp"},
		{"", "A", "Notes, 1 item."},
		{"", "Escape", "Cancelled."},

		// Delete in the Highlights list removes the highlight.
		{"", "S-Right", "old"},
		{"", "y", "ighlight"},
		{"", "Y", "Highlights, 1 item."},
		{"", "Delete", "Highlight removed"},
		{"", "Y", "No highlights."},

		// Delete in the Settings list puts the default back.
		{"", "S-F10", "Settings,"},
		{"Rate", "", "Speech rate: 265 words per minute, 1 of 1"},
		{"", "Right", "285"},
		{"", "Delete", "Reset to the default."},
	})
	if got := s.said.lines()[s.said.seen-1]; !strings.Contains(got, "265") {
		t.Errorf("reset said %q, want the default rate 265", got)
	}
	s.keys("Escape")
	s.said.expect("Cancelled.")

	// Ctrl+C copies the sentence at the cursor: tw's clipboard and the
	// terminal's (OSC 52, kept by tmux as a paste buffer).
	s.keys("C-c")
	s.said.expect("Copied the sentence: The old keeper wrote")
	s.waitScreen("the copy in tmux's buffer", func(string) bool {
		return strings.HasPrefix(s.tmux("show-buffer"), "The old keeper wrote a line in his log every evening.")
	})

	// The start and the end of a document say eight words, not the line.
	s.press([]step{
		{"", "C-o", "Open file"},
		{"long.txt", "Enter", "Opened long.txt."},
		{"", "C-End", ""},
	})
	if got := s.said.expect("End of document."); got != "End of document. The end is here too with many more …" {
		t.Errorf("the end said %q", got)
	}
	s.keys("C-Home")
	if got := s.said.expect("Top of document."); got != "Top of document. This first line is a whole paragraph written …" {
		t.Errorf("the start said %q", got)
	}
	s.quit()
}

// TestTmuxEditDefects: a new document can be edited again after edit mode
// is turned off; bold on a selected Markdown heading keeps the heading;
// an HTML document is edited as its source, with undo and save.
func TestTmuxEditDefects(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	html := "<html><body><h1>Harbour notes</h1><p>The tide turns at noon.</p></body></html>\n"
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTw(t, 100, 30, dir, "", "--no-speech page.html")
	s.said.expect("Opened")

	s.press([]step{
		{"", "C-n", "New document ready for editing."},
		{"", "C-e", "Edit mode off."},
		{"", "C-e", "Edit mode on."},
		{"# MD title", "", ""},
	})
	s.waitScreen("the typed title", func(sc string) bool { return strings.HasPrefix(sc, "# MD title") })
	s.press([]step{
		{"", "C-a", "Selected all"},
		{"", "C-b", "Bold."},
		{"", "C-s", "Save as"},
		{"title.md", "Enter", "Saved title.md"},
	})
	data, err := os.ReadFile(filepath.Join(dir, "title.md"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(data)); got != "# **MD title**" {
		t.Errorf("saved %q, want the heading kept: # **MD title**", got)
	}
	s.keys("C-e")
	s.said.expect("Edit mode off.")

	// HTML: edited as its source, saved, and undone like any other.
	s.press([]step{
		{"", "C-o", "Open file"},
		{"page.html", "Enter", "Opened"},
		{"", "C-e", "Edit mode on."},
		{"Old ", "", ""},
	})
	s.waitScreen("the typed word", func(sc string) bool { return strings.Contains(sc, "<h1>Old Harbour") })
	s.keys("C-s")
	s.said.expect("Saved page.html")
	data, _ = os.ReadFile(page)
	if !strings.Contains(string(data), "<h1>Old Harbour notes</h1>") {
		t.Errorf("the HTML source saved is %q", data)
	}
	for i := 0; ; i++ {
		s.keys("C-z")
		if got := s.said.expect("o"); strings.HasPrefix(got, "Nothing to undo") {
			break
		} else if !strings.HasPrefix(got, "Undo.") || i == 10 {
			t.Fatalf("undo said %q", got)
		}
	}
	s.keys("C-s")
	s.said.expect("Saved page.html")
	if data, _ = os.ReadFile(page); string(data) != html {
		t.Errorf("after undo and save the HTML is %q, want %q", data, html)
	}
	s.press([]step{
		{"", "C-e", "Edit mode off."},
		{"", "C-Home", "Top of document. Harbour notes"},
	})
	s.quit()
}
