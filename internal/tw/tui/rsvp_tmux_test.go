package tui

import (
	"regexp"
	"strings"
	"testing"
)

// rsvpBox finds the RSVP box's word on a screen.
var rsvpBox = regexp.MustCompile(`│ (\S+) │`)

// TestTmuxRSVPShowsOneWordAtATime drives the real reader in tmux: Alt+Shift+R
// shows the word at the cursor in a box, Alt+Shift+P plays it word by
// word, Alt+Shift+Up makes it faster, rsvp_position_next moves the box, and
// Alt+Shift+R hides it; bionic reading (Alt+Shift+B) draws the start of
// words in bold, the ruler (Alt+Shift+U) underlines the cursor's row and
// syllables (Alt+Shift+Z) split the words with middle dots.
func TestTmuxRSVPShowsOneWordAtATime(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 80, 24, "")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.press([]step{{"", "M-R", "RSVP on, 300 words per minute. A"}})
	s.waitScreen("the RSVP box", func(sc string) bool {
		m := rsvpBox.FindStringSubmatch(sc)
		return m != nil && m[1] == "A"
	})
	s.press([]step{
		{"", "M-S-Up", "RSVP 325 words per minute."},
		{"", "M-P", "RSVP playing."},
	})
	s.waitScreen("RSVP to move on", func(sc string) bool {
		m := rsvpBox.FindStringSubmatch(sc)
		return m != nil && m[1] != "A" && m[1] != "Walk"
	})
	s.press([]step{
		{"", "M-P", "RSVP paused."},
		// Alt+Shift+O arrives as ESC O, which terminals also send
		// before F1 to F4: the palette runs it.
		{"", "F2", "Command"},
		{"rsvp position next", "Enter", "RSVP position: Middle right."},
	})
	s.waitScreen("the box at the right", func(sc string) bool {
		for _, row := range strings.Split(sc, "\n") {
			if rsvpBox.MatchString(row) && strings.HasSuffix(strings.TrimRight(row, " "), "│") && len([]rune(row)) >= 79 {
				return true
			}
		}
		return false
	})
	s.press([]step{{"", "M-R", "RSVP off."}})
	s.waitScreen("no box", func(sc string) bool { return !rsvpBox.MatchString(sc) })

	s.press([]step{{"", "M-B", "Bionic reading: on."}})
	s.poll("bold word starts", 10e6, func(string) bool { return strings.Contains(s.styled(), "\x1b[1m") })
	s.press([]step{{"", "M-U", "Reading ruler: Current line."}})
	// The cursor is on the title, the first row: it is underlined from its
	// first cell, and the row after it is not.
	underlined := regexp.MustCompile(`^\x1b\[(\d+;)*4(;\d+)*m`)
	s.poll("the cursor's row underlined", 10e6, func(string) bool {
		rows := strings.Split(s.styled(), "\n")
		return len(rows) > 2 && underlined.MatchString(rows[0]) && !strings.Contains(rows[2], "4m")
	})
	// Syllables (Alt+Shift+Z) split words with a middle dot, by Debian's
	// hyphen-en-us patterns.
	s.press([]step{{"", "M-Z", "Syllables: on."}})
	s.waitScreen("the title in syllables", func(sc string) bool { return strings.Contains(sc, "Light·house") })
	s.quit()
}
