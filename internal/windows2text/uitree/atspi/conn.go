package atspi

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godbus/dbus/v5"
)

// D-Bus names of the AT-SPI protocol.
const (
	registryName = "org.a11y.atspi.Registry"
	rootPath     = dbus.ObjectPath("/org/a11y/atspi/accessible/root")

	ifaceAccessible   = "org.a11y.atspi.Accessible"
	ifaceApplication  = "org.a11y.atspi.Application"
	ifaceComponent    = "org.a11y.atspi.Component"
	ifaceAction       = "org.a11y.atspi.Action"
	ifaceValue        = "org.a11y.atspi.Value"
	ifaceText         = "org.a11y.atspi.Text"
	ifaceEditableText = "org.a11y.atspi.EditableText"
	ifaceSelection    = "org.a11y.atspi.Selection"
	ifaceTable        = "org.a11y.atspi.Table"
	ifaceProperties   = "org.freedesktop.DBus.Properties"
)

// objRef addresses one accessible: the unique bus name of its application
// and its object path, as AT-SPI's (so) pairs do.
type objRef struct {
	Bus  string
	Path dbus.ObjectPath
}

func (r objRef) String() string { return r.Bus + string(r.Path) }

// parseWindowID turns a window ID ("busname/object/path") back into a ref.
func parseWindowID(id string) (objRef, bool) {
	i := strings.IndexByte(id, '/')
	if i <= 0 || !strings.HasPrefix(id, ":") {
		return objRef{}, false
	}
	p := dbus.ObjectPath(id[i:])
	if !p.IsValid() {
		return objRef{}, false
	}
	return objRef{Bus: id[:i], Path: p}, true
}

// ErrNoSession is returned when there is no desktop session to read: no
// accessibility bus is published and no session bus runs.
var ErrNoSession = errors.New("atspi: no desktop session: no AT_SPI_BUS_ADDRESS, no session bus (DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus) and no AT_SPI_BUS on the display; windows2text starts no bus of its own: run it inside the desktop session whose applications it should read")

// busAddress finds the accessibility bus: AT_SPI_BUS_ADDRESS when set, or
// what org.a11y.Bus on the session bus says, or the X root window's
// AT_SPI_BUS property.
//
// It only finds buses that already run. godbus's ConnectSessionBus would
// run dbus-launch when DBUS_SESSION_BUS_ADDRESS is unset, and asking that
// fresh bus for org.a11y.Bus would start at-spi-bus-launcher, a second
// dbus-daemon and the registry: four daemons that outlive windows2text
// and serve no application. Without a session, the answer is
// ErrNoSession instead.
func busAddress(ctx context.Context) (string, error) {
	if a := os.Getenv("AT_SPI_BUS_ADDRESS"); a != "" {
		return a, nil
	}
	sessionAddr := existingSessionBus()
	if sessionAddr == "" {
		// Without a session bus, the X root window property is the
		// last place at-spi-bus-launcher publishes the address.
		if a, xerr := busAddressFromX(ctx); xerr == nil {
			return a, nil
		}
		return "", ErrNoSession
	}
	session, err := dbus.Connect(sessionAddr)
	if err != nil {
		if a, xerr := busAddressFromX(ctx); xerr == nil {
			return a, nil
		}
		return "", fmt.Errorf("atspi: connecting to the session bus %s: %w", sessionAddr, err)
	}
	defer session.Close()
	var addr string
	err = session.Object("org.a11y.Bus", "/org/a11y/bus").CallWithContext(ctx, "org.a11y.Bus.GetAddress", 0).Store(&addr)
	if err != nil {
		return "", fmt.Errorf("atspi: asking org.a11y.Bus for the accessibility bus: %w", err)
	}
	return addr, nil
}

// existingSessionBus returns the address of a session bus that runs
// already, found the way GTK's GDBus finds it without autolaunching:
// DBUS_SESSION_BUS_ADDRESS, or the "bus" socket a systemd user session keeps
// in $XDG_RUNTIME_DIR. It never starts one.
func existingSessionBus() string {
	if a := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); a != "" {
		return a
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		sock := filepath.Join(dir, "bus")
		if fi, err := os.Stat(sock); err == nil && fi.Mode().Type() == fs.ModeSocket {
			return "unix:path=" + dbus.EscapeBusAddressValue(sock)
		}
	}
	return ""
}

// busAddressFromX reads the AT_SPI_BUS property of the X root window.
func busAddressFromX(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "xprop", "-root", "-notype", "AT_SPI_BUS").Output()
	if err != nil {
		return "", err
	}
	s := string(out)
	i := strings.IndexByte(s, '"')
	j := strings.LastIndexByte(s, '"')
	if i < 0 || j <= i {
		return "", errors.New("atspi: no AT_SPI_BUS on the root window")
	}
	return s[i+1 : j], nil
}

