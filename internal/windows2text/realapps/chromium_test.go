package realapps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// startChromium opens a local page in a headful Chromium with renderer
// accessibility, a profile of its own, and no network.
func startChromium(t testing.TB, page string) (app interface{ Alive() bool }, pid int) {
	t.Helper()
	profile, err := os.MkdirTemp(desk.Dir(), "chromium-")
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(filepath.Join("testdata", page))
	if err != nil {
		t.Fatal(err)
	}
	a := start(t, []string{"ACCESSIBILITY_ENABLED=1"}, "chromium",
		"--no-sandbox", "--force-renderer-accessibility", "--user-data-dir="+profile,
		"--no-first-run", "--no-default-browser-check", "--disable-gpu", "--password-store=basic",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--proxy-server=127.0.0.1:9", "--window-position=0,0", "--window-size=1000,800", "file://"+abs)
	return a, a.PID
}

// TestChromiumSurvivesSnapshotAndObserve: a page with a number input and
// hidden sliders. Properties.GetAll on their Value, when one property's
// Get fails, made libdbus abort the browser on a default snapshot and on
// observe.
func TestChromiumSurvivesSnapshotAndObserve(t *testing.T) {
	app, pid := startChromium(t, "form.html")
	c := serve(t)
	waitForText(t, c, pid, "Nothing ordered")
	for _, req := range []struct {
		method string
		params map[string]any
	}{
		{"snapshot", nil},
		{"observe", nil},
		{"snapshot", map[string]any{"visibleOnly": false, "view": "raw", "maxDepth": 40, "maxNodes": 3000}},
		{"observe", map[string]any{"scope": "desktop", "view": "raw", "maxDepth": 40}},
		{"snapshot", map[string]any{"scope": "process", "pid": pid, "view": "content", "maxDepth": 40}},
	} {
		r := c.do(req.method, req.params)
		if !r.OK {
			t.Errorf("%s %v: %s", req.method, req.params, r.raw)
		}
		if un, _ := r.Result["unresponsive"].([]any); len(un) > 0 {
			t.Errorf("%s %v: unresponsive %v", req.method, req.params, un)
		}
		if !app.Alive() {
			t.Fatalf("Chromium died after %s %v: %s", req.method, req.params, r.raw)
		}
	}
}

// waitForText waits until observe of the process shows text among its
// context or visible lines (a page loads after its window shows).
func waitForText(t testing.TB, c *client, pid int, text string) {
	t.Helper()
	found := eventually(20e9, func() bool {
		r := c.do("observe", map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500})
		if !r.OK {
			return false
		}
		return containsLine(r.Result["context"], text) || containsLine(r.Result["visible"], text)
	})
	if !found {
		t.Fatalf("%q never showed in observe", text)
	}
}

func containsLine(lines any, text string) bool {
	l, _ := lines.([]any)
	for _, x := range l {
		if s, _ := x.(string); s != "" && contains(s, text) {
			return true
		}
	}
	return false
}

// TestChromiumForm fills a local page's form through serve: type_text into
// a text field (Chromium gives it no EditableText), set_value on the number
// field, a select chosen from its open popup, a check box toggled, the
// form submitted and its result read back.
func TestChromiumForm(t *testing.T) {
	app, pid := startChromium(t, "form.html")
	c := serve(t)
	waitForText(t, c, pid, "Nothing ordered")
	obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 300}
	_, targets, _ := c.observe(obs)
	name := find(t, targets, `Edit "Name"`)
	for _, a := range []string{"type_text", "set_value", "focus", "key"} {
		if !name.has(a) {
			t.Errorf("%s lacks %s", name.Label, a)
		}
	}
	for _, tg := range targets {
		for _, role := range []string{"Pane ", "Text ", "Group ", "Document "} {
			if strings.HasPrefix(tg.Label, role) && tg.has("invoke") {
				t.Errorf("a %s is offered invoke: %s", role, tg.Label)
			}
		}
	}
	res := c.ok("type_text", map[string]any{"ref": name.Ref, "text": "Ada Lovelace"})
	if v, _ := res["value"].(string); v != "Ada Lovelace" {
		t.Errorf("type_text answered value %q", v)
	}
	qty := find(t, targets, `Spinner "Quantity"`)
	c.ok("set_value", map[string]any{"ref": qty.Ref, "value": "3"})
	gift := find(t, targets, `CheckBox "Gift"`)
	c.ok("toggle", map[string]any{"ref": gift.Ref})
	fruit := find(t, targets, `ComboBox "Fruit"`)
	c.ok("expand", map[string]any{"ref": fruit.Ref})
	_, targets, _ = c.observe(obs)
	banana := find(t, targets, `MenuItem "Banana"`)
	if banana.has("select") {
		c.ok("select", map[string]any{"ref": banana.Ref})
	} else {
		c.ok("invoke", map[string]any{"ref": banana.Ref})
	}
	_, targets, _ = c.observe(obs)
	fruit = find(t, targets, `ComboBox "Fruit"`)
	if !strings.Contains(fruit.Label, "Banana") {
		t.Errorf("the select does not show its choice: %s", fruit.Label)
	}
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Button "Order"`).Ref})
	waitForText(t, c, pid, "Ordered 3 Banana for Ada Lovelace as a gift")
	if !app.Alive() {
		t.Fatal("Chromium died")
	}
}
