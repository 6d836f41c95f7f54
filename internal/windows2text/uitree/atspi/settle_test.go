//go:build linux

package atspi_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/windows2text/uitree"
)

// TestActSettle checks the event-driven settle wait: a quiet application
// settles long before a generous bound, one that keeps changing runs into
// the bound, and waitMs 0 does not wait at all.
func TestActSettle(t *testing.T) {
	defer mainApp.Command("status Status: ready")
	tests := []struct {
		name        string
		pulseMs     int // the application keeps changing for this long
		waitMs      int
		settled     bool
		atLeast     time.Duration
		lessThan    time.Duration
		eventsAfter bool // the listener must have seen events
	}{
		{"quiet application settles early", 0, 2000, true, 30 * time.Millisecond, 1000 * time.Millisecond, true},
		{"busy application runs into the bound", 700, 300, false, 300 * time.Millisecond, 1500 * time.Millisecond, true},
		{"waitMs 0 does not wait", 0, 0, false, 0, 300 * time.Millisecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := snap(t, nil)
			save := mustFind(t, s.Tree.Root, uitree.RoleButton, "Save")
			before := backend.SettleStats()
			if tt.pulseMs > 0 {
				if _, err := mainApp.Command("pulse " + strconv.Itoa(tt.pulseMs)); err != nil {
					t.Fatal(err)
				}
				defer time.Sleep(time.Duration(tt.pulseMs) * time.Millisecond)
			}
			start := time.Now()
			res, err := backend.Act(context.Background(), save, uitree.ActionRequest{Action: uitree.ActionInvoke, WaitMs: tt.waitMs})
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if res.Settled != tt.settled {
				t.Errorf("settled = %v, want %v (after %v)", res.Settled, tt.settled, took)
			}
			if took < tt.atLeast || took >= tt.lessThan {
				t.Errorf("the action took %v, want %v to %v", took, tt.atLeast, tt.lessThan)
			}
			after := backend.SettleStats()
			if tt.eventsAfter && after.Events == before.Events {
				t.Errorf("no AT-SPI event was received during the action: %+v", after)
			}
			switch {
			case tt.waitMs == 0 && after.Skipped != before.Skipped+1,
				tt.waitMs > 0 && tt.settled && after.Quiet != before.Quiet+1,
				tt.waitMs > 0 && !tt.settled && after.Bound != before.Bound+1:
				t.Errorf("settle statistics %+v -> %+v", before, after)
			}
			if tt.pulseMs == 0 {
				appSays(t, "label", "label Saved")
			} else if l, _ := mainApp.Command("label"); !strings.HasPrefix(l, "label Pulse") && l != "label Saved" {
				t.Errorf("label %q", l)
			}
		})
	}
}
