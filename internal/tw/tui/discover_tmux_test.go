package tui

import (
	"strings"
	"testing"
)

// TestTmuxFindsCommandsByNearWords drives the real reader in tmux as a
// new user looking for things by their own words: help search (Alt+?)
// and the keyboard help (?) find by other forms of a word and by the
// guide's other words for it, in any order; the command palette runs the
// one command a near name finds, and Tab completes one; in French too.
func TestTmuxFindsCommandsByNearWords(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 24, "")
	s.said.expect("Opened A Walk Through the Lighthouse.")

	// found opens a search with key, types query, and waits for want
	// among what the search then says.
	found := func(key, query, want string) {
		t.Helper()
		s.keys(key)
		s.said.expect(", ")
		s.text(query)
		s.said.expect(want)
		s.keys("Escape")
		if key == "?" {
			s.said.expect("Keyboard help closed.")
		} else {
			s.said.expect("Cancelled.")
		}
	}
	// "language" alone now finds the scanned text's language first, word
	// for word; with "interface" the interface language answers.
	found("M-?", "interface language", "Setting, Interface language")
	found("M-?", "dictionary", "spelling")
	// "faster" alone now finds RSVP faster first, word for word; with
	// "speech" the glossary's rate setting answers.
	found("M-?", "speech faster", "Setting, Speech rate")
	found("M-?", "headings previous", "Previous heading")
	// In the keyboard help, "faster" is RSVP faster word for word, then
	// rate up through the glossary.
	s.keys("?")
	s.said.expect(", ")
	s.text("faster")
	s.said.expect("rsvp faster")
	s.keys("Down")
	s.said.expect("rate up")
	s.keys("Escape")
	s.said.expect("Keyboard help closed.")
	found("?", "verbosity", "cycle verbosity")

	s.press([]step{
		{"", "F2", "Command"},
		{"verbosity", "Enter", "Verbosity: "},
		{"", "F2", "Command"},
		{"verbosity", "Tab", "cycle verbosity"},
	})
	s.waitScreen("the completed command", func(sc string) bool { return strings.Contains(sc, "cycle verbosity") })
	s.keys("Escape")
	s.said.expect("Cancelled.")
	s.quit()
}

// TestTmuxFindsCommandsInFrench: with the interface in French, the
// keyboard help finds a command by another form of a word of its
// French name ("renommez" finds "renommer le signet").
func TestTmuxFindsCommandsInFrench(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSampleWith(t, 100, 24, "[display]\nlanguage = \"fr\"\n", "", "--no-speech sample.md")
	s.said.expect("A Walk Through the Lighthouse ouvert.")
	s.press([]step{
		{"", "?", ", "},
		{"renommez", "", "renommer le signet"},
	})
	s.keys("Escape")
	s.said.expect("Aide clavier fermée.")
	quit(s.term)
}
