package atspi

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"

	"textfirst/internal/windows2text/uitree"
)

var _ uitree.Actor = (*Backend)(nil)

// Act performs one action on an element of one of this backend's
// snapshots and reads its effect back.
//
// How each action maps onto AT-SPI, and the workarounds where GTK3 does
// not implement the interface that should do it:
//
//   - invoke, toggle: Action.DoAction, chosen by the stable name
//     (Action.GetName: "click", "press", "activate", "toggle"), never the
//     localized one. toggle reads CHECKED back.
//   - set_value: EditableText.SetTextContents; the text is read back.
//   - set_range: Value.CurrentValue through Properties.Set, within
//     Minimum..Maximum (else invalid_params); the value is read back.
//   - focus: Component.GrabFocus; FOCUSED is read back.
//   - select: radio buttons and tabs by their action; a combo box's item
//     through the combo box's Selection (selecting it in the closed popup
//     menu would only highlight it), read back as the combo box's name; a
//     table cell through Table.AddRowSelection; anything else through the
//     parent's Selection.SelectChild. SELECTED (or CHECKED) is read back.
//   - expand, collapse: the "expand or contract"/"activate" action when
//     EXPANDABLE/EXPANDED disagree with the wish, EXPANDED read back. GTK3
//     never sets EXPANDED on a combo box: its popup counts as open when
//     its menu child is SHOWING, and "press" opens or closes it.
//   - scroll_into_view: Component.ScrollTo, which GTK3 answers with
//     false; the workaround moves the scroll bars (Value, in pixels in
//     GTK) of every enclosing scroll pane by the element's distance from
//     the pane's edge. GTK gives an element outside the visible part no
//     position (INT_MIN), so the innermost pane is first paged through
//     until the element has one. Being inside every pane is read back.
//   - scroll: the scroll pane's scroll bars' Value: a small step is the
//     bar's increment (at least a twentieth of its range), a large one a
//     fifth of its range.
//   - click, type_text, key: XTEST on $DISPLAY, after raising the
//     application's window and giving it the X focus. click aims at the
//     centre of the element's current bounds (AT-SPI has no clickable
//     point). type_text and key take the focus through GrabFocus and fail
//     with input_failed, typing nothing, when it does not land on the
//     element or when another client holds the keyboard (click: the
//     mouse) grab. Characters with no key are typed by remapping a spare
//     keycode for an instant.
//
// Before acting, an element that is gone (no states, DEFUNCT, another
// role at its path) is stale_element and a disabled one action_failed.
// After acting, Act waits until the application has sent no relevant
// AT-SPI event for quietPeriod, at most req.WaitMs, and reports whether it
// settled. An effect that can be read back and did not happen is
// action_failed.
func (b *Backend) Act(ctx context.Context, el *uitree.Element, req uitree.ActionRequest) (uitree.ActionResult, error) {
	h, ok := el.Handle.(*handle)
	if !ok {
		return uitree.ActionResult{}, uitree.Errorf(uitree.CodeInternalError, "element %s was not made by the AT-SPI backend", el.Ref)
	}
	s := b.newSession(ctx)
	defer s.unresponsive()
	hc := *h
	a := &actor{b: b, run: s.app(h.obj.Bus), h: &hc, el: el}
	if err := a.run.failed(); err != nil {
		return uitree.ActionResult{}, uitree.Errorf(uitree.CodeActionFailed, "the application does not answer: %w", err)
	}
	if err := a.checkAlive(); err != nil {
		return uitree.ActionResult{}, err
	}
	settle, err := b.settler(ctx)
	if err != nil {
		return uitree.ActionResult{}, uitree.Errorf(uitree.CodeInternalError, "cannot listen to accessibility events: %w", err)
	}
	settle.begin(h.obj.Bus)
	if err := a.act(req); err != nil {
		settle.begin("")
		// An action that ends its application (a dialog's OK in
		// zenity) may take the answer with it: the element is gone,
		// and that is what the action did.
		if a.closedItsApp(req) {
			return uitree.ActionResult{Verified: true, Gone: true, States: []string{}}, nil
		}
		return uitree.ActionResult{}, err
	}
	settled := false
	if req.WaitMs > 0 {
		settled = settle.wait(ctx, time.Duration(req.WaitMs)*time.Millisecond)
		if settled {
			b.settleStats.Quiet++
		} else {
			b.settleStats.Bound++
		}
	} else {
		settle.begin("")
		b.settleStats.Skipped++
	}
	res, err := a.readBack(req)
	// The effect may lag the settle wait (XTEST input is processed by the
	// application after the X server has taken it, and waitMs may be 0):
	// look again for a while before calling the action failed. Effects
	// that did happen show at the first look, so this costs nothing then.
	grace := verifyGrace
	if req.Action == uitree.ActionTypeText || req.Action == uitree.ActionSetValue {
		// Keys are read by the application at its own pace: a loaded
		// application may take a while to get through a long text.
		grace = typingGrace
	}
	for deadline := time.Now().Add(max(time.Duration(req.WaitMs)*time.Millisecond, grace)); err == nil && !res.Verified && !res.Gone && time.Now().Before(deadline); {
		select {
		case <-time.After(10 * time.Millisecond):
		case <-ctx.Done():
			return uitree.ActionResult{}, uitree.Errorf(uitree.CodeActionFailed, "cancelled while reading the effect back")
		}
		res, err = a.readBack(req)
	}
	if a.run.failed() != nil {
		if (a.run.conn.pid > 0 && processGone(a.run.conn.pid)) || a.closedItsApp(req) {
			// The application ended with the action (zenity's OK):
			// the element is gone, which is what the action did.
			return uitree.ActionResult{Verified: true, Gone: true, States: []string{}}, nil
		}
		// The application took the action and then stopped answering
		// (busy opening a dialog, or hung) while its effect was read
		// back. The action was done: action_failed would make a client
		// do it twice. But nothing says the element went away, so it is
		// not reported gone (it was before): verified false says the
		// effect could not be read.
		return uitree.ActionResult{Verified: false, States: []string{}}, nil
	}
	if err != nil {
		return res, err
	}
	res.Settled = settled
	if !res.Verified && req.Action == uitree.ActionTypeText && res.Value != nil {
		want := []rune(a.expectedText(req.Text))
		got := typedPrefix(strings.ReplaceAll(*res.Value, "\r\n", "\n"), want)
		return uitree.ActionResult{}, uitree.Errorf(uitree.CodeActionFailed, "only %d of the %d characters typed into %s %q arrived (the first %d: %q); type the rest, not all of it again",
			got, len(want), a.el.Role, a.el.Name, got, string(want[:got]))
	}
	if !res.Verified && !res.Gone {
		return uitree.ActionResult{}, uitree.Errorf(uitree.CodeActionFailed, "%s on %s %q changed nothing that can be read back (states now: %s)",
			req.Action, a.el.Role, a.el.Name, strings.Join(res.States, ","))
	}
	// An element that went away with its window did so because of the
	// action: that is its effect, read back, as when the application
	// ended (closedItsApp). The protocol promises verified in every
	// success.
	res.Verified = true
	return res, nil
}

