//go:build linux

package atspi_test

import (
	"context"
	"strings"
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// appLine asks the test application one question.
func appLine(t *testing.T, cmd string) string {
	t.Helper()
	got, err := mainApp.Command(cmd)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestActScrollIntoView scrolls an option that lies below and right of
// its pane's visible part into view, proves it is on screen by clicking
// it physically, and scrolls back.
func TestActScrollIntoView(t *testing.T) {
	defer mainApp.Command("options")
	if got := appLine(t, "options"); got != "options v=0 h=0 checked=" {
		t.Fatalf("options before: %q", got)
	}
	res := mustAct(t, uitree.RoleCheckBox, "Option 25", uitree.ActionRequest{Action: uitree.ActionScrollIntoView, WaitMs: 1000})
	if got := appLine(t, "options"); strings.HasPrefix(got, "options v=0 ") {
		t.Fatalf("the options pane did not scroll: %q", got)
	}
	if !res.Settled {
		t.Errorf("scroll_into_view did not settle: %+v", res)
	}
	// On screen now: a physical click at its centre toggles it.
	mustAct(t, uitree.RoleCheckBox, "Option 25", uitree.ActionRequest{Action: uitree.ActionClick, Button: "left", Count: 1})
	appSays(t, "check", "check 0") // the Bold check box is untouched
	if got := appLine(t, "options"); !strings.HasSuffix(got, " checked=25") {
		t.Errorf("after clicking Option 25: %q", got)
	}
	mustAct(t, uitree.RoleCheckBox, "Option 25", uitree.ActionRequest{Action: uitree.ActionToggle})
	mustAct(t, uitree.RoleCheckBox, "Option 0", uitree.ActionRequest{Action: uitree.ActionScrollIntoView})
	if got := appLine(t, "options"); !strings.HasPrefix(got, "options v=0 ") || !strings.HasSuffix(got, "checked=") {
		t.Errorf("after scrolling Option 0 into view: %q", got)
	}
}

// TestActScrollEveryAmount scrolls the options pane by every amount on
// each axis and reads the application's scroll positions.
func TestActScrollEveryAmount(t *testing.T) {
	pane := func() *uitree.Element {
		// Option 0 may be scrolled out of sight: look for it anyway.
		s, _ := snap(t, func(r *uitree.Request) { r.VisibleOnly = false })
		opt := mustFind(t, s.Tree.Root, uitree.RoleCheckBox, "Option 0")
		p := parentOf(s.Tree.Root, opt)
		if p == nil {
			t.Fatal("Option 0 has no parent")
		}
		return p
	}
	position := func() (v, h string) {
		f := strings.Fields(appLine(t, "options"))
		return f[1], f[2]
	}
	scroll := func(horizontal, vertical string) {
		t.Helper()
		if _, err := backend.Act(context.Background(), pane(), uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: horizontal, Vertical: vertical, WaitMs: 100}); err != nil {
			t.Fatalf("scroll %s %s: %v", horizontal, vertical, err)
		}
	}
	v0, h0 := position()
	for _, step := range []struct {
		horizontal, vertical string
		moves                string // "v", "h" or "" (compared with the previous step)
	}{
		{"no_amount", "small_increment", "v"},
		{"no_amount", "large_increment", "v"},
		{"no_amount", "small_decrement", "v"},
		{"no_amount", "large_decrement", "v"},
		{"small_increment", "no_amount", "h"},
		{"large_increment", "no_amount", "h"},
		{"small_decrement", "no_amount", "h"},
		{"large_decrement", "no_amount", "h"},
		{"no_amount", "no_amount", ""},
	} {
		scroll(step.horizontal, step.vertical)
		v, h := position()
		if (v != v0) != (step.moves == "v") || (h != h0) != (step.moves == "h") {
			t.Errorf("scroll %s/%s: %s %s -> %s %s", step.horizontal, step.vertical, v0, h0, v, h)
		}
		v0, h0 = v, h
	}
	for range 4 {
		scroll("large_decrement", "large_decrement")
	}
	if got := appLine(t, "options"); !strings.HasPrefix(got, "options v=0 h=0 ") {
		t.Errorf("back at the start: %q", got)
	}
}

// TestActClickButtons clicks the Pad button with each mouse button and
// count; the application counts the presses it received.
func TestActClickButtons(t *testing.T) {
	for _, tt := range []struct {
		button string
		count  int
		want   string
	}{
		{"left", 1, "pad 1 1"},
		{"middle", 1, "pad 2 1"},
		{"right", 1, "pad 3 1"},
		{"left", 2, "pad 1 2"},
		{"right", 3, "pad 3 3"},
	} {
		t.Run(tt.button+strings.Repeat("+", tt.count-1), func(t *testing.T) {
			appLine(t, "padreset")
			mustAct(t, uitree.RoleButton, "Pad", uitree.ActionRequest{Action: uitree.ActionClick, Button: tt.button, Count: tt.count})
			appSays(t, "pad", tt.want)
		})
	}
}

// TestActKeyChords sends chords with every modifier and checks the
// accelerator the application saw.
func TestActKeyChords(t *testing.T) {
	defer act(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Ada"})
	for _, tt := range []struct{ key, want string }{
		{"CTRL+SHIFT+P", "lastkey <Primary><Shift>p"},
		{"ALT+F5", "lastkey <Alt>F5"},
		{"WIN+E", "lastkey <Super>e"},
		{"CTRL+ALT+SHIFT+Home", "lastkey <Primary><Shift><Alt>Home"},
		{"F12", "lastkey F12"},
		{"PageDown", "lastkey Page_Down"},
	} {
		t.Run(tt.key, func(t *testing.T) {
			mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionKey, Key: tt.key, Focus: true})
			appSays(t, "lastkey", tt.want)
		})
	}
}

