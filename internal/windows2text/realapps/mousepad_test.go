//go:build linux

package realapps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMousepadTypeAndSaveAs: a paragraph with a newline, a tab and
// non-ASCII text is typed into mousepad's editor (found under its notebook
// page) and verified; File > Save As through the menu and the file
// chooser; the file's bytes are the text.
func TestMousepadTypeAndSaveAs(t *testing.T) {
	app := start(t, nil, "mousepad")
	c := serve(t)
	obs := map[string]any{"scope": "process", "pid": app.PID}
	_, targets, _ := c.observe(obs)
	editor := find(t, targets, "Edit ")
	text := "First line: Grüße ✓\nSecond\tline — done"
	rr := c.do("type_text", map[string]any{"ref": editor.Ref, "text": text})
	if !rr.OK {
		time.Sleep(2 * time.Second)
		_, _, vis := c.observe(obs)
		t.Fatalf("%s\n%s", rr.raw, strings.Join(vis, "\n"))
	}
	res := rr.Result
	if v, _ := res["value"].(string); v != text {
		t.Errorf("type_text answered value %q, want %q", v, text)
	}

	c.ok("invoke", map[string]any{"ref": find(t, targets, `Menu "File"`).Ref})
	saveAs, targets, ok := c.awaitTarget(obs, `MenuItem "Save As..."`, 5*time.Second)
	if !ok {
		t.Fatalf("the open File menu shows no Save As: %v", targets)
	}
	// The menu item is gone with its menu once it has opened the dialog.
	c.ok("invoke", map[string]any{"ref": saveAs.Ref})
	// The dialog is the foreground window.
	var dialog map[string]any
	if !eventually(10*time.Second, func() bool {
		dialog, targets, _ = c.observe(nil)
		w, _ := dialog["window"].(string)
		return strings.Contains(w, "Save As")
	}) {
		t.Fatalf("the Save As dialog is not the foreground window: %v", dialog["window"])
	}
	placesNamed(t, targets)
	path := filepath.Join(desk.Dir(), "saved.txt")
	name := find(t, targets, `Edit "Name"`)
	c.ok("set_value", map[string]any{"ref": name.Ref, "value": path})
	// The dialog enables Save once it has seen the name.
	save, targets, ok := c.awaitTarget(nil, `Button "Save"`, 5*time.Second)
	if !ok {
		t.Fatalf("no enabled Save button: %v", targets)
	}
	res = c.ok("invoke", map[string]any{"ref": save.Ref})
	if res["verified"] != true {
		t.Errorf("invoke on Save: %v", res)
	}
	if !eventually(5*time.Second, func() bool {
		dialog, _, _ = c.observe(nil)
		w, _ := dialog["window"].(string)
		return !strings.Contains(w, "Save As")
	}) {
		t.Errorf("the Save As dialog stayed open")
	}
	var data []byte
	if !eventually(5*time.Second, func() bool {
		var err error
		data, err = os.ReadFile(path)
		return err == nil && len(data) > 0
	}) {
		t.Fatalf("%s was not written", path)
	}
	if got := strings.TrimSuffix(string(data), "\n"); got != text {
		t.Errorf("the file holds %q, want %q", data, text)
	}
}

// placesNamed checks that the file chooser's Places rows, unnamed in
// AT-SPI, are named after their labels.
func placesNamed(t *testing.T, targets []target) {
	t.Helper()
	find(t, targets, `ListItem "Home"`)
	find(t, targets, `ListItem "Other Locations"`)
}
