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
	"syscall"
	"unicode/utf16"
	"unsafe"

	"golang.org/x/sys/windows"

	"textfirst/internal/windows2text/uitree"
)

var (
	ole32    = windows.NewLazySystemDLL("ole32.dll")
	oleaut32 = windows.NewLazySystemDLL("oleaut32.dll")
	user32   = windows.NewLazySystemDLL("user32.dll")

	procCoInitializeEx   = ole32.NewProc("CoInitializeEx")
	procCoCreateInstance = ole32.NewProc("CoCreateInstance")
	procSysAllocString   = oleaut32.NewProc("SysAllocString")
	procSysFreeString    = oleaut32.NewProc("SysFreeString")
	procSysStringLen     = oleaut32.NewProc("SysStringLen")
	procVariantClear     = oleaut32.NewProc("VariantClear")
	procGetCursorPos     = user32.NewProc("GetCursorPos")
	procSetCursorPos     = user32.NewProc("SetCursorPos")
	procSendInput        = user32.NewProc("SendInput")
	procSetForeground    = user32.NewProc("SetForegroundWindow")
	procGetWindow        = user32.NewProc("GetWindow")
	procIsWindow         = user32.NewProc("IsWindow")
	procWindowFromPoint  = user32.NewProc("WindowFromPoint")
	procSetFocusHwnd     = user32.NewProc("SetFocus")
	procAttachThread     = user32.NewProc("AttachThreadInput")
	procGetAncestor      = user32.NewProc("GetAncestor")
	procSendMessageTO    = user32.NewProc("SendMessageTimeoutW")
)

var (
	clsidCUIAutomation = windows.GUID{Data1: 0xff48dba4, Data2: 0x60ef, Data3: 0x4201, Data4: [8]byte{0xaa, 0x87, 0x54, 0x10, 0x3e, 0xef, 0x59, 0x4e}}
	iidIUIAutomation   = windows.GUID{Data1: 0x30cbe57d, Data2: 0xd9d0, Data3: 0x452a, Data4: [8]byte{0xab, 0x13, 0x7a, 0xc5, 0xac, 0x48, 0x25, 0xee}}
)

// com is a COM interface pointer.
type com struct{ p unsafe.Pointer }

func (c com) nil() bool { return c.p == nil }

// call invokes vtable slot i with the object as first argument.
func (c com) call(i int, args ...uintptr) uintptr {
	vtbl := *(*unsafe.Pointer)(c.p)
	fn := *(*uintptr)(unsafe.Add(vtbl, uintptr(i)*unsafe.Sizeof(uintptr(0))))
	r, _, _ := syscall.SyscallN(fn, append([]uintptr{uintptr(c.p)}, args...)...)
	return r
}

func (c com) release() {
	if c.p != nil {
		c.call(slotRelease)
	}
}

// getObj calls a slot whose last argument is an interface out-pointer.
func (c com) getObj(slot int, what string, args ...uintptr) (com, error) {
	var out unsafe.Pointer
	r := c.call(slot, append(args, uintptr(unsafe.Pointer(&out)))...)
	if err := hrError(uint32(r), what); err != nil {
		return com{}, err
	}
	return com{out}, nil
}

// propertyOf is the property id each typed getter reads, for the fallback
// through GetCurrentPropertyValueEx where the getter is not implemented.
var propertyOf = map[int]int{
	slotCurrentProcessID: propProcessID, slotCurrentControlType: propControlType,
	slotCurrentHasKeyboardFocus: propHasKeyboardFocus, slotCurrentIsEnabled: propIsEnabled,
	slotCurrentIsPassword: propIsPassword, slotCurrentNativeWindow: propNativeWindowHandle,
	slotCurrentIsOffscreen: propIsOffscreen, slotCurrentName: propName,
}

func (c com) getInt(slot int) int32 {
	var v int32
	if int32(c.call(slot, uintptr(unsafe.Pointer(&v)))) >= 0 {
		return v
	}
	switch p := c.property(propertyOf[slot]).(type) {
	case int32:
		return p
	case bool:
		if p {
			return 1
		}
	}
	return 0
}

func (c com) getBool(slot int) bool { return c.getInt(slot) != 0 }

