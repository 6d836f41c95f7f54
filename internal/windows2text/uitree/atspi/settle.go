package atspi

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godbus/dbus/v5"
)

// quietPeriod is how long an application must stay silent (no relevant
// AT-SPI event) after an action for its UI to count as settled. Events
// follow an action within 1.5–12 ms here; 40 ms leaves room for a busy
// machine without making every action slow.
const quietPeriod = 40 * time.Millisecond

// settleEvents are the AT-SPI events registered with the registry: the
// ones that say the UI is still changing. Never all of "object:": bounds
// and visible-data events stream continuously from spinners and would
// keep the UI from ever settling.
var settleEvents = []string{
	"object:state-changed", "object:property-change", "object:children-changed",
	"object:text-changed", "object:text-caret-moved", "object:selection-changed",
	"object:active-descendant-changed", "focus:", "window:",
}

// settleInterfaces are the D-Bus interfaces the events arrive on.
var settleInterfaces = []string{"org.a11y.atspi.Event.Object", "org.a11y.atspi.Event.Focus", "org.a11y.atspi.Event.Window"}

// ignoredMembers are Event.Object signals that do not mean a change of
// state, even when another listener registered them.
var ignoredMembers = map[string]bool{"BoundsChanged": true, "VisibleDataChanged": true}

// settler listens to AT-SPI events on its own connection to the
// accessibility bus and tells when one application has been quiet.
type settler struct {
	conn *dbus.Conn
	sigs chan *dbus.Signal
	mu   sync.Mutex
	// watch is the bus name whose events wake the waiter, notify the
	// channel it wakes.
	watch  string
	notify chan struct{}
	// events counts every relevant event received, for tests.
	events atomic.Int64
}

// SettleStats counts how the settle waits of a Backend ended.
type SettleStats struct {
	// Quiet waits ended because no relevant event came for the quiet
	// period; Bound waits ran into waitMs; Skipped had waitMs 0.
	Quiet, Bound, Skipped int
	// Events is the number of relevant AT-SPI events received.
	Events int64
}

// startSettler connects to the bus at addr, asks the registry to have
// applications send settleEvents and drains the burst that the first
// registration triggers.
func startSettler(ctx context.Context, addr string) (*settler, error) {
	conn, err := eventConn(ctx, addr)
	if err != nil {
		return nil, err
	}
	s := &settler{conn: conn, sigs: make(chan *dbus.Signal, 1024), notify: make(chan struct{}, 1)}
	conn.Signal(s.sigs)
	go s.loop()
	if err := registerEvents(ctx, conn); err != nil {
		conn.Close()
		return nil, err
	}
	// Drain the burst: wait until the whole bus is quiet for a while.
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		n := s.events.Load()
		time.Sleep(60 * time.Millisecond)
		if s.events.Load() == n {
			break
		}
	}
	return s, nil
}

// eventConn connects to the accessibility bus at addr and matches the
// signals of settleInterfaces; the caller delivers them (conn.Signal).
func eventConn(ctx context.Context, addr string) (*dbus.Conn, error) {
	conn, err := dbus.Connect(addr)
	if err != nil {
		return nil, fmt.Errorf("connecting to the accessibility bus for events: %w", err)
	}
	for _, iface := range settleInterfaces {
		if err := conn.AddMatchSignalContext(ctx, dbus.WithMatchInterface(iface)); err != nil {
			conn.Close()
			return nil, fmt.Errorf("subscribing to %s: %w", iface, err)
		}
	}
	return conn, nil
}

// registerEvents asks the registry to have the applications send
// settleEvents, each call bounded to 2 s.
func registerEvents(ctx context.Context, conn *dbus.Conn) error {
	reg := conn.Object(registryName, "/org/a11y/atspi/registry")
	for _, ev := range settleEvents {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := reg.CallWithContext(cctx, "org.a11y.atspi.Registry.RegisterEvent", 0, ev).Err
		cancel()
		if err != nil {
			return fmt.Errorf("registering %s with the registry: %w", ev, err)
		}
	}
	return nil
}

func (s *settler) loop() {
	for sig := range s.sigs {
		i := strings.LastIndexByte(sig.Name, '.')
		if i < 0 || ignoredMembers[sig.Name[i+1:]] {
			continue
		}
		s.events.Add(1)
		s.mu.Lock()
		if sig.Sender == s.watch {
			select {
			case s.notify <- struct{}{}:
			default:
			}
		}
		s.mu.Unlock()
	}
}

// begin starts watching bus (an application's unique name) before acting,
// so that no event of the action is missed.
func (s *settler) begin(bus string) {
	s.mu.Lock()
	s.watch = bus
	select {
	case <-s.notify:
	default:
	}
	s.mu.Unlock()
}

// wait blocks until the watched application has sent no relevant event for
// the quiet period (true) or until bound has passed (false).
func (s *settler) wait(ctx context.Context, bound time.Duration) bool {
	defer s.begin("")
	// A bound shorter than the quiet period still gets its quiet check:
	// the deadline comes a moment after it.
	deadline := time.NewTimer(bound + time.Millisecond)
	defer deadline.Stop()
	quiet := time.NewTimer(min(quietPeriod, bound))
	defer quiet.Stop()
	for {
		select {
		case <-s.notify:
			quiet.Reset(quietPeriod)
		case <-quiet.C:
			return true
		case <-deadline.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

func (s *settler) close() {
	s.conn.Close()
}

// settler returns the backend's event listener, starting it (again, after
// the bus was lost) when needed.
func (b *Backend) settler(ctx context.Context) (*settler, error) {
	if b.settle != nil && b.settle.conn.Connected() {
		return b.settle, nil
	}
	if b.settle != nil {
		b.settle.close()
		b.settle = nil
	}
	addr, err := busAddress(ctx)
	if err != nil {
		return nil, err
	}
	s, err := startSettler(ctx, addr)
	if err != nil {
		return nil, err
	}
	b.settle = s
	return s, nil
}

// SettleStats reports how this backend's settle waits have ended so far.
func (b *Backend) SettleStats() SettleStats {
	st := b.settleStats
	if b.settle != nil {
		st.Events = b.settle.events.Load()
	}
	return st
}
