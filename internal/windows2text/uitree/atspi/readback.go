package atspi

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"textfirst/internal/windows2text/uitree"
)

// readBack reports the element's state after the action and whether the
// action visibly took effect, where AT-SPI can tell.
func (a *actor) readBack(req uitree.ActionRequest) (uitree.ActionResult, error) {
	res := uitree.ActionResult{}
	st, err := a.states()
	if err != nil || st == 0 || st.has(stateDefunct) {
		// The element went away (Gecko marks what it destroys
		// DEFUNCT): for invoke (closing a dialog) or choosing from a
		// dropdown, that is a result, not a failure.
		res.Gone = true
		return res, nil
	}
	// A dialog hides before GTK destroys it, a menu closes after its
	// item ran: an element that showed and no longer does is gone from
	// the screen, which is what the action did.
	if a.h.showing() && !(st.has(stateShowing) && st.has(stateVisible)) {
		res.Gone = true
	}
	el := &uitree.Element{Role: a.el.Role}
	h := *a.h
	h.states = st
	setStates(el, &h)
	res.States = el.States.List()
	verified := true
	switch req.Action {
	case uitree.ActionToggle:
		verified = el.States.Checked != a.before.Checked
	case uitree.ActionFocus:
		verified = el.States.Focused
	case uitree.ActionSelect:
		verified = el.States.Selected || st.has(stateChecked)
		if a.combo.Path != "" {
			// A combo box is named after its chosen item.
			var name variantValue
			verified = a.call(a.combo, ifaceProperties+".Get", &name, ifaceAccessible, "Name") == nil && name.v == a.el.Name
		}
	case uitree.ActionScrollIntoView:
		verified = a.inView()
	case uitree.ActionExpand, uitree.ActionCollapse:
		if open, known := a.comboOpen(); a.h.role == roleComboBox && known {
			verified = open == (req.Action == uitree.ActionExpand)
		} else if st.has(stateExpandable) {
			verified = st.has(stateExpanded) == (req.Action == uitree.ActionExpand)
		}
	}
	if a.h.gridCell && a.h.interfaces&hasText != 0 {
		if text, err := a.text(); err == nil {
			res.Value = &text
			switch req.Action {
			case uitree.ActionSetValue:
				verified = cellShows(text, req.Value)
			case uitree.ActionTypeText:
				verified = cellShows(text, req.Text)
			}
		}
	} else if a.h.interfaces&hasText != 0 && wantsText(a.h.role) && a.h.role != rolePasswordText {
		if text, err := a.text(); err == nil {
			res.Value = &text
			switch req.Action {
			case uitree.ActionSetValue:
				verified = text == req.Value
			case uitree.ActionTypeText:
				want := a.expectedText(req.Text)
				verified = strings.Contains(strings.ReplaceAll(text, "\r\n", "\n"), want)
				if !verified && arrivedReshaped(text, want) {
					verified, res.Transformed = true, whitespaceChanged
				}
			}
		}
	} else if a.h.interfaces&hasValue != 0 {
		var vi valueInfo
		if a.value(a.h.obj, &vi) == nil && vi.ok {
			v := fmt.Sprint(vi.current)
			res.Value = &v
			if req.Action == uitree.ActionSetRange {
				verified = math.Abs(vi.current-req.RangeValue) <= max(vi.step, 1e-9)
			}
		}
	}
	res.Verified = verified
	return res, nil
}

// comboOpen tells whether a combo box's popup is open: its menu child is
// SHOWING. known is false when the combo box has no menu child (a combo
// box with an entry, or another toolkit).
func (a *actor) comboOpen() (open, known bool) {
	var kids []objRef
	if a.call(a.h.obj, ifaceAccessible+".GetChildren", &kids) != nil {
		return false, false
	}
	for _, k := range kids {
		var role uint32
		var st []uint32
		if a.call(k, ifaceAccessible+".GetRole", &role) != nil || role != roleMenu || a.call(k, ifaceAccessible+".GetState", &st) != nil || len(st) == 0 {
			continue
		}
		if !stateSet(st[0]).has(stateShowing) {
			return false, true
		}
		// Gecko's select keeps its list showing, without positions, in
		// the page while its dropdown opens elsewhere in the window (in
		// the browser's own chrome): ask the window.
		var items []objRef
		if a.call(k, ifaceAccessible+".GetChildren", &items) == nil && len(items) > 0 {
			var ext extents
			if a.call(items[0], ifaceComponent+".GetExtents", &ext, uint32(0)) == nil && ext.X == -1 && ext.W == -1 {
				return a.dropdownOpenInWindow()
			}
		}
		return true, true
	}
	return false, false
}

