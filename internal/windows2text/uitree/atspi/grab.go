package atspi

import "github.com/jezek/xgb/xproto"

// topPopup is the topmost mapped popup window (override redirect: a
// menu, a combo box's list) that names its process, and that process; 0
// and 0 when none shows. X does not say who holds a grab; an open popup holds it, and the
// topmost one is the one that grabbed last. x.conn must be open.
func (x *xInput) topPopup() (xproto.Window, int) {
	tree, err := xproto.QueryTree(x.conn, x.root).Reply()
	if err != nil {
		return 0, 0
	}
	pidAtom := existingAtom(x.conn, "_NET_WM_PID")
	if pidAtom == 0 {
		return 0, 0
	}
	// QueryTree lists the children bottom to top.
	for i := len(tree.Children) - 1; i >= 0; i-- {
		w := tree.Children[i]
		attrs, err := xproto.GetWindowAttributes(x.conn, w).Reply()
		if err != nil || attrs.MapState != xproto.MapStateViewable || !attrs.OverrideRedirect {
			continue
		}
		if pid, ok := windowPID(x.conn, w, pidAtom); ok {
			return w, pid
		}
		// A popup of no process (a tooltip of a toolkit that sets
		// none): look below it.
	}
	return 0, 0
}
