//go:build windows && (amd64 || arm64)

package uia

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"

	"textfirst/internal/windows2text/uitree"
)

type rect struct{ Left, Top, Right, Bottom int32 }

// Backend reads the desktop through UI Automation. Its COM calls run on
// one locked OS thread in the multithreaded apartment; it is safe for use
// by one goroutine at a time.
type Backend struct {
	mu    sync.Mutex
	uia   com
	walks map[uitree.View]com
	// native are the walkers UI Automation gave, by view; walks maps every
	// view onto one of them (walkerFor).
	native map[uitree.View]com
	// settle turns UI Automation's events into `settled`.
	settle *settler
	// cache is the CacheRequest of the snapshot being taken (nil outside
	// one, or when UI Automation makes none); cached and live count the
	// elements read through it and property by property.
	cache        com
	cached, live int
	// subtrees counts the subtree caches a snapshot built; levels is
	// the Element|Children CacheRequest of cacheLevels walks.
	subtrees int
	levels   com
	// rootP is the desktop element of the latest root() call.
	rootP unsafe.Pointer
	// held are the element pointers of the latest snapshot, released when
	// the next one replaces it.
	held []com
}

var (
	_ uitree.Backend = (*Backend)(nil)
	_ uitree.Actor   = (*Backend)(nil)
)

// New creates the UI Automation client.
func New(ctx context.Context) (*Backend, error) {
	// COINIT_MULTITHREADED: any thread of the process may call in.
	procCoInitializeEx.Call(0, 0)
	var p unsafe.Pointer
	r, _, _ := procCoCreateInstance.Call(uintptr(unsafe.Pointer(&clsidCUIAutomation)), 0, 1 /* CLSCTX_INPROC_SERVER */, uintptr(unsafe.Pointer(&iidIUIAutomation)), uintptr(unsafe.Pointer(&p)))
	if int32(r) < 0 || p == nil {
		return nil, fmt.Errorf("uia: creating CUIAutomation failed with HRESULT %#x", uint32(r))
	}
	b := &Backend{uia: com{p}, walks: map[uitree.View]com{}, native: map[uitree.View]com{}}
	for _, view := range []uitree.View{uitree.ViewControl, uitree.ViewContent, uitree.ViewRaw} {
		if w := b.walker(view); !w.nil() {
			b.native[view] = w
		}
	}
	for _, view := range []uitree.View{uitree.ViewControl, uitree.ViewContent, uitree.ViewRaw} {
		// With no walker at all, children come from child windows only.
		if v, ok := walkerFor(view, func(v uitree.View) bool { return !b.native[v].nil() }); ok {
			b.walks[view] = b.native[v]
		}
	}
	b.listen()
	return b, nil
}

// walker makes the tree walker of view: the view's own walker, or one made
// from the view's condition with CreateTreeWalker (Wine implements that but
// not the ready-made walkers); nil when neither works.
func (b *Backend) walker(view uitree.View) com {
	slots := map[uitree.View][2]int{
		uitree.ViewControl: {slotControlViewWalker, slotControlViewCondition},
		uitree.ViewContent: {slotContentViewWalker, slotContentViewCondition},
		uitree.ViewRaw:     {slotRawViewWalker, slotRawViewCondition},
	}[view]
	if w, err := b.uia.getObj(slots[0], "tree walker"); err == nil && !w.nil() {
		return w
	}
	cond, err := b.uia.getObj(slots[1], "view condition")
	if err != nil || cond.nil() {
		if cond, err = b.uia.getObj(slotCreateTrueCondition, "true condition"); err != nil || cond.nil() {
			return com{}
		}
	}
	defer cond.release()
	w, err := b.uia.getObj(slotCreateTreeWalker, "tree walker", uintptr(cond.p))
	if err != nil {
		return com{}
	}
	return w
}

// Close releases the client.
func (b *Backend) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, h := range b.held {
		h.release()
	}
	b.held = nil
	for _, w := range b.native {
		w.release()
	}
	if !b.uia.nil() {
		b.uia.call(slotRemoveAllEventHandlers)
	}
	b.uia.release()
	b.uia = com{}
	return nil
}

