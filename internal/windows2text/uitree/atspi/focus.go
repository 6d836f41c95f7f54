package atspi

import (
	"slices"

	"github.com/jezek/xgb/xproto"
)

// focusedWindow finds the window holding the X keyboard focus: the
// process (_NET_WM_PID) and title of the focus window or of its nearest
// ancestor that names a process. ok is false when the focus is on no
// window of a known process (the root, none, or no X server).
func (x *xInput) focusedWindow() (pid int, title string, ok bool) {
	x.do(func() error {
		focus, err := xproto.GetInputFocus(x.conn).Reply()
		if err != nil {
			return err
		}
		pidAtom := existingAtom(x.conn, "_NET_WM_PID")
		if pidAtom == 0 {
			return nil
		}
		for w, depth := focus.Focus, 0; w != 0 && w != x.root && w != xproto.InputFocusPointerRoot && depth < 32; depth++ {
			if pid, ok = windowPID(x.conn, w, pidAtom); ok {
				title = windowTitle(x.conn, w)
				return nil
			}
			tree, err := xproto.QueryTree(x.conn, w).Reply()
			if err != nil {
				return nil
			}
			w = tree.Parent
		}
		return nil
	})
	return pid, title, ok
}

// activeWindow is the index in wins of the window in front: the one whose
// application marks it active, else the one holding the X keyboard focus
// (GTK 4 marks no window active without a window manager); then, as for
// the foreground scope, a dialog of the same application in front of it.
// It is -1 when no window is known to be in front.
func (s *session) activeWindow(wins []window) int {
	front := markedActive(wins)
	if front < 0 {
		if pid, title, ok := s.b.input.focusedWindow(); ok {
			front = slices.IndexFunc(wins, func(w window) bool { return w.run.conn.pid == pid && w.title == title })
		}
	}
	if front < 0 {
		return -1
	}
	return dialogInFront(wins, front)
}

// markedActive is the index in wins of the first window its application
// marks active, -1 when none is.
func markedActive(wins []window) int {
	return slices.IndexFunc(wins, func(w window) bool { return w.states.has(stateActive) })
}

// dialogInFront is the index of the window in front of wins[fg]: fg when
// it is a dialog, else the last dialog of the same application (modal, or
// opened after the window), else fg.
func dialogInFront(wins []window, fg int) int {
	if wins[fg].isDialog() {
		return fg
	}
	for i := len(wins) - 1; i >= 0; i-- {
		w := wins[i]
		if w.run == wins[fg].run && w.obj != wins[fg].obj && w.isDialog() {
			return i
		}
	}
	return fg
}
