//go:build linux

package atspi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"textfirst/internal/windows2text/uitree"
)

// act takes a fresh snapshot, finds role/name and performs req on it.
func act(t *testing.T, role uitree.Role, name string, req uitree.ActionRequest) (uitree.ActionResult, error) {
	t.Helper()
	s, _ := snap(t, nil)
	el := mustFind(t, s.Tree.Root, role, name)
	if req.WaitMs == 0 {
		req.WaitMs = 100
	}
	return backend.Act(context.Background(), el, req)
}

// mustAct acts and fails the test on an error or an unverified effect.
func mustAct(t *testing.T, role uitree.Role, name string, req uitree.ActionRequest) uitree.ActionResult {
	t.Helper()
	res, err := act(t, role, name, req)
	if err != nil {
		t.Fatalf("%s on %s %q: %v", req.Action, role, name, err)
	}
	if !res.Verified {
		t.Errorf("%s on %s %q not verified: %+v", req.Action, role, name, res)
	}
	return res
}

// appSays reads the state the test application records in its state
// file and compares the answer to question cmd (e.g. "entry" -> "entry
// Ada"), waiting a little for the UI and the file to catch up.
func appSays(t *testing.T, cmd, want string) {
	t.Helper()
	var got string
	for range 40 {
		st, err := mainApp.State()
		if err != nil {
			t.Fatal(err)
		}
		var ok bool
		if got, ok = st[cmd]; !ok {
			t.Fatalf("the application's state has no %q: %v", cmd, st)
		}
		if got == want {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Errorf("%s: the application's state says %q, want %q", cmd, got, want)
}

func TestActInvokeAndClick(t *testing.T) {
	for _, a := range []uitree.Action{uitree.ActionInvoke, uitree.ActionClick} {
		t.Run(string(a), func(t *testing.T) {
			defer mainApp.Command("status Status: ready")
			mustAct(t, uitree.RoleButton, "Save", uitree.ActionRequest{Action: a, Button: "left", Count: 1})
			appSays(t, "label", "label Saved")
		})
	}
}

func TestActToggle(t *testing.T) {
	res := mustAct(t, uitree.RoleCheckBox, "Bold", uitree.ActionRequest{Action: uitree.ActionToggle})
	appSays(t, "check", "check 1")
	if !strings.Contains(strings.Join(res.States, ","), "checked") {
		t.Errorf("states after toggle %v", res.States)
	}
	mustAct(t, uitree.RoleCheckBox, "Bold", uitree.ActionRequest{Action: uitree.ActionToggle})
	appSays(t, "check", "check 0")
}

func TestActSetValueAndRange(t *testing.T) {
	defer act(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Ada"})
	res := mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Grace Hopper"})
	appSays(t, "entry", "entry Grace Hopper")
	if res.Value == nil || *res.Value != "Grace Hopper" {
		t.Errorf("read back %v", res.Value)
	}
	if _, err := act(t, uitree.RoleEdit, "Serial", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "x"}); uitree.CodeOf(err) != uitree.CodeReadOnly {
		t.Errorf("set_value on a read-only entry: %v", err)
	}

	defer act(t, uitree.RoleSlider, "Volume", uitree.ActionRequest{Action: uitree.ActionSetRange, RangeValue: 30})
	mustAct(t, uitree.RoleSlider, "Volume", uitree.ActionRequest{Action: uitree.ActionSetRange, RangeValue: 55})
	appSays(t, "scale", "scale 55")
	if _, err := act(t, uitree.RoleSlider, "Volume", uitree.ActionRequest{Action: uitree.ActionSetRange, RangeValue: 500}); uitree.CodeOf(err) != uitree.CodeInvalidParams {
		t.Errorf("set_range out of range: %v", err)
	}
}

func TestActFocusExpandSelect(t *testing.T) {
	mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionFocus})
	appSays(t, "focus", "focus Name")
	defer act(t, uitree.RoleButton, "Save", uitree.ActionRequest{Action: uitree.ActionFocus})

	mustAct(t, uitree.RoleButton, "Details", uitree.ActionRequest{Action: uitree.ActionExpand})
	appSays(t, "expanded", "expanded 1")
	// Expanding what is expanded changes nothing.
	mustAct(t, uitree.RoleButton, "Details", uitree.ActionRequest{Action: uitree.ActionExpand})
	appSays(t, "expanded", "expanded 1")
	mustAct(t, uitree.RoleButton, "Details", uitree.ActionRequest{Action: uitree.ActionCollapse})
	appSays(t, "expanded", "expanded 0")

	mustAct(t, uitree.RoleDataItem, "Row 3", uitree.ActionRequest{Action: uitree.ActionSelect})
	appSays(t, "selected", "selected 3")
	mustAct(t, uitree.RoleDataItem, "Row 1", uitree.ActionRequest{Action: uitree.ActionScrollIntoView})
}

