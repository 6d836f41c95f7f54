package atspi

import (
	"time"

	"github.com/jezek/xgb/xproto"
)

// menuCloseTimeout bounds the wait for an open menu to close after Escape.
const menuCloseTimeout = 500 * time.Millisecond

// closeIgnoredMenu finishes an Escape sent while the target's own popup
// held the grab. Escape closes a menu; a menu that ignores it (LibreOffice
// forwards Escape from a menu its menu bar's accessible opened to a menu
// bar window its GTK front end never shows) is closed as a screen reader
// would: by clearing the selection of the menu bar above the target. A
// popup that is not a menu bar's, or that closes, is left as it is.
func (a *actor) closeIgnoredMenu(popup xproto.Window) error {
	if a.b.input.awaitUnmapped(popup, menuCloseTimeout) {
		return nil
	}
	bar, ok := a.menuBarAbove()
	if !ok {
		return nil
	}
	var cleared bool
	if err := a.call(bar, ifaceSelection+".ClearSelection", &cleared); err != nil {
		return a.stale(err)
	}
	a.b.input.awaitUnmapped(popup, menuCloseTimeout)
	return nil
}

// menuBarAbove finds the menu bar the target is in, or is a menu of.
func (a *actor) menuBarAbove() (objRef, bool) {
	cur := a.h.obj
	for range 32 {
		var role uint32
		if a.call(cur, ifaceAccessible+".GetRole", &role) != nil {
			return objRef{}, false
		}
		if role == roleMenuBar {
			return cur, true
		}
		parent, err := a.parentOf(cur)
		if err != nil || parent.Path == "" || parent.Path == rootPath {
			return objRef{}, false
		}
		cur = parent
	}
	return objRef{}, false
}

// awaitUnmapped waits up to timeout for window w to be unmapped (or
// destroyed) and reports whether it was; false at once when the X server
// cannot be reached.
func (x *xInput) awaitUnmapped(w xproto.Window, timeout time.Duration) bool {
	for deadline := time.Now().Add(timeout); ; time.Sleep(20 * time.Millisecond) {
		var mapped bool
		if x.do(func() error {
			attrs, err := xproto.GetWindowAttributes(x.conn, w).Reply()
			mapped = err == nil && attrs.MapState == xproto.MapStateViewable
			return nil
		}) != nil {
			return false
		}
		if !mapped {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}
