package atspi

// An application's own cache of its accessibles: org.a11y.atspi.Cache's
// GetItems at /org/a11y/atspi/cache answers, in one message, every object
// the application keeps in it with its parent, index in the parent, child
// count, interfaces, name, role and states. A walk takes those from it
// instead of asking five questions per element, and asks the application
// only what the cache lacks (extents, actions, values, text).
//
// Who answers (measured December 2026, Debian 12):
//   - GTK 3 and what runs on at-spi2-atk (Chromium, Firefox, LibreOffice's
//     GTK front end): once a client has registered for an event with the
//     registry — before that the object does not exist, and the backend
//     registers one when it finds an application without (the cache then
//     stays for the application's life). Menus (GTK's
//     count -1), containers that manage their descendants (count -1) and
//     transient objects (index -1) are not followed, so what lies under
//     them is read by the walk. The object is published on the bus and on
//     direct connections opened after it was made, not on older ones.
//   - GTK 4 (4.8): natively, with the same signature, but some names
//     differ from the Name property (a stack page's): not used.
//   - Qt 5: an empty list, of an older signature (children as a list):
//     not asked.
//
// An element is taken from the cache when it is there with a child count
// (GTK's menus and containers that manage their descendants have none:
// the count is asked). Its children are always asked (GetChildren, sent
// with its other calls): the cache's indexes need not follow the order
// the application lists them in (a GTK 3 window with a header bar puts it
// first among its children and last by index). What the cache lacks is
// read by the walk, element by element, as without a cache.

import (
	"context"
	"errors"

	"github.com/godbus/dbus/v5"

	"textfirst/internal/windows2text/uitree"
)

const (
	cachePath   = dbus.ObjectPath("/org/a11y/atspi/cache")
	ifaceCache  = "org.a11y.atspi.Cache"
	cacheSignal = "object:children-changed"
)

// cacheEntry is one item of GetItems: ((so)(so)(so)iiassusau).
type cacheEntry struct {
	Obj, App, Parent objRef
	Index, Count     int32
	Interfaces       []string
	Name             string
	Role             uint32
	Description      string
	States           []uint32
}

// cachedElement is what the cache says about one element.
type cachedElement struct {
	parent     dbus.ObjectPath
	role       uint32
	states     stateSet
	interfaces int
	name       string
	// childCount is the element's child count, -1 when the cache does
	// not know it.
	childCount int
	// members are every cached element that names it its parent, in
	// no order: what readAhead reads under it.
	members []objRef
}

// itemCache is one application's cache as GetItems answered it.
type itemCache struct {
	elements map[dbus.ObjectPath]*cachedElement
}

// lookup returns what the cache knows of path.
func (c *itemCache) lookup(path dbus.ObjectPath) (*cachedElement, bool) {
	if c == nil {
		return nil, false
	}
	e, ok := c.elements[path]
	return e, ok
}

// buildItemCache indexes GetItems' entries, and the elements under each.
func buildItemCache(entries []cacheEntry) *itemCache {
	c := &itemCache{elements: make(map[dbus.ObjectPath]*cachedElement, len(entries))}
	for _, e := range entries {
		el := &cachedElement{parent: e.Parent.Path, role: e.Role, name: e.Name, childCount: max(-1, int(e.Count)), states: statesOf(e.States)}
		for _, name := range e.Interfaces {
			el.interfaces |= interfaceBits[name]
		}
		c.elements[e.Obj.Path] = el
	}
	for _, e := range entries {
		if parent, ok := c.elements[e.Parent.Path]; ok {
			parent.members = append(parent.members, e.Obj)
		}
	}
	return c
}