func TestActScroll(t *testing.T) {
	s, _ := snap(t, nil)
	list := mustFind(t, s.Tree.Root, uitree.RoleDataGrid, "Items")
	pane := parentOf(s.Tree.Root, list)
	if pane == nil || !pane.Actions.Has(uitree.ActionScroll) {
		t.Fatalf("the list's scroll pane %+v has no scroll action", pane)
	}
	if _, err := backend.Act(context.Background(), pane, uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: "no_amount", Vertical: "large_increment", WaitMs: 100}); err != nil {
		t.Fatal(err)
	}
	got, _ := mainApp.Command("scrolled")
	if got == "scrolled 0" {
		t.Errorf("the list did not scroll: %s", got)
	}
	// The rows on screen follow the scroll.
	after, _ := snap(t, nil)
	if l := mustFind(t, after.Tree.Root, uitree.RoleDataGrid, "Items"); find(l, uitree.RoleDataItem, "Row 0") != nil {
		t.Error("Row 0 is still walked after scrolling down")
	}
	for range 10 {
		backend.Act(context.Background(), pane, uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: "no_amount", Vertical: "large_decrement"})
	}
	appSays(t, "scrolled", "scrolled 0")

	// A small step is a row or so, a large one about a page: not a
	// twentieth or a fifth of 2,000 rows.
	scrolled := func() float64 {
		got, _ := mainApp.Command("scrolled")
		var v float64
		fmt.Sscanf(got, "scrolled %g", &v)
		return v
	}
	if _, err := backend.Act(context.Background(), pane, uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: "no_amount", Vertical: "small_increment", WaitMs: 100}); err != nil {
		t.Fatal(err)
	}
	if v := scrolled(); v <= 0 || v > 60 {
		t.Errorf("small_increment scrolled %g pixels, want one row (1 to 60)", v)
	}
	before := scrolled()
	if _, err := backend.Act(context.Background(), pane, uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: "no_amount", Vertical: "large_increment", WaitMs: 100}); err != nil {
		t.Fatal(err)
	}
	if d, h := scrolled()-before, float64(pane.Bounds.Height); d < h/2 || d > h {
		t.Errorf("large_increment scrolled %g pixels, want about a page (%g to %g)", d, h/2, h)
	}
	for range 10 {
		backend.Act(context.Background(), pane, uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: "no_amount", Vertical: "large_decrement"})
	}
}

func TestActTypeAndKey(t *testing.T) {
	defer act(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Ada"})
	mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionTypeText, Text: "Hello, world!", Clear: true})
	appSays(t, "entry", "entry Hello, world!")
	mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionKey, Key: "Backspace", Focus: true})
	appSays(t, "entry", "entry Hello, world")
	// Without clear, typing appends, even when taking the focus first.
	mustAct(t, uitree.RoleButton, "Save", uitree.ActionRequest{Action: uitree.ActionFocus})
	mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionTypeText, Text: " é ✓"})
	appSays(t, "entry", "entry Hello, world é ✓")
	mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionKey, Key: "CTRL+A", Focus: true})
	mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionTypeText, Text: "ok"})
	appSays(t, "entry", "entry ok")
	if _, err := act(t, uitree.RoleEdit, "Serial", uitree.ActionRequest{Action: uitree.ActionTypeText, Text: "x"}); uitree.CodeOf(err) != uitree.CodeReadOnly {
		t.Errorf("type_text into a read-only entry: %v", err)
	}
}

func TestActStaleElement(t *testing.T) {
	s, _ := snap(t, nil)
	old := mustFind(t, s.Tree.Root, uitree.RoleButton, "Save")
	if _, err := mainApp.Command("recreate"); err != nil {
		t.Fatal(err)
	}
	_, err := backend.Act(context.Background(), old, uitree.ActionRequest{Action: uitree.ActionInvoke})
	if uitree.CodeOf(err) != uitree.CodeStaleElement {
		t.Errorf("invoke on a destroyed button: %v, want stale_element", err)
	}
	// The new button works.
	defer mainApp.Command("status Status: ready")
	mustAct(t, uitree.RoleButton, "Save", uitree.ActionRequest{Action: uitree.ActionInvoke})
	appSays(t, "label", "label Saved")
}

// TestActReachesCoveredWindow puts the other application's window on top
// of the test window (both open at 0,0) and the pointer over it: click and
// type_text must still reach the test window.
func TestActReachesCoveredWindow(t *testing.T) {
	inMain := func(r *uitree.Request) { r.Scope, r.PID = uitree.ScopeProcess, mainApp.PID }
	actMain := func(role uitree.Role, name string, req uitree.ActionRequest) {
		t.Helper()
		s, _ := snap(t, inMain)
		res, err := backend.Act(context.Background(), mustFind(t, s.Tree.Root, role, name), req)
		if err != nil || !res.Verified {
			t.Fatalf("%s on %s %q: %+v, %v", req.Action, role, name, res, err)
		}
	}
	if _, err := other.Command("present"); err != nil {
		t.Fatal(err)
	}
	defer mainApp.Command("present")
	s, _ := snap(t, inMain)
	save := mustFind(t, s.Tree.Root, uitree.RoleButton, "Save")
	x, y := save.Bounds.Center()
	movePointer(t, x, y)
	if cur, _ := snap(t, func(r *uitree.Request) { r.Scope = uitree.ScopeForeground }); cur.Tree.Root.Name != "w2t other" {
		t.Fatalf("the other window is not in front: %q", cur.Tree.Root.Name)
	}
	defer mainApp.Command("status Status: ready")
	actMain(uitree.RoleButton, "Save", uitree.ActionRequest{Action: uitree.ActionClick, Button: "left", Count: 1, WaitMs: 100})
	appSays(t, "label", "label Saved")

	other.Command("present")
	defer actMain(uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Ada"})
	actMain(uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionTypeText, Text: "Kay", Clear: true, WaitMs: 100})
	appSays(t, "entry", "entry Kay")
	if got, _ := other.Command("entry"); got != "entry Ada" {
		t.Errorf("the other application's entry changed: %q", got)
	}
}
