package tui

import (
	"os"
	"strings"
	"testing"
)

// TestTmuxRSVPPacedBySpeech: with reading_aids.rsvp.pacing external, RSVP
// play reads aloud with the real espeak-ng, and the RSVP word follows the
// voice, reading_aids.rsvp.lead_words ahead of it: at an RSVP rate of 60
// words a minute its own timer would still be on the first words when the
// voice, at 600, has read the line to its end.
func TestTmuxRSVPPacedBySpeech(t *testing.T) {
	needTmux(t)
	ts, posPath := startVoiced(t, 70, 14, "line.txt", "Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima.\n",
		"[speech]\nrate = 600\n\n[reading_aids.rsvp]\nwpm = 60\npacing = \"external\"\nlead_words = 1\n")
	ts.keys("M-R")
	ts.waitScreen("the RSVP box on Alpha", func(sc string) bool {
		m := rsvpBox.FindStringSubmatch(sc)
		return m != nil && m[1] == "Alpha"
	})
	ts.keys("M-P")
	seen := map[string]bool{}
	ts.waitScreen("the RSVP word to follow the voice to lima", func(sc string) bool {
		if m := rsvpBox.FindStringSubmatch(sc); m != nil {
			seen[strings.TrimSuffix(m[1], ".")] = true
		}
		return seen["lima"] || seen["kilo"]
	})
	data, _ := os.ReadFile(posPath)
	if strings.Count(string(data), "\n") < 6 {
		t.Errorf("the voice reported %d words:\n%s", strings.Count(string(data), "\n"), data)
	}
	t.Logf("RSVP words seen: %v", seen)
}