// closedItsApp reports whether an invoke, toggle or select was answered
// by the application's exit: its process is gone (or going) within a
// moment of the failed call.
func (a *actor) closedItsApp(req uitree.ActionRequest) bool {
	switch req.Action {
	case uitree.ActionInvoke, uitree.ActionToggle, uitree.ActionSelect, uitree.ActionClick:
	default:
		return false
	}
	if a.run.conn.pid <= 0 {
		return false
	}
	for deadline := time.Now().Add(500 * time.Millisecond); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if processGone(a.run.conn.pid) {
			return true
		}
	}
	return false
}

// verifyGrace is the least time an effect that can be read back is given
// to show before the action counts as failed.
const verifyGrace = 500 * time.Millisecond

// typingGrace is verifyGrace for typed text.
const typingGrace = 2 * time.Second

// actor acts on one element.
type actor struct {
	b   *Backend
	run *appRun
	// h is a copy of the element's handle with the states read just
	// before acting.
	h  *handle
	el *uitree.Element
	// before are the element's protocol states just before acting.
	before uitree.States
	// combo is the combo box whose item select picked, for read-back.
	combo objRef
	// origin is windowOrigin's answer, read once for the action.
	origin     [2]int
	originRead bool
}

// call makes one call on the element (or on obj) and decodes the answer.
func (a *actor) call(obj objRef, method string, out any, args ...any) error {
	bt := a.run.batch(1)
	i := bt.call(obj, method, args...)
	bt.wait()
	if err := a.run.failed(); err != nil {
		return uitree.Errorf(uitree.CodeActionFailed, "the application does not answer: %w", err)
	}
	if out == nil {
		var ignored any = new(bool)
		if err := bt.store(i, ignored); err != nil && !isSignatureError(err) {
			return err
		}
		return nil
	}
	return bt.store(i, out)
}

