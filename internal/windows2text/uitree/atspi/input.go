package atspi

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"sync"
	"time"
	"unicode"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"

	"textfirst/internal/windows2text/uitree"
)

// xInput injects pointer and keyboard input through the XTEST extension of
// $DISPLAY. The connection is opened on first use and kept.
type xInput struct {
	mu      sync.Mutex
	conn    *xgb.Conn
	root    xproto.Window
	minCode xproto.Keycode
	perCode int
	keysyms []xproto.Keysym // keysyms[(code-minCode)*perCode + column]
	spare   xproto.Keycode  // a keycode with no keysym, for remapping
	// spares are all such keycodes (up to 16): characters without a key
	// take them in turn, so a keycode is remapped again only after the
	// others, long after the application has read its key.
	spares []xproto.Keycode
	next   int
	// remapped maps the keysyms on spare keycodes now.
	remapped map[xproto.Keysym]xproto.Keycode
	modCodes map[xproto.Keysym]xproto.Keycode
}

// XTest event types.
const (
	xKeyPress      = 2
	xKeyRelease    = 3
	xButtonPress   = 4
	xButtonRelease = 5
	xMotionNotify  = 6
)

// Keysyms of the modifiers and named keys.
var namedKeysyms = map[string]xproto.Keysym{
	"Up": 0xff52, "Down": 0xff54, "Left": 0xff51, "Right": 0xff53, "Enter": 0xff0d, "Tab": 0xff09,
	"Escape": 0xff1b, "Home": 0xff50, "End": 0xff57, "PageUp": 0xff55, "PageDown": 0xff56,
	"Insert": 0xff63, "Delete": 0xffff, "Backspace": 0xff08, "Space": 0x20,
	"F1": 0xffbe, "F2": 0xffbf, "F3": 0xffc0, "F4": 0xffc1, "F5": 0xffc2, "F6": 0xffc3,
	"F7": 0xffc4, "F8": 0xffc5, "F9": 0xffc6, "F10": 0xffc7, "F11": 0xffc8, "F12": 0xffc9,
}

const (
	keysymControlL = 0xffe3
	keysymShiftL   = 0xffe1
	keysymAltL     = 0xffe9
	keysymSuperL   = 0xffeb
)

func (x *xInput) open() error {
	if x.conn != nil {
		return nil
	}
	if os.Getenv("DISPLAY") == "" {
		return errNoDisplay
	}
	xgb.Logger = log.New(io.Discard, "", 0)
	c, err := xgb.NewConn()
	if err != nil {
		return err
	}
	if err := xtest.Init(c); err != nil {
		c.Close()
		return fmt.Errorf("the X server has no XTEST extension: %w", err)
	}
	setup := xproto.Setup(c)
	x.conn, x.root, x.minCode = c, setup.DefaultScreen(c).Root, setup.MinKeycode
	count := int(setup.MaxKeycode) - int(setup.MinKeycode) + 1
	m, err := xproto.GetKeyboardMapping(c, setup.MinKeycode, byte(count)).Reply()
	if err != nil {
		x.close()
		return err
	}
	x.perCode, x.keysyms = int(m.KeysymsPerKeycode), m.Keysyms
	x.modCodes = map[xproto.Keysym]xproto.Keycode{}
	for i := count - 1; i >= 0; i-- {
		empty := true
		for col := 0; col < x.perCode; col++ {
			if x.keysyms[i*x.perCode+col] != 0 {
				empty = false
			}
		}
		if empty && x.spare == 0 {
			x.spare = xproto.Keycode(i + int(x.minCode))
		}
		if empty && len(x.spares) < 16 {
			x.spares = append(x.spares, xproto.Keycode(i+int(x.minCode)))
		}
	}
	return nil
}

func (x *xInput) close() {
	x.restoreSpares()
	if x.conn != nil {
		x.conn.Close()
		x.conn = nil
	}
}