func (c com) getString(slot int) string {
	var b *uint16
	if int32(c.call(slot, uintptr(unsafe.Pointer(&b)))) < 0 || b == nil {
		s, _ := c.property(propertyOf[slot]).(string)
		return s
	}
	return bstrToString(b)
}

func bstrToString(b *uint16) string {
	n, _, _ := procSysStringLen.Call(uintptr(unsafe.Pointer(b)))
	s := string(utf16.Decode(unsafe.Slice(b, int(n))))
	procSysFreeString.Call(uintptr(unsafe.Pointer(b)))
	return s
}

// property reads one property as a Go value (int32, float64, string, bool
// or nil) with GetCurrentPropertyValueEx, which Wine implements for more
// properties than the typed getters.
func (c com) property(id int) any {
	return c.propertyAt(slotGetCurrentPropertyValueEx, id)
}

// propertyAt reads a property with GetCurrentPropertyValueEx or
// GetCachedPropertyValueEx.
func (c com) propertyAt(slot, id int) any {
	var v variant
	if int32(c.call(slot, uintptr(id), 0, uintptr(unsafe.Pointer(&v)))) < 0 {
		return nil
	}
	defer procVariantClear.Call(uintptr(unsafe.Pointer(&v)))
	return decodeVariant(&v)
}

// newCacheRequest makes the CacheRequest of a snapshot: every property of
// readProps, for the element itself. nil when UI Automation makes none.
func (b *Backend) newCacheRequest() com {
	cr, err := b.uia.getObj(slotCreateCacheRequest, "cache request")
	if err != nil || cr.nil() {
		return com{}
	}
	for _, id := range readProps {
		if int32(cr.call(slotCacheAddProperty, uintptr(id))) < 0 {
			cr.release()
			return com{}
		}
	}
	cr.call(slotCachePutTreeScope, treeScopeElement)
	return cr
}

// fetch reads readProps of o: in one round trip through the snapshot's
// CacheRequest (BuildUpdatedCache), or property by property when there is
// none or it fails. Name, control type and bounds come from their typed
// getters when the properties did not (Wine answers those getters only).
func (b *Backend) fetch(o com, fromSubtree bool) props {
	p := props{}
	done := false
	if fromSubtree {
		// o came out of a subtree cache: its properties are in it.
		for _, id := range readProps {
			if v := o.propertyAt(slotGetCachedPropertyValueEx, id); v != nil {
				p[id] = v
			}
		}
		done = true
		b.cached++
	}
	if !done && !b.cache.nil() {
		if c, err := o.getObj(slotBuildUpdatedCache, "cache", uintptr(b.cache.p)); err == nil && !c.nil() {
			for _, id := range readProps {
				if v := c.propertyAt(slotGetCachedPropertyValueEx, id); v != nil {
					p[id] = v
				}
			}
			c.release()
			done = true
			b.cached++
		}
	}
	if !done {
		for _, id := range readProps {
			if v := o.property(id); v != nil {
				p[id] = v
			}
		}
		b.live++
	}
	if _, ok := p[propControlType]; !ok {
		p[propControlType] = o.getInt(slotCurrentControlType)
	}
	if s, ok := p[propName].(string); !ok || s == "" {
		p[propName] = o.getString(slotCurrentName)
	}
	if _, ok := p[propBoundingRectangle].([]float64); !ok {
		r := bounds(o)
		p[propBoundingRectangle] = []float64{float64(r.X), float64(r.Y), float64(r.Width), float64(r.Height)}
	}
	return p
}

// viewCondition is the condition of view's tree (nil when UI Automation
// gives none).
func (b *Backend) viewCondition(view uitree.View) com {
	slot := map[uitree.View]int{uitree.ViewControl: slotControlViewCondition, uitree.ViewContent: slotContentViewCondition,
		uitree.ViewRaw: slotRawViewCondition}[view]
	c, err := b.uia.getObj(slot, "view condition")
	if err != nil {
		return com{}
	}
	return c
}

// cacheMode is how a walk reads an element through UI Automation's cache.
type cacheMode int

const (
	// cacheNone: element by element (walker or child windows, one
	// Element-scope cache request each), the fallback.
	cacheNone cacheMode = iota
	// cacheSubtree: one BuildUpdatedCache for the top element's whole
	// subtree; every element's properties and children are cached.
	cacheSubtree
	// cacheLevels: one BuildUpdatedCache (Element|Children) per element
	// that is expanded: its children come with their properties.
	cacheLevels
)