// appConn is how the backend talks to one application: a direct
// (peer-to-peer) connection when the application offers one, which skips
// the bus daemon's hop, or else the shared bus connection.
type appConn struct {
	bus  string
	conn *dbus.Conn
	// addr is the application's own socket (GetApplicationBusAddress);
	// fast is the direct connection to it, dialled on first use.
	addr     string
	busOnly  bool
	dialOnce sync.Once
	fast     *directConn
	pid      int
	// name is the application's name as last read, kept so that an
	// application that stops answering can still be named.
	name string
	// toolkitRead is set once the toolkit has been asked for (see
	// readToolkit); visibleShown then says whether VISIBLE alone means
	// shown for it (see visibleMeansShown).
	toolkitRead  atomic.Bool
	visibleShown atomic.Bool
	// cacheUseless is set for a toolkit whose item cache is not read
	// (see cacheUseful).
	cacheUseless atomic.Bool

	ifaceMu sync.Mutex
	ifaces  map[dbus.ObjectPath]int
	// redial is set when the direct connection does not serve the
	// application's item cache (it was opened before the cache was
	// made): the next request connects anew.
	redial atomic.Bool
	// cacheSize is how many elements the application's item cache held
	// when last read; cacheSkips how many requests have not read it since
	// (see walker.itemCache).
	cacheSize  atomic.Int64
	cacheSkips atomic.Int64
	// cacheShown counts the cache's elements that visible-only walks
	// kept since one of them last read it (see cacheTooLarge); -1 when a
	// walk of everything read it last.
	cacheShown atomic.Int64
}

// interfaces returns the interface bits remembered for path.
func (c *appConn) interfaces(path dbus.ObjectPath) (int, bool) {
	c.ifaceMu.Lock()
	defer c.ifaceMu.Unlock()
	bits, ok := c.ifaces[path]
	return bits, ok
}

// rememberInterfaces keeps path's interface bits for later snapshots. The
// map is bounded: past its size it starts over.
func (c *appConn) rememberInterfaces(path dbus.ObjectPath, bits int) {
	c.ifaceMu.Lock()
	defer c.ifaceMu.Unlock()
	if c.ifaces == nil || len(c.ifaces) > 200000 {
		c.ifaces = map[dbus.ObjectPath]int{}
	}
	c.ifaces[path] = bits
}

// connPool caches application connections between snapshots.
type connPool struct {
	mu   sync.Mutex
	bus  *dbus.Conn
	apps map[string]*appConn
	// names remembers application names by bus name across failures.
	names map[string]string
	// busOnly keeps every call on the bus (no direct connections).
	busOnly bool
}

// get returns the connection for app, opening a direct one on first use.
// ctx bounds the questions asked on the way. On a timeout it returns the
// error together with a bus connection that knows the application's pid.
func (p *connPool) get(ctx context.Context, bus string) (*appConn, error) {
	p.mu.Lock()
	if c, ok := p.apps[bus]; ok {
		if !c.redial.Load() {
			p.mu.Unlock()
			return c, nil
		}
		delete(p.apps, bus)
		if c.fast != nil {
			c.fast.Close()
		}
	}
	p.mu.Unlock()
	c := &appConn{bus: bus, conn: p.bus, busOnly: p.busOnly}
	// Both questions at once: the bus answers the first even when the
	// application is stopped.
	ch := make(chan *dbus.Call, 2)
	pidCall := p.bus.BusObject().GoWithContext(ctx, "org.freedesktop.DBus.GetConnectionUnixProcessID", 0, ch, bus)
	addrCall := p.bus.Object(bus, rootPath).GoWithContext(ctx, ifaceApplication+".GetApplicationBusAddress", 0, ch)
	<-ch
	<-ch
	var pid uint32
	if pidCall.Store(&pid) == nil {
		c.pid = int(pid)
	}
	err := addrCall.Store(&c.addr)
	if err != nil && isTimeout(err) {
		p.mu.Lock()
		if old, ok := p.names[bus]; ok {
			c.name = old
		}
		p.mu.Unlock()
		return c, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, ok := p.apps[bus]; ok {
		return old, nil
	}
	p.apps[bus] = c
	return c, nil
}

// visibleShown reports whether the application on bus is known to use a
// toolkit for which VISIBLE alone means shown (see visibleMeansShown).
func (p *connPool) visibleShown(bus string) bool {
	p.mu.Lock()
	c := p.apps[bus]
	p.mu.Unlock()
	return c != nil && c.visibleShown.Load()
}

// directConn returns the application's direct connection, dialling it on
// first use: an application only listed, never walked, is never dialled.
// Nil means the bus is used. The handshake may take at most timeout: an
// application that stopped after telling its address accepts the
// connection (the kernel does) but never answers.
func (c *appConn) directConn(timeout time.Duration) *directConn {
	c.dialOnce.Do(func() {
		if c.addr == "" || c.busOnly {
			return
		}
		if fast, err := dialDirectConn(c.addr, timeout); err == nil {
			c.fast = fast
		}
	})
	return c.fast
}

// forget drops a cached connection after it failed.
func (p *connPool) forget(c *appConn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.apps[c.bus] == c {
		delete(p.apps, c.bus)
	}
	if c.name != "" {
		p.names[c.bus] = c.name
	}
	if c.fast != nil {
		c.fast.Close()
	}
}

// closeAll closes every direct connection and the bus connection.
func (p *connPool) closeAll() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.apps {
		if c.fast != nil {
			c.fast.Close()
		}
	}
	p.apps = map[string]*appConn{}
	return p.bus.Close()
}

