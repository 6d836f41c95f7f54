//go:build linux

package realapps

import (
	"context"
	"testing"

	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

// TestCalcObserveReadsWhatShows: LibreOffice Calc exposes two menu bars
// whose closed menus hold hundreds of items, and a sheet whose visible
// area holds hundreds of empty cells. A visible-only snapshot (what observe
// reads) must not read the closed menus' items nor the empty cells whole:
// it reads fewer elements than the menu items alone.
func TestCalcObserveReadsWhatShows(t *testing.T) {
	_, obs, _, _ := openCalc(t, nil)
	pid := obs["pid"].(int)
	useDesktopEnv(t)
	b, err := atspi.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	req := uitree.DefaultRequest()
	req.Scope, req.PID, req.View = uitree.ScopeProcess, pid, uitree.ViewRaw
	req.MaxDepth, req.MaxNodes = uitree.LimitMaxDepth, uitree.LimitMaxNodes
	if err := req.Normalize(); err != nil {
		t.Fatal(err)
	}
	raw, err := b.Snapshot(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	items := 0
	raw.Root.Walk(func(el *uitree.Element, _ int) bool {
		if el.Role == uitree.RoleMenuItem {
			items++
		}
		return true
	})
	if items < 500 {
		t.Fatalf("Calc exposes %d menu items: the test expects its menu bars' hundreds", items)
	}
	req.View, req.VisibleOnly = uitree.ViewControl, true
	req.MaxDepth, req.MaxNodes = uitree.DefaultMaxDepth, uitree.DefaultMaxNodes
	// The first visible-only snapshots read the item cache and learn how
	// little of it shows; every one must read only what shows.
	for i := range 3 {
		before := b.WalkStats()
		tree, err := b.Snapshot(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		after := b.WalkStats()
		read := after.Cached + after.Walked - before.Cached - before.Walked
		kept := 0
		tree.Root.Walk(func(*uitree.Element, int) bool { kept++; return true })
		t.Logf("visible-only snapshot %d: %d elements kept, %d read (%d from the item cache), %d calls in %d round trips",
			i+1, kept, read, after.Cached-before.Cached, after.Calls-before.Calls, after.RoundTrips-before.RoundTrips)
		if read >= int64(items) {
			t.Errorf("visible-only snapshot %d read %d elements to keep %d: no fewer than the %d menu items, all closed", i+1, read, kept, items)
		}
	}
}
