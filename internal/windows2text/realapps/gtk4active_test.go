//go:build linux

package realapps

import (
	"strings"
	"testing"
	"time"
)

// TestGTK4DialogActive: GTK 4 does not mark a dialog ACTIVE while it has
// the focus (its main window keeps the state); windows must list the
// dialog in front, the one observe's foreground reads, as the active
// window, and its main window as not active.
func TestGTK4DialogActive(t *testing.T) {
	_, c, obs := serveApp(t, []string{"GSK_RENDERER=cairo"}, "gtk4-widget-factory")
	obs["maxTargets"] = 500
	toggle, _, ok := c.awaitTarget(obs, `Button "togglebutton"`, 10*time.Second)
	if !ok {
		t.Fatal("gtk4-widget-factory never showed its toggle button")
	}
	c.ok("key", map[string]any{"ref": toggle.Ref, "key": "F1", "focus": false})
	if _, _, ok := c.awaitTarget(map[string]any{"scope": "foreground"}, `Button "Close"`, 10*time.Second); !ok {
		t.Fatal("the About dialog's Close button is not in the foreground")
	}
	var about, main map[string]any
	ok = eventually(5*time.Second, func() bool {
		about, main = nil, nil
		for _, x := range c.ok("windows", nil)["windows"].([]any) {
			w := x.(map[string]any)
			title, _ := w["title"].(string)
			switch {
			case strings.Contains(title, "About"):
				about = w
			case w["app"] == "gtk4-widget-factory" || strings.Contains(title, "Widget Factory"):
				main = w
			}
		}
		return about != nil && about["active"] == true
	})
	if !ok {
		t.Fatalf("the focused About dialog is not listed as active: about %v, main window %v", about, main)
	}
	if main != nil && main["active"] == true {
		t.Errorf("the main window is listed as active beside its focused dialog: %v", main)
	}
}
