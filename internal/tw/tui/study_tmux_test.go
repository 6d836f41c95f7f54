package tui

import (
	"strings"
	"testing"
)

// TestTmuxHighlightAsAndStudyCards drives the real reader in tmux: the
// highlight_as prompt names a highlight, make_cards makes cards of it and
// its section, and study_cards asks them in a list where Enter reveals
// the answer on the screen and 3 and 4 grade them.
func TestTmuxHighlightAsAndStudyCards(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 24, "")
	s.press([]step{
		{"", "", "Opened"},
		{"", "p", ""},
		{"", "F2", "Command"},
		{"highlight as", "Enter", "Highlight as: a name, such as important"},
		{"exam", "Enter", "Highlighted as exam: "},
		{"", "F2", "Command"},
		{"collect highlights", "Enter", "Highlights by name"},
		{"", "Escape", "Cancelled."},
		{"", "F2", "Command"},
		{"make cards", "Enter", "Cards made: 2 new, 2 in all."},
		{"", "F2", "Command"},
		{"study cards", "Enter", "Due today: 0, new: 2."},
		{"", "Enter", "Answer: "},
	})
	s.waitScreen("the answer shown", func(sc string) bool { return strings.Contains(sc, "Answer:") })
	s.press([]step{
		{"", "3", "Good, next in 1 day."},
		{"", "4", "Easy, next in 1 day. Session done: every card asked."},
	})
	s.quit()
}
