//go:build linux

package realapps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestZenityLongList: a dialog with a 5,000-row list. Its buttons are
// targets whatever the list's length; row 4000 is chosen by typing in the
// list (GTK's type-ahead search), OK is invoked and closes the dialog: a
// success that says the element is gone, and zenity prints the row.
func TestZenityLongList(t *testing.T) {
	out := filepath.Join(desk.Dir(), "zenity.out")
	// zenity prints the chosen row; sh hands its pid over with exec.
	args := []string{"-c", `exec zenity "$@" > "$0"`, out, "--list", "--title=Pick", "--column=Item", "--width=400", "--height=300"}
	for i := 1; i <= 5000; i++ {
		args = append(args, fmt.Sprintf("row-%d", i))
	}
	app, c, obs := serveApp(t, nil, "sh", args...)
	obs["maxTargets"] = 8
	_, targets, _ := c.observe(obs)
	ok := find(t, targets, `Button "OK"`)
	find(t, targets, `Button "Cancel"`)
	list := find(t, targets, "DataGrid")
	c.ok("type_text", map[string]any{"ref": list.Ref, "text": "row-4000"})
	if !eventually(5*time.Second, func() bool {
		_, targets, _ = c.observe(inProcess(app.PID))
		for _, tg := range targets {
			if strings.HasPrefix(tg.Label, `DataItem "row-4000"`) && strings.Contains(tg.Label, "selected") {
				return true
			}
		}
		return false
	}) {
		t.Fatalf("row 4000 was not selected: %v", targets)
	}
	ok = find(t, targets, `Button "OK"`)
	hwnd := ""
	for _, w := range c.ok("windows", nil)["windows"].([]any) {
		if m := w.(map[string]any); int(m["pid"].(float64)) == app.PID {
			hwnd = m["hwnd"].(string)
		}
	}
	res := c.ok("invoke", map[string]any{"ref": ok.Ref})
	if res["gone"] != true {
		t.Errorf("invoke on OK closed the dialog but does not say the button is gone: %v", res)
	}
	// The closed dialog's hwnd is stale.
	if r := c.do("snapshot", map[string]any{"scope": "hwnd", "hwnd": hwnd}); r.OK || r.Error.Code != "stale_element" {
		t.Errorf("snapshot of the closed dialog's hwnd %q: %s, want stale_element", hwnd, r.raw)
	}
	var data []byte
	eventually(5*time.Second, func() bool {
		data, _ = os.ReadFile(out)
		return len(data) > 0
	})
	if string(data) != "row-4000\n" {
		t.Errorf("zenity printed %q, want row-4000", data)
	}
}
