package uia

import (
	"context"
	"sync/atomic"
	"time"
)

// quietPeriod is how long UI Automation must stay silent (no structure,
// property or focus changed event) after an action for the UI to count as
// settled, as in the AT-SPI backend.
const quietPeriod = 40 * time.Millisecond

// settler turns UI Automation's events into the `settled` of an action
// result. Event handlers call event from UI Automation's threads.
type settler struct {
	// active is set when at least one event handler was registered; with
	// none (UI Automation refused them all) nothing can say the UI is
	// quiet, and a wait runs its whole waitMs and reports false.
	active atomic.Bool
	wake   chan struct{}
	events atomic.Int64
}

func newSettler() *settler { return &settler{wake: make(chan struct{}, 1)} }

// event records one event.
func (s *settler) event() {
	s.events.Add(1)
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// reset forgets the events that came before an action.
func (s *settler) reset() {
	select {
	case <-s.wake:
	default:
	}
}

// wait waits until no event came for quiet, and reports true, or until
// waitMs ran out (or ctx ended), and reports false. waitMs 0 reports false
// at once.
func (s *settler) wait(ctx context.Context, waitMs int, quiet time.Duration) bool {
	if waitMs <= 0 {
		return false
	}
	bound := time.NewTimer(time.Duration(waitMs) * time.Millisecond)
	defer bound.Stop()
	if !s.active.Load() {
		select {
		case <-bound.C:
		case <-ctx.Done():
		}
		return false
	}
	q := time.NewTimer(quiet)
	defer q.Stop()
	for {
		select {
		case <-s.wake:
			if !q.Stop() {
				select {
				case <-q.C:
				default:
				}
			}
			q.Reset(quiet)
		case <-q.C:
			return true
		case <-bound.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// settleActive decides whether the handlers UI Automation took can tell a
// settled UI: the focus handler alone cannot (Wine takes only that one, and
// sends no event for text typed into an edit), so it takes a structure or
// property changed handler.
func settleActive(focus, structure, property bool) bool {
	return structure || property
}
