//go:build linux

// Package bench compares windows2text's AT-SPI walk with a pyatspi walk of
// the same application reading the same properties, on a private desktop:
// gtk3-widget-factory, a 2,000-row list, and real applications from Debian
// (FeatherPad on Qt 5, mousepad, galculator, zenity's list dialog). Run ./run.sh (or go test
// -bench . ./bench/windows2text).
package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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

func snapshot(tb testing.TB, req uitree.Request) (int, *uitree.Tree) {
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
// lists kept from earlier snapshots) and cold (a new backend per snapshot,
// the one-shot CLI case), and pyatspi's walk (a Python process walking
// several times, timed by its own clock). Run with -benchtime 1x: every
// figure is a median of its own rounds.
func BenchmarkSideBySide(b *testing.B) {
	rounds := map[string][2]int{"widget-factory": {15, 7}, "list-2000": {15, 3}, // w2t, pyatspi
		"featherpad-qt5": {15, 5}, "mousepad": {15, 5}, "galculator": {15, 5}, "zenity-list-2000": {15, 3}}
	for _, name := range appOrder {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				req := request(name, uitree.ViewRaw)
				var warm, cold []float64
				var nodes int
				snapshot(b, req)
				for range rounds[name][0] {
					start := time.Now()
					nodes, _ = snapshot(b, req)
					warm = append(warm, testkit.Millis(time.Since(start)))

					start = time.Now()
					fresh, err := atspi.New(context.Background())
					if err != nil {
						b.Fatal(err)
					}
					if _, err := fresh.Snapshot(context.Background(), req); err != nil {
						b.Fatal(err)
					}
					cold = append(cold, testkit.Millis(time.Since(start)))
					fresh.Close()
				}
				pyNodes, pyMS := desk.PyatspiWalk(b, apps[name].PID, rounds[name][1], "")
				b.ReportMetric(testkit.Median(warm), "w2t-ms")
				b.ReportMetric(testkit.Median(cold), "w2t-cold-ms")
				b.ReportMetric(testkit.Median(pyMS), "pyatspi-ms")
				b.ReportMetric(testkit.Median(pyMS)/testkit.Median(warm), "speedup")
				b.ReportMetric(testkit.Median(pyMS)/testkit.Median(cold), "speedup-cold")
				b.ReportMetric(float64(nodes), "w2t-elements")
				b.ReportMetric(float64(pyNodes), "pyatspi-elements")
			}
		})
	}
}

// TestWalkMatchesPyatspi checks that the benchmark compares like with like:
// the raw snapshot of gtk3-widget-factory holds exactly the elements a
// pyatspi walk visits (plus the snapshot's Pane for the process), and a
// snapshot of the list accounts for every cell, walked or counted.
func TestWalkMatchesPyatspi(t *testing.T) {
	nodes, _ := snapshot(t, request("widget-factory", uitree.ViewRaw))
	pyNodes, _ := desk.PyatspiWalk(t, apps["widget-factory"].PID, 1, "")
	if nodes != pyNodes+1 {
		t.Errorf("widget-factory: windows2text walked %d elements, pyatspi %d", nodes-1, pyNodes)
	}
	walked, tree := snapshot(t, request("list-2000", uitree.ViewRaw))
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

// BenchmarkObserve times what an agent asks for most: observe of each
// application (process scope, default view and limits), the snapshot and
// its projection, and reports the observation's size in bytes. Run with
// -benchtime 1x: every figure is a median of 15 rounds.
func BenchmarkObserve(b *testing.B) {
	for _, name := range appOrder {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				req := uitree.DefaultRequest()
				req.Scope, req.PID = uitree.ScopeProcess, apps[name].PID
				if err := req.Normalize(); err != nil {
					b.Fatal(err)
				}
				var times []float64
				size, targets := 0, 0
				for range 15 {
					start := time.Now()
					tree, err := backend.Snapshot(context.Background(), req)
					if err != nil {
						b.Fatal(err)
					}
					var refs uitree.Refs
					obs := uitree.Observe(refs.Publish(tree), 100, 2000)
					times = append(times, testkit.Millis(time.Since(start)))
					data, _ := json.Marshal(obs)
					size, targets = len(data), len(obs.Targets)
				}
				b.ReportMetric(testkit.Median(times), "observe-ms")
				b.ReportMetric(float64(size), "bytes")
				b.ReportMetric(float64(targets), "targets")
			}
		})
	}
}