// isTimeout reports whether err means the peer did not answer in time.
func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return true
	}
	var de dbus.Error
	if errors.As(err, &de) {
		return de.Name == "org.freedesktop.DBus.Error.NoReply" || de.Name == "org.freedesktop.DBus.Error.Timeout"
	}
	var er *errorReply
	if errors.As(err, &er) {
		return er.Name == "org.freedesktop.DBus.Error.NoReply"
	}
	return false
}

// isGone reports whether err means the application has disconnected.
func isGone(err error) bool {
	if errors.Is(err, dbus.ErrClosed) || errors.Is(err, errDirectClosed) {
		return true
	}
	var er *errorReply
	if errors.As(err, &er) {
		return er.Name == "org.freedesktop.DBus.Error.ServiceUnknown" || er.Name == "org.freedesktop.DBus.Error.Disconnected"
	}
	var de dbus.Error
	if errors.As(err, &de) {
		return de.Name == "org.freedesktop.DBus.Error.ServiceUnknown" || de.Name == "org.freedesktop.DBus.Error.NameHasNoOwner" ||
			de.Name == "org.freedesktop.DBus.Error.Disconnected"
	}
	return false
}

// appRun is one application during one walk. The first call that times out
// cancels ctx, which aborts every other call to the application at once: a
// hung application costs one timeout per walk, not one per element.
type appRun struct {
	conn    *appConn
	name    string
	ctx     context.Context
	cancel  context.CancelFunc
	timeout time.Duration

	mu  sync.Mutex
	err error
	// calls and trips count the calls made and the batches they went in.
	calls, trips atomic.Int64

	// useCache lets the walk read the application's item cache, once
	// per request (see itemCache).
	useCache  bool
	cacheOnce sync.Once
	// activateCache asks the toolkits to make their caches (see
	// Backend.activateCaches).
	activateCache func()
	cache         *itemCache
	// ahead holds the calls sent for the cached elements as soon as the
	// cache was read, by object path (see walker.readAhead).
	ahead map[dbus.ObjectPath]*pendingNode
}

// fail records the application's first failure and stops its calls.
func (a *appRun) fail(err error) {
	a.mu.Lock()
	if a.err == nil {
		a.err = err
	}
	a.mu.Unlock()
	a.cancel()
}

// failed returns the recorded failure.
func (a *appRun) failed() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// batch issues calls to one application without waiting, then waits for
// all of them together: all of an element's questions are in flight at once.
type batch struct {
	app  *appRun
	ctx  context.Context
	stop context.CancelFunc
	// Through godbus (the bus, or no direct connection):
	calls []*dbus.Call
	// Through the direct connection:
	direct  *directConn
	buf     []byte
	replies []*reply
	serials []uint32
	// sent is set once what is queued has been written (see send).
	sent bool
}

// testHookBatch, when a test sets it, runs before every batch of calls to
// an application, with the application's pid: the tests stop an
// application in the middle of a walk with it.
var testHookBatch func(pid int)

func (a *appRun) batch(n int) *batch {
	if h := testHookBatch; h != nil {
		h(a.conn.pid)
	}
	ctx, stop := context.WithTimeout(a.ctx, a.timeout)
	b := &batch{app: a, ctx: ctx, stop: stop}
	if fast := a.conn.directConn(a.timeout); fast != nil {
		b.direct = fast
		b.replies = make([]*reply, 0, n)
		b.serials = make([]uint32, 0, n)
	} else {
		b.calls = make([]*dbus.Call, 0, n)
	}
	return b
}