// fake sends one XTEST event and checks it.
func (x *xInput) fake(kind, detail byte, px, py int16) error {
	return xtest.FakeInputChecked(x.conn, kind, detail, 0, x.root, px, py, 0).Check()
}

// do runs f with the connection open, reconnecting once on failure.
func (x *xInput) do(f func() error) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	for attempt := 0; ; attempt++ {
		if err := x.open(); err != nil {
			return uitree.Errorf(uitree.CodeInputFailed, "cannot reach the X server: %w", err)
		}
		err := f()
		if err == nil {
			return nil
		}
		var coded *uitree.Error
		if errors.As(err, &coded) {
			return err
		}
		x.close()
		if attempt == 1 {
			return uitree.Errorf(uitree.CodeInputFailed, "input injection failed: %w", err)
		}
	}
}

// click moves the pointer to (px, py) and clicks button count times.
func (x *xInput) click(px, py int, button string, count int) error {
	return x.pressAt(px, py, map[string]byte{"left": 1, "middle": 2, "right": 3}[button], count)
}

// wheel turns the mouse wheel clicks times at (px, py): X buttons 4 and 5
// scroll up and down, 6 and 7 left and right.
func (x *xInput) wheel(px, py int, button byte, clicks int) error {
	return x.pressAt(px, py, button, clicks)
}

// pressAt moves the pointer to (px, py) and presses and releases X
// pointer button times times.
func (x *xInput) pressAt(px, py int, button byte, times int) error {
	return x.do(func() error {
		if err := x.fake(xMotionNotify, 0, int16(px), int16(py)); err != nil {
			return err
		}
		for range times {
			if err := x.fake(xButtonPress, button, 0, 0); err != nil {
				return err
			}
			if err := x.fake(xButtonRelease, button, 0, 0); err != nil {
				return err
			}
		}
		return nil
	})
}

// keycodeOf finds a keycode and the need for Shift that produce keysym.
func (x *xInput) keycodeOf(ks xproto.Keysym) (xproto.Keycode, bool, bool) {
	for col := 0; col < min(2, x.perCode); col++ {
		for i := 0; i*x.perCode+col < len(x.keysyms); i++ {
			if x.keysyms[i*x.perCode+col] == ks {
				return xproto.Keycode(i + int(x.minCode)), col == 1, true
			}
		}
	}
	return 0, false, false
}

// keysymOf returns the keysym that types r.
func keysymOf(r rune) xproto.Keysym {
	switch {
	case r == '\n':
		return namedKeysyms["Enter"]
	case r == '\t':
		return namedKeysyms["Tab"]
	case r >= 0x20 && r <= 0x7e, r >= 0xa0 && r <= 0xff:
		return xproto.Keysym(r)
	}
	return xproto.Keysym(0x01000000 + r)
}