// children lists an element's children in view (each must be released):
// the walker's, or the element's child windows when the walker gives none
// (see childSource).
func (b *Backend) children(el com, view uitree.View) []com {
	w := b.walks[view]
	var out []com
	c, err := com{}, error(uitree.Errorf(uitree.CodeUnsupportedPattern, "no walker"))
	if !w.nil() {
		c, err = w.getObj(slotFirstChild, "first child", uintptr(el.p))
	}
	for err == nil && !c.nil() {
		out = append(out, c)
		c, err = w.getObj(slotNextSibling, "next sibling", uintptr(c.p))
	}
	hwnd := windows.HWND(uintptr(uint32(el.getInt(slotCurrentNativeWindow))))
	if el.p == b.rootP {
		// The desktop's children are the top-level windows, children of
		// the desktop window (Wine's root element names another window).
		hwnd = windows.GetDesktopWindow()
	}
	debugf("children: walker %d, hwnd %#x", len(out), hwnd)
	if childSource(len(out), hwnd != 0) == "windows" {
		for _, h := range childWindows(hwnd) {
			e, err := b.uia.getObj(slotElementFromHandle, "element from window", uintptr(h))
			debugf("child window %#x: %v", h, err)
			if err == nil && !e.nil() {
				out = append(out, e)
			}
		}
	}
	return out
}

// childWindows lists the visible direct child windows of hwnd (the
// top-level windows for the desktop window), in z order.
func childWindows(hwnd windows.HWND) []windows.HWND {
	var out []windows.HWND
	h, _, _ := procGetWindow.Call(uintptr(hwnd), gwChild)
	for i := 0; h != 0 && i < 10000; i++ {
		if windows.IsWindowVisible(windows.HWND(h)) {
			out = append(out, windows.HWND(h))
		}
		h, _, _ = procGetWindow.Call(h, gwHwndNext)
	}
	return out
}

const (
	gwHwndNext = 2
	gwChild    = 5
)

func (b *Backend) root() (com, error) {
	r, err := b.uia.getObj(slotGetRootElement, "root element")
	b.rootP = r.p
	return r, err
}

func processName(pid int) string {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return ""
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, 1024)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) != nil {
		return ""
	}
	return filepath.Base(windows.UTF16ToString(buf[:n]))
}

func bounds(el com) uitree.Rect {
	var r rect
	if int32(el.call(slotCurrentBoundingRect, uintptr(unsafe.Pointer(&r)))) < 0 {
		return uitree.Rect{}
	}
	return uitree.Rect{X: int(r.Left), Y: int(r.Top), Width: int(r.Right - r.Left), Height: int(r.Bottom - r.Top)}
}

func windowInfo(el com) uitree.Window {
	hwnd := el.getInt(slotCurrentNativeWindow)
	pid := int(el.getInt(slotCurrentProcessID))
	fg := windows.GetForegroundWindow()
	return uitree.Window{
		ID: strconv.FormatUint(uint64(uint32(hwnd)), 10), Title: el.getString(slotCurrentName),
		App: processName(pid), PID: pid, Role: RoleOf(int(el.getInt(slotCurrentControlType))),
		Bounds: bounds(el), Active: windows.HWND(uintptr(uint32(hwnd))) == fg,
		Visible: !el.getBool(slotCurrentIsOffscreen),
	}
}

// Windows lists the top-level windows (the desktop's children in the
// control view).
func (b *Backend) Windows(ctx context.Context, max int) (uitree.WindowList, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	list := uitree.WindowList{Windows: []uitree.Window{}}
	root, err := b.root()
	if err != nil {
		return list, err
	}
	defer root.release()
	for _, c := range b.children(root, uitree.ViewControl) {
		if len(list.Windows) == max {
			list.More = true
		} else if w := windowInfo(c); w.Visible {
			list.Windows = append(list.Windows, w)
		}
		c.release()
	}
	return list, nil
}

// node is one element during a walk.
type node struct {
	obj      com
	el       *uitree.Element
	depth    int
	area     uitree.Area
	children []*node
	included bool
	omitted  int
	// mode is how obj was read: cacheNone, or through a cache (its
	// properties are in it); kidsInCache is set when its children are
	// in its cache too.
	mode        cacheMode
	kidsInCache bool
}

