package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxContextMenu drives the real reader in tmux: Ctrl+F10 on a link
// lists the commands that fit there with their keys, Enter on Link
// address runs it, and on a plain word the link's commands are gone.
func TestTmuxContextMenu(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "links.md"), "# Links\n\nSee [the site](http://example.com/) now.\n")
	s := startTw(t, 100, 30, dir, "", "--no-speech links.md")
	s.press([]step{
		{"", "", "Opened Links."},
		{"", "k", "Link: the site"},
		{"", "C-F10", "Context menu, Copy, Ctrl+C, 1 of "},
	})
	s.waitScreen("the context menu with the link's commands", func(sc string) bool {
		return strings.Contains(sc, "Context menu") && strings.Contains(sc, "Follow link, Alt+Shift+F") &&
			strings.Contains(sc, "Link address") && strings.Contains(sc, "Add bookmark")
	})
	s.press([]step{
		{"", "Down", "Follow link"},
		{"", "Down", "Link address"},
		{"", "Enter", "http://example.com/"},
	})
	s.waitScreen("the menu closed", func(sc string) bool { return !strings.Contains(sc, "Context menu") })
	s.press([]step{
		{"", "C-Home", ""},
		{"", "C-F10", "Context menu, Copy, Ctrl+C, 1 of "},
	})
	sc := s.waitScreen("the context menu on a heading", func(sc string) bool {
		return strings.Contains(sc, "Context menu") && strings.Contains(sc, "Add note")
	})
	if strings.Contains(sc, "Follow link") {
		t.Errorf("Follow link offered away from the link:\n%s", sc)
	}
	s.press([]step{{"", "Escape", ""}})
	s.waitScreen("the menu closed", func(sc string) bool { return !strings.Contains(sc, "Context menu") })
	s.quit()
}