// parentOf is obj's parent; its Path is empty when obj has none (AT-SPI
// answers the null object).
func (a *actor) parentOf(obj objRef) (objRef, error) {
	var pv variantValue
	if err := a.call(obj, ifaceProperties+".Get", &pv, ifaceAccessible, "Parent"); err != nil {
		return objRef{}, err
	}
	parent, _ := pv.v.(objRef)
	if parent.Path == nullPath {
		return objRef{}, nil
	}
	return parent, nil
}

func isSignatureError(err error) bool {
	var er *errorReply
	var de dbus.Error
	return !errors.As(err, &er) && !errors.As(err, &de)
}

// states reads the element's current state set; empty means destroyed.
func (a *actor) states() (stateSet, error) {
	var st []uint32
	if err := a.call(a.h.obj, ifaceAccessible+".GetState", &st); err != nil {
		return 0, a.stale(err)
	}
	return statesOf(st), nil
}

func (a *actor) stale(err error) error {
	var ue *uitree.Error
	if errors.As(err, &ue) {
		return err
	}
	return uitree.Errorf(uitree.CodeStaleElement, "%s is gone from the application: %w", a.el.Ref, err)
}

// checkAlive fails with stale_element when the element was destroyed: a
// destroyed GTK widget still answers, with an empty state set.
func (a *actor) checkAlive() error {
	st, err := a.states()
	if err != nil {
		return err
	}
	if st == 0 || st.has(stateDefunct) {
		return uitree.Errorf(uitree.CodeStaleElement, "%s %q no longer exists in the application", a.el.Role, a.el.Name)
	}
	var role uint32
	if err := a.call(a.h.obj, ifaceAccessible+".GetRole", &role); err != nil {
		return a.stale(err)
	}
	if role != a.h.role {
		return uitree.Errorf(uitree.CodeStaleElement, "%s is now a different element", a.el.Ref)
	}
	a.h.states = st
	probe := &uitree.Element{Role: a.el.Role}
	setStates(probe, a.h)
	a.before = probe.States
	return nil
}

// preferredActions are AT-SPI action names in the order invoke tries them.
var preferredActions = []string{"click", "press", "activate", "jump", "toggle", "select"}

// doAction runs the element's action named first in names that it has,
// or its first action.
func (a *actor) doAction(names ...string) error {
	idx := -1
	// Qt names its actions "Press", "Toggle", "SetFocus": compare
	// without case.
	for _, want := range append(names, preferredActions...) {
		if i := slices.IndexFunc(a.h.actionKeys, func(k string) bool { return strings.EqualFold(k, want) }); i >= 0 {
			idx = i
			break
		}
	}
	if idx < 0 {
		// The first action that does something (not Qt's "SetFocus").
		idx = slices.IndexFunc(a.h.actionKeys, func(k string) bool { return !nonInvokeActions[strings.ToLower(k)] })
	}
	if idx < 0 {
		return uitree.Errorf(uitree.CodeUnsupportedPattern, "%s %q has no AT-SPI action", a.el.Role, a.el.Name)
	}
	var ok bool
	if err := a.call(a.h.obj, ifaceAction+".DoAction", &ok, int32(idx)); err != nil {
		return uitree.Errorf(uitree.CodeActionFailed, "%s refused %q: %w", a.el.Ref, a.h.actionKeys[idx], err)
	}
	if !ok {
		return uitree.Errorf(uitree.CodeActionFailed, "%s refused %q", a.el.Ref, a.h.actionKeys[idx])
	}
	return nil
}

func (a *actor) grabFocus() error {
	ok, err := a.requestFocus()
	if err != nil || !ok {
		return uitree.Errorf(uitree.CodeActionFailed, "%s did not take the focus (%v)", a.el.Ref, err)
	}
	return nil
}

// requestFocus asks for the focus with Component.GrabFocus and reports
// whether the toolkit took the request. GTK 4 (4.8) implements no
// GrabFocus: there a click gives the focus, as a user's does.
func (a *actor) requestFocus() (bool, error) {
	var ok bool
	err := a.call(a.h.obj, ifaceComponent+".GrabFocus", &ok)
	if (err == nil && ok) || !a.run.conn.visibleShown.Load() {
		return ok, err
	}
	r, berr := a.bounds()
	if berr != nil {
		return false, berr
	}
	x, y := r.Center()
	if err := a.b.input.activate(a.run.conn.pid, x, y); err != nil {
		return false, err
	}
	if _, err := a.b.input.checkUngrabbed(true, false, a.run.conn.pid); err != nil {
		return false, err
	}
	return true, a.b.input.click(x, y, "left", 1)
}

