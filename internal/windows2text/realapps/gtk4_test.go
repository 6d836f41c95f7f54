//go:build linux

package realapps

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestGTK4Visible: GTK 4 marks its widgets VISIBLE but never SHOWING (only
// the top-level window is), and its notebook and stack pages have no
// geometry at all. gtk4-widget-factory's first page must be read as shown
// (its check boxes, toggle buttons and entries are targets, in observe and
// in a visible-only snapshot), while the pages behind it, VISIBLE too but
// laid out at zero size, stay out.
func TestGTK4Visible(t *testing.T) {
	// GL under Xvfb makes GTK 4 take seconds to start; cairo draws the same.
	app, c, obs := serveApp(t, []string{"GSK_RENDERER=cairo"}, "gtk4-widget-factory")
	obs["maxTargets"] = 500
	if _, _, ok := c.awaitTarget(obs, `CheckBox "checkbutton"`, 5*time.Second); !ok {
		_, _, visible := c.observe(obs)
		t.Fatalf("no GTK 4 check box in observe:\n%s", strings.Join(visible, "\n"))
	}
	_, targets, visible := c.observe(obs)
	find(t, targets, `Button "togglebutton"`)
	find(t, targets, `Spinner "GtkSpinButton"`)
	all := strings.Join(visible, "\n")
	for _, hidden := range []string{`"January"`, `"Bottom"`} {
		if strings.Contains(all, hidden) {
			t.Errorf("%s (on a page not shown) is in observe:\n%s", hidden, all)
		}
	}
	// A dialog: VISIBLE, never SHOWING, listed and observed all the same.
	c.ok("key", map[string]any{"ref": find(t, targets, `Button "togglebutton"`).Ref, "key": "F1", "focus": false})
	if !eventually(5*time.Second, func() bool {
		raw, _ := json.Marshal(c.ok("windows", nil))
		return strings.Contains(string(raw), "About")
	}) {
		t.Fatalf("the About dialog is not listed: %v", c.ok("windows", nil))
	}
	closeButton, _, ok := c.awaitTarget(map[string]any{"scope": "foreground"}, `Button "Close"`, 5*time.Second)
	if !ok {
		_, _, visible := c.observe(map[string]any{"scope": "foreground"})
		t.Fatalf("the About dialog's controls are not observed:\n%s", strings.Join(visible, "\n"))
	}
	// Closing it through its button: the dialog leaves the listing.
	c.ok("invoke", map[string]any{"ref": closeButton.Ref})
	if !eventually(5*time.Second, func() bool {
		raw, _ := json.Marshal(c.ok("windows", nil))
		return !strings.Contains(string(raw), "About")
	}) {
		t.Errorf("the About dialog is still listed after Close: %v", c.ok("windows", nil))
	}
	snap := c.ok("snapshot", map[string]any{"scope": "process", "pid": app.PID, "visibleOnly": true, "maxNodes": 2000})
	raw, _ := json.Marshal(snap)
	text := string(raw)
	if !strings.Contains(text, `"checkbutton"`) || strings.Contains(text, `"January"`) {
		t.Errorf("visible-only snapshot: check box shown %v, hidden page's January shown %v",
			strings.Contains(text, `"checkbutton"`), strings.Contains(text, `"January"`))
	}
}

// TestGTK4ClickUnderWindowManager: GTK 4 answers extents relative to its
// window, whatever coordinate type is asked for. Under a window manager
// the window is not at the screen's origin: a click must land on the
// element all the same (an unchecked check box becomes checked).
func TestGTK4ClickUnderWindowManager(t *testing.T) {
	withWindowManager(t)
	_, c, obs := serveApp(t, []string{"GSK_RENDERER=cairo"}, "gtk4-widget-factory")
	obs["maxTargets"] = 500
	_, targets, ok := c.awaitTarget(obs, `CheckBox "checkbutton"`, 5*time.Second)
	if !ok {
		t.Fatalf("no GTK 4 check box in observe")
	}
	box := target{}
	for _, tg := range targets {
		if strings.HasPrefix(tg.Label, `CheckBox "checkbutton"`) && !strings.Contains(tg.Label, "checked") && !strings.Contains(tg.Label, "disabled") {
			box = tg
			break
		}
	}
	if box.Ref == "" {
		t.Fatalf("no unchecked, enabled check box among %v", targets)
	}
	c.ok("click", map[string]any{"ref": box.Ref})
	// The same box, by its place among the check boxes, is checked.
	if !eventually(3*time.Second, func() bool {
		_, after, _ := c.observe(obs)
		for i, tg := range after {
			if i < len(targets) && targets[i].Label == box.Label && strings.HasPrefix(tg.Label, `CheckBox "checkbutton"`) {
				return strings.Contains(tg.Label, "checked")
			}
		}
		return false
	}) {
		_, _, visible := c.observe(obs)
		t.Errorf("the click missed %s:\n%s", box.Label, strings.Join(visible, "\n"))
	}
}

// TestGTK4TypeAndSetValue: GTK 4 (4.8) gives no focus through
// Component.GrabFocus and answers GetText's end offset -1 with nothing.
// Typing into an entry that does not have the focus, focusing another,
// and setting a third's text must each happen and be read back.
func TestGTK4TypeAndSetValue(t *testing.T) {
	_, c, obs := serveApp(t, []string{"GSK_RENDERER=cairo"}, "gtk4-widget-factory")
	obs["maxTargets"] = 500
	_, targets, ok := c.awaitTarget(obs, `Edit "GtkEntry" value="entry"`, 5*time.Second)
	if !ok {
		t.Fatalf("no GTK 4 entry in observe")
	}
	empty := find(t, targets, `Edit "GtkEntry" [ref=`)
	if res := c.ok("type_text", map[string]any{"ref": empty.Ref, "text": "hello"}); res["verified"] != true || res["value"] != "hello" {
		t.Errorf("type_text: %v", res)
	}
	if res := c.ok("focus", map[string]any{"ref": find(t, targets, `Edit "GtkEntry" value="comboboxentry"`).Ref}); res["verified"] != true {
		t.Errorf("focus: %v", res)
	}
	if res := c.ok("set_value", map[string]any{"ref": find(t, targets, `Edit "GtkEntry" value="entry"`).Ref, "value": "set!"}); res["verified"] != true || res["value"] != "set!" {
		t.Errorf("set_value: %v", res)
	}
	_, _, visible := c.observe(obs)
	all := strings.Join(visible, "\n")
	for _, want := range []string{`Edit "GtkEntry" value="hello"`, `Edit "GtkEntry" value="set!"`} {
		if !strings.Contains(all, want) {
			t.Errorf("observe does not read %s back", want)
		}
	}
}
