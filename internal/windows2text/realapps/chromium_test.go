//go:build linux

package realapps

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/windows2text/desktoptest"
)

// startChromium opens a local page in a headful Chromium with renderer
// accessibility, a profile of its own, and no network.
func startChromium(t testing.TB, page string) (app interface{ Alive() bool }, pid int) {
	t.Helper()
	a, _ := startChromiumProfile(t, page)
	return a, a.PID
}

// chromiumArgs are the command line of every Chromium the tests run.
func chromiumArgs(profile, page string) []string {
	return []string{"--no-sandbox", "--force-renderer-accessibility", "--user-data-dir=" + profile,
		"--no-first-run", "--no-default-browser-check", "--disable-gpu", "--password-store=basic",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--proxy-server=127.0.0.1:9", "--window-position=0,0", "--window-size=1000,800", pageURL(page)}
}

// pageURL is the file URL of a page of testdata, with its query.
func pageURL(page string) string {
	page, query, _ := strings.Cut(page, "?")
	abs, err := filepath.Abs(filepath.Join("testdata", page))
	if err != nil {
		panic(err)
	}
	if query != "" {
		return "file://" + abs + "?" + query
	}
	return "file://" + abs
}

// startChromiumProfile is startChromium that also returns the profile,
// through which a second window of the same browser opens (see
// openChromiumWindow).
func startChromiumProfile(t testing.TB, page string) (app *desktoptest.App, profile string) {
	t.Helper()
	profile, err := os.MkdirTemp(desk.Dir(), "chromium-")
	if err != nil {
		t.Fatal(err)
	}
	a := start(t, []string{"ACCESSIBILITY_ENABLED=1"}, "chromium", chromiumArgs(profile, page)...)
	return a, profile
}

// openChromiumWindow opens page in a new window of the Chromium running
// with profile: the second command hands the page to the first and exits.
func openChromiumWindow(t testing.TB, profile, page string) {
	t.Helper()
	cmd := exec.Command("chromium", append(chromiumArgs(profile, page), "--new-window")...)
	cmd.Env = append(slices.Clip(desk.Env), "ACCESSIBILITY_ENABLED=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium --new-window: %v\n%s", err, out)
	}
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
	var last any
	// A bound on a hang only: a real application on a loaded machine may
	// take long to render its first page.
	found := eventually(60e9, func() bool {
		r := c.do("observe", map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500})
		if !r.OK {
			last = r.Error
			return false
		}
		last = r.Result["visible"]
		return containsLine(r.Result["context"], text) || containsLine(r.Result["visible"], text)
	})
	if !found {
		t.Fatalf("%q never showed in observe; last seen: %v", text, last)
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
	fillOrderForm(t, app, pid, "Chromium")
}

// fillOrderForm fills form.html's form in a browser through serve and
// reads the result back.
func fillOrderForm(t *testing.T, app interface{ Alive() bool }, pid int, browser string) {
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
		// "Menu [": a select's unnamed list, which Gecko shows.
		for _, role := range []string{"Pane ", "Text ", "Group ", "Document ", "Menu ["} {
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
		t.Fatal(browser + " died")
	}
}

// TestChromiumLongPage: an element far down a page is reachable by ref
// from a snapshot and brought into view with scroll_into_view (the
// toolkit's own Component.ScrollTo); the document scrolls by the wheel.
func TestChromiumLongPage(t *testing.T) {
	_, pid := startChromium(t, "long.html")
	c := serve(t)
	waitForText(t, c, pid, "Link 1")
	obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500}
	_, targets, _ := c.observe(obs)
	for _, tg := range targets {
		if strings.HasPrefix(tg.Label, `Hyperlink "Link 250"`) {
			t.Fatalf("Link 250 is on screen before scrolling: %s", tg.Label)
		}
	}
	doc := find(t, targets, `Document "Long page"`)
	if !doc.has("scroll") {
		t.Errorf("the document offers no scroll: %s", doc.Label)
	}
	first := func(targets []target) string {
		for _, tg := range targets {
			if strings.HasPrefix(tg.Label, `Hyperlink "Link `) {
				return tg.Label[:strings.Index(tg.Label, " [")]
			}
		}
		return ""
	}
	top := first(targets)
	// The 300 links are found by bisection: observe is quick.
	start := time.Now()
	_, targets, _ = c.observe(obs)
	t.Logf("observe of the 300-link page: %v", time.Since(start))
	doc = find(t, targets, `Document "Long page"`)
	c.ok("scroll", map[string]any{"ref": doc.Ref, "horizontal": "no_amount", "vertical": "large_increment"})
	if !eventually(3*time.Second, func() bool {
		_, targets, _ = c.observe(obs)
		return first(targets) != top
	}) {
		t.Errorf("scroll large_increment left the first link at %s", top)
	}
	// Link 250 from a full snapshot, by ref.
	snap := c.ok("snapshot", map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxNodes": 3000, "visibleOnly": false})
	ref := refByName(snap["root"].(map[string]any), "Link 250")
	if ref == "" {
		t.Fatal("no Link 250 in the snapshot")
	}
	c.ok("scroll_into_view", map[string]any{"ref": ref})
	if _, _, ok := c.awaitTarget(obs, `Hyperlink "Link 250"`, 3*time.Second); !ok {
		t.Errorf("Link 250 is not on screen after scroll_into_view")
	}
}

// refByName finds the ref of the first element named name in a snapshot.
func refByName(n map[string]any, name string) string {
	if n["name"] == name {
		r, _ := n["ref"].(string)
		return r
	}
	kids, _ := n["children"].([]any)
	for _, k := range kids {
		if r := refByName(k.(map[string]any), name); r != "" {
			return r
		}
	}
	return ""
}
