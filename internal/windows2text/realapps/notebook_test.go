//go:build linux

package realapps

import (
	"strings"
	"testing"
	"time"
)

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