// cacheRequest makes a CacheRequest of readProps with scope and, when
// view is set, the view's condition as its tree filter.
func (b *Backend) cacheRequest(scope uintptr, view uitree.View) (com, error) {
	cr, err := b.uia.getObj(slotCreateCacheRequest, "cache request")
	if err != nil || cr.nil() {
		return com{}, uitree.Errorf(uitree.CodeUnsupportedPattern, "no cache request: %v", err)
	}
	for _, id := range readProps {
		if err := hrError(uint32(cr.call(slotCacheAddProperty, uintptr(id))), fmt.Sprintf("AddProperty(%d)", id)); err != nil {
			cr.release()
			return com{}, err
		}
	}
	if err := hrError(uint32(cr.call(slotCachePutTreeScope, scope)), fmt.Sprintf("put_TreeScope(%d)", scope)); err != nil {
		cr.release()
		return com{}, err
	}
	if view != "" {
		if cond := b.viewCondition(view); !cond.nil() {
			err := hrError(uint32(cr.call(slotCachePutTreeFilter, uintptr(cond.p))), "put_TreeFilter")
			cond.release()
			if err != nil {
				cr.release()
				return com{}, err
			}
		}
	}
	return cr, nil
}

// subtreeCache reads top through one CacheRequest per subtree: first one
// BuildUpdatedCache call with TreeScope_Subtree (every element's
// properties and children at once: one round trip to the provider per
// top-level element instead of one per element), else TreeScope
// Element|Children, one call per element expanded, whose children come
// with their properties (b.levels keeps that request for the walk). The
// returned element (to be released) carries the cache. cacheNone when UI
// Automation can do neither (see subtreeCacheUsable; Wine 10 answers
// put_TreeScope beyond Element with E_NOTIMPL): the walk then reads
// element by element.
func (b *Backend) subtreeCache(top com, view uitree.View) (com, cacheMode) {
	for _, mode := range []cacheMode{cacheSubtree, cacheLevels} {
		scope := uintptr(treeScopeSubtree)
		if mode == cacheLevels {
			scope = treeScopeElement | treeScopeChildren
		}
		cr, err := b.cacheRequest(scope, view)
		if err != nil {
			debugf("subtree cache, mode %d: %v", mode, err)
			continue
		}
		c, berr := top.getObj(slotBuildUpdatedCache, "subtree cache", uintptr(cr.p))
		if berr == nil && c.nil() {
			berr = uitree.Errorf(uitree.CodeUnsupportedPattern, "no subtree cache")
		}
		var kids []com
		var kerr error
		windowsKids := 0
		if berr == nil {
			kids, kerr = cachedChildren(c)
			if kerr == nil && len(kids) == 0 {
				if hwnd := windows.HWND(uintptr(uint32(c.getInt(slotCurrentNativeWindow)))); hwnd != 0 {
					windowsKids = len(childWindows(hwnd))
				}
			}
		}
		for _, k := range kids {
			k.release()
		}
		ok := subtreeCacheUsable(berr, kerr, len(kids), windowsKids)
		debugf("subtree cache, mode %d: build %v, children %d (%v), child windows %d: usable %v", mode, berr, len(kids), kerr, windowsKids, ok)
		if !ok {
			c.release()
			cr.release()
			continue
		}
		if mode == cacheLevels {
			if b.levels.nil() {
				b.levels = cr
			} else {
				cr.release()
			}
		} else {
			cr.release()
		}
		b.subtrees++
		return c, mode
	}
	return com{}, cacheNone
}

// cachedKids lists the children of a node read through a cache: from its
// own cache when it holds them (a subtree cache, or the top element of
// cacheLevels), else from one BuildUpdatedCache(Element|Children) call.
func (b *Backend) cachedKids(n *node) []com {
	if n.mode == cacheSubtree || n.kidsInCache {
		kids, _ := cachedChildren(n.obj)
		return kids
	}
	c, err := n.obj.getObj(slotBuildUpdatedCache, "children cache", uintptr(b.levels.p))
	if err != nil || c.nil() {
		return nil
	}
	defer c.release()
	kids, _ := cachedChildren(c)
	return kids
}

