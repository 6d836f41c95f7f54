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
	s.waitScreen("the reading hints", func(sc string) bool {
		return strings.HasPrefix(screenRow(sc, h-3), "F1 help  Ctrl+O open")
	})
	s.keys("C-e")
	s.waitScreen("the editing hints", func(sc string) bool {
		return strings.HasPrefix(screenRow(sc, h-3), "Ctrl+S save")
	})
	s.keys("C-e")
	s.quit()

	sr := startSampleWith(t, 100, h, "[accessibility]\nmode = \"screen-reader\"\n", "", "--no-speech sample.md")
	sr.said.expect("Opened A Walk Through the Lighthouse.")
	sc := sr.waitScreen("the status bar", func(sc string) bool { return strings.Contains(screenRow(sc, h-2), "| silent ") })
	if strings.Contains(sc, "F1 help  Ctrl+O open") {
		t.Errorf("screen-reader mode shows the hints:\n%s", sc)
	}
}
