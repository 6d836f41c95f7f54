//go:build linux

// Package bench compares windows2text's AT-SPI walk with a pyatspi walk of
// the same application reading the same properties, on a private desktop:
// gtk3-widget-factory, a 2,000-row list, and real applications from Debian
// (FeatherPad on Qt 5, mousepad, galculator, zenity's list dialog). Run ./run.sh (or go test
// -bench . ./bench/windows2text).
package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/windows2text/desktoptest"
	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

var (
	desk    *desktoptest.Desktop
	backend *atspi.Backend
	apps    = map[string]*desktoptest.App{}
	// appOrder keeps the benchmarks in a fixed order.
	appOrder = []string{"widget-factory", "list-2000", "featherpad-qt5", "mousepad", "galculator", "zenity-list-2000"}
)

// TestMain starts the private desktop, the applications compared and the
// backend; a fuzzing run starts none of them.
func TestMain(m *testing.M) {
	desktoptest.Main(m, true, func(d *desktoptest.Desktop) (func(), error) {
		desk = d
		var err error
		if apps["widget-factory"], err = desk.StartProgram("gtk3-widget-factory"); err != nil {
			return nil, err
		}
		if apps["list-2000"], err = desk.StartApp("--title", "w2t list", "--list-only", "--rows", "2000"); err != nil {
			return nil, err
		}
		// Real applications from Debian: a Qt 5 editor (its bridge switched
		// on), a GTK editor and a calculator, each with a home of its own.
		// zenity's list dialog holds 2,000 rows, the long-list dialog of the
		// end-to-end tests.
		zenityArgs := []string{"--list", "--title=Pick", "--column=Item", "--width=400", "--height=300"}
		for i := range 2000 {
			zenityArgs = append(zenityArgs, fmt.Sprintf("row-%d", i+1))
		}
		for _, a := range []struct {
			name string
			env  []string
			prog string
			args []string
		}{
			{"featherpad-qt5", []string{"QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1", "QT_ACCESSIBILITY=1"}, "featherpad", nil},
			{"mousepad", nil, "mousepad", nil},
			{"galculator", nil, "galculator", nil},
			{"zenity-list-2000", nil, "zenity", zenityArgs},
		} {
			home, err := os.MkdirTemp(desk.Dir(), "home-")
			if err != nil {
				return nil, err
			}
			env := append([]string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}, a.env...)
			if apps[a.name], err = desk.StartProgramEnv(env, a.prog, a.args...); err != nil {
				return nil, err
			}
		}
		if backend, err = atspi.New(context.Background()); err != nil {
			return nil, err
		}
		// Let the applications finish their start-up work.
		time.Sleep(500 * time.Millisecond)
		return func() { backend.Close() }, nil
	})
}

// request snapshots every window of one application in the raw view (every
// element the application exposes) with limits that cut nothing.
func request(name string, view uitree.View) uitree.Request {
	req := uitree.DefaultRequest()
	req.Scope, req.PID, req.View = uitree.ScopeProcess, apps[name].PID, view
	req.MaxDepth, req.MaxNodes = uitree.LimitMaxDepth, uitree.LimitMaxNodes
	if err := req.Normalize(); err != nil {
		panic(err)
	}
	return req
}

func snapshot(tb testing.TB, backend *atspi.Backend, req uitree.Request) (int, *uitree.Tree) {
	tree, err := backend.Snapshot(context.Background(), req)
	if err != nil {
		tb.Fatal(err)
	}
	if len(tree.Unresponsive) > 0 || tree.Truncated {
		tb.Fatalf("incomplete snapshot: %+v truncated %t", tree.Unresponsive, tree.Truncated)
	}
	n := 0
	tree.Root.Walk(func(*uitree.Element, int) bool { n++; return true })
	return n, tree
}

