package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/keymap"
)

// TestTmuxListDefects drives the real reader through the list defects of
// issue 18: every warning of a broken keymap.toml shown, the outline
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
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	broken := "stop = [\nadd_bookmark = [\"m\"]\nquit = [\"Ctrl+Q\"\n"
	if err := os.WriteFile(filepath.Join(home, keymap.File), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
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
	s.said.expect("Heading level 2: The keeper's log")
	s.keys("M-.")
	s.said.expect("The old keeper wrote")
	s.keys("M-o")
	s.said.expect("Outline, 8 items. Up and Down move, Enter chooses, Escape closes. The keeper's log, level 2, 3 of 8")
	s.keys("Escape")
	s.said.expect("Cancelled.")

	// m twice at one place makes one bookmark.
	s.keys("m")
	s.said.expect("Bookmark mark1 set")
	s.keys("m")
	s.said.expect("There is already a bookmark here, mark1.")
	s.keys("M")
	s.said.expect("Bookmarks, 1 item.")
	s.keys("Escape")
	s.said.expect("Cancelled.")

	// One note: "1 item", also when the list is introduced again.
	s.keys("a")
	s.said.expect("ote")
	s.text("check the lamp")
	s.keys("Enter")
	s.said.expect("check the lamp")
	s.keys("A")
	s.said.expect("Notes, 1 item.")
	s.keys("Escape")
	s.said.expect("Cancelled.")

	// Delete in the Highlights list removes the highlight.
	s.keys("S-Right")
	s.said.expect("old")
	s.keys("y")
	s.said.expect("ighlight")
	s.keys("Y")
	s.said.expect("Highlights, 1 item.")
	s.keys("Delete")
	s.said.expect("Highlight removed")
	s.keys("Y")
	s.said.expect("No highlights.")

	// Delete in the Settings list puts the default back.
	s.keys("S-F10")
	s.said.expect("Settings,")
	s.text("Rate")
	s.said.expect("Speech rate: 265 words per minute, 1 of 1")
	s.keys("Right")
	s.said.expect("285")
	s.keys("Delete")
	s.said.expect("Reset to the default.")
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
	s.keys("C-o")
	s.said.expect("Open file")
	s.text("long.txt")
	s.keys("Enter")
	s.said.expect("Opened long.txt.")
	s.keys("C-End")
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

	s.keys("C-n")
	s.said.expect("New document ready for editing.")
	s.keys("C-e")
	s.said.expect("Edit mode off.")
	s.keys("C-e")
	s.said.expect("Edit mode on.")
	s.text("# MD title")
	s.waitScreen("the typed title", func(sc string) bool { return strings.HasPrefix(sc, "# MD title") })
	s.keys("C-a")
	s.said.expect("Selected all")
	s.keys("C-b")
	s.said.expect("Bold.")
	s.keys("C-s")
	s.said.expect("Save as")
	s.text("title.md")
	s.keys("Enter")
	s.said.expect("Saved title.md")
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
	s.keys("C-o")
	s.said.expect("Open file")
	s.text("page.html")
	s.keys("Enter")
	s.said.expect("Opened")
	s.keys("C-e")
	s.said.expect("Edit mode on.")
	s.text("Old ")
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
	s.keys("C-e")
	s.said.expect("Edit mode off.")
	s.keys("C-Home")
	s.said.expect("Top of document. Harbour notes")
	s.quit()
}