// cachedChildren lists an element's children from its subtree cache (each
// to be released).
func cachedChildren(c com) ([]com, error) {
	arr, err := c.getObj(slotGetCachedChildren, "cached children")
	if err != nil || arr.nil() {
		// S_OK with no array: no children.
		return nil, err
	}
	defer arr.release()
	var n int32
	if err := hrError(uint32(arr.call(slotArrayLength, uintptr(unsafe.Pointer(&n)))), "cached children"); err != nil {
		return nil, err
	}
	out := make([]com, 0, n)
	for i := range n {
		if e, err := arr.getObj(slotArrayGetElement, "cached child", uintptr(i)); err == nil && !e.nil() {
			out = append(out, e)
		}
	}
	return out, nil
}

// realizeItems realizes the first count items of a virtualized container
// (ItemContainer.FindItemByProperty item after item, then
// VirtualizedItem.Realize on each that has the pattern) and returns them
// (each to be released). An item without VirtualizedItem is realized
// already.
func (b *Backend) realizeItems(o com, count int) []com {
	p, err := o.getObj(slotGetCurrentPattern, "pattern", patternItemContainer)
	if err != nil || p.nil() {
		return nil
	}
	defer p.release()
	var empty variant
	var out []com
	prev := com{}
	for len(out) < count {
		item, err := p.getObj(slotFindItemByProperty, "item", uintptr(prev.p), 0, uintptr(unsafe.Pointer(&empty)))
		if err != nil || item.nil() {
			break
		}
		if v, err := item.getObj(slotGetCurrentPattern, "pattern", patternVirtualizedItem); err == nil && !v.nil() {
			hr := v.call(slotRealize)
			v.release()
			debugf("realize: %#x", uint32(hr))
		}
		out = append(out, item)
		prev = item
	}
	return out
}

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
		hwnd := uintptr(windows.GetForegroundWindow())
		if req.Scope == uitree.ScopeHwnd {
			v, err := strconv.ParseUint(req.WindowID, 10, 64)
			if err != nil {
				return nil, uitree.Errorf(uitree.CodeInvalidParams, "hwnd %q is not a window handle from windows", req.WindowID)
			}
			hwnd = uintptr(v)
		}
		el, err := b.uia.getObj(slotElementFromHandle, "element from window", hwnd)
		if err != nil || el.nil() {
			return nil, uitree.Errorf(uitree.CodeInvalidParams, "no window has hwnd %d", hwnd)
		}
		tops = []com{keep(el)}
	case uitree.ScopeCursor:
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
			return nil, uitree.Errorf(uitree.CodeActionFailed, "no element under the pointer")
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

	count, truncated := 0, false
	depth0 := 0
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
				continue
			}
			for _, k := range kids {
				c := &node{obj: keep(k), depth: n.depth + 1, area: n.area, mode: kidsMode}
				n.children = append(n.children, c)
				next = append(next, c)
			}
			n.omitted += virtual
		}
		level = next
	}
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

