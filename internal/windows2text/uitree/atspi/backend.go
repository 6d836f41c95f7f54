// Package atspi is the Linux backend of windows2text: it reads the AT-SPI2
// accessibility tree over D-Bus (github.com/godbus/dbus/v5).
//
// Speed comes from three things: every question about one element is sent
// at once and answered together; many elements are fetched concurrently
// (a bounded pool); and each application is asked directly over its own
// peer-to-peer socket when it offers one, which skips the bus daemon. A hung
// application costs one timeout per request, after which it is reported as
// unresponsive and left out. Containers that manage their descendants (GTK
// tree views with thousands of rows) are read by hit-testing their visible
// rows; the rest are counted, not walked.
package atspi

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/godbus/dbus/v5"

	"textfirst/internal/windows2text/uitree"
)

// Backend reads the desktop's accessibility tree. Create it with New and
// release it with Close. It is safe for use by one goroutine at a time.
type Backend struct {
	pool        *connPool
	callTimeout time.Duration
	parallel    int
	pointer     func() (x, y int, err error)
	input       xInput
	// settle listens to AT-SPI events for the settle wait of actions; it
	// is started by the first action.
	settle      *settler
	settleStats SettleStats
	// known keeps, per application bus name, the windows the last listing
	// read from it, so that when it stops answering its windows are still
	// listed under the ids the client saw.
	known map[string][]uitree.Window
	// noCache keeps walks from reading the applications' item caches
	// (see cache.go); cacheOnce registers the event that makes them.
	noCache   bool
	cacheOnce sync.Once
	stats     WalkStats
}

// WalkStats counts what snapshots asked of the applications.
type WalkStats struct {
	// Cached elements were taken from the applications' item caches,
	// Walked ones asked about call by call.
	Cached, Walked int64
	// Calls were made in RoundTrips batches (one write, one wait).
	Calls, RoundTrips int64
}

// WalkStats returns the counts of every snapshot so far.
func (b *Backend) WalkStats() WalkStats { return b.stats }

// Option configures a Backend.
type Option func(*Backend)

// WithCallTimeout sets how long one application may take to answer one
// batch of calls before it is reported unresponsive (default 1.5 s).
func WithCallTimeout(d time.Duration) Option { return func(b *Backend) { b.callTimeout = d } }

// WithParallel sets how many elements are fetched at once (default 32).
func WithParallel(n int) Option { return func(b *Backend) { b.parallel = max(1, n) } }

// WithBusOnly sends every call through the accessibility bus with godbus
// instead of the applications' direct sockets: slower, for comparison and
// for applications whose direct socket misbehaves.
func WithBusOnly() Option { return func(b *Backend) { b.pool.busOnly = true } }

// WithoutItemCache walks every element with calls of its own instead of
// taking what the applications' item caches hold: slower, for comparison.
func WithoutItemCache() Option { return func(b *Backend) { b.noCache = true } }

// WithPointer replaces the X11 query of the mouse position used by the
// cursor scope.
func WithPointer(f func() (int, int, error)) Option { return func(b *Backend) { b.pointer = f } }

// New connects to the accessibility bus (AT_SPI_BUS_ADDRESS, or the address
// org.a11y.Bus gives on the session bus).
func New(ctx context.Context, opts ...Option) (*Backend, error) {
	addr, err := busAddress(ctx)
	if err != nil {
		return nil, err
	}
	conn, err := dbus.Connect(addr)
	if err != nil {
		return nil, fmt.Errorf("atspi: connecting to the accessibility bus %s: %w", addr, err)
	}
	b := &Backend{
		pool:        &connPool{bus: conn, apps: map[string]*appConn{}, names: map[string]string{}},
		callTimeout: 1500 * time.Millisecond,
		parallel:    32,
		pointer:     queryPointer,
		known:       map[string][]uitree.Window{},
	}
	for _, o := range opts {
		o(b)
	}
	return b, nil
}

// Close releases every connection.
func (b *Backend) Close() error {
	b.input.mu.Lock()
	b.input.close()
	b.input.mu.Unlock()
	if b.settle != nil {
		b.settle.close()
		b.settle = nil
	}
	return b.pool.closeAll()
}