// tap presses and releases keysym with the given modifiers held, mapping
// it onto the spare keycode when the keyboard has no key for it.
func (x *xInput) tap(ks xproto.Keysym, mods []xproto.Keysym) error {
	code, shift, ok := x.keycodeOf(ks)
	if !ok {
		if c, on := x.remapped[ks]; on {
			code, shift, ok = c, false, true
		}
	}
	if !ok {
		if len(x.spares) == 0 {
			return errors.New("no free keycode to type this character")
		}
		c := x.spares[x.next%len(x.spares)]
		x.next++
		for _, old := range x.remapped {
			if old == c {
				// The keycode typed another character not long
				// ago: give the application time to read that key
				// before its keycode means something else.
				x.conn.Sync()
				time.Sleep(150 * time.Millisecond)
				break
			}
		}
		syms := make([]xproto.Keysym, x.perCode)
		syms[0] = ks
		if x.perCode > 1 {
			syms[1] = ks
		}
		if err := xproto.ChangeKeyboardMappingChecked(x.conn, 1, c, byte(x.perCode), syms).Check(); err != nil {
			return err
		}
		if x.remapped == nil {
			x.remapped = map[xproto.Keysym]xproto.Keycode{}
		}
		for k, old := range x.remapped {
			if old == c {
				delete(x.remapped, k)
			}
		}
		x.remapped[ks] = c
		// Let clients see the MappingNotify before the key arrives.
		time.Sleep(20 * time.Millisecond)
		code, shift = c, false
	}
	if shift {
		mods = append(mods, keysymShiftL)
	}
	var held []xproto.Keycode
	for _, m := range mods {
		mc, _, ok := x.keycodeOf(m)
		if !ok {
			return fmt.Errorf("no key for modifier %#x", m)
		}
		if err := x.fake(xKeyPress, byte(mc), 0, 0); err != nil {
			return err
		}
		held = append(held, mc)
	}
	err := x.fake(xKeyPress, byte(code), 0, 0)
	if err == nil {
		err = x.fake(xKeyRelease, byte(code), 0, 0)
	}
	for i := len(held) - 1; i >= 0; i-- {
		if rerr := x.fake(xKeyRelease, byte(held[i]), 0, 0); err == nil {
			err = rerr
		}
	}
	return err
}

// restoreSpares empties the spare keycodes again. It runs when the
// connection closes, not after each text: an application that reads its
// keys late would see them unmapped.
func (x *xInput) restoreSpares() {
	if len(x.remapped) == 0 || x.conn == nil {
		return
	}
	for _, c := range x.remapped {
		xproto.ChangeKeyboardMappingChecked(x.conn, 1, c, byte(x.perCode), make([]xproto.Keysym, x.perCode)).Check()
	}
	x.remapped = nil
}

// typeText types text character by character.
func (x *xInput) typeText(text string) error {
	return x.do(func() error {
		for _, r := range text {
			if !unicode.IsPrint(r) && r != '\n' && r != '\t' {
				continue
			}
			if err := x.tap(keysymOf(r), nil); err != nil {
				return err
			}
		}
		return nil
	})
}

// chord presses a parsed key chord.
func (x *xInput) chord(c uitree.Chord) error {
	mods := uitree.ChordModifiers[xproto.Keysym](c, keysymControlL, keysymShiftL, keysymAltL, keysymSuperL)
	ks, ok := namedKeysyms[c.Key]
	if !ok {
		r := []rune(c.Key)[0]
		// A chord names keys, not characters: CTRL+A is Ctrl and the
		// a key, with Shift only when asked for.
		if c.Ctrl || c.Alt || c.Win {
			r = unicode.ToLower(r)
		}
		ks = keysymOf(r)
	}
	return x.do(func() error { return x.tap(ks, mods) })
}

// activate raises the top-level X window of process pid that holds the
// point (px, py) (the first one when none does) and gives it the keyboard
// focus, so that keys and clicks reach it.
//
// Without a window manager windows overlap at 0,0 and the focus follows
// the pointer: the window is raised and focused directly. Under a window
// manager the client window sits inside the manager's frame, and the
// manager decides the focus: it is asked through _NET_ACTIVE_WINDOW, as a
// pager does, and the focus is awaited (bounded) on the client window. A
// window that has just been mapped takes the focus only once the manager
// has managed it; keys sent before that went to the previous window or
// nowhere (the first type_text into a new window would lose keys).
func (x *xInput) activate(pid, px, py int) error {
	var frame, client xproto.Window
	var managed bool
	err := x.do(func() error {
		var err error
		frame, client, err = x.windowOf(pid, px, py)
		if err != nil || client == 0 {
			return err
		}
		managed = x.windowManaged()
		if err := xproto.ConfigureWindowChecked(x.conn, frame, xproto.ConfigWindowStackMode, []uint32{xproto.StackModeAbove}).Check(); err != nil && !managed {
			return err
		}
		if managed {
			return x.requestActive(client)
		}
		return xproto.SetInputFocusChecked(x.conn, xproto.InputFocusPointerRoot, client, xproto.TimeCurrentTime).Check()
	})
	if err != nil || client == 0 {
		return err
	}
	// The focus lands when the application (and the manager) have read
	// the request: poll, and ask again halfway.
	asked := time.Now()
	for deadline := asked.Add(activateTimeout); ; time.Sleep(10 * time.Millisecond) {
		var has bool
		if err := x.do(func() error {
			var err error
			has, err = x.focusIn(frame, client)
			return err
		}); err != nil {
			return err
		}
		if has {
			return nil
		}
		if time.Now().After(deadline) {
			break
		}
		if time.Since(asked) > activateTimeout/2 {
			asked = deadline // once
			x.do(func() error {
				if managed {
					x.requestActive(client)
				}
				return xproto.SetInputFocusChecked(x.conn, xproto.InputFocusPointerRoot, client, xproto.TimeCurrentTime).Check()
			})
		}
	}
	return uitree.Errorf(uitree.CodeInputFailed, "the X keyboard focus did not move to the target window within %v", activateTimeout)
}

