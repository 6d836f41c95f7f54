package uia

import (
	"context"
	"testing"
	"time"
)

func TestSettler(t *testing.T) {
	ctx := context.Background()
	s := newSettler()
	// No handler registered: the whole wait, never settled.
	t0 := time.Now()
	if s.wait(ctx, 60, 10*time.Millisecond) || time.Since(t0) < 60*time.Millisecond {
		t.Error("a settler without handlers settled, or did not wait waitMs")
	}
	s.active.Store(true)
	if s.wait(ctx, 0, 10*time.Millisecond) {
		t.Error("waitMs 0 settled")
	}
	// Quiet at once: settled after the quiet period.
	t0 = time.Now()
	if !s.wait(ctx, 1000, 20*time.Millisecond) {
		t.Error("a quiet UI did not settle")
	}
	if d := time.Since(t0); d < 20*time.Millisecond || d > 500*time.Millisecond {
		t.Errorf("settled after %s, want about the quiet period", d)
	}
	// Events every few ms for longer than waitMs: never settles (the quiet
	// period is generous for a loaded machine).
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				s.event()
			case <-stop:
				return
			}
		}
	}()
	if s.wait(ctx, 300, 150*time.Millisecond) {
		t.Error("a busy UI settled")
	}
	close(stop)
	if s.events.Load() == 0 {
		t.Error("no events counted")
	}
	// Events that came before the action are forgotten by reset.
	s.event()
	s.reset()
	t0 = time.Now()
	if !s.wait(ctx, 1000, 20*time.Millisecond) || time.Since(t0) > 500*time.Millisecond {
		t.Error("an old event kept the UI from settling")
	}
	// A cancelled context ends the wait unsettled.
	c, cancel := context.WithCancel(ctx)
	cancel()
	s.event()
	if s.wait(c, 1000, 20*time.Millisecond) {
		t.Error("settled after cancel")
	}
}

func TestSettleActive(t *testing.T) {
	tests := []struct{ focus, structure, property, want bool }{
		{true, true, true, true},
		{true, false, false, false}, // Wine 10
		{false, true, false, true},
		{false, false, true, true},
		{false, false, false, false},
	}
	for _, tt := range tests {
		if got := settleActive(tt.focus, tt.structure, tt.property); got != tt.want {
			t.Errorf("settleActive(%t, %t, %t) = %t", tt.focus, tt.structure, tt.property, got)
		}
	}
}
