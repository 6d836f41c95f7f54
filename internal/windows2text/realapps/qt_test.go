//go:build linux

package realapps

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// qtEnv switches Qt 5's AT-SPI bridge on without a desktop session.
var qtEnv = []string{"QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1", "QT_ACCESSIBILITY=1", "QT_QPA_PLATFORM=xcb"}

// TestQtAppSurvivesEveryScopeAndView reads a Qt 5 editor (FeatherPad) with
// every scope and view of snapshot and observe: Qt 5.15's bridge crashes
// on Properties.GetAll, so one wrong call kills the application. Then an
// action: text typed into the editor is read back.
func TestQtAppSurvivesEveryScopeAndView(t *testing.T) {
	app := start(t, qtEnv, "featherpad")
	c := serve(t)
	wins := c.ok("windows", map[string]any{})
	hwnd := ""
	for _, w := range wins["windows"].([]any) {
		m := w.(map[string]any)
		if int(m["pid"].(float64)) == app.PID {
			hwnd = m["hwnd"].(string)
		}
	}
	if hwnd == "" {
		t.Fatalf("no window of FeatherPad in %v", wins)
	}
	scopes := []map[string]any{
		{"scope": "foreground"}, {"scope": "desktop"}, {"scope": "process", "pid": app.PID},
		{"scope": "hwnd", "hwnd": hwnd}, {"scope": "cursor"},
	}
	for _, scope := range scopes {
		for _, view := range []string{"control", "content", "raw"} {
			for _, method := range []string{"snapshot", "observe"} {
				p := map[string]any{"view": view, "maxDepth": 30, "maxNodes": 2000}
				for k, v := range scope {
					p[k] = v
				}
				r := c.do(method, p)
				if !r.OK {
					t.Errorf("%s %v: %s", method, p, r.raw)
				}
				if !app.Alive() {
					t.Fatalf("FeatherPad died after %s %v: %s", method, p, r.raw)
				}
				if un, _ := r.Result["unresponsive"].([]any); len(un) > 0 {
					t.Errorf("%s %v: unresponsive %v", method, p, un)
				}
			}
		}
	}
	// Default parameters too.
	c.ok("snapshot", nil)
	c.ok("observe", nil)
	if !app.Alive() {
		t.Fatal("FeatherPad died")
	}

	// An action: type into the editor, read it back.
	_, targets, _ := c.observe(inProcess(app.PID))
	var editor target
	for _, tg := range targets {
		if strings.HasPrefix(tg.Label, "Edit ") && strings.Contains(tg.Label, "focused") {
			editor = tg
		}
	}
	if editor.Ref == "" {
		editor = find(t, targets, "Edit ")
	}
	text := fmt.Sprintf("Qt says hi %d", time.Now().Unix()%1000)
	res := c.ok("type_text", map[string]any{"ref": editor.Ref, "text": text})
	if v, _ := res["value"].(string); !strings.Contains(v, text) {
		t.Errorf("type_text answered value %q, want it to contain %q", v, text)
	}
	_, _, visible := c.observe(inProcess(app.PID))
	if !strings.Contains(strings.Join(visible, "\n"), text) {
		t.Errorf("the typed text is not in observe:\n%s", strings.Join(visible, "\n"))
	}
	if !app.Alive() {
		t.Fatal("FeatherPad died")
	}

	// Qt names its actions "Press", "SetFocus": invoke presses the New
	// button, which opens a second tab; a label with only "SetFocus" is
	// no target for invoke.
	_, targets, _ = c.observe(inProcess(app.PID))
	tabs := 0
	for _, tg := range targets {
		if strings.HasPrefix(tg.Label, "TabItem ") {
			tabs++
		}
		if strings.HasPrefix(tg.Label, "Text ") && tg.has("invoke") {
			t.Errorf("a Qt label is offered invoke: %s", tg.Label)
		}
	}
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Button "New"`).Ref})
	if !eventually(3*time.Second, func() bool {
		_, targets, _ = c.observe(inProcess(app.PID))
		n := 0
		for _, tg := range targets {
			if strings.HasPrefix(tg.Label, "TabItem ") {
				n++
			}
		}
		return n == tabs+1
	}) {
		t.Errorf("invoke on New did not open a tab (%d tabs before)", tabs)
	}
}