// activateTimeout bounds the wait for a window to take the keyboard
// focus; a new window under a loaded window manager takes a few hundred
// milliseconds.
const activateTimeout = 3 * time.Second

// windowOf finds the top-level window of process pid holding the point
// (px, py), else its first one: the child of the root (the manager's frame
// when there is one) and the client window that carries _NET_WM_PID (the
// same window without a manager).
func (x *xInput) windowOf(pid, px, py int) (frame, client xproto.Window, err error) {
	pidAtom, err := xproto.InternAtom(x.conn, true, uint16(len("_NET_WM_PID")), "_NET_WM_PID").Reply()
	if err != nil || pidAtom.Atom == 0 {
		return 0, 0, err
	}
	tree, err := xproto.QueryTree(x.conn, x.root).Reply()
	if err != nil {
		return 0, 0, err
	}
	var firstFrame, firstClient xproto.Window
	// The stacking order is bottom to top: the last match is the top.
	for _, w := range tree.Children {
		// A reparenting window manager puts the client one level down.
		candidates := []xproto.Window{w}
		if sub, err := xproto.QueryTree(x.conn, w).Reply(); err == nil {
			candidates = append(candidates, sub.Children...)
		}
		for _, c := range candidates {
			attr, err := xproto.GetWindowAttributes(x.conn, c).Reply()
			if err != nil || attr.MapState != xproto.MapStateViewable {
				continue
			}
			if p, ok := windowPID(x.conn, c, pidAtom.Atom); !ok || p != pid {
				continue
			}
			if firstClient == 0 {
				firstFrame, firstClient = w, c
			}
			geo, err := xproto.GetGeometry(x.conn, xproto.Drawable(c)).Reply()
			if err != nil {
				continue
			}
			pos, err := xproto.TranslateCoordinates(x.conn, c, x.root, 0, 0).Reply()
			if err != nil {
				continue
			}
			if px >= int(pos.DstX) && py >= int(pos.DstY) && px < int(pos.DstX)+int(geo.Width) && py < int(pos.DstY)+int(geo.Height) {
				frame, client = w, c
			}
		}
	}
	if client == 0 {
		frame, client = firstFrame, firstClient
	}
	return frame, client, nil
}

// windowManaged reports whether a window manager runs: it names its
// check window on the root (EWMH's _NET_SUPPORTING_WM_CHECK).
func (x *xInput) windowManaged() bool {
	atom, err := xproto.InternAtom(x.conn, true, uint16(len("_NET_SUPPORTING_WM_CHECK")), "_NET_SUPPORTING_WM_CHECK").Reply()
	if err != nil || atom.Atom == 0 {
		return false
	}
	prop, err := xproto.GetProperty(x.conn, false, x.root, atom.Atom, xproto.AtomWindow, 0, 1).Reply()
	return err == nil && prop.ValueLen == 1
}

