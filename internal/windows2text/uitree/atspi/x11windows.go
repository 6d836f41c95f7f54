package atspi

import (
	"encoding/binary"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"textfirst/internal/windows2text/uitree"
)

// x11IDPrefix starts the id of a window known only from the X server (its
// application did not answer AT-SPI when it was listed).
const x11IDPrefix = "x11:"

// x11Windows lists the mapped top-level X windows of the process pid: the
// X server answers for an application that is stopped or hung, so a
// window of such an application can still be listed with its title and
// bounds. Clients of a window manager are found through _NET_CLIENT_LIST,
// without one through the root window's children.
func x11Windows(pid int) ([]uitree.Window, error) {
	if os.Getenv("DISPLAY") == "" {
		return nil, errNoDisplay
	}
	xgb.Logger = log.New(io.Discard, "", 0)
	c, err := xgb.NewConn()
	if err != nil {
		return nil, err
	}
	defer c.Close()
	root := xproto.Setup(c).DefaultScreen(c).Root
	pidAtom := existingAtom(c, "_NET_WM_PID")
	if pidAtom == 0 {
		// No client ever set a pid: nothing can be matched.
		return nil, nil
	}
	var candidates []xproto.Window
	if list := windowProp(c, root, existingAtom(c, "_NET_CLIENT_LIST"), xproto.AtomWindow); len(list) >= 4 {
		for i := 0; i+4 <= len(list); i += 4 {
			candidates = append(candidates, xproto.Window(binary.LittleEndian.Uint32(list[i:])))
		}
	} else {
		tree, err := xproto.QueryTree(c, root).Reply()
		if err != nil {
			return nil, err
		}
		candidates = tree.Children
	}
	var active xproto.Window
	if v := windowProp(c, root, existingAtom(c, "_NET_ACTIVE_WINDOW"), xproto.AtomWindow); len(v) >= 4 {
		active = xproto.Window(binary.LittleEndian.Uint32(v))
	}
	var out []uitree.Window
	for _, w := range candidates {
		if p, ok := windowPID(c, w, pidAtom); !ok || p != pid {
			continue
		}
		attrs, err := xproto.GetWindowAttributes(c, w).Reply()
		if err != nil || attrs.MapState != xproto.MapStateViewable || attrs.OverrideRedirect {
			// Unmapped (GDK's leader window, withdrawn dialogs) or a
			// popup menu: not a window a user sees as one.
			continue
		}
		title := windowTitle(c, w)
		app := ""
		if class := windowProp(c, w, xproto.AtomWmClass, xproto.AtomString); len(class) > 0 {
			app, _, _ = strings.Cut(string(class), "\x00")
		}
		win := uitree.Window{ID: fmt.Sprintf("%s0x%x", x11IDPrefix, uint32(w)), Title: title, App: app, PID: pid,
			Role: uitree.RoleWindow, Active: w == active, Visible: true, NotResponding: true}
		if g, err := xproto.GetGeometry(c, xproto.Drawable(w)).Reply(); err == nil {
			if t, err := xproto.TranslateCoordinates(c, w, root, 0, 0).Reply(); err == nil {
				win.Bounds = uitree.Rect{X: int(t.DstX), Y: int(t.DstY), Width: int(g.Width), Height: int(g.Height)}
			}
		}
		out = append(out, win)
	}
	return out, nil
}