// session is the state of one request: the applications asked so far.
type session struct {
	b    *Backend
	ctx  context.Context
	mu   sync.Mutex
	runs map[string]*appRun
	// order keeps the applications in the registry's order.
	order []*appRun
	// useCache lets walks read the applications' item caches.
	useCache bool
}

func (b *Backend) newSession(ctx context.Context) *session {
	b.reconnectIfLost(ctx)
	return &session{b: b, ctx: ctx, runs: map[string]*appRun{}}
}

// reconnectIfLost connects to the accessibility bus again when the
// connection has dropped (the bus was restarted), so that a long-lived
// helper recovers instead of failing every request. Cached application
// connections are dropped with it. If the bus cannot be reached, the old
// connection stays and the request reports the failure.
func (b *Backend) reconnectIfLost(ctx context.Context) {
	if b.pool.bus.Connected() {
		return
	}
	addr, err := busAddress(ctx)
	if err != nil {
		return
	}
	conn, err := dbus.Connect(addr)
	if err != nil {
		return
	}
	b.pool.closeAll()
	b.pool.mu.Lock()
	b.pool.bus = conn
	b.pool.mu.Unlock()
}

// app returns the run of one application, connecting on first use. A
// connection that cannot be made gives a run that is already failed.
func (s *session) app(bus string) *appRun {
	s.mu.Lock()
	if r, ok := s.runs[bus]; ok {
		s.mu.Unlock()
		return r
	}
	s.mu.Unlock()
	ctx, cancel := context.WithCancel(s.ctx)
	r := &appRun{ctx: ctx, cancel: cancel, timeout: s.b.callTimeout, useCache: s.useCache,
		activateCache: func() { s.b.activateCaches(s.ctx) }}
	cctx, ccancel := context.WithTimeout(ctx, s.b.callTimeout)
	conn, err := s.b.pool.get(cctx, bus)
	ccancel()
	r.conn, r.name = conn, conn.name
	if err != nil {
		r.fail(noAnswer(s.b.callTimeout))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.runs[bus]; ok {
		cancel()
		return old
	}
	s.runs[bus] = r
	s.order = append(s.order, r)
	return r
}

// unresponsive reports the applications that failed during the session,
// and drops their cached connections so that the next request starts over.
func (s *session) unresponsive() []uitree.Unresponsive {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []uitree.Unresponsive
	for _, r := range s.order {
		if err := r.failed(); err != nil {
			out = append(out, uitree.Unresponsive{App: r.name, PID: r.conn.pid, Error: describeFailure(err, r.conn.pid)})
			s.b.pool.forget(r.conn)
		}
		r.cancel()
	}
	return out
}

// anyFailed reports whether an application that covers accepts failed
// during the session.
func (s *session) anyFailed(covers func(*appRun) bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.order {
		if r.failed() != nil && covers(r) {
			return true
		}
	}
	return false
}

// window is one top-level window found by listWindows.
type window struct {
	run    *appRun
	obj    objRef
	title  string
	role   uint32
	states stateSet
	bounds uitree.Rect
}

func (w window) info() uitree.Window {
	ri := roles[roleWindow]
	if int(w.role) < len(roles) {
		ri = roles[w.role]
	}
	// A top-level file chooser or color chooser is a dialog: a Window.
	ri.uia = uitree.RoleWindow
	return uitree.Window{
		ID: w.obj.String(), Title: w.title, App: w.run.name, PID: w.run.conn.pid, Role: ri.uia,
		Bounds: w.bounds, Active: w.states.has(stateActive),
		Visible: shown(w.states, w.run.conn.visibleShown.Load()),
	}
}

// listApps asks the registry for the applications, in its order.
func (s *session) listApps() ([]objRef, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.b.callTimeout)
	defer cancel()
	var kids []struct {
		Bus  string
		Path dbus.ObjectPath
	}
	err := s.b.pool.bus.Object(registryName, rootPath).CallWithContext(ctx, ifaceAccessible+".GetChildren", 0).Store(&kids)
	if err != nil {
		return nil, fmt.Errorf("atspi: asking the registry for applications: %w", err)
	}
	out := make([]objRef, 0, len(kids))
	for _, k := range kids {
		out = append(out, objRef{Bus: k.Bus, Path: k.Path})
	}
	return out, nil
}