// requestActive asks the window manager to activate client (raise it and
// give it the focus), as a pager would (source indication 2).
func (x *xInput) requestActive(client xproto.Window) error {
	atom, err := xproto.InternAtom(x.conn, false, uint16(len("_NET_ACTIVE_WINDOW")), "_NET_ACTIVE_WINDOW").Reply()
	if err != nil {
		return err
	}
	ev := xproto.ClientMessageEvent{Format: 32, Window: client, Type: atom.Atom,
		Data: xproto.ClientMessageDataUnionData32New([]uint32{2, uint32(xproto.TimeCurrentTime), 0, 0, 0})}
	return xproto.SendEventChecked(x.conn, false, x.root,
		xproto.EventMaskSubstructureNotify|xproto.EventMaskSubstructureRedirect, string(ev.Bytes())).Check()
}

// focusIn reports whether the X keyboard focus is on the client window,
// its frame, or a window inside the client.
func (x *xInput) focusIn(frame, client xproto.Window) (bool, error) {
	focus, err := xproto.GetInputFocus(x.conn).Reply()
	if err != nil {
		return false, err
	}
	for w, depth := focus.Focus, 0; w != 0 && w != x.root && depth < 32; depth++ {
		if w == client {
			return true, nil
		}
		if w == frame && frame != client {
			// The frame has it while the manager passes it on.
			return false, nil
		}
		tree, err := xproto.QueryTree(x.conn, w).Reply()
		if err != nil {
			return false, nil
		}
		w = tree.Parent
	}
	return false, nil
}

// checkUngrabbed fails with input_failed when another client holds the
// pointer (pointer) or the keyboard (keyboard) grab, as an open menu of
// another application does: XTEST input would go to that client, not to
// the target. It grabs for an instant itself to find out. A grab held by
// the target's own process pid (its open menu, the topmost popup) is no
// obstacle: the input reaches the target (Escape closes its menu), and
// that popup is returned.
func (x *xInput) checkUngrabbed(pointer, keyboard bool, pid int) (popup xproto.Window, err error) {
	err = x.do(func() error {
		err := x.grabFree(pointer, keyboard)
		if err != nil && pid > 0 {
			if w, owner := x.topPopup(); owner == pid {
				popup = w
				return nil
			}
		}
		return err
	})
	return popup, err
}

// grabFree is checkUngrabbed's test, on an open connection.
func (x *xInput) grabFree(pointer, keyboard bool) error {
	if pointer {
		r, err := xproto.GrabPointer(x.conn, false, x.root, 0, xproto.GrabModeAsync, xproto.GrabModeAsync, xproto.WindowNone, xproto.CursorNone, xproto.TimeCurrentTime).Reply()
		if err != nil {
			return err
		}
		if r.Status != xproto.GrabStatusSuccess {
			return grabHeld("the mouse", r.Status, "the click would not reach the target; nothing was clicked")
		}
		if err := xproto.UngrabPointerChecked(x.conn, xproto.TimeCurrentTime).Check(); err != nil {
			return err
		}
	}
	if keyboard {
		r, err := xproto.GrabKeyboard(x.conn, false, x.root, xproto.TimeCurrentTime, xproto.GrabModeAsync, xproto.GrabModeAsync).Reply()
		if err != nil {
			return err
		}
		if r.Status != xproto.GrabStatusSuccess {
			return grabHeld("the keyboard", r.Status, "keys would not reach the target; nothing was typed")
		}
		if err := xproto.UngrabKeyboardChecked(x.conn, xproto.TimeCurrentTime).Check(); err != nil {
			return err
		}
	}
	return nil
}

// grabHeld is input_failed: another client holds device (the grab that
// tested it got status), so consequence.
func grabHeld(device string, status byte, consequence string) error {
	return uitree.Errorf(uitree.CodeInputFailed, "another client holds %s (grab status %d), so %s", device, status, consequence)
}
