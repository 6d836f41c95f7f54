package atspi

// Roles that only hold others: a window made of these and nothing else
// shows nothing of its own.
const (
	roleInvalid = 0
	roleFiller  = 26
	rolePanel   = 39
)

// hollow reports whether a walked window holds nothing an agent can read
// or act on: only unnamed panels, fillers and placeholders of role
// invalid. LibreOffice opens each menu in such a window (it is the active
// one) and keeps the menu's items, shown, under its main window's menu
// bar.
func hollow(n *node) bool {
	if !n.ok {
		return true
	}
	h, _ := n.el.Handle.(*handle)
	if h == nil || n.el.Name != "" || n.el.Value != "" {
		return false
	}
	switch h.role {
	case roleInvalid, roleFiller, rolePanel, roleWindow:
	default:
		return false
	}
	for _, c := range n.children {
		if !hollow(c) {
			return false
		}
	}
	return true
}

// popupOwner returns the window a hollow, untitled foreground window of
// the same application stands for: the application's last listed other
// window in wins (the windows the foreground was chosen among) that is
// not such a window itself.
func popupOwner(popup window, wins []window) (window, bool) {
	if popup.title != "" || popup.role != roleWindow || popup.run == nil {
		return window{}, false
	}
	for i := len(wins) - 1; i >= 0; i-- {
		w := wins[i]
		if w.run == popup.run && w.obj != popup.obj && !(w.title == "" && w.role == roleWindow) {
			return w, true
		}
	}
	return window{}, false
}