// listWindows reads the top-level windows of every application (or of the
// applications keep accepts), all applications at once. Hidden windows
// (popup menus not open, withdrawn dialogs) are left out.
func (s *session) listWindows(keep func(*appRun) bool) ([]window, error) {
	apps, err := s.listApps()
	if err != nil {
		return nil, err
	}
	perApp := make([][]window, len(apps))
	var wg sync.WaitGroup
	for i, a := range apps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run := s.app(a.Bus)
			if run.dead() {
				return
			}
			perApp[i] = s.appWindows(run, a, keep)
		}()
	}
	wg.Wait()
	var out []window
	for i, ws := range perApp {
		out = append(out, ws...)
		if run := s.app(apps[i].Bus); run.failed() == nil && (keep == nil || keep(run)) {
			infos := make([]uitree.Window, len(ws))
			for j, w := range ws {
				infos[j] = w.info()
			}
			s.b.known[apps[i].Bus] = infos
		}
	}
	if len(s.b.known) > len(apps)+64 {
		// Forget applications that have left the registry.
		live := map[string]bool{}
		for _, a := range apps {
			live[a.Bus] = true
		}
		for bus := range s.b.known {
			if !live[bus] {
				delete(s.b.known, bus)
			}
		}
	}
	return out, nil
}

// silentWindows lists the windows of the applications that failed during
// the session, marked NotResponding: the X server's windows of their
// process (it answers for a stopped application) under the ids an
// earlier listing gave them, or without a display what that listing read.
func (s *session) silentWindows() []uitree.Window {
	s.mu.Lock()
	var failed []*appRun
	for _, r := range s.order {
		if r.failed() != nil {
			failed = append(failed, r)
		}
	}
	s.mu.Unlock()
	var out []uitree.Window
	for _, r := range failed {
		known := s.b.known[r.conn.bus]
		// Without a pid or a display, what the last listing read.
		ws := append([]uitree.Window(nil), known...)
		if r.conn.pid > 0 {
			if x, err := x11Windows(r.conn.pid); err == nil {
				ws = x
			}
		}
		for i := range ws {
			w := &ws[i]
			for _, k := range known {
				if k.Title == w.Title && !strings.HasPrefix(k.ID, x11IDPrefix) {
					w.ID = k.ID
					break
				}
			}
			if r.name != "" {
				w.App = r.name
			}
			w.NotResponding = true
		}
		out = append(out, ws...)
	}
	return out
}

func (s *session) appWindows(run *appRun, app objRef, keep func(*appRun) bool) []window {
	// keep looks at the pid and bus name only, known before any call to
	// the application.
	if keep != nil && !keep(run) {
		return nil
	}
	b := run.batch(5)
	iProps := b.call(app, ifaceProperties+".Get", ifaceAccessible, "Name")
	iKids := b.call(app, ifaceAccessible+".GetChildren")
	iToolkit, iVersion := -1, -1
	if !run.conn.toolkitRead.Load() {
		iToolkit = b.call(app, ifaceProperties+".Get", ifaceApplication, "ToolkitName")
		iVersion = b.call(app, ifaceProperties+".Get", ifaceApplication, "Version")
		// Chromium builds its tree (page content included) only once an
		// assistive client asks for an object's attributes, as a screen
		// reader does at once; its answer is not needed.
		b.call(app, ifaceAccessible+".GetAttributes")
	}
	b.wait()
	var name variantValue
	if b.store(iProps, &name) == nil {
		run.name, _ = name.v.(string)
		run.conn.name = run.name
	}
	if iToolkit >= 0 {
		var toolkit, version variantValue
		if b.store(iToolkit, &toolkit) == nil && b.store(iVersion, &version) == nil {
			tk, _ := toolkit.v.(string)
			v, _ := version.v.(string)
			run.conn.visibleShown.Store(visibleMeansShown(tk, v))
			run.conn.cacheUseless.Store(!cacheUseful(tk, v))
			run.conn.toolkitRead.Store(true)
		}
	}
	var kids []objRef
	if b.store(iKids, &kids) != nil {
		return nil
	}
	b = run.batch(4 * len(kids))
	slots := make([][4]int, len(kids))
	for i, o := range kids {
		slots[i] = [4]int{
			b.call(o, ifaceAccessible+".GetRole"),
			b.call(o, ifaceAccessible+".GetState"),
			b.call(o, ifaceProperties+".Get", ifaceAccessible, "Name"),
			b.call(o, ifaceComponent+".GetExtents", uint32(0)),
		}
	}
	b.wait()
	var out []window
	for i, k := range kids {
		w := window{run: run, obj: k}
		var st []uint32
		var title variantValue
		var ext extents
		if b.store(slots[i][0], &w.role) != nil || b.store(slots[i][1], &st) != nil || len(st) == 0 {
			continue
		}
		w.states = statesOf(st)
		if !shown(w.states, run.conn.visibleShown.Load()) {
			continue
		}
		if b.store(slots[i][2], &title) == nil {
			w.title, _ = title.v.(string)
		}
		if b.store(slots[i][3], &ext) == nil && ext.W > 0 && ext.H > 0 {
			w.bounds = uitree.Rect{X: int(ext.X), Y: int(ext.Y), Width: int(ext.W), Height: int(ext.H)}
		}
		out = append(out, w)
	}
	return out
}

