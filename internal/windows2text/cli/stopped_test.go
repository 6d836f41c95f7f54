//go:build linux

package cli

import (
	"syscall"
	"testing"
	"time"
)

// TestServeWithStoppedApplication drives "windows2text serve" (a fresh
// helper, the default call timeout) while the only application is stopped
// with SIGSTOP: every observation method must answer, name the application
// in unresponsive, say truncated for what it cut short, and keep its window
// in windows, marked notResponding (before, truncated was false and the
// window was dropped without a word).
func TestServeWithStoppedApplication(t *testing.T) {
	h := startHelper(t)
	if err := syscall.Kill(mainApp.PID, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	stopped := true
	defer func() {
		if stopped {
			syscall.Kill(mainApp.PID, syscall.SIGCONT)
		}
	}()
	namesApp := func(method string, r map[string]any) {
		t.Helper()
		un, _ := r["unresponsive"].([]any)
		for _, u := range un {
			if m, _ := u.(map[string]any); m != nil && m["pid"] == float64(mainApp.PID) {
				return
			}
		}
		t.Errorf("%s: unresponsive %v does not name pid %d", method, r["unresponsive"], mainApp.PID)
	}

	list := h.ok("windows", nil)
	namesApp("windows", list)
	var win map[string]any
	for _, w := range list["windows"].([]any) {
		if m := w.(map[string]any); m["pid"] == float64(mainApp.PID) {
			win = m
		}
	}
	if win == nil || win["title"] != "w2t test" || win["notResponding"] != true {
		t.Errorf("windows = %v, want the stopped application's window listed with notResponding", list["windows"])
	}

	for _, scope := range []string{"desktop", "foreground"} {
		snap := h.ok("snapshot", map[string]any{"scope": scope})
		namesApp("snapshot "+scope, snap)
		if snap["truncated"] != true {
			t.Errorf("snapshot %s with the application stopped: truncated %v, want true", scope, snap["truncated"])
		}
		obs := h.ok("observe", map[string]any{"scope": scope})
		namesApp("observe "+scope, obs)
		if obs["truncated"] != true {
			t.Errorf("observe %s with the application stopped: truncated %v, want true", scope, obs["truncated"])
		}
	}

	syscall.Kill(mainApp.PID, syscall.SIGCONT)
	stopped = false
	deadline := time.Now().Add(10 * time.Second)
	for {
		snap := h.ok("snapshot", map[string]any{"scope": "desktop"})
		if snap["truncated"] == false && len(snap["unresponsive"].([]any)) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the continued application is still reported: %v", snap["unresponsive"])
		}
		time.Sleep(100 * time.Millisecond)
	}
	if w := h.ok("windows", nil)["windows"].([]any); len(w) == 0 || w[0].(map[string]any)["notResponding"] != nil {
		t.Errorf("windows after the application continued: %v", w)
	}
}
