package tui

import (
	"regexp"
	"strings"
	"testing"
)

// TestTmuxReadingAidOptions drives the real reader in tmux with the
// original textweaver's grouped settings written as it writes them
// ([reading_aids.bionic_options], [reading_aids.ruler]): bionic reading
// bolds nine tenths of "Welcome" instead of half, and the ruler's band is
// the cursor's row and the two below it, with nothing dimmed outside; and
// syllables ([reading_aids.syllable_options]) are marked with a hyphen in
// long words only.
func TestTmuxReadingAidOptions(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	toml := "[reading_aids]\nbionic = true\nsyllables = true\n\n" +
		"[reading_aids.syllable_options]\nseparator = \"-\"\nmin_word_len = 9\n\n" +
		"[reading_aids.bionic_options]\nratio = 0.9\nmin_word_len = 4\n\n" +
		"[reading_aids.ruler]\nmode = \"ruler\"\nrows_above = 0\nrows_below = 2\nmask_outside = false\n"
	s := startSampleWith(t, 80, 24, toml, "", "--no-speech sample.md")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	styled := func() []string { return strings.Split(s.styled(), "\n") }
	sgr := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	// tmux sends no codes for a blank row, and carries the underline on
	// from the start of the row above: a row of the band holds an
	// underline code, and the row after the band holds none.
	underline := regexp.MustCompile(`\x1b\[(\d+;)*4(;\d+)*m`)
	dim := regexp.MustCompile(`\x1b\[(\d+;)*2(;\d+)*m`)
	s.poll("nine tenths of Welcome in bold, a band of three rows", 10e6, func(string) bool {
		rows := styled()
		if len(rows) < 6 {
			return false
		}
		welcome := sgr.Split(rows[2], -1)
		bold := false
		for _, part := range welcome {
			bold = bold || part == "Welcom"
		}
		return bold && underline.MatchString(rows[0]) && underline.MatchString(rows[2]) &&
			!underline.MatchString(rows[3])
	})
	// Syllables marked with a hyphen, and only in words of nine letters
	// or more.
	s.waitScreen("Light-house split, Welcome whole", func(sc string) bool {
		return strings.Contains(sc, "Light-house") && strings.Contains(sc, "Welcome")
	})
	// The syllable marks are drawn dim, as line numbers are: leave them
	// out.
	mark := regexp.MustCompile(`\x1b\[(\d+;)*2(;\d+)*m(\x1b\[[0-9;]*m)*-`)
	for i, row := range styled()[:10] {
		if dim.MatchString(mark.ReplaceAllString(row, "")) {
			t.Errorf("row %d is dimmed with mask_outside off: %q", i, row)
		}
	}
	s.quit()
}