// activateWindow raises the element's application window and gives it the
// keyboard focus, so that keys reach it.
func (a *actor) activateWindow() error {
	x, y := a.el.Bounds.Center()
	if r, err := a.bounds(); err == nil {
		x, y = r.Center()
	}
	return a.b.input.activate(a.run.conn.pid, x, y)
}

// focusTimeout bounds the wait for the focus to land on an element: a
// window that has just been mapped takes the focus only once it is ready,
// which can take a second on a loaded machine. Halfway, the window is
// activated and the focus asked for again.
const focusTimeout = 2 * time.Second

// focusIfNeeded gives the element the focus unless it has it, and says
// whether it had it already. Keys go wherever the focus is, so when the
// focus did not land on the element nothing may be typed: that is
// input_failed.
func (a *actor) focusIfNeeded() (bool, error) {
	if a.h.states.has(stateFocused) {
		return true, nil
	}
	ok, err := a.requestFocus()
	if err != nil {
		return false, a.stale(err)
	}
	// GTK reports FOCUSED only once its window has received the X focus
	// that activateWindow gave it, a few milliseconds later: poll.
	focused := false
	start := time.Now()
	retried := false
	for deadline := start.Add(focusTimeout); ok; time.Sleep(5 * time.Millisecond) {
		st, err := a.states()
		if err != nil {
			return false, err
		}
		if focused = st.has(stateFocused); focused || time.Now().After(deadline) {
			break
		}
		if !retried && time.Since(start) > focusTimeout/2 {
			retried = true
			a.activateWindow()
			a.call(a.h.obj, ifaceComponent+".GrabFocus", &ok)
			ok = true
		}
	}
	if !focused {
		return false, uitree.Errorf(uitree.CodeInputFailed, "%s %q did not take the keyboard focus, so nothing was typed", a.el.Role, a.el.Name)
	}
	return false, nil
}

// bounds reads the element's current screen rectangle.
func (a *actor) bounds() (uitree.Rect, error) {
	var ext extents
	if err := a.call(a.h.obj, ifaceComponent+".GetExtents", &ext, uint32(0)); err != nil {
		return uitree.Rect{}, a.stale(err)
	}
	if ext.X == math.MinInt32 || ext.W <= 0 || ext.H <= 0 {
		return uitree.Rect{}, uitree.Errorf(uitree.CodeNotClickable, "%s has no usable bounds now", a.el.Ref)
	}
	r := uitree.Rect{X: int(ext.X), Y: int(ext.Y), Width: int(ext.W), Height: int(ext.H)}
	if a.run.conn.visibleShown.Load() {
		dx, dy := a.windowOrigin()
		r.X, r.Y = r.X+dx, r.Y+dy
	}
	return r, nil
}

// windowOrigin is where the element's top-level window lies on the screen,
// for a toolkit that answers extents relative to the window whatever the
// coordinate type asked for (GTK 4: "Screen coordinates not supported").
// The top-level is found through the element's parents, its X window by
// the application's pid and the top-level's title (the only window of the
// pid when no title matches). Zero when either cannot be found.
func (a *actor) windowOrigin() (dx, dy int) {
	if !a.originRead {
		a.origin[0], a.origin[1] = a.readWindowOrigin()
		a.originRead = true
	}
	return a.origin[0], a.origin[1]
}

// readWindowOrigin finds windowOrigin's answer through the bus and X.
func (a *actor) readWindowOrigin() (dx, dy int) {
	top := a.h.obj
	for range 64 {
		parent, err := a.parentOf(top)
		if err != nil {
			return 0, 0
		}
		var role uint32
		if parent.Path == "" || parent.Path == rootPath ||
			a.call(parent, ifaceAccessible+".GetRole", &role) != nil || role == roleApplication {
			break
		}
		top = parent
	}
	var title variantValue
	var ext extents
	if a.call(top, ifaceProperties+".Get", &title, ifaceAccessible, "Name") != nil ||
		a.call(top, ifaceComponent+".GetExtents", &ext, uint32(0)) != nil {
		return 0, 0
	}
	name, _ := title.v.(string)
	wins, err := x11Windows(a.run.conn.pid)
	if err != nil || len(wins) == 0 {
		return 0, 0
	}
	w := wins[0]
	for _, c := range wins {
		if c.Title == name {
			w = c
			break
		}
	}
	if len(wins) > 1 && w.Title != name {
		return 0, 0
	}
	return w.Bounds.X - int(ext.X), w.Bounds.Y - int(ext.Y)
}

