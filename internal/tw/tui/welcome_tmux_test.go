package tui

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTmuxWelcomeAtFirstStart drives the real reader in tmux: its first
// start says the keys that lead to every other, the next start does not,
// and after ask_first_run_again (from the command palette) the next start
// says them again.
func TestTmuxWelcomeAtFirstStart(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	copySample(t, dir)
	const welcome = "Welcome to tw: Question mark lists every key, F10 opens the menus, F1 opens the user guide, Ctrl+Q quits."
	start := func() *twSession {
		// The log goes on from the start before.
		before := (&announcements{t: t, path: filepath.Join(dir, "said.log")}).lines()
		s := startTw(t, 100, 24, dir, "", "--no-speech sample.md")
		s.said.seen = len(before)
		s.said.expect("Opened A Walk Through the Lighthouse.")
		return s
	}
	s := start()
	s.said.expect(welcome)
	s.quit()

	s = start()
	from := s.said.seen
	s.press([]step{
		{"", "F2", "Command"},
		{"ask first run again", "Enter", "The welcome will be given again the next time tw starts."},
	})
	s.quit()
	for _, l := range s.said.lines()[from:] {
		if strings.Contains(l, "Welcome to tw") {
			t.Errorf("the second start welcomed again: %q", l)
		}
	}

	s = start()
	s.said.expect(welcome)
	s.quit()
}
