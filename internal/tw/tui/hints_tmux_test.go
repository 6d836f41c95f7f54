package tui

import (
	"strings"
	"testing"
)

// TestTmuxHintsLine drives the real reader in tmux: self-voicing, the key
// hints line is drawn above the status bar and follows edit mode;
// started in screen-reader mode, it is not drawn.
func TestTmuxHintsLine(t *testing.T) {
	const h = 24
	s := startSample(t, 100, h, "")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.waitScreen("the reading hints", func(sc string) bool { return hintsAboveStatus(sc, "F1 help  Ctrl+O open") })
	s.keys("C-e")
	s.waitScreen("the editing hints", func(sc string) bool { return hintsAboveStatus(sc, "Ctrl+S save") })
	s.keys("C-e")
	s.quit()

	sr := startSampleWith(t, 100, h, "[accessibility]\nmode = \"screen-reader\"\n", "", "--no-speech sample.md")
	sr.said.expect("Opened A Walk Through the Lighthouse.")
	sc := sr.waitScreen("the status bar", func(sc string) bool { return strings.Contains(sc, "| silent ") })
	if strings.Contains(sc, "F1 help  Ctrl+O open") {
		t.Errorf("screen-reader mode shows the hints:\n%s", sc)
	}
}

// hintsAboveStatus reports whether the screen has a row starting with
// hints right above the status bar (the row naming the mode); the message
// below the status bar may take more than one row.
func hintsAboveStatus(screen, hints string) bool {
	rows := strings.Split(screen, "\n")
	for i := 1; i < len(rows); i++ {
		if strings.Contains(rows[i], " | Browse | ") || strings.Contains(rows[i], " | Edit | ") {
			return strings.HasPrefix(rows[i-1], hints)
		}
	}
	return false
}