// readItemCache asks the application for its cache, on its direct
// connection or else on the bus: a direct connection opened before the
// cache was made does not serve it (it is then dialled anew for the next
// request). It returns nil when the application has none, or answers
// with another signature (Qt 5), or an empty one.
func (a *appRun) readItemCache() *itemCache {
	if a.conn.cacheUseless.Load() {
		return nil
	}
	obj := objRef{Bus: a.conn.bus, Path: cachePath}
	var entries []cacheEntry
	b := a.batch(1)
	slot := b.call(obj, ifaceCache+".GetItems")
	b.wait()
	err := b.store(slot, &entries)
	if err != nil && b.direct != nil && !a.dead() {
		ctx, cancel := context.WithTimeout(a.ctx, a.timeout)
		defer cancel()
		call := a.conn.conn.Object(obj.Bus, obj.Path).CallWithContext(ctx, ifaceCache+".GetItems", 0)
		if call.Err != nil && isTimeout(call.Err) && a.ctx.Err() == nil {
			a.fail(noAnswer(a.timeout))
		}
		entries = nil
		if err = call.Err; err == nil {
			err = call.Store(&entries)
		}
		if err == nil {
			// The bus serves the cache, the direct connection does not.
			a.conn.redial.Store(true)
		}
	}
	if err != nil && noCache(err) && a.activateCache != nil {
		a.activateCache()
	}
	return cacheOf(entries, err)
}

func cacheOf(entries []cacheEntry, err error) *itemCache {
	if err != nil || len(entries) == 0 {
		return nil
	}
	return buildItemCache(entries)
}

// itemCache returns the application's item cache, read at the walk's
// first use of the application, or nil when there is none or it is not to
// be used. Reading it also sends the calls that read ahead (readAhead).
func (w *walker) itemCache(app *appRun) *itemCache {
	if !app.useCache {
		return nil
	}
	app.cacheOnce.Do(func() {
		if w.cacheTooLarge(app.conn) {
			return
		}
		app.cache = app.readItemCache()
		if w.req.VisibleOnly {
			app.conn.cacheShown.Store(0)
		} else {
			app.conn.cacheShown.Store(-1)
		}
		if app.cache != nil {
			app.conn.cacheSize.Store(int64(len(app.cache.elements)))
		}
		if app.cache != nil && !app.dead() {
			app.ahead = w.readAhead(app, app.cache)
		}
	})
	return app.cache
}

// cacheRecheck is how many requests leave unread a cache found too large
// before it is read again (the application may have become smaller: a
// browser that left a long page).
const cacheRecheck = 16

// cacheTooLarge reports whether the application's cache, as last read,
// holds far more than the walk can take (more than readAhead reads): its
// GetItems costs the application the time of thousands of elements (a
// web page of 5,000 links and their text), more than it saves, and the
// walk reads the elements call by call instead.
//
// A visible-only walk also leaves unread a big cache of which little
// shows (LibreOffice Calc: over a thousand elements, under 300 kept, and
// GetItems alone takes it 150–250 ms): reading the shown elements call by
// call costs less.
func (w *walker) cacheTooLarge(c *appConn) bool {
	size := c.cacheSize.Load()
	mostlyHidden := w.req.VisibleOnly && size > cacheHiddenAbove && c.cacheShown.Load() >= 0 && c.cacheShown.Load()*cacheHiddenRatio < size
	if size <= int64(w.readAheadLimit()) && !mostlyHidden {
		return false
	}
	if c.cacheSkips.Add(1) <= cacheRecheck {
		return true
	}
	c.cacheSkips.Store(0)
	return false
}

// A cache of more than cacheHiddenAbove elements, of which fewer than one
// in cacheHiddenRatio showed in the last visible-only walk, is not read by
// visible-only walks (see cacheTooLarge).
const (
	cacheHiddenAbove = 1000
	cacheHiddenRatio = 3
)

// readAheadLimit is the largest cache read ahead.
func (w *walker) readAheadLimit() int { return readAheadFactor*w.req.MaxNodes + 64 }

// readAheadFactor bounds the cached elements read ahead, as a multiple of
// maxNodes: a cache far larger than a snapshot (a web page of thousands
// of links) is read element by element, as the walk reaches it.
const readAheadFactor = 2

// readAheadSlice is how many elements one batch of readAhead asks about.
const readAheadSlice = 128

