package atspi

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/godbus/dbus/v5"

	"textfirst/internal/windows2text/uitree"
)

// The event subscription of the backend (uitree.EventSource): its own
// connection to the accessibility bus, the events of settleEvents
// registered with the registry, and every signal passed on as a
// uitree.Event. It shares nothing with the settle wait of actions.

// NativeID names el by its application's bus name and its object path,
// which AT-SPI keeps for as long as the widget lives. Events name their
// source the same way.
func (b *Backend) NativeID(el *uitree.Element) string {
	if h, ok := el.Handle.(*handle); ok && h != nil {
		return h.obj.String()
	}
	return ""
}

// Subscribe connects to the accessibility bus and delivers its events
// until the subscription is closed. When it returns, every application
// that was registered has been told to send the events (a round trip to
// each, after the registration), so no event of a later change is lost.
func (b *Backend) Subscribe(ctx context.Context) (uitree.Subscription, error) {
	addr, err := busAddress(ctx)
	if err != nil {
		return nil, err
	}
	conn, err := eventConn(ctx, addr)
	if err != nil {
		return nil, fmt.Errorf("atspi: %w", err)
	}
	s := &subscription{conn: conn, sigs: make(chan *dbus.Signal, 4096), out: make(chan uitree.Event, 4096), done: make(chan struct{})}
	conn.Signal(s.sigs)
	go s.loop()
	if err := registerEvents(ctx, conn); err != nil {
		s.Close()
		return nil, fmt.Errorf("atspi: %w", err)
	}
	// The registry tells the applications about the new listener before it
	// answers; a call to each application after that answer is queued
	// behind the news, so once it returns the application sends events.
	var apps []objRef
	cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	err = conn.Object(registryName, rootPath).CallWithContext(cctx, ifaceAccessible+".GetChildren", 0).Store(&apps)
	cancel()
	if err == nil {
		var wg sync.WaitGroup
		for _, app := range apps {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
				defer cancel()
				conn.Object(app.Bus, app.Path).CallWithContext(pctx, "org.freedesktop.DBus.Peer.Ping", 0)
			}()
		}
		wg.Wait()
	}
	return s, nil
}

type subscription struct {
	conn *dbus.Conn
	sigs chan *dbus.Signal
	out  chan uitree.Event
	once sync.Once
	done chan struct{}
}

func (s *subscription) Events() <-chan uitree.Event { return s.out }

func (s *subscription) Close() error {
	s.once.Do(func() {
		close(s.done)
		s.conn.Close()
	})
	return nil
}

func (s *subscription) loop() {
	defer close(s.out)
	for {
		var sig *dbus.Signal
		var ok bool
		select {
		case sig, ok = <-s.sigs:
		case <-s.done:
			return
		}
		if !ok {
			return
		}
		ev, keep := eventOf(sig)
		if !keep {
			continue
		}
		select {
		case s.out <- ev:
		case <-s.done:
			return
		}
	}
}

// eventOf turns an AT-SPI signal into an Event: "org.a11y.atspi.Event.Object"
// with member "StateChanged" and detail "focused" becomes
// "object:state-changed:focused".
func eventOf(sig *dbus.Signal) (uitree.Event, bool) {
	i := strings.LastIndexByte(sig.Name, '.')
	if i < 0 || ignoredMembers[sig.Name[i+1:]] {
		return uitree.Event{}, false
	}
	iface, member := sig.Name[:i], sig.Name[i+1:]
	cat, ok := strings.CutPrefix(iface, "org.a11y.atspi.Event.")
	if !ok {
		return uitree.Event{}, false
	}
	typ := strings.ToLower(cat) + ":" + kebab(member)
	ev := uitree.Event{Source: sig.Sender + string(sig.Path), App: sig.Sender, At: time.Now()}
	if len(sig.Body) > 0 {
		if d, ok := sig.Body[0].(string); ok && d != "" {
			typ += ":" + d
		}
	}
	if len(sig.Body) > 1 {
		if n, ok := sig.Body[1].(int32); ok {
			ev.Detail = fmt.Sprint(n)
		}
	}
	if len(sig.Body) > 3 {
		if v, ok := sig.Body[3].(dbus.Variant); ok {
			if st, ok := v.Value().([]any); ok && len(st) == 2 {
				bus, _ := st[0].(string)
				path, _ := st[1].(dbus.ObjectPath)
				if bus != "" && path != "" && path != nullPath {
					ev.Child = bus + string(path)
				}
			}
		}
	}
	ev.Type = typ
	return ev, true
}

// kebab writes "StateChanged" as "state-changed".
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// nullPath is AT-SPI's "no object".
const nullPath = dbus.ObjectPath("/org/a11y/atspi/null")

// Describe reads the role, name and showing state of the element that id
// (bus name and object path, as NativeID and events give it) names.
func (b *Backend) Describe(ctx context.Context, id string) (uitree.Described, error) {
	ref, ok := parseWindowID(id)
	if !ok {
		return uitree.Described{}, uitree.Errorf(uitree.CodeInvalidParams, "not an element id: %q", id)
	}
	ctx, cancel := context.WithTimeout(ctx, b.callTimeout)
	defer cancel()
	obj := b.pool.bus.Object(ref.Bus, ref.Path)
	nameCall := obj.GoWithContext(ctx, "org.freedesktop.DBus.Properties.Get", 0, nil, ifaceAccessible, "Name")
	roleCall := obj.GoWithContext(ctx, ifaceAccessible+".GetRole", 0, nil)
	stateCall := obj.GoWithContext(ctx, ifaceAccessible+".GetState", 0, nil)
	var d uitree.Described
	var name dbus.Variant
	if err := (<-nameCall.Done).Store(&name); err != nil {
		return d, uitree.Errorf(uitree.CodeStaleElement, "reading %s: %w", id, err)
	}
	d.Name, _ = name.Value().(string)
	var role uint32
	if err := (<-roleCall.Done).Store(&role); err != nil {
		return d, uitree.Errorf(uitree.CodeStaleElement, "reading %s: %w", id, err)
	}
	if int(role) < len(roles) {
		d.Role = roles[role].uia
	}
	var st []uint32
	if err := (<-stateCall.Done).Store(&st); err == nil && len(st) == 2 {
		d.Showing = shown(statesOf(st), b.pool.visibleShown(ref.Bus))
	}
	return d, nil
}
