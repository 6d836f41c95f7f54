//go:build windows && (amd64 || arm64)

package uia

import (
	"context"
	"runtime"
	"unsafe"

	"golang.org/x/sys/windows"

	"textfirst/internal/windows2text/uitree"
)

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
	b.settle.reset()
	switch req.Action {
	case uitree.ActionClick, uitree.ActionTypeText, uitree.ActionKey:
		pid := int(o.getInt(slotCurrentProcessID))
		if err := inputAllowed(pid, processName(pid)); err != nil {
			return uitree.ActionResult{}, err
		}
	}
	if err := b.perform(o, el, req); err != nil {
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

// perform does req's action on o, the element of el: through its pattern
// or, for click, type_text and key, with SendInput.
func (b *Backend) perform(o com, el *uitree.Element, req uitree.ActionRequest) error {
	pattern := func(id int) (com, error) {
		p, err := o.getObj(slotGetCurrentPattern, "pattern", uintptr(id))
		if err == nil && p.nil() {
			err = uitree.Errorf(uitree.CodeUnsupportedPattern, "%s does not expose the pattern", el.Ref)
		}
		return p, err
	}
	var err error
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
	return err
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
		return uitree.Errorf(uitree.CodeInputFailed, "SendInput sent %d of %d events (the target may run at a higher integrity level): %w", n, len(inputs), err)
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