// readAhead sends, in a few batches, every call the walk will make about the
// elements the cache describes under the walk's roots (extents,
// actions, values, text, relations) and waits for the answers: the walk
// then reads those elements without a round trip of its own. Under an
// element that is not shown, with visibleOnly, it reads nothing: the walk
// does not go there.
func (w *walker) readAhead(app *appRun, c *itemCache) map[dbus.ObjectPath]*pendingNode {
	if len(c.elements) > w.readAheadLimit() {
		return nil
	}
	// Slices of readAheadSlice elements, two in flight: each answers
	// within the call timeout even when thousands are read ahead.
	var inFlight []*batch
	b, queued := app.batch(4*readAheadSlice), 0
	next := func() {
		if queued < readAheadSlice {
			return
		}
		b.send()
		inFlight = append(inFlight, b)
		if len(inFlight) == 2 {
			inFlight[0].wait()
			inFlight = inFlight[1:]
		}
		b, queued = app.batch(4*readAheadSlice), 0
	}
	ahead := make(map[dbus.ObjectPath]*pendingNode, len(c.elements))
	var known []*pendingNode
	var visit func(ref objRef, hidden bool)
	visit = func(ref objRef, hidden bool) {
		e, ok := c.elements[ref.Path]
		if !ok || ahead[ref.Path] != nil {
			return
		}
		// An element the cache has no child count of is read by the
		// walk, but those under it are read ahead.
		n := newNode(app, ref, 0)
		n.hidden = hidden
		p := &pendingNode{n: n, cached: e, second: b, iExt: -1}
		if !w.describe(p, e.role, e.states, e.interfaces, e.name, e.childCount) {
			return
		}
		if e.childCount >= 0 {
			if !hidden && e.interfaces&hasComponent != 0 {
				p.iExt = b.call(ref, ifaceComponent+".GetExtents", uint32(0))
			}
			w.queueSecond(b, p)
			known = append(known, p)
			queued++
			next()
		}
		ahead[ref.Path] = p
		hidden = hidden || !e.states.has(stateVisible)
		if w.req.VisibleOnly && (hidden || !shown(e.states, app.conn.visibleShown.Load())) {
			// The walk leaves out what is not shown, and what is under
			// it (but for containers without geometry of their own,
			// which it then reads as without a cache).
			return
		}
		for _, k := range e.members {
			visit(k, hidden)
		}
	}
	for _, r := range w.roots {
		if r.app == app {
			visit(r.obj, r.hidden)
		}
	}
	// Elements under one the cache lacks, which the walk reaches through
	// it, when the walk reads the application whole: taken as not
	// hidden, which the walk checks.
	if !w.req.VisibleOnly && (w.req.Scope == uitree.ScopeProcess || w.req.Scope == uitree.ScopeDesktop) {
		for path, e := range c.elements {
			if _, ok := c.elements[e.parent]; !ok && ahead[path] == nil {
				visit(objRef{Bus: app.conn.bus, Path: path}, false)
			}
		}
	}
	for _, f := range inFlight {
		f.wait()
	}
	b.wait()
	if app.dead() {
		return nil
	}
	// The labels' names and the texts asked again, in one more batch;
	// the walk's own third round then has nothing left to ask.
	w.thirdRound(app, known)
	for _, p := range known {
		p.iRelations, p.iText = -1, -1
	}
	return ahead
}

// noCache reports an answer that says the application has no cache (yet):
// at-spi2-atk publishes none before a client registers for an event.
func noCache(err error) bool {
	var er *errorReply
	if errors.As(err, &er) {
		return er.Name == "org.freedesktop.DBus.Error.UnknownMethod" || er.Name == "org.freedesktop.DBus.Error.UnknownObject"
	}
	var de dbus.Error
	if errors.As(err, &de) {
		return de.Name == "org.freedesktop.DBus.Error.UnknownMethod" || de.Name == "org.freedesktop.DBus.Error.UnknownObject"
	}
	return false
}

// activateCaches registers cacheSignal with the registry, once per backend
// and only when an application was found without a cache: toolkits on
// at-spi2-atk make theirs when a client first registers for an event, and
// keep it after the client has gone; the next snapshot reads it. A
// failure only leaves the walk without caches.
func (b *Backend) activateCaches(ctx context.Context) {
	b.cacheOnce.Do(func() {
		cctx, cancel := context.WithTimeout(ctx, b.callTimeout)
		defer cancel()
		reg := b.pool.bus.Object(registryName, "/org/a11y/atspi/registry")
		_ = reg.CallWithContext(cctx, "org.a11y.atspi.Registry.RegisterEvent", 0, cacheSignal).Err
	})
}
