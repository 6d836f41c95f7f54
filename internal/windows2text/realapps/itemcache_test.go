//go:build linux

package realapps

import (
	"context"
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"

	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

// TestItemCacheMatchesWalk: for each toolkit, what a snapshot reads from
// the application's item cache (Cache.GetItems, the calls that complete it
// sent ahead in one batch) is what the walk reads call by call: the same
// tree, raw and in the control view, and the same observation. It also
// says which toolkits' caches were used: GTK 3, Chromium, Firefox and
// LibreOffice's GTK 3 front end (in GTK 3 and LibreOffice, what the cache
// lacks is walked within the same snapshot: menus, the sheet's grid);
// GTK 4's disagrees with its properties and Qt 5's is an empty list: they
// are walked.
func TestItemCacheMatchesWalk(t *testing.T) {
	for _, tc := range []struct {
		name string
		// start runs the application and returns its pid once it shows
		// what the test compares.
		start func(t *testing.T) (alive func() bool, pid int)
		// cached: elements come from the cache; mixed: others are
		// walked beside them.
		cached, mixed bool
	}{
		{"gtk3", startedApp(nil, "gtk3-widget-factory"), true, true},
		// A window with a header bar: its cache indexes put the bar
		// last, GetChildren lists it first.
		{"gtk3-header-bar", startedApp(nil, "gtk3-demo"), true, false},
		// gtk4-demo's list of demos: still (the widget factory's
		// spinners move between two snapshots).
		{"gtk4", startedApp([]string{"GSK_RENDERER=cairo"}, "gtk4-demo"), false, false},
		{"qt5", startedApp(qtEnv, "featherpad"), false, false},
		{"chromium", func(t *testing.T) (func() bool, int) {
			app, pid := startChromium(t, "form.html")
			waitForText(t, serve(t), pid, "Nothing ordered")
			return app.Alive, pid
		}, true, false},
		{"firefox", func(t *testing.T) (func() bool, int) {
			app, pid := startFirefox(t, "form.html")
			waitForText(t, serve(t), pid, "Nothing ordered")
			return app.Alive, pid
		}, true, false},
		{"libreoffice", func(t *testing.T) (func() bool, int) {
			_, obs, _, _ := openCalc(t, nil)
			pid := obs["pid"].(int)
			return func() bool { return syscall.Kill(pid, 0) == nil }, pid
		}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			alive, pid := tc.start(t)
			useDesktopEnv(t)
			cached, err := atspi.New(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer cached.Close()
			walked, err := atspi.New(context.Background(), atspi.WithoutItemCache())
			if err != nil {
				t.Fatal(err)
			}
			defer walked.Close()
			request := func(view uitree.View) uitree.Request {
				req := uitree.DefaultRequest()
				req.Scope, req.PID, req.View = uitree.ScopeProcess, pid, view
				req.MaxDepth, req.MaxNodes = 60, 20000
				if err := req.Normalize(); err != nil {
					t.Fatal(err)
				}
				return req
			}
			// The first snapshot finds at-spi2-atk's cache missing and
			// has it made: a later one reads it.
			if tc.cached && !eventually(10*time.Second, func() bool {
				readBoth(t, cached, request(uitree.ViewRaw))
				return cached.WalkStats().Cached > 0
			}) {
				t.Fatalf("%s: no element taken from the item cache", tc.name)
			}
			for _, view := range []uitree.View{uitree.ViewRaw, uitree.ViewControl} {
				req := request(view)
				same(t, cached, walked, req)
				if !alive() {
					t.Fatalf("the application died after a snapshot in the %s view", view)
				}
			}
			stats := cached.WalkStats()
			t.Logf("%s, every snapshot of the test: %d elements from the item cache, %d walked; %d calls in %d round trips (walk alone: %d in %d)",
				tc.name, stats.Cached, stats.Walked, stats.Calls, stats.RoundTrips, walked.WalkStats().Calls, walked.WalkStats().RoundTrips)
			if tc.cached && stats.Cached == 0 {
				t.Errorf("%s: no element taken from the item cache", tc.name)
			}
			if tc.mixed && stats.Walked == 0 {
				t.Errorf("%s: no element walked beside the cache's: the fallback went untested", tc.name)
			}
			if !tc.cached && stats.Cached != 0 {
				t.Errorf("%s: %d elements taken from an item cache the toolkit does not fill", tc.name, stats.Cached)
			}
		})
	}
}

// same checks that cached and walked read the same tree and observation
// for req. An application may change between two snapshots (a caret, a
// page still loading): the pair is taken again, a few times, before they
// count as different.
func same(t *testing.T, cached, walked *atspi.Backend, req uitree.Request) {
	t.Helper()
	var a, b string
	for range 5 {
		a, b = readBoth(t, cached, req), readBoth(t, walked, req)
		if a == b {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Errorf("view %s: the item cache and the walk read different trees:\n%s", req.View, firstDifference(a, b))
}

// readBoth is a snapshot of req and its observation, as JSON lines.
func readBoth(t *testing.T, b *atspi.Backend, req uitree.Request) string {
	t.Helper()
	tree, err := b.Snapshot(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Truncated || len(tree.Unresponsive) > 0 {
		t.Fatalf("incomplete snapshot: truncated %t, unresponsive %v", tree.Truncated, tree.Unresponsive)
	}
	raw, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	var refs uitree.Refs
	obs, err := json.Marshal(uitree.Observe(refs.Publish(tree), 500, 4000))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw) + "\n" + string(obs)
}

// firstDifference shows where two texts part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return "cache: …" + a[from:min(len(a), i+200)] + "\nwalk:  …" + b[from:min(len(b), i+200)]
}

// useDesktopEnv points this process's AT-SPI clients at the test desktop
// for the test's duration.
func useDesktopEnv(t *testing.T) {
	for _, kv := range desk.Env {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS":
			t.Setenv(k, v)
		}
	}
}

// startedApp is a start of TestItemCacheMatchesWalk that runs prog (see
// start) and returns it at once.
func startedApp(env []string, prog string, args ...string) func(*testing.T) (func() bool, int) {
	return func(t *testing.T) (func() bool, int) {
		app := start(t, env, prog, args...)
		return app.Alive, app.PID
	}
}