// Windows lists the visible top-level windows of every application.
func (b *Backend) Windows(ctx context.Context, max int) (uitree.WindowList, error) {
	s := b.newSession(ctx)
	wins, err := s.listWindows(nil)
	list := uitree.WindowList{Windows: []uitree.Window{}}
	if err != nil {
		return list, err
	}
	infos := make([]uitree.Window, 0, len(wins))
	for _, w := range wins {
		infos = append(infos, w.info())
	}
	// The window in front is the active one, as the foreground scope
	// reads it, when the applications' own states do not say so.
	if front := s.activeWindow(wins); front >= 0 {
		for i := range infos {
			infos[i].Active = i == front
		}
	}
	// An application that does not answer keeps its windows in the list,
	// marked, instead of losing them without a word.
	infos = append(infos, s.silentWindows()...)
	for _, w := range infos {
		if len(list.Windows) == max {
			list.More = true
			break
		}
		list.Windows = append(list.Windows, w)
	}
	list.Unresponsive = s.unresponsive()
	return list, nil
}

// Snapshot walks what req selects.
func (b *Backend) Snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	tree, err := b.snapshot(ctx, req)
	if req.Scope == uitree.ScopeForeground && uitree.CodeOf(err) == uitree.CodeStaleElement {
		// The foreground window closed while it was read (a dialog
		// answered a moment ago): read the new foreground window.
		return b.snapshot(ctx, req)
	}
	return tree, err
}

func (b *Backend) snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	s := b.newSession(ctx)
	if !b.noCache {
		s.useCache = true
	}
	w := newWalker(req, b.parallel)
	tree := &uitree.Tree{}
	var root *uitree.Element
	// covers tells which applications' parts belong in this snapshot:
	// when one of them stops answering, the snapshot is cut short.
	var covers func(*appRun) bool
	var err error
	switch req.Scope {
	case uitree.ScopeForeground, uitree.ScopeHwnd, uitree.ScopeCursor:
		root, covers, err = windowRoot(s, w, req, tree)
	case uitree.ScopeDesktop, uitree.ScopeProcess:
		var whole *uitree.Tree
		root, covers, whole, err = applicationsRoot(s, w, req, tree)
		if whole != nil {
			return whole, nil
		}
	default:
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "unknown scope %q", req.Scope)
	}
	if err != nil {
		return nil, err
	}
	tree.Root = root
	b.stats.Cached += w.cached.Load()
	b.stats.Walked += w.walked.Load()
	for _, r := range s.order {
		b.stats.Calls += r.calls.Load()
		b.stats.RoundTrips += r.trips.Load()
	}
	// A snapshot is truncated when maxNodes cut it, and also when an
	// application it covers stopped answering: what it had walked is
	// kept, the rest is missing, and a client must not take the tree for
	// the whole.
	tree.Truncated = w.truncated || covers != nil && s.anyFailed(covers)
	if un := s.unresponsive(); len(un) > 0 {
		tree.Unresponsive = append(tree.Unresponsive, un...)
	}
	return tree, nil
}