// Snapshot walks what req selects, breadth first like the Linux backend, so
// maxNodes cuts the same way on both.
func (b *Backend) Snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var held []com
	keep := func(c com) com { held = append(held, c); return c }
	b.cache, b.cached, b.live, b.subtrees = b.newCacheRequest(), 0, 0, 0
	defer func() {
		debugf("snapshot: %d elements read through cache requests (%d subtree caches), %d property by property", b.cached, b.subtrees, b.live)
		b.cache.release()
		b.cache = com{}
		b.levels.release()
		b.levels = com{}
	}()
	tree := &uitree.Tree{}
	var tops []com
	var rootEl *uitree.Element
	switch req.Scope {
	case uitree.ScopeForeground, uitree.ScopeHwnd:
		el, err := b.windowElement(req)
		if err != nil {
			return nil, err
		}
		tops = []com{keep(el)}
	case uitree.ScopeCursor:
		el, err := b.elementAtPointer()
		if err != nil {
			return nil, err
		}
		tops = []com{keep(el)}
	case uitree.ScopeDesktop, uitree.ScopeProcess:
		root, err := b.root()
		if err != nil {
			return nil, err
		}
		defer root.release()
		name, native := "Desktop", "desktop frame"
		if req.Scope == uitree.ScopeProcess {
			name, native = processName(req.PID), "application"
			tree.App = name
		}
		rootEl = &uitree.Element{Role: uitree.RolePane, NativeRole: native, Name: name, States: uitree.States{Enabled: true}}
		for _, c := range b.children(root, uitree.ViewControl) {
			if req.Scope == uitree.ScopeProcess && int(c.getInt(slotCurrentProcessID)) != req.PID {
				c.release()
				continue
			}
			tops = append(tops, keep(c))
		}
		if req.Scope == uitree.ScopeProcess && len(tops) == 0 {
			return nil, uitree.Errorf(uitree.CodeInvalidParams, "no window belongs to pid %d", req.PID)
		}
	default:
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "unknown scope %q", req.Scope)
	}

	count, depth0 := 0, 0
	var top *node
	if rootEl != nil {
		top = &node{el: rootEl, included: true}
		count, depth0 = 1, 1
	}
	var level []*node
	for _, c := range tops {
		n := &node{obj: c, depth: depth0}
		if sc, mode := b.subtreeCache(c, req.View); mode != cacheNone {
			n.obj, n.mode, n.kidsInCache = keep(sc), mode, true
		}
		level = append(level, n)
		if top != nil {
			top.children = append(top.children, n)
		}
	}
	if top != nil && req.MaxDepth < 1 {
		top.omitted, level = len(level), nil
	}
	firstLevel := level
	truncated := b.walkLevels(ctx, req, level, count, keep)
	if top == nil && len(firstLevel) > 0 {
		// One window or element: it is the root, even when visibleOnly
		// would drop it.
		top = firstLevel[0]
		if !top.included {
			if top.el == nil {
				b.read(top, req)
			}
			top.included = true
		}
	}
	tree.Root = assemble(top)
	if tree.App == "" && len(tops) > 0 {
		tree.App = processName(int(tops[0].getInt(slotCurrentProcessID)))
	}
	tree.Truncated = truncated
	// The previous snapshot's references are gone: release its elements.
	for _, h := range b.held {
		h.release()
	}
	b.held = held
	return tree, nil
}

// windowElement is the element of the foreground window, or of the window
// req.WindowID names (scope hwnd).
func (b *Backend) windowElement(req uitree.Request) (com, error) {
	hwnd := uintptr(windows.GetForegroundWindow())
	if req.Scope == uitree.ScopeHwnd {
		v, err := strconv.ParseUint(req.WindowID, 10, 64)
		if err != nil {
			return com{}, uitree.Errorf(uitree.CodeInvalidParams, "hwnd %q is not a window handle from windows", req.WindowID)
		}
		hwnd = uintptr(v)
	}
	el, err := b.uia.getObj(slotElementFromHandle, "element from window", hwnd)
	if err != nil || el.nil() {
		return com{}, uitree.Errorf(uitree.CodeInvalidParams, "no window has hwnd %d", hwnd)
	}
	return el, nil
}

// elementAtPointer is the element under the mouse pointer.
func (b *Backend) elementAtPointer() (com, error) {
	var pt struct{ X, Y int32 }
	procGetCursorPos.Call(uintptr(unsafe.Pointer(&pt)))
	packed := uintptr(uint32(pt.X)) | uintptr(uint32(pt.Y))<<32
	el, err := b.uia.getObj(slotElementFromPoint, "element at the pointer", packed)
	if err != nil || el.nil() {
		// Wine has no ElementFromPoint: the window under the pointer
		// (the deepest child window), as an element.
		if h, _, _ := procWindowFromPoint.Call(packed); h != 0 {
			el, err = b.uia.getObj(slotElementFromHandle, "element from window", h)
		}
	}
	if err != nil || el.nil() {
		return com{}, uitree.Errorf(uitree.CodeActionFailed, "no element under the pointer")
	}
	return el, nil
}

