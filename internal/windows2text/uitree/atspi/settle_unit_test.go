package atspi

import (
	"context"
	"testing"
	"time"
)

// TestSettlerWait drives the settle wait with made-up events: no event
// settles after the quiet period, a steady stream runs into the bound, a
// burst that stops settles a quiet period after its last event.
func TestSettlerWait(t *testing.T) {
	tests := []struct {
		name     string
		events   time.Duration // send an event this often...
		forHow   time.Duration // ...for this long (0: none)
		bound    time.Duration
		settled  bool
		min, max time.Duration
	}{
		{"quiet", 0, 0, time.Second, true, quietPeriod, quietPeriod + 300*time.Millisecond},
		{"steady stream", 10 * time.Millisecond, 2 * time.Second, 250 * time.Millisecond, false, 250 * time.Millisecond, 600 * time.Millisecond},
		// The last event comes about 90 to 100 ms in (later on a loaded machine).
		{"burst that stops", 10 * time.Millisecond, 100 * time.Millisecond, time.Second, true, 70*time.Millisecond + quietPeriod, 700 * time.Millisecond},
		{"bound below the quiet period", 0, 0, 10 * time.Millisecond, true, 10 * time.Millisecond, 300 * time.Millisecond},
		{"event within a short bound", 2 * time.Millisecond, 100 * time.Millisecond, 20 * time.Millisecond, false, 20 * time.Millisecond, 300 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &settler{notify: make(chan struct{}, 1)}
			s.begin(":1.42")
			stop := make(chan struct{})
			defer close(stop)
			if tt.forHow > 0 {
				go func() {
					end := time.After(tt.forHow)
					tick := time.NewTicker(tt.events)
					defer tick.Stop()
					for {
						select {
						case <-tick.C:
							select {
							case s.notify <- struct{}{}:
							default:
							}
						case <-end:
							return
						case <-stop:
							return
						}
					}
				}()
			}
			start := time.Now()
			got := s.wait(context.Background(), tt.bound)
			took := time.Since(start)
			if got != tt.settled || took < tt.min || took > tt.max {
				t.Errorf("wait = %v after %v, want %v after %v to %v", got, took, tt.settled, tt.min, tt.max)
			}
		})
	}
	t.Run("cancelled", func(t *testing.T) {
		s := &settler{notify: make(chan struct{}, 1)}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if s.wait(ctx, time.Second) {
			t.Error("a cancelled wait settled")
		}
	})
}

func TestDistanceOutside(t *testing.T) {
	tests := []struct {
		lo, hi, vlo, vhi, want int
	}{
		{10, 20, 0, 100, 0},     // inside
		{-30, -10, 0, 100, -30}, // above: move up by 30
		{150, 170, 0, 100, 70},  // below: its end to the view's end
		{150, 400, 0, 100, 150}, // longer than the view: its start to the view's start
		{0, 100, 0, 100, 0},     // exactly the view
		{90, 110, 0, 100, 10},   // partly below
	}
	for _, tt := range tests {
		if got := distanceOutside(tt.lo, tt.hi, tt.vlo, tt.vhi); got != tt.want {
			t.Errorf("distanceOutside(%d, %d, %d, %d) = %d, want %d", tt.lo, tt.hi, tt.vlo, tt.vhi, got, tt.want)
		}
	}
}