// textChanges waits a moment (bounded) for the element's text to read
// want, and returns the text last read and whether it became want.
func (a *actor) textChanges(before, want string) (string, bool) {
	text := before
	for deadline := time.Now().Add(300 * time.Millisecond); ; time.Sleep(20 * time.Millisecond) {
		var err error
		if text, err = a.text(); err != nil {
			return text, false
		}
		if text == want {
			return text, true
		}
		if text != before || time.Now().After(deadline) {
			return text, false
		}
	}
}

// matchRule is AT-SPI's Collection match rule, (aiia{ss}iaiiasib).
type matchRule struct {
	States         []int32
	StateMatch     int32
	Attributes     map[string]string
	AttributeMatch int32
	Roles          []int32
	RoleMatch      int32
	Interfaces     []string
	InterfaceMatch int32
	Invert         bool
}

// dropdownOpenInWindow reports whether the element's window holds an
// expanded combo box: Gecko's open dropdown, which is not under the
// select of the page. Known is false where the window offers no
// Collection interface.
func (a *actor) dropdownOpenInWindow() (open, known bool) {
	win := a.h.obj
	for range 64 {
		var role uint32
		if a.call(win, ifaceAccessible+".GetRole", &role) != nil {
			return false, false
		}
		if role == roleFrame || role == roleWindow || role == roleDialog {
			break
		}
		var pv variantValue
		if a.call(win, ifaceProperties+".Get", &pv, ifaceAccessible, "Parent") != nil {
			return false, false
		}
		parent, ok := pv.v.(objRef)
		if !ok || parent.Path == "" || parent.Path == rootPath {
			return false, false
		}
		win = parent
	}
	const (
		matchAll      = 1
		matchAny      = 2
		sortCanonical = 1 // at-spi2-atk answers nothing for other orders
	)
	rule := matchRule{
		States: []int32{1 << stateExpanded, 0}, StateMatch: matchAll, Attributes: map[string]string{}, AttributeMatch: matchAll,
		Roles: []int32{1 << roleComboBox, 0, 0, 0}, RoleMatch: matchAny, Interfaces: []string{}, InterfaceMatch: matchAll,
	}
	ctx, cancel := context.WithTimeout(a.run.ctx, a.run.timeout)
	defer cancel()
	var found []objRef
	err := a.run.conn.conn.Object(win.Bus, win.Path).CallWithContext(ctx, "org.a11y.atspi.Collection.GetMatches", 0,
		rule, uint32(sortCanonical), int32(1), true).Store(&found)
	if err != nil {
		return false, false
	}
	return len(found) > 0, true
}

// value reads obj's Value properties one by one (see queueValue) into vi.
func (a *actor) value(obj objRef, vi *valueInfo) error {
	bt := a.run.batch(4)
	slots := queueValue(bt, obj, true)
	bt.wait()
	if err := a.run.failed(); err != nil {
		return uitree.Errorf(uitree.CodeActionFailed, "the application does not answer: %w", err)
	}
	*vi = storeValue(bt, slots)
	return nil
}

// text reads the element's whole text. GTK 4 answers GetText's end offset
// -1 ("to the end") with nothing: when that gives nothing, the text is
// asked for again up to its character count.
func (a *actor) text() (string, error) {
	var text string
	if err := a.call(a.h.obj, ifaceText+".GetText", &text, int32(0), int32(-1)); err != nil || text != "" {
		return text, err
	}
	var count variantValue
	if a.call(a.h.obj, ifaceProperties+".Get", &count, ifaceText, "CharacterCount") != nil {
		return text, nil
	}
	if n, _ := count.v.(int32); n > 0 {
		if err := a.call(a.h.obj, ifaceText+".GetText", &text, int32(0), n); err != nil {
			return "", err
		}
	}
	return text, nil
}
