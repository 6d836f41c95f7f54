//go:build linux

package realapps

import (
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// sofficeBin is LibreOffice's program itself: the soffice script and
// oosplash would leave the test holding another process's id.
const sofficeBin = "/usr/lib/libreoffice/program/soffice.bin"

// startCalc opens an empty LibreOffice Calc sheet through its GTK 3 front
// end (the one with an accessibility bridge), with a profile of its own.
func startCalc(t testing.TB) int {
	t.Helper()
	home, err := os.MkdirTemp(desk.Dir(), "calc-")
	if err != nil {
		t.Fatal(err)
	}
	// A new profile is made by a first run that ends at once: a first
	// start with the window would end itself to restart.
	init := exec.Command(sofficeBin, "--headless", "--terminate_after_init", "--norestore")
	init.Env = append(slices.Clip(desk.Env), "HOME="+home)
	if out, err := init.CombinedOutput(); err != nil {
		t.Fatalf("making LibreOffice's profile: %v\n%s", err, out)
	}
	app := start(t, []string{"HOME=" + home, "SAL_USE_VCLPLUGIN=gtk3"}, sofficeBin, "--calc", "--norestore", "--nologo")
	return app.PID
}

// openCalc starts an empty Calc sheet and the server, and waits until
// observe of Calc's process, with the options more adds, shows cell A1. It
// returns the client, the observe options, cell A1 and the targets of that
// observation.
func openCalc(t *testing.T, more map[string]any) (c *client, obs map[string]any, a1 target, targets []target) {
	t.Helper()
	pid := startCalc(t)
	c = serve(t)
	obs = inProcess(pid)
	maps.Copy(obs, more)
	a1, targets, ok := c.awaitTarget(obs, `DataItem "A1"`, 30*time.Second)
	if !ok {
		t.Fatal("the sheet's cell A1 never showed in observe")
	}
	return c, obs, a1, targets
}

// TestSpreadsheetCells: a sheet of 2^31 cells is read through its Table
// interface, never child by child: observe lists the focused cell by its
// address, set_value and type_text enter a number and a formula into
// cells and read them back, and the cells with content show with their
// values.
func TestSpreadsheetCells(t *testing.T) {
	c, obs, cell, _ := openCalc(t, nil)
	if !strings.Contains(cell.Label, "focused") || !cell.has("set_value") || !cell.has("type_text") {
		t.Fatalf("A1 is not the focused, editable cell: %s", cell.Label)
	}
	// The focused cell moves down as each value is entered.
	for _, step := range []struct {
		cell, action, input, want string
	}{
		{"A1", "set_value", "17", "17"},
		{"A2", "set_value", "25", "25"},
		{"A3", "type_text", "=A1+A2", "42"},
	} {
		_, targets, _ := c.observe(obs)
		tg := find(t, targets, `DataItem "`+step.cell+`"`)
		if !strings.Contains(tg.Label, "focused") {
			t.Errorf("%s is not focused: %s", step.cell, tg.Label)
		}
		params := map[string]any{"ref": tg.Ref}
		if step.action == "set_value" {
			params["value"] = step.input
		} else {
			params["text"] = step.input
		}
		res := c.ok(step.action, params)
		if v, _ := res["value"].(string); v != step.want || res["verified"] != true {
			t.Errorf("%s %q into %s answered %v", step.action, step.input, step.cell, res)
		}
	}
	start := time.Now()
	_, targets, _ := c.observe(map[string]any{"scope": "process", "pid": obs["pid"], "maxTargets": 400})
	t.Logf("observe of Calc: %v", time.Since(start))
	for _, want := range []string{`DataItem "A1" value="17"`, `DataItem "A2" value="25"`, `DataItem "A3" value="42"`} {
		find(t, targets, want)
	}
	if a4 := find(t, targets, `DataItem "A4"`); !strings.Contains(a4.Label, "focused") {
		t.Errorf("A4 is not focused after three entries: %s", a4.Label)
	}
}

// TestCalcActionsThatWork: LibreOffice gives its buttons and menus a Value
// of 0 to 1 (their pressed state) and shows its menus in two menu bars at
// the same place; observe offers set_range only on what is a range and
// lists each menu once.
func TestCalcActionsThatWork(t *testing.T) {
	c, obs, _, targets := openCalc(t, map[string]any{"maxTargets": 400})
	menus := map[string]int{}
	for _, tg := range targets {
		if tg.has("set_range") && !strings.HasPrefix(tg.Label, "ScrollBar ") {
			t.Errorf("set_range offered on %s", tg.Label)
		}
		if strings.HasPrefix(tg.Label, `Menu "`) {
			menus[tg.Label[:strings.Index(tg.Label, " [")]]++
		}
	}
	if menus[`Menu "File"`] == 0 {
		t.Errorf("no File menu among %v", menus)
	}
	for m, n := range menus {
		if n > 1 {
			t.Errorf("%s listed %d times", m, n)
		}
	}
	file := find(t, targets, `Menu "File"`)
	c.ok("invoke", map[string]any{"ref": file.Ref})
	if _, _, ok := c.awaitTarget(obs, `MenuItem "Save As..."`, 5*time.Second); !ok {
		t.Error("the File menu kept does not open")
	}
}

// TestCalcOpenMenuInForeground: LibreOffice opens a menu in a window of its
// own that becomes the active one, but holds only a placeholder: the
// menu's items show under the main window's menu bar. Observe of the
// foreground (the default scope) must show the open menu's items.
func TestCalcOpenMenuInForeground(t *testing.T) {
	c, _, _, targets := openCalc(t, map[string]any{"maxTargets": 400})
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Menu "File"`).Ref})
	if _, _, ok := c.awaitTarget(map[string]any{"maxTargets": 400}, `MenuItem "Save As..."`, 5*time.Second); !ok {
		raw := c.ok("windows", nil)
		_, _, visible := c.observe(map[string]any{"maxTargets": 400})
		t.Fatalf("the open File menu's items are not in the foreground's observation; windows %v:\n%s", raw, strings.Join(visible, "\n"))
	}
}
