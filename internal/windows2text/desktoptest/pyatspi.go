//go:build linux

package desktoptest

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
)

// PyatspiWalk runs the benchmark's pyatspi walker
// (bench/windows2text/pyatspi_walk.py) on the desktop: iterations walks of
// every window of the application with pid, each timed by the walker's own
// clock. mode "showing" walks only the showing elements; "" or "all" walks
// every element. It returns the elements of one walk and each walk's
// milliseconds, and fails tb when the walker fails.
func (d *Desktop) PyatspiWalk(tb testing.TB, pid, iterations int, mode string) (nodes int, ms []float64) {
	tb.Helper()
	args := []string{filepath.Join(Root(), "bench", "windows2text", "pyatspi_walk.py"), fmt.Sprint(pid), fmt.Sprint(iterations)}
	if mode != "" {
		args = append(args, mode)
	}
	cmd := exec.Command("/usr/bin/python3", args...)
	cmd.Env = d.Env
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("pyatspi walk: %v (%s)", err, out)
	}
	var res struct {
		Nodes int
		MS    []float64
	}
	if err := json.Unmarshal(out, &res); err != nil {
		tb.Fatalf("pyatspi output %q: %v", out, err)
	}
	return res.Nodes, res.MS
}