// Act performs one action through a pattern or SendInput.
func (b *Backend) Act(ctx context.Context, el *uitree.Element, req uitree.ActionRequest) (uitree.ActionResult, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	h, ok := el.Handle.(handle)
	o := h.obj
	if !ok || o.nil() {
		return uitree.ActionResult{}, uitree.Errorf(uitree.CodeInternalError, "element %s was not made by the UI Automation backend", el.Ref)
	}
	now, rerr := o.runtimeID()
	gone := h.hwnd != 0 && !isWindow(h.hwnd)
	if err := staleCheck(el.Ref, h.rid, now, rerr, gone); err != nil {
		return uitree.ActionResult{}, err
	}
	pattern := func(id int) (com, error) {
		p, err := o.getObj(slotGetCurrentPattern, "pattern", uintptr(id))
		if err == nil && p.nil() {
			err = uitree.Errorf(uitree.CodeUnsupportedPattern, "%s does not expose the pattern", el.Ref)
		}
		return p, err
	}
	var err error
	b.settle.reset()
	switch req.Action {
	case uitree.ActionClick, uitree.ActionTypeText, uitree.ActionKey:
		pid := int(o.getInt(slotCurrentProcessID))
		if err := inputAllowed(pid, processName(pid)); err != nil {
			return uitree.ActionResult{}, err
		}
	}
	switch req.Action {
	case uitree.ActionInvoke, uitree.ActionToggle, uitree.ActionSelect, uitree.ActionScrollIntoView, uitree.ActionExpand, uitree.ActionCollapse:
		ids := map[uitree.Action][2]int{
			uitree.ActionInvoke: {patternInvoke, slotInvoke}, uitree.ActionToggle: {patternToggle, slotToggle},
			uitree.ActionSelect: {patternSelectionItem, slotSelect}, uitree.ActionScrollIntoView: {patternScrollItem, slotScrollIntoView},
			uitree.ActionExpand: {patternExpandCollapse, slotExpand}, uitree.ActionCollapse: {patternExpandCollapse, slotCollapse},
		}[req.Action]
		var p com
		if p, err = pattern(ids[0]); err == nil {
			err = hrError(uint32(p.call(ids[1])), string(req.Action))
			p.release()
		}
	case uitree.ActionSetValue:
		var p com
		if p, err = pattern(patternValue); err == nil {
			s, _ := windows.UTF16PtrFromString(req.Value)
			bstr, _, _ := procSysAllocString.Call(uintptr(unsafe.Pointer(s)))
			err = hrError(uint32(p.call(slotValueSetValue, bstr)), "set_value")
			procSysFreeString.Call(bstr)
			p.release()
		}
	case uitree.ActionSetRange:
		var p com
		if err = floatArgError(runtime.GOARCH); err != nil {
			break
		}
		if p, err = pattern(patternRangeValue); err == nil {
			err = hrError(uint32(p.call(slotRangeSetValue, uintptr(*(*uint64)(unsafe.Pointer(&req.RangeValue))))), "set_range")
			p.release()
		}
	case uitree.ActionScroll:
		var p com
		if p, err = pattern(patternScroll); err == nil {
			err = hrError(uint32(p.call(slotScroll, scrollAmounts[req.Horizontal], scrollAmounts[req.Vertical])), "scroll")
			p.release()
		}
	case uitree.ActionFocus:
		err = b.focus(o)
	case uitree.ActionClick:
		err = b.click(o, el, req)
	case uitree.ActionTypeText:
		if err = b.focus(o); err == nil {
			if req.Clear {
				err = sendChord(uitree.Chord{Ctrl: true, Key: "a"})
				if err == nil {
					err = sendChord(uitree.Chord{Key: "Backspace"})
				}
			}
			if err == nil {
				err = sendText(req.Text)
			}
		}
	case uitree.ActionKey:
		var chord uitree.Chord
		if chord, err = uitree.ParseChord(req.Key); err == nil {
			if req.Focus {
				err = b.focus(o)
			}
			if err == nil {
				err = sendChord(chord)
			}
		}
	default:
		err = uitree.Errorf(uitree.CodeUnsupportedPattern, "%s is not an action", req.Action)
	}
	if err != nil {
		return uitree.ActionResult{}, err
	}
	settled := b.settle.wait(ctx, req.WaitMs, quietPeriod)
	n := &node{obj: o}
	b.cache = b.newCacheRequest()
	b.read(n, uitree.Request{MaxText: uitree.LimitMaxText})
	b.cache.release()
	b.cache = com{}
	res := uitree.ActionResult{Verified: true, States: n.el.States.List(), Settled: settled}
	if !n.el.States.Protected {
		v := n.el.Value
		res.Value = &v
	}
	switch req.Action {
	case uitree.ActionToggle:
		res.Verified = n.el.States.Checked != el.States.Checked
	case uitree.ActionSetValue:
		res.Verified = n.el.Value == req.Value
	case uitree.ActionFocus:
		res.Verified = n.el.States.Focused
	case uitree.ActionSelect:
		res.Verified = n.el.States.Selected
	case uitree.ActionExpand, uitree.ActionCollapse:
		res.Verified = n.el.States.Expanded == (req.Action == uitree.ActionExpand)
	}
	return res, nil
}

