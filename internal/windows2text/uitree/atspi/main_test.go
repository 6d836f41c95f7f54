//go:build linux

package atspi_test

import (
	"context"
	"testing"
	"time"

	"textfirst/internal/windows2text/desktoptest"
	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

// The private desktop of this package's tests: started once in TestMain.
var (
	desk    *desktoptest.Desktop
	mainApp *desktoptest.App // "w2t test": every widget, a 2,000-row list
	other   *desktoptest.App // "w2t other": a second application
	backend *atspi.Backend
)

// callTimeout is short so that the stopped-application test is quick.
const callTimeout = 700 * time.Millisecond

// TestMain starts the package's desktop, its two applications and the
// backend; a fuzzing run (go test -run '^$' -fuzz ...) starts none of them.
func TestMain(m *testing.M) {
	desktoptest.Main(m, true, func(d *desktoptest.Desktop) (func(), error) {
		desk = d
		var err error
		if other, err = desk.StartApp("--title", "w2t other", "--rows", "3"); err != nil {
			return nil, err
		}
		if mainApp, err = desk.StartPresentedApp("--title", "w2t test", "--rows", "2000"); err != nil {
			return nil, err
		}
		if backend, err = atspi.New(context.Background(), atspi.WithCallTimeout(callTimeout)); err != nil {
			return nil, err
		}
		return func() { backend.Close() }, nil
	})
}

// windowID is the id of the last listed window that match accepts ("" for
// none).
func windowID(t *testing.T, match func(uitree.Window) bool) string {
	t.Helper()
	list, err := backend.Windows(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	id := ""
	for _, w := range list.Windows {
		if match(w) {
			id = w.ID
		}
	}
	return id
}

// snap takes a snapshot with the defaults changed by edit.
func snap(t *testing.T, edit func(*uitree.Request)) (*uitree.Snapshot, uitree.Request) {
	t.Helper()
	req := uitree.DefaultRequest()
	if edit != nil {
		edit(&req)
	}
	if err := req.Normalize(); err != nil {
		t.Fatal(err)
	}
	tree, err := backend.Snapshot(context.Background(), req)
	if err != nil {
		t.Fatalf("Snapshot(%v): %v", req, err)
	}
	var refs uitree.Refs
	return refs.Publish(tree), req
}
