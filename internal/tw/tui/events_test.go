package tui

import (
	"testing"

	"textfirst/internal/tw/core"
)

// TestEventsShowEveryAnnouncementOfAStep: what one key (or the start)
// makes tw say is all shown, the oldest first, until the next key; the
// log gets one line each.
func TestEventsShowEveryAnnouncementOfAStep(t *testing.T) {
	log := &lines{}
	e := NewEvents(log, nil)
	steps := []struct {
		newStep bool
		says    []string
		want    string
	}{
		{false, []string{"No audio device; reading silently at the speed of speech.", "Opened notes.md."},
			"No audio device; reading silently at the speed of speech. Opened notes.md."},
		{true, []string{"Heading level 2: Methods"}, "Heading level 2: Methods"},
		{true, []string{"1", "2", "3", "4", "5"}, "2 3 4 5"}, // at most maxShown
		{false, []string{"6"}, "3 4 5 6"},
	}
	n := 0
	for i, st := range steps {
		if st.newStep {
			e.BeginStep()
		}
		for _, s := range st.says {
			e.Announce(s, core.Polite)
			n++
		}
		if got, _, _, _ := e.snapshot(); got != st.want {
			t.Errorf("step %d shows %q, want %q", i+1, got, st.want)
		}
	}
	if log.count() != n {
		t.Errorf("the log has %d lines, want %d", log.count(), n)
	}
}
