package tui

import (
	"strings"
	"testing"
)

// TestTmuxStopAtAndReadingStatistics drives the real reader in tmux with
// espeak-ng and no audio device: the stop_at prompt (from the command
// palette) takes "section", continuous reading then stops at the next
// heading and says so; the reading statistics list (Alt+Y) then shows the
// time read aloud and the session, and the reading pass (from the
// palette) is named.
func TestTmuxStopAtAndReadingStatistics(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startStructureSample(t)
	s.said.expect("Opened Sample Markdown Document.")
	s.press([]step{
		{"", "F2", "Command"},
		{"stop at", "Enter", "Stop reading at: a time such as 22:30"},
	})
	s.waitScreen("the stop_at prompt", func(sc string) bool { return strings.Contains(sc, "Stop reading at:") })
	s.press([]step{
		{"section", "Enter", "Reading will stop at the end of each section."},
		{"", "Enter", "End of section. Read from the cursor to go on."},
	})
	s.waitScreen("the reading to stop", func(sc string) bool { return strings.Contains(sc, "| stopped |") })
	s.press([]step{{"", "M-y", "Reading statistics, 3 items."}})
	s.waitScreen("the statistics list", func(sc string) bool {
		return strings.Contains(sc, "read aloud, sessions: 1, documents: 1.") &&
			strings.Contains(sc, "1. Sample Markdown Document: ")
	})
	s.press([]step{
		{"", "Escape", "Cancelled."},
		{"", "F2", "Command"},
		{"reading pass", "Enter", "Reading pass: first sentences with headings."},
	})
	s.quit()
}