func (a *actor) readOnly() bool {
	return a.h.states.has(stateReadOnly) || (a.h.interfaces&hasEditableText != 0 && !a.h.states.has(stateEditable))
}

func (a *actor) act(req uitree.ActionRequest) error {
	if !a.before.Enabled {
		return uitree.Errorf(uitree.CodeActionFailed, "%s %q is disabled", a.el.Role, a.el.Name)
	}
	switch req.Action {
	case uitree.ActionInvoke:
		return a.doAction()
	case uitree.ActionToggle:
		return a.doAction("click", "toggle", "activate", "press")
	case uitree.ActionSelect:
		return a.selectItem()
	case uitree.ActionExpand, uitree.ActionCollapse:
		want := req.Action == uitree.ActionExpand
		if a.h.role == roleComboBox {
			// GTK3 never sets EXPANDED on a combo box: whether its
			// popup is open shows in its menu's SHOWING state, and
			// "press" opens or closes the popup.
			if open, known := a.comboOpen(); known && open == want {
				return nil
			}
			return a.doAction("press", "click", "activate")
		}
		if a.h.states.has(stateExpandable) && a.h.states.has(stateExpanded) == want {
			return nil
		}
		return a.doAction("expand or contract", "activate", "press", "click")
	case uitree.ActionSetValue:
		if a.readOnly() {
			return uitree.Errorf(uitree.CodeReadOnly, "%s is read-only", a.el.Ref)
		}
		if a.h.gridCell {
			return a.enterCell(req.Value)
		}
		if a.h.interfaces&hasEditableText == 0 {
			// Chromium's fields have no EditableText: type the value
			// over the old text instead.
			if !a.h.states.has(stateEditable) {
				return uitree.Errorf(uitree.CodeUnsupportedPattern, "%s has no editable text", a.el.Ref)
			}
			return a.typeText(req.Value, true)
		}
		before, err := a.text()
		hadText := err == nil
		var ok bool
		err = a.call(a.h.obj, ifaceEditableText+".SetTextContents", &ok, req.Value)
		if err == nil && ok {
			after, changed := a.textChanges(before, req.Value)
			// Gecko's number fields answer true and keep their text
			// untouched: type the value over it, as a user would. A
			// text that changed otherwise (cut short by the field) is
			// for the read-back to judge.
			if hadText && !changed && after == before && before != req.Value &&
				a.h.states.has(stateFocusable) && a.h.interfaces&hasComponent != 0 {
				return a.typeText(req.Value, true)
			}
			return nil
		}
		return uitree.Errorf(uitree.CodeActionFailed, "%s refused the new text (%v)", a.el.Ref, err)
	case uitree.ActionSetRange:
		return a.setRange(req.RangeValue)
	case uitree.ActionFocus:
		return a.grabFocus()
	case uitree.ActionScrollIntoView:
		return a.scrollIntoView()
	case uitree.ActionScroll:
		return a.scroll(req.Horizontal, req.Vertical)
	case uitree.ActionClick:
		r, err := a.bounds()
		if err != nil {
			return err
		}
		x, y := r.Center()
		if err := a.b.input.activate(a.run.conn.pid, x, y); err != nil {
			return err
		}
		if _, err := a.b.input.checkUngrabbed(true, false, a.run.conn.pid); err != nil {
			return err
		}
		return a.b.input.click(x, y, req.Button, req.Count)
	case uitree.ActionTypeText:
		if a.readOnly() {
			return uitree.Errorf(uitree.CodeReadOnly, "%s is read-only", a.el.Ref)
		}
		if a.h.gridCell {
			return a.enterCell(req.Text)
		}
		return a.typeText(req.Text, req.Clear)
	case uitree.ActionKey:
		chord, err := uitree.ParseChord(req.Key)
		if err != nil {
			return err
		}
		if err := a.activateWindow(); err != nil {
			return err
		}
		if req.Focus {
			if _, err := a.focusIfNeeded(); err != nil {
				return err
			}
		}
		popup, err := a.b.input.checkUngrabbed(false, true, a.run.conn.pid)
		if err != nil {
			return err
		}
		if err := a.b.input.chord(chord); err != nil {
			return err
		}
		if popup != 0 && chord == (uitree.Chord{Key: "Escape"}) {
			return a.closeIgnoredMenu(popup)
		}
		return nil
	}
	return uitree.Errorf(uitree.CodeUnsupportedPattern, "%s is not an action", req.Action)
}

