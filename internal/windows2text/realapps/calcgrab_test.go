//go:build linux

package realapps

import (
	"maps"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestCalcOwnMenuDismissed: the File menu that invoke opens holds the
// keyboard and the pointer grab of Calc itself, and Calc's menu ignores
// Escape; an agent must still dismiss it with Escape, or with a click on
// the sheet, which goes through the application's own grab.
func TestCalcOwnMenuDismissed(t *testing.T) {
	c, obs, _, _ := openCalc(t, map[string]any{"maxTargets": 400})
	fg := map[string]any{"maxTargets": 400}
	for _, dismiss := range []struct {
		name, method, on string
		params           map[string]any
	}{
		{"Escape", "key", `Menu "File"`, map[string]any{"key": "Escape"}},
		{"a click on the sheet", "click", `DataGrid "Sheet`, nil},
	} {
		_, targets, _ := c.observe(obs)
		c.ok("invoke", map[string]any{"ref": find(t, targets, `Menu "File"`).Ref})
		if _, _, ok := c.awaitTarget(fg, `MenuItem "Save As..."`, 10*time.Second); !ok {
			t.Fatal("the File menu does not open")
		}
		_, targets, _ = c.observe(obs)
		params := map[string]any{"ref": find(t, targets, dismiss.on).Ref}
		maps.Copy(params, dismiss.params)
		if r := c.do(dismiss.method, params); !r.OK {
			t.Fatalf("%s with Calc's own menu open: %s", dismiss.name, r.raw)
		}
		closed := eventually(10*time.Second, func() bool {
			_, targets, _ := c.observe(fg)
			_, open := lookup(targets, `MenuItem "Save As..."`)
			return !open
		})
		if !closed {
			_, _, vis := c.observe(fg)
			x := exec.Command("xwininfo", "-root", "-children")
			x.Env = desk.Env
			out, _ := x.CombinedOutput()
			t.Fatalf("%s left the File menu open: %s\n%s\n%s", dismiss.name, c.ok("windows", nil), strings.Join(vis, "\n"), out)
		}
	}
}
