//go:build linux

package realapps

import (
	"strings"
	"testing"
	"time"
)

// TestCalcOpenMenuInForeground: LibreOffice opens a menu in a window of its
// own that becomes the active one, but holds only a placeholder: the
// menu's items show under the main window's menu bar. Observe of the
// foreground (the default scope) must show the open menu's items.
func TestCalcOpenMenuInForeground(t *testing.T) {
	pid := startCalc(t)
	c := serve(t)
	obs := map[string]any{"scope": "process", "pid": pid, "maxTargets": 400}
	_, targets, ok := c.awaitTarget(obs, `DataItem "A1"`, 30*time.Second)
	if !ok {
		t.Fatal("the sheet never showed")
	}
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Menu "File"`).Ref})
	if _, _, ok := c.awaitTarget(map[string]any{"maxTargets": 400}, `MenuItem "Save As..."`, 5*time.Second); !ok {
		raw := c.ok("windows", nil)
		_, _, visible := c.observe(map[string]any{"maxTargets": 400})
		t.Fatalf("the open File menu's items are not in the foreground's observation; windows %v:\n%s", raw, strings.Join(visible, "\n"))
	}
}