// TestActUnicodeTyping types characters that have no key on the keyboard.
func TestActUnicodeTyping(t *testing.T) {
	defer act(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Ada"})
	const text = "Grüße, 日本語 — Ωμέγα ✓ 😀 x"
	res := mustAct(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionTypeText, Text: text, Clear: true})
	appSays(t, "entry", "entry "+text)
	if res.Value == nil || *res.Value != text {
		t.Errorf("read back %v", res.Value)
	}
}

// TestActInputFailed makes the Name entry refuse the focus after the
// snapshot: typing must fail with input_failed and type nothing anywhere.
func TestActInputFailed(t *testing.T) {
	s, _ := snap(t, nil)
	name := mustFind(t, s.Tree.Root, uitree.RoleEdit, "Name")
	if _, err := mainApp.Command("nofocus 1"); err != nil {
		t.Fatal(err)
	}
	defer mainApp.Command("nofocus 0")
	mustAct(t, uitree.RoleButton, "Save", uitree.ActionRequest{Action: uitree.ActionFocus})
	for _, req := range []uitree.ActionRequest{
		{Action: uitree.ActionTypeText, Text: "typed", WaitMs: 50},
		{Action: uitree.ActionKey, Key: "Backspace", Focus: true, WaitMs: 50},
	} {
		_, err := backend.Act(context.Background(), name, req)
		if uitree.CodeOf(err) != uitree.CodeInputFailed {
			t.Errorf("%s into an entry that refuses the focus: %v, want input_failed", req.Action, err)
		}
	}
	appSays(t, "entry", "entry Ada")
	appSays(t, "focus", "focus Save")
	appSays(t, "label", "label Status: ready")
}

// TestActErrorCodes produces every action error of the backend with a
// real case.
func TestActErrorCodes(t *testing.T) {
	defer mainApp.Command("maxlen 0")
	defer act(t, uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Ada"})
	tests := []struct {
		name  string
		setup string // a command for the application first
		role  uitree.Role
		elem  string
		req   uitree.ActionRequest
		want  uitree.Code
	}{
		{"set_range on text", "", uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetRange, RangeValue: 3}, uitree.CodeUnsupportedPattern},
		{"set_value on a slider", "", uitree.RoleSlider, "Volume", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "3"}, uitree.CodeUnsupportedPattern},
		{"scroll a button", "", uitree.RoleButton, "Save", uitree.ActionRequest{Action: uitree.ActionScroll, Horizontal: "no_amount", Vertical: "small_increment"}, uitree.CodeUnsupportedPattern},
		{"set_value on a read-only entry", "", uitree.RoleEdit, "Serial", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "x"}, uitree.CodeReadOnly},
		{"invoke a disabled button", "", uitree.RoleButton, "Disabled", uitree.ActionRequest{Action: uitree.ActionInvoke}, uitree.CodeActionFailed},
		// The entry takes only three characters: the value read back
		// is not the one set.
		{"set_value cut by the application", "maxlen 3", uitree.RoleEdit, "Name", uitree.ActionRequest{Action: uitree.ActionSetValue, Value: "Grace"}, uitree.CodeActionFailed},
		{"click a closed menu's item", "", uitree.RoleMenuItem, "Open", uitree.ActionRequest{Action: uitree.ActionClick, Button: "left", Count: 1}, uitree.CodeNotClickable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.setup != "" {
				appLine(t, tt.setup)
			}
			_, err := act(t, tt.role, tt.elem, tt.req)
			if uitree.CodeOf(err) != tt.want {
				t.Errorf("%v, want %s", err, tt.want)
			}
		})
	}
	appSays(t, "label", "label Status: ready")
}

