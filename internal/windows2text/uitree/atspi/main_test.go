//go:build linux

package atspi_test

import (
	"context"
	"flag"
	"fmt"
	"os"
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

func TestMain(m *testing.M) {
	flag.Parse()
	// A fuzzing run (go test -run '^$' -fuzz ...) needs no desktop.
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		os.Exit(m.Run())
	}
	if f := flag.Lookup("test.fuzzworker"); f != nil && f.Value.String() == "true" {
		os.Exit(m.Run())
	}
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	var err error
	desk, err = desktoptest.Start(true)
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL: starting the test desktop:", err)
		return 1
	}
	defer desk.Close()
	if other, err = desk.StartApp("--title", "w2t other", "--rows", "3"); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	if mainApp, err = desk.StartApp("--title", "w2t test", "--rows", "2000"); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	if _, err := mainApp.Command("present"); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	backend, err = atspi.New(context.Background(), atspi.WithCallTimeout(callTimeout))
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	defer backend.Close()
	return m.Run()
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