// click clicks the clickable point, or the center of the bounds.
func (b *Backend) click(o com, el *uitree.Element, req uitree.ActionRequest) error {
	var pt struct{ X, Y int32 }
	var got int32
	x, y := 0, 0
	if int32(o.call(slotGetClickablePoint, uintptr(unsafe.Pointer(&pt)), uintptr(unsafe.Pointer(&got)))) >= 0 && got != 0 {
		x, y = int(pt.X), int(pt.Y)
	} else if r := bounds(o); !r.Empty() {
		x, y = r.Center()
	} else {
		return uitree.Errorf(uitree.CodeNotClickable, "%s has no clickable point or usable bounds", el.Ref)
	}
	if hwnd := o.getInt(slotCurrentNativeWindow); hwnd != 0 {
		procSetForeground.Call(uintptr(uint32(hwnd)))
	}
	if r, _, _ := procSetCursorPos.Call(uintptr(x), uintptr(y)); r == 0 {
		return uitree.Errorf(uitree.CodeInputFailed, "SetCursorPos failed")
	}
	down, up := map[string][2]uint32{"left": {0x0002, 0x0004}, "right": {0x0008, 0x0010}, "middle": {0x0020, 0x0040}}[req.Button][0],
		map[string][2]uint32{"left": {0x0002, 0x0004}, "right": {0x0008, 0x0010}, "middle": {0x0020, 0x0040}}[req.Button][1]
	var inputs []input
	for range req.Count {
		inputs = append(inputs, mouseInput(down), mouseInput(up))
	}
	return send(inputs)
}

func send(inputs []input) error {
	if len(inputs) == 0 {
		return nil
	}
	n, _, err := procSendInput.Call(uintptr(len(inputs)), uintptr(unsafe.Pointer(&inputs[0])), unsafe.Sizeof(inputs[0]))
	if int(n) != len(inputs) {
		return uitree.Errorf(uitree.CodeInputFailed, "SendInput sent %d of %d events (the target may run at a higher integrity level): %v", n, len(inputs), err)
	}
	return nil
}

// sendStrokes sends key events with one SendInput call.
func sendStrokes(strokes []keyStroke) error {
	var inputs []input
	for _, s := range strokes {
		var flags uint32
		if s.up {
			flags |= keyUp
		}
		if s.unicode {
			inputs = append(inputs, keyInput(0, s.unit, flags|keyUnicode))
		} else {
			inputs = append(inputs, keyInput(s.vk, 0, flags))
		}
	}
	return send(inputs)
}

// sendText types text as Unicode key events.
func sendText(text string) error { return sendStrokes(textStrokes(text)) }

// sendChord presses a chord with virtual keys.
func sendChord(c uitree.Chord) error {
	strokes, err := chordStrokes(c)
	if err != nil {
		return err
	}
	return sendStrokes(strokes)
}

// focus gives o the keyboard focus: IUIAutomationElement.SetFocus, or,
// where that is not implemented (Wine), the element's own window made
// foreground and focused with the window manager's calls.
func (b *Backend) focus(o com) error {
	err := hrError(uint32(o.call(slotSetFocus)), "focus")
	if uitree.CodeOf(err) != uitree.CodeUnsupportedPattern {
		return err
	}
	h := o.getInt(slotCurrentNativeWindow)
	if h == 0 {
		return err
	}
	hwnd := uintptr(uint32(h))
	top, _, _ := procGetAncestor.Call(hwnd, 2 /* GA_ROOT */)
	if top == 0 {
		top = hwnd
	}
	procSetForeground.Call(top)
	self := windows.GetCurrentThreadId()
	var pid uint32
	target, _ := windows.GetWindowThreadProcessId(windows.HWND(hwnd), &pid)
	if target != 0 && target != self {
		procAttachThread.Call(uintptr(self), uintptr(target), 1)
		defer procAttachThread.Call(uintptr(self), uintptr(target), 0)
	}
	procSetFocusHwnd.Call(hwnd)
	return nil
}

// windowText reads a window's text with WM_GETTEXTLENGTH and WM_GETTEXT
// (for a text field: its content), waiting at most a second for it.
func windowText(hwnd windows.HWND) string {
	const wmGetText, wmGetTextLength, smtoAbortIfHung = 0x000d, 0x000e, 0x0002
	var n uintptr
	if r, _, _ := procSendMessageTO.Call(uintptr(hwnd), wmGetTextLength, 0, 0, smtoAbortIfHung, 1000, uintptr(unsafe.Pointer(&n))); r == 0 || n == 0 {
		return ""
	}
	buf := make([]uint16, n+1)
	var got uintptr
	if r, _, _ := procSendMessageTO.Call(uintptr(hwnd), wmGetText, n+1, uintptr(unsafe.Pointer(&buf[0])), smtoAbortIfHung, 1000, uintptr(unsafe.Pointer(&got))); r == 0 {
		return ""
	}
	return windows.UTF16ToString(buf[:min(int(got), len(buf))])
}