// walkLevels reads level and the levels below it, breadth first, until
// count reaches req.MaxNodes (the walk is then truncated) or req.MaxDepth
// or ctx ends. keep holds each element for the snapshot's life.
func (b *Backend) walkLevels(ctx context.Context, req uitree.Request, level []*node, count int, keep func(com) com) (truncated bool) {
	stop := false
	for len(level) > 0 && !stop && ctx.Err() == nil {
		var next []*node
		for _, n := range level {
			if stop {
				break
			}
			b.read(n, req)
			if req.VisibleOnly && n.el.States.Offscreen {
				continue
			}
			if count >= req.MaxNodes {
				truncated, stop = true, true
				break
			}
			count++
			n.included = true
			next = append(next, b.expand(n, req, count, keep)...)
		}
		level = next
	}
	return truncated
}

// expand gives n its children, count elements being in the snapshot,
// and returns them; below req.MaxDepth it only counts them as omitted.
// A virtualized container's rows not realized count as omitted too.
func (b *Backend) expand(n *node, req uitree.Request, count int, keep func(com) com) []*node {
	var kids []com
	kidsMode := n.mode
	if n.mode != cacheNone {
		kids = b.cachedKids(n)
	} else {
		kids = b.children(n.obj, req.View)
	}
	virtual := 0
	if itemsRoles[n.el.Role] {
		items := b.itemCount(n.obj)
		if k := realizeCount(len(kids), items, req.MaxNodes-count); k > 0 {
			// A virtualized container with no realized item:
			// realize its first rows so a reader sees some.
			kids, kidsMode = b.realizeItems(n.obj, k), cacheNone
		}
		virtual = virtualRows(n.el.Role, len(kids), items, b.gridRows(n.obj))
	}
	if n.depth+1 > req.MaxDepth {
		n.omitted = len(kids) + virtual
		for _, k := range kids {
			k.release()
		}
		return nil
	}
	var next []*node
	for _, k := range kids {
		c := &node{obj: keep(k), depth: n.depth + 1, area: n.area, mode: kidsMode}
		n.children = append(n.children, c)
		next = append(next, c)
	}
	n.omitted += virtual
	return next
}

func assemble(n *node) *uitree.Element {
	if n == nil {
		return &uitree.Element{Role: uitree.RolePane, Name: "Desktop"}
	}
	el := n.el
	el.OmittedChildren = n.omitted
	for _, c := range n.children {
		if c.included {
			el.Children = append(el.Children, assemble(c))
		} else {
			el.OmittedChildren++
		}
	}
	return el
}

// read fills n.el from the element's current properties.
func (b *Backend) read(n *node, req uitree.Request) {
	o := n.obj
	el, f := elementFrom(b.fetch(o, n.mode != cacheNone), req.MaxText)
	el.Handle = handle{o, f.rid, windows.HWND(uintptr(f.hwnd))}
	n.area = uitree.Clip(el, f.onScreen, n.area)
	if !el.States.Protected && !f.valuePattern && f.hwnd != 0 && (el.Role == uitree.RoleEdit || el.Role == uitree.RoleDocument) {
		// No Value pattern (Wine): the text field's own window text.
		el.Value = uitree.Truncate(windowText(windows.HWND(uintptr(f.hwnd))), req.MaxText)
	}
	acts := el.Actions
	if acts != 0 && uitree.Clickable(el) {
		acts = acts.Add(uitree.ActionClick)
	}
	el.Actions = acts
	if el.Role == uitree.RoleWindow {
		w := windowInfo(o)
		el.App, el.PID, el.WindowID = w.App, w.PID, w.ID
	}
	n.el = el
}

var debugOn = os.Getenv("WINDOWS2TEXT_UIA_DEBUG") != ""

// debugf logs to stderr when WINDOWS2TEXT_UIA_DEBUG is set.
func debugf(format string, args ...any) {
	if debugOn {
		fmt.Fprintf(os.Stderr, "uia: "+format+"\n", args...)
	}
}