// windowRoot walks the window of a foreground, hwnd or cursor snapshot (the
// element under the pointer for cursor) and returns its root, and which
// applications the snapshot covers; it sets tree.App. The root is an
// empty desktop pane when there is no such window or its application does
// not answer.
func windowRoot(s *session, w *walker, req uitree.Request, tree *uitree.Tree) (*uitree.Element, func(*appRun) bool, error) {
	var target *node
	var win window
	// wins are the windows foreground chose among.
	var wins []window
	var err error
	switch req.Scope {
	case uitree.ScopeForeground:
		win, wins, err = s.foreground()
	case uitree.ScopeHwnd:
		win, err = s.byID(req.WindowID)
	default:
		target, win, err = s.atPointer()
	}
	if err != nil {
		return nil, nil, err
	}
	var covers func(*appRun) bool
	if req.Scope != uitree.ScopeHwnd {
		// The foreground window and the one under the pointer are
		// chosen among every application's windows: one that did
		// not answer may hold the right one (or the only one).
		covers = func(*appRun) bool { return true }
	} else if win.run != nil {
		covers = func(r *appRun) bool { return r == win.run }
	}
	if win.run == nil {
		return desktopPane("Desktop", "desktop frame"), covers, nil
	}
	tree.App = win.run.name
	if target == nil {
		target = newNode(win.run, win.obj, 0)
	}
	w.walk([]*node{target})
	if req.Scope == uitree.ScopeForeground && hollow(target) {
		// A popup shell in front (LibreOffice's open menu): what it
		// stands for shows in its application's other window.
		if owner, ok := popupOwner(win, wins); ok {
			win, target = owner, newNode(owner.run, owner.obj, 0)
			w.restart()
			w.walk([]*node{target})
		}
	}
	if !target.ok {
		if err := win.run.failed(); err != nil {
			return desktopPane("Desktop", "desktop frame"), covers, nil
		}
		return nil, nil, uitree.Errorf(uitree.CodeStaleElement, "the window %s went away during the snapshot", win.obj)
	}
	if !target.included {
		// maxNodes is at least 1 and a window is always kept;
		// this is a hoisted cursor target: show it anyway.
		target.included = true
	}
	root := assemble(target, req.MaxText)
	if req.Scope != uitree.ScopeCursor {
		setWindow(root, win)
	}
	return root, covers, nil
}

// applicationsRoot walks the windows of a desktop or process snapshot
// under one pane and returns it, and which applications the snapshot
// covers; it sets tree.App for a process. whole is the answer as it stands
// when the process's application did not answer and shows no window.
func applicationsRoot(s *session, w *walker, req uitree.Request, tree *uitree.Tree) (root *uitree.Element, covers func(*appRun) bool, whole *uitree.Tree, err error) {
	var keep func(*appRun) bool
	name, native := "Desktop", "desktop frame"
	if req.Scope == uitree.ScopeProcess {
		keep = func(r *appRun) bool { return r.conn.pid == req.PID }
		native = "application"
	}
	wins, err := s.listWindows(keep)
	if err != nil {
		return nil, nil, nil, err
	}
	if req.Scope == uitree.ScopeProcess {
		if len(wins) == 0 {
			un := s.unresponsive()
			for _, u := range un {
				if u.PID == req.PID {
					return nil, nil, &uitree.Tree{Root: desktopPane("", native), Truncated: true, Unresponsive: un}, nil
				}
			}
			return nil, nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "no accessible application has pid %d and a visible window", req.PID)
		}
		name = wins[0].run.name
		tree.App = name
	}
	covers = keep
	if covers == nil {
		covers = func(*appRun) bool { return true }
	}
	top := &node{ok: true, included: true, el: desktopPane(name, native), fate: uitree.Keep}
	w.count = 1
	var level []*node
	if req.MaxDepth >= 1 {
		for _, win := range wins {
			n := newNode(win.run, win.obj, 1)
			top.children = append(top.children, n)
			level = append(level, n)
		}
		w.walk(level)
	} else {
		top.omitted = len(wins)
	}
	root = assemble(top, req.MaxText)
	i := 0
	for _, n := range top.children {
		if n.included {
			for ; i < len(wins) && wins[i].obj != n.obj; i++ {
			}
			if i < len(wins) {
				setWindow(n.el, wins[i])
			}
		}
	}
	return root, covers, nil, nil
}