var debugOn = os.Getenv("WINDOWS2TEXT_UIA_DEBUG") != ""

// debugf logs to stderr when WINDOWS2TEXT_UIA_DEBUG is set.
func debugf(format string, args ...any) {
	if debugOn {
		fmt.Fprintf(os.Stderr, "uia: "+format+"\n", args...)
	}
}

// integrityOf reads the integrity level of a process's token; ok is false
// when it cannot be read (then no check is made).
func integrityOf(process windows.Handle) (uint32, bool) {
	var tok windows.Token
	if windows.OpenProcessToken(process, windows.TOKEN_QUERY, &tok) != nil {
		return 0, false
	}
	defer tok.Close()
	buf := make([]byte, 256)
	var n uint32
	if windows.GetTokenInformation(tok, windows.TokenIntegrityLevel, &buf[0], uint32(len(buf)), &n) != nil {
		return 0, false
	}
	label := (*windows.Tokenmandatorylabel)(unsafe.Pointer(&buf[0]))
	sid := label.Label.Sid
	if sid == nil || sid.SubAuthorityCount() == 0 {
		return 0, false
	}
	return sid.SubAuthority(uint32(sid.SubAuthorityCount()) - 1), true
}

// inputAllowed is the integrity check before click, type_text and key.
func inputAllowed(pid int, app string) error {
	own, ok := integrityOf(windows.CurrentProcess())
	if !ok || pid <= 0 {
		return nil
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return nil
	}
	defer windows.CloseHandle(h)
	target, ok := integrityOf(h)
	if !ok {
		return nil
	}
	return checkIntegrity(target, own, app)
}

// handle is what an element of a snapshot keeps of its UI Automation
// element: the interface and the runtime id it had then.
type handle struct {
	obj  com
	rid  []int32
	hwnd windows.HWND // the element's own window, 0 for none
}

func isWindow(h windows.HWND) bool {
	r, _, _ := procIsWindow.Call(uintptr(h))
	return r != 0
}

// runtimeID reads the element's RuntimeId property (VT_ARRAY|VT_I4); nil
// with no error when the provider gives none.
func (c com) runtimeID() ([]int32, error) {
	var v variant
	if err := hrError(uint32(c.call(slotGetCurrentPropertyValueEx, propRuntimeID, 0, uintptr(unsafe.Pointer(&v)))), "runtime id"); err != nil {
		return nil, err
	}
	defer procVariantClear.Call(uintptr(unsafe.Pointer(&v)))
	const vtArrayI4 = 0x2000 | vtI4
	if v.vt != vtArrayI4 || v.val == 0 {
		return nil, nil
	}
	sa := *(**safeArray)(unsafe.Pointer(&v.val))
	if sa.dims != 1 || sa.elemSize != 4 || sa.data == nil {
		return nil, nil
	}
	return append([]int32(nil), unsafe.Slice((*int32)(sa.data), sa.count)...), nil
}

// itemCount counts a container's items through its ItemContainer pattern,
// realized or not (FindItemByProperty with no property, item after item,
// at most maxItemCount); -1 without the pattern.
func (b *Backend) itemCount(o com) int {
	p, err := o.getObj(slotGetCurrentPattern, "pattern", patternItemContainer)
	if err != nil || p.nil() {
		return -1
	}
	defer p.release()
	var empty variant // VT_EMPTY, passed by reference on both 64-bit ABIs
	n := 0
	var prev com
	for n < maxItemCount {
		item, err := p.getObj(slotFindItemByProperty, "item", uintptr(prev.p), 0, uintptr(unsafe.Pointer(&empty)))
		prev.release()
		if err != nil || item.nil() {
			break
		}
		prev = item
		n++
	}
	prev.release()
	return n
}

// gridRows is the Grid pattern's row count, -1 when there is none.
func (b *Backend) gridRows(o com) int {
	if avail, _ := o.property(propIsGridPatternAvail).(bool); !avail {
		return -1
	}
	if r, ok := o.property(propGridRowCount).(int32); ok {
		return int(r)
	}
	return -1
}
