package tui

import "testing"

// TestTmuxSearchOptionsCitationsAndComponents drives the real reader in
// tmux: the search options list from the command palette turns match case
// on, the original's key Alt+Shift+Q turns citations off, the optional
// components list opens, and the guide's chapters are listed.
func TestTmuxSearchOptionsCitationsAndComponents(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 24, "")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.press([]step{
		{"", "F2", "Command"},
		{"search options", "Enter", "Search options, 4 items"},
		{"", "Enter", "Match case: on"},
		{"", "F2", "Command"},
		{"manage components", "Enter", "Optional components"},
		{"", "Escape", "Cancelled."},
		{"", "F2", "Command"},
		{"documentation", "Enter", "User guide"},
		{"", "Escape", "Cancelled."},
		{"", "M-Q", "Read citations: off."},
		{"", "M-Q", "Read citations: on."},
	})
	s.quit()
}