func setWindow(el *uitree.Element, w window) {
	el.App, el.PID, el.WindowID = w.run.name, w.run.conn.pid, w.obj.String()
	// Every top-level is a Window, dialogs of any AT-SPI role included.
	el.Role = uitree.RoleWindow
}

func desktopPane(name, native string) *uitree.Element {
	return &uitree.Element{Role: uitree.RolePane, NativeRole: native, Name: name,
		States: uitree.States{Enabled: true}}
}

// foreground picks the active window; without one (no window manager
// and no focus), the last window of the most recently started application.
// It also returns the windows it chose among.
func (s *session) foreground() (window, []window, error) {
	wins, err := s.listWindows(nil)
	if err != nil || len(wins) == 0 {
		return window{}, nil, err
	}
	fg := markedActive(wins)
	if fg < 0 {
		fg = len(wins) - 1
	}
	// A dialog of the same application is in front of its main window,
	// whether or not a window manager made it active: it is modal, or a
	// dialog that opened after the window.
	return wins[dialogInFront(wins, fg)], wins, nil
}

// stateModal is ATSPI_STATE_MODAL.
const stateModal = 16

// isDialog reports whether a top-level window is a dialog.
func (w window) isDialog() bool {
	switch w.role {
	case roleDialog, roleAlert, roleFileChooser, roleColorChooser, roleFontChooser:
		return true
	}
	return w.states.has(stateModal)
}

// byID finds the window a windows listing called id.
func (s *session) byID(id string) (window, error) {
	if strings.HasPrefix(id, x11IDPrefix) {
		return window{}, uitree.Errorf(uitree.CodeInvalidParams, "the window %s was listed from the window system because its application did not answer; list the windows again once it answers", id)
	}
	obj, ok := parseWindowID(id)
	if !ok {
		return window{}, uitree.Errorf(uitree.CodeInvalidParams, "hwnd %q is not a window id from windows", id)
	}
	wins, err := s.listWindows(func(r *appRun) bool { return r.conn.bus == obj.Bus })
	if err != nil {
		return window{}, err
	}
	for _, w := range wins {
		if w.obj == obj {
			return w, nil
		}
	}
	if un := s.unresponsive(); len(un) > 0 {
		return window{}, uitree.Errorf(uitree.CodeInvalidParams, "the application of window %s does not answer: %s", id, un[0].Error)
	}
	// A well-formed id names a window that was listed once: it has
	// closed (or hidden), which is what stale_element says.
	return window{}, uitree.Errorf(uitree.CodeStaleElement, "the window %q is closed or no longer visible", id)
}

// atPointer finds the deepest element under the mouse pointer.
func (s *session) atPointer() (*node, window, error) {
	x, y, err := s.b.pointer()
	if err != nil {
		return nil, window{}, fmt.Errorf("atspi: reading the pointer position: %w", err)
	}
	wins, err := s.listWindows(nil)
	if err != nil {
		return nil, window{}, err
	}
	// Prefer the active window when windows overlap.
	slices.SortStableFunc(wins, func(a, b window) int {
		aa, ba := a.states.has(stateActive), b.states.has(stateActive)
		switch {
		case aa && !ba:
			return -1
		case ba && !aa:
			return 1
		}
		return 0
	})
	for _, w := range wins {
		if !w.bounds.Empty() && (uitree.Rect{X: x, Y: y, Width: 1, Height: 1}).Intersect(w.bounds) != (uitree.Rect{}) {
			cur := w.obj
			for range 64 {
				b := w.run.batch(1)
				i := b.call(cur, ifaceComponent+".GetAccessibleAtPoint", int32(x), int32(y), uint32(0))
				b.wait()
				var hit objRef
				if b.store(i, &hit) != nil || hit.Path == "" || hit.Path == nullPath || hit.Path == cur.Path {
					break
				}
				cur = hit
			}
			if err := w.run.failed(); err != nil {
				return nil, window{}, nil
			}
			return newNode(w.run, cur, 0), w, nil
		}
	}
	return nil, window{}, nil
}

var errNoDisplay = errors.New("atspi: DISPLAY is not set")
