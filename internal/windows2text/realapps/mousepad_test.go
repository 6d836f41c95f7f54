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
	_, c, obs := serveApp(t, nil, "mousepad")
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

// TestMousepadTypeTextReshaped: mousepad set to insert spaces for tabs and
// to indent new lines itself changes what type_text types; all of it
// arrived, and type_text says so (verified, with what the application did)
// instead of asking for the rest to be typed again.
func TestMousepadTypeTextReshaped(t *testing.T) {
	config := filepath.Join(desk.Dir(), "mousepad-reshaping")
	settings := filepath.Join(config, "glib-2.0", "settings")
	if err := os.MkdirAll(settings, 0o755); err != nil {
		t.Fatal(err)
	}
	keyfile := "[org/xfce/mousepad/preferences/view]\ninsert-spaces=true\nauto-indent=true\ntab-width=uint32 4\n"
	if err := os.WriteFile(filepath.Join(settings, "keyfile"), []byte(keyfile), 0o644); err != nil {
		t.Fatal(err)
	}
	_, c, obs := serveApp(t, []string{"GSETTINGS_BACKEND=keyfile", "XDG_CONFIG_HOME=" + config}, "mousepad")
	_, targets, _ := c.observe(obs)
	editor := find(t, targets, "Edit ")
	res := c.ok("type_text", map[string]any{"ref": editor.Ref, "text": "if x:\n\tone\ntwo"})
	v, _ := res["value"].(string)
	if res["verified"] != true || v != "if x:\n    one\n    two" {
		t.Errorf("type_text answered %v; want verified with the value the editor made", res)
	}
	if tr, _ := res["transformed"].(string); !strings.Contains(tr, "whitespace") {
		t.Errorf("type_text does not say what the editor did: %v", res)
	}
}

// TestMousepadEscapeClosesItsOwnMenu: mousepad's open File menu holds the
// X keyboard grab; the grab is the target application's own, so Escape
// sent to its editor reaches it and closes the menu instead of being
// refused as input another client would take.
func TestMousepadEscapeClosesItsOwnMenu(t *testing.T) {
	_, c, obs := serveApp(t, nil, "mousepad")
	_, targets, _ := c.observe(obs)
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Menu "File"`).Ref})
	if _, _, ok := c.awaitTarget(obs, `MenuItem "Save As..."`, 5*time.Second); !ok {
		t.Fatal("the File menu did not open")
	}
	_, targets, _ = c.observe(obs)
	c.ok("key", map[string]any{"ref": find(t, targets, "Edit ").Ref, "key": "Escape", "focus": false})
	if !eventually(5*time.Second, func() bool {
		_, targets, _ = c.observe(obs)
		for _, tg := range targets {
			if strings.HasPrefix(tg.Label, `MenuItem "Save As..."`) {
				return false
			}
		}
		return true
	}) {
		t.Error("the File menu is still open after Escape")
	}
}

// TestNotebookPageShown: a GTK 3 notebook puts each page's content under
// its page tab, whose bounds are the tab's label. mousepad's Preferences
// dialog is such a notebook: the selected page's controls are on screen
// (SHOWING, inside the dialog) and must be targets, not clipped to the
// label as offscreen; the other pages' controls stay out.
func TestNotebookPageShown(t *testing.T) {
	_, c, obs := serveApp(t, nil, "mousepad")
	_, targets, _ := c.observe(obs)
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Menu "Edit"`).Ref})
	prefs, targets, ok := c.awaitTarget(obs, `MenuItem "Preferences`, 5*time.Second)
	if !ok {
		t.Fatalf("the open Edit menu shows no Preferences: %v", targets)
	}
	c.ok("invoke", map[string]any{"ref": prefs.Ref})
	var visible []string
	if !eventually(10*time.Second, func() bool {
		var res map[string]any
		res, targets, visible = c.observe(nil)
		w, _ := res["window"].(string)
		return strings.Contains(w, "Preferences")
	}) {
		t.Fatalf("the Preferences dialog is not the foreground window")
	}
	// The View page shows, the Editor page does not.
	show := find(t, targets, `CheckBox "Show line numbers"`)
	if all := strings.Join(visible, "\n"); strings.Contains(all, "Enable automatic indentation") {
		t.Errorf("the Editor page's controls show while View is selected:\n%s", all)
	}
	// A setting changed on the page is read back from it.
	if res := c.ok("toggle", map[string]any{"ref": show.Ref}); res["verified"] != true {
		t.Errorf("toggle on Show line numbers: %v", res)
	}
	tg, targets, ok := c.awaitTarget(nil, `CheckBox "Show line numbers"`, time.Second)
	if !ok || !strings.Contains(tg.Label, "checked") {
		t.Errorf("Show line numbers is not read back checked: %s", tg.Label)
	}
	// Another tab's page replaces it.
	if res := c.ok("select", map[string]any{"ref": find(t, targets, `TabItem "Editor"`).Ref}); res["verified"] != true {
		t.Errorf("select on the Editor tab: %v", res)
	}
	if _, _, ok := c.awaitTarget(nil, `CheckBox "Enable automatic indentation"`, 5*time.Second); !ok {
		_, _, visible = c.observe(nil)
		t.Fatalf("the Editor page's controls do not show once its tab is selected:\n%s", strings.Join(visible, "\n"))
	}
	_, _, visible = c.observe(nil)
	if all := strings.Join(visible, "\n"); strings.Contains(all, "Show line numbers") {
		t.Errorf("the View page's controls still show with Editor selected:\n%s", all)
	}
}