// BenchmarkSideBySide times both walks of each application alternately,
// in one run: windows2text's snapshot (process scope, raw view: every
// element) with a warm helper (the serve case: connections and interface
// lists kept from earlier snapshots), cold (a new backend per snapshot,
// the one-shot CLI case) and warm without the applications' item caches
// (every element asked call by call, as before they were read); observe
// (process scope, default view and limits: the snapshot and its
// projection) with and without the caches; and pyatspi's walk (a Python
// process walking several times, timed by its own clock). Run with
// -benchtime 1x: every figure is a median of its own rounds.
func BenchmarkSideBySide(b *testing.B) {
	rounds := map[string][2]int{"widget-factory": {15, 7}, "list-2000": {15, 3}, // w2t, pyatspi
		"featherpad-qt5": {15, 5}, "mousepad": {15, 5}, "galculator": {15, 5}, "zenity-list-2000": {15, 3}}
	walkOnly, err := atspi.New(context.Background(), atspi.WithoutItemCache())
	if err != nil {
		b.Fatal(err)
	}
	defer walkOnly.Close()
	for _, name := range appOrder {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				req := request(name, uitree.ViewRaw)
				obsReq := uitree.DefaultRequest()
				obsReq.Scope, obsReq.PID = uitree.ScopeProcess, apps[name].PID
				if err := obsReq.Normalize(); err != nil {
					b.Fatal(err)
				}
				var warm, cold, walk, obs, obsWalk []float64
				var nodes, size, targets int
				snapshot(b, backend, req)
				snapshot(b, walkOnly, req)
				var counted atspi.WalkStats
				var appCPU, appCPUWalk float64
				pid := apps[name].PID
				for range rounds[name][0] {
					before, cpu := backend.WalkStats(), processCPU(b, pid)
					warm = append(warm, timed(func() { nodes, _ = snapshot(b, backend, req) }))
					after := backend.WalkStats()
					appCPU += processCPU(b, pid) - cpu
					counted.Cached += after.Cached - before.Cached
					counted.Calls += after.Calls - before.Calls
					counted.RoundTrips += after.RoundTrips - before.RoundTrips
					cpu = processCPU(b, pid)
					walk = append(walk, timed(func() { snapshot(b, walkOnly, req) }))
					appCPUWalk += processCPU(b, pid) - cpu
					cold = append(cold, timed(func() {
						fresh, err := atspi.New(context.Background())
						if err != nil {
							b.Fatal(err)
						}
						defer fresh.Close()
						if _, err := fresh.Snapshot(context.Background(), req); err != nil {
							b.Fatal(err)
						}
					}))
					obs = append(obs, timed(func() { size, targets = observe(b, backend, obsReq) }))
					obsWalk = append(obsWalk, timed(func() { observe(b, walkOnly, obsReq) }))
				}
				pyNodes, pyMS := desk.PyatspiWalk(b, apps[name].PID, rounds[name][1], "")
				py := testkit.Median(pyMS)
				n := float64(rounds[name][0])
				b.ReportMetric(testkit.Median(warm), "w2t-ms")
				b.ReportMetric(testkit.Median(cold), "w2t-cold-ms")
				b.ReportMetric(testkit.Median(walk), "w2t-nocache-ms")
				b.ReportMetric(testkit.Median(obs), "observe-ms")
				b.ReportMetric(testkit.Median(obsWalk), "observe-nocache-ms")
				b.ReportMetric(py, "pyatspi-ms")
				b.ReportMetric(py/testkit.Median(warm), "speedup")
				b.ReportMetric(py/testkit.Median(cold), "speedup-cold")
				b.ReportMetric(py/testkit.Median(walk), "speedup-nocache")
				b.ReportMetric(py/testkit.Median(obs), "observe-speedup")
				b.ReportMetric(py/testkit.Median(obsWalk), "observe-speedup-nocache")
				b.ReportMetric(float64(nodes), "w2t-elements")
				b.ReportMetric(float64(pyNodes), "pyatspi-elements")
				// What one warm snapshot asked, on average.
				b.ReportMetric(float64(counted.Cached)/n, "cached-elements")
				b.ReportMetric(float64(counted.Calls)/n, "calls")
				b.ReportMetric(float64(counted.RoundTrips)/n, "round-trips")
				// The application's own CPU time per snapshot, with and
				// without the cache.
				b.ReportMetric(appCPU/n, "app-cpu-ms")
				b.ReportMetric(appCPUWalk/n, "app-cpu-nocache-ms")
				b.ReportMetric(float64(size), "observe-bytes")
				b.ReportMetric(float64(targets), "targets")
			}
		})
	}
}

// processCPU is the CPU time pid has used so far, user and system, in
// milliseconds (from /proc: the kernel counts it in clock ticks of 10 ms,
// hence sums over many snapshots).
func processCPU(tb testing.TB, pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		tb.Fatal(err)
	}
	// The fields after the command name, which is in parentheses: utime
	// and stime are the 12th and 13th of them.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	utime, err1 := strconv.ParseFloat(fields[11], 64)
	stime, err2 := strconv.ParseFloat(fields[12], 64)
	if err1 != nil || err2 != nil {
		tb.Fatalf("/proc/%d/stat: %s", pid, data)
	}
	return (utime + stime) * 10
}

// timed runs f and returns how long it took, in milliseconds.
func timed(f func()) float64 {
	start := time.Now()
	f()
	return testkit.Millis(time.Since(start))
}

// observe is what an agent asks for most: the snapshot of req and its
// projection; it returns the observation's size in bytes and its number
// of targets.
func observe(tb testing.TB, b *atspi.Backend, req uitree.Request) (size, targets int) {
	tree, err := b.Snapshot(context.Background(), req)
	if err != nil {
		tb.Fatal(err)
	}
	var refs uitree.Refs
	obs := uitree.Observe(refs.Publish(tree), 100, 2000)
	data, _ := json.Marshal(obs)
	return len(data), len(obs.Targets)
}

// TestWalkMatchesPyatspi checks that the benchmark compares like with like:
// the raw snapshot of gtk3-widget-factory holds exactly the elements a
// pyatspi walk visits (plus the snapshot's Pane for the process), and a
// snapshot of the list accounts for every cell, walked or counted.
func TestWalkMatchesPyatspi(t *testing.T) {
	nodes, _ := snapshot(t, backend, request("widget-factory", uitree.ViewRaw))
	pyNodes, _ := desk.PyatspiWalk(t, apps["widget-factory"].PID, 1, "")
	if nodes != pyNodes+1 {
		t.Errorf("widget-factory: windows2text walked %d elements, pyatspi %d", nodes-1, pyNodes)
	}
	walked, tree := snapshot(t, backend, request("list-2000", uitree.ViewRaw))
	omitted, cells := 0, 0
	tree.Root.Walk(func(el *uitree.Element, _ int) bool {
		omitted += el.OmittedChildren
		if el.Role == uitree.RoleDataItem || el.Role == uitree.RoleHeaderItem {
			cells++
		}
		return true
	})
	// 2,000 rows of two cells plus two column headers.
	if cells+omitted != 4002 || walked > 100 {
		t.Errorf("list: %d cells walked, %d counted (%d elements in all); want the visible rows walked and the rest of 4,002 cells counted", cells, omitted, walked)
	}
}
