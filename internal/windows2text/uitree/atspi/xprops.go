package atspi

import (
	"encoding/binary"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// existingAtom is the atom named name, 0 when no client made it (no window
// carries a property of that name) or the server did not answer.
func existingAtom(c *xgb.Conn, name string) xproto.Atom {
	r, err := xproto.InternAtom(c, true, uint16(len(name)), name).Reply()
	if err != nil {
		return 0
	}
	return r.Atom
}

// windowProp is the value of window w's property a of type typ (256 KiB at
// most), nil when w has none or a is 0.
func windowProp(c *xgb.Conn, w xproto.Window, a, typ xproto.Atom) []byte {
	if a == 0 {
		return nil
	}
	r, err := xproto.GetProperty(c, false, w, a, typ, 0, 1<<16).Reply()
	if err != nil || r == nil {
		return nil
	}
	return r.Value
}

// windowPID is the process window w names in _NET_WM_PID (pidAtom), and
// whether it names one.
func windowPID(c *xgb.Conn, w xproto.Window, pidAtom xproto.Atom) (int, bool) {
	r, err := xproto.GetProperty(c, false, w, pidAtom, xproto.AtomCardinal, 0, 1).Reply()
	if err != nil || r.ValueLen != 1 || len(r.Value) < 4 {
		return 0, false
	}
	return int(binary.LittleEndian.Uint32(r.Value)), true
}

// windowTitle is window w's title: _NET_WM_NAME, else WM_NAME.
func windowTitle(c *xgb.Conn, w xproto.Window) string {
	if t := windowProp(c, w, existingAtom(c, "_NET_WM_NAME"), existingAtom(c, "UTF8_STRING")); len(t) > 0 {
		return string(t)
	}
	return string(windowProp(c, w, xproto.AtomWmName, xproto.AtomString))
}
