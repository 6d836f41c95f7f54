package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/settings"
)

// TestNextThemeCyclesAndAnnounces: next_theme moves through every theme in
// order, says each one's name, and comes back to the first; a theme tw does
// not have is refused with the list of themes, and nothing changes.
func TestNextThemeCyclesAndAnnounces(t *testing.T) {
	c := start(t, filepath.Join(t.TempDir(), "home"))
	themes := settings.Themes
	if len(themes) < 25 {
		t.Fatalf("%d themes; want the terminal's own and 24 colored ones", len(themes))
	}
	for i := 1; i <= len(themes); i++ {
		want := themes[i%len(themes)]
		res := c.call("action", map[string]any{"id": "next_theme"})
		if res["status"] != "Theme: "+want.Label+"." {
			t.Fatalf("next_theme %d: %v, want Theme: %s.", i, res["status"], want.Label)
		}
		if got := c.call("get_setting", map[string]any{"path": "display.theme"}); got["value"] != want.Value {
			t.Fatalf("next_theme %d: display.theme is %v, want %s", i, got["value"], want.Value)
		}
	}
	c.call("set_setting", map[string]any{"path": "display.theme", "value": "sepia"})
	_, rpcErr := c.try("set_setting", map[string]any{"path": "display.theme", "value": "solarized"})
	if rpcErr == nil || rpcErr["code"] != -32602.0 {
		t.Fatalf("an unknown theme: error %v, want -32602", rpcErr)
	}
	msg, _ := rpcErr["message"].(string)
	for _, th := range themes {
		if !strings.Contains(msg, th.Value) {
			t.Errorf("the refusal does not list the theme %s: %q", th.Value, msg)
		}
	}
	if got := c.call("get_setting", map[string]any{"path": "display.theme"}); got["value"] != "sepia" {
		t.Errorf("after a refused theme display.theme is %v", got["value"])
	}
}