// call queues one method call on obj and returns its slot.
func (b *batch) call(obj objRef, method string, args ...any) int {
	if b.direct != nil {
		i := strings.LastIndexByte(method, '.')
		var rep *reply
		var serial uint32
		b.buf, rep, serial = b.direct.encodeCall(b.buf, obj.Path, method[:i], method[i+1:], args)
		b.replies = append(b.replies, rep)
		b.serials = append(b.serials, serial)
		return len(b.replies) - 1
	}
	// Each call has a Done channel of its own (godbus makes one when given
	// nil): a call that fails as it is sent is finished at once by the
	// sender, which must never block on a channel shared with the batch's
	// other calls, however many the batch was sized for.
	c := b.app.conn.conn.Object(obj.Bus, obj.Path).GoWithContext(b.ctx, method, 0, nil, args...)
	b.calls = append(b.calls, c)
	return len(b.calls) - 1
}

// send writes what is queued without waiting for the answers (wait does,
// when nothing has been sent); no call may be queued afterwards. On the
// bus, godbus sent each call as it was queued.
func (b *batch) send() {
	if b.direct == nil || b.sent {
		return
	}
	b.sent = true
	if len(b.buf) > 0 {
		deadline, _ := b.ctx.Deadline()
		b.direct.send(b.buf, deadline)
	}
}

// wait sends what is queued and blocks until every call has answered or
// failed. A timeout fails the whole application.
func (b *batch) wait() {
	defer b.stop()
	if n := len(b.replies) + len(b.calls); n > 0 {
		b.app.trips.Add(1)
		b.app.calls.Add(int64(n))
	}
	var errs []error
	if b.direct != nil {
		b.send()
		for i, r := range b.replies {
			select {
			case <-r.done:
			case <-b.ctx.Done():
				// A call no one answers any more is the waiter's to
				// fail; one already taken by the reader is the
				// reader's, which closes done at once.
				if b.direct.forget(b.serials[i]) {
					r.err = b.ctx.Err()
				} else {
					<-r.done
				}
			}
			errs = append(errs, r.err)
		}
	} else {
		for _, c := range b.calls {
			<-c.Done
			errs = append(errs, c.Err)
		}
	}
	for _, err := range errs {
		if err == nil {
			continue
		}
		if isTimeout(err) && b.app.ctx.Err() == nil {
			b.app.fail(noAnswer(b.app.timeout))
			break
		}
		if isGone(err) {
			b.app.fail(errDisconnected)
			break
		}
	}
}

// refs waits for the batch and returns the object references answered in
// slots, in their order, leaving out errors and the null object.
func (b *batch) refs(slots []int) []objRef {
	b.wait()
	var out []objRef
	for _, s := range slots {
		var r objRef
		if b.store(s, &r) == nil && r.Path != "" && r.Path != nullPath {
			out = append(out, r)
		}
	}
	return out
}

// store decodes the answer in slot i into out, one of the reply types
// below.
func (b *batch) store(i int, out any) error {
	if b.direct != nil {
		r := b.replies[i]
		if r.err != nil {
			return r.err
		}
		return decodeReply(r.sig, r.body, out)
	}
	c := b.calls[i]
	if c.Err != nil {
		return c.Err
	}
	return storeGodbus(c, out)
}

// timedOut reports whether the app's calls are being cancelled.
func (a *appRun) dead() bool { return a.ctx.Err() != nil }

// errDisconnected is an application's failure when its connection closed.
var errDisconnected = errors.New("disconnected")

// noAnswer is an application's failure when it did not answer in time.
func noAnswer(timeout time.Duration) error {
	return fmt.Errorf("no answer within %d ms", timeout.Milliseconds())
}

// describeFailure says what became of an application that failed: "exited"
// when its process is gone (a crash or a quit; a disconnection is given a
// moment to show as an exit), else the failure itself.
func describeFailure(err error, pid int) string {
	if pid <= 0 {
		return err.Error()
	}
	wait := time.Duration(0)
	if errors.Is(err, errDisconnected) {
		wait = 300 * time.Millisecond
	}
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		if processGone(pid) {
			return "exited"
		}
		if time.Now().After(deadline) {
			return err.Error()
		}
	}
}

// processGone reports whether pid no longer runs: no /proc entry, or a
// zombie waiting to be reaped. Where there is no /proc, it cannot tell and
// says no.
func processGone(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		if _, perr := os.Stat("/proc/self/stat"); perr != nil {
			return false
		}
		return true
	}
	// The state follows the command name, which is in parentheses.
	i := strings.LastIndexByte(string(data), ')')
	return i >= 0 && i+2 < len(data) && (data[i+2] == 'Z' || data[i+2] == 'X')
}