// selectItem selects a list item, table cell, page tab or radio button:
// through the parent's Table (rows) or Selection interface, or the item's
// own action. A GTK 3 page tab has no action: its notebook's Selection
// picks it.
func (a *actor) selectItem() error {
	if a.h.role == roleRadioButton || a.h.role == roleRadioMenuItem || (a.h.role == rolePageTab && len(a.h.actionKeys) > 0) {
		return a.doAction("click", "press", "activate")
	}
	var parentV variantValue
	if err := a.call(a.h.obj, ifaceProperties+".Get", &parentV, ifaceAccessible, "Parent"); err != nil {
		return a.stale(err)
	}
	parent, _ := parentV.v.(objRef)
	var index int32
	if err := a.call(a.h.obj, ifaceAccessible+".GetIndexInParent", &index); err != nil || index < 0 {
		return uitree.Errorf(uitree.CodeActionFailed, "%s has no place in its parent (%v)", a.el.Ref, err)
	}
	var parentRole uint32
	if parent.Path != "" && a.call(parent, ifaceAccessible+".GetRole", &parentRole) != nil {
		return uitree.Errorf(uitree.CodeStaleElement, "%s's parent is gone", a.el.Ref)
	}
	// A combo box's items sit in its (closed) popup menu; selecting one
	// in the menu only highlights it. The combo box's own Selection picks
	// the item, by the same index.
	if parentRole == roleMenu {
		var gv variantValue
		if a.call(parent, ifaceProperties+".Get", &gv, ifaceAccessible, "Parent") == nil {
			combo, _ := gv.v.(objRef)
			var comboRole uint32
			if combo.Path != "" && a.call(combo, ifaceAccessible+".GetRole", &comboRole) == nil && comboRole == roleComboBox {
				var ok bool
				err := a.call(combo, ifaceSelection+".SelectChild", &ok, index)
				if err == nil && ok {
					a.combo = combo
					return nil
				}
				// Chromium's select has no Selection: its option's
				// own action chooses it.
				if len(a.h.actionKeys) == 0 {
					return uitree.Errorf(uitree.CodeActionFailed, "the combo box refused item %d (%v)", index, err)
				}
				return a.doAction("click", "select", "activate", "press")
			}
		}
	}
	var row int32
	if (parentRole == roleTable || parentRole == roleTreeTable) && a.call(parent, ifaceTable+".GetRowAtIndex", &row, index) == nil && row >= 0 {
		var ok bool
		if err := a.call(parent, ifaceTable+".AddRowSelection", &ok, row); err == nil && ok {
			return nil
		}
	}
	if parent.Path != "" {
		var ok bool
		if err := a.call(parent, ifaceSelection+".SelectChild", &ok, index); err == nil && ok {
			return nil
		}
	}
	if len(a.h.actionKeys) > 0 {
		return a.doAction("select", "activate", "click")
	}
	return uitree.Errorf(uitree.CodeActionFailed, "%s could not be selected", a.el.Ref)
}

func (a *actor) setRange(v float64) error {
	if a.readOnly() {
		return uitree.Errorf(uitree.CodeReadOnly, "%s is read-only", a.el.Ref)
	}
	var vi valueInfo
	if err := a.value(a.h.obj, &vi); err != nil || !vi.ok {
		return uitree.Errorf(uitree.CodeUnsupportedPattern, "%s has no range value (%v)", a.el.Ref, err)
	}
	if v < vi.min || v > vi.max || math.IsNaN(v) {
		return uitree.Errorf(uitree.CodeInvalidParams, "value %g is outside %s's range %g to %g", v, a.el.Ref, vi.min, vi.max)
	}
	if err := a.call(a.h.obj, ifaceProperties+".Set", nil, ifaceValue, "CurrentValue", dbus.MakeVariant(v)); err != nil {
		return uitree.Errorf(uitree.CodeActionFailed, "%s refused value %g: %w", a.el.Ref, v, err)
	}
	return nil
}