// TestActComboAndList opens and closes a combo box's popup, selects one
// of its items and a list row.
func TestActComboAndList(t *testing.T) {
	defer mainApp.Command("present")
	defer mainApp.Command("popdown")
	for _, step := range []struct {
		action uitree.Action
		want   string
	}{
		{uitree.ActionExpand, "popup 1"},
		{uitree.ActionExpand, "popup 1"}, // already open: nothing to do
		{uitree.ActionCollapse, "popup 0"},
		{uitree.ActionCollapse, "popup 0"},
	} {
		// The open popup is in front: look in the test process.
		s, _ := snap(t, func(r *uitree.Request) { r.Scope, r.PID = uitree.ScopeProcess, mainApp.PID })
		combo := mustFind(t, s.Tree.Root, uitree.RoleComboBox, "Red")
		res, err := backend.Act(context.Background(), combo, uitree.ActionRequest{Action: step.action, WaitMs: 300})
		if err != nil || !res.Verified {
			t.Fatalf("%s: %+v, %v", step.action, res, err)
		}
		appSays(t, "popup", step.want)
	}
	mainApp.Command("present")
	defer act(t, uitree.RoleMenuItem, "Red", uitree.ActionRequest{Action: uitree.ActionSelect})
	mustAct(t, uitree.RoleMenuItem, "Blue", uitree.ActionRequest{Action: uitree.ActionSelect})
	appSays(t, "combo", "combo Blue")
	mustAct(t, uitree.RoleDataItem, "Row 5", uitree.ActionRequest{Action: uitree.ActionSelect})
	appSays(t, "selected", "selected 5")
}

// TestActInputFailedUnderGrab opens the other application's combo box
// popup, which grabs the mouse and the keyboard: a click or typing aimed at
// the test window would reach the popup instead, so both are input_failed
// and the test application's state does not change.
func TestActInputFailedUnderGrab(t *testing.T) {
	inOther := func(r *uitree.Request) { r.Scope, r.PID = uitree.ScopeProcess, other.PID }
	s, _ := snap(t, inOther)
	combo := mustFind(t, s.Tree.Root, uitree.RoleComboBox, "Red")
	if _, err := backend.Act(context.Background(), combo, uitree.ActionRequest{Action: uitree.ActionExpand, WaitMs: 200}); err != nil {
		t.Fatal(err)
	}
	defer mainApp.Command("present")
	defer other.Command("popdown")
	// The popup is in front now: find the targets in the test process.
	main, _ := snap(t, func(r *uitree.Request) { r.Scope, r.PID = uitree.ScopeProcess, mainApp.PID })
	act := func(t *testing.T, role uitree.Role, name string, req uitree.ActionRequest) (uitree.ActionResult, error) {
		return backend.Act(context.Background(), mustFind(t, main.Tree.Root, role, name), req)
	}
	for _, req := range []uitree.ActionRequest{
		{Action: uitree.ActionClick, Button: "left", Count: 1, WaitMs: 50},
	} {
		_, err := act(t, uitree.RoleButton, "Save", req)
		t.Logf("%s: %v", req.Action, err)
		if uitree.CodeOf(err) != uitree.CodeInputFailed {
			t.Errorf("%s on Save under another application's grab: %v, want input_failed", req.Action, err)
		}
	}
	for _, req := range []uitree.ActionRequest{
		{Action: uitree.ActionTypeText, Text: "typed", WaitMs: 50},
		{Action: uitree.ActionKey, Key: "Backspace", Focus: true, WaitMs: 50},
		// Without focus, the keyboard grab itself is what stops it.
		{Action: uitree.ActionKey, Key: "Backspace", Focus: false, WaitMs: 50},
	} {
		_, err := act(t, uitree.RoleEdit, "Name", req)
		t.Logf("%s: %v", req.Action, err)
		if uitree.CodeOf(err) != uitree.CodeInputFailed {
			t.Errorf("%s into Name under another application's grab: %v, want input_failed", req.Action, err)
		}
	}
	appSays(t, "label", "label Status: ready")
	appSays(t, "entry", "entry Ada")
	if got, _ := other.Command("combo"); got != "combo Red" {
		t.Errorf("the other application's combo box changed: %q", got)
	}
}
