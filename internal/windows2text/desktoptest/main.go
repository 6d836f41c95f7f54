//go:build linux

package desktoptest

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"textfirst/internal/testkit"
)

// Main is a test package's TestMain on a private desktop: it runs the
// package's tests and exits with their status.
//
// It starts the desktop with Start(setEnv), then calls prepare (nil for
// none), which starts what the tests share (applications, a backend) and
// returns what to close after them (nil for nothing). When either fails,
// Main prints "FAIL: ..." on stderr and exits with status 1 without running
// the tests. After the tests it closes what prepare opened, then the
// desktop, and removes the binaries testkit.Binary built.
//
// A fuzzing run (go test -fuzz, and the worker processes it starts) needs
// no desktop: Main runs the tests without one.
func Main(m *testing.M, setEnv bool, prepare func(*Desktop) (done func(), err error)) {
	os.Exit(run(m, setEnv, prepare))
}

func run(m *testing.M, setEnv bool, prepare func(*Desktop) (func(), error)) int {
	defer testkit.Cleanup()
	flag.Parse()
	if fuzzing() {
		return m.Run()
	}
	d, err := Start(setEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL: starting the test desktop:", err)
		return 1
	}
	defer d.Close()
	if prepare != nil {
		done, err := prepare(d)
		if err != nil {
			fmt.Fprintln(os.Stderr, "FAIL:", err)
			return 1
		}
		if done != nil {
			defer done()
		}
	}
	return m.Run()
}

// fuzzing reports whether the test binary fuzzes (-test.fuzz) or is one of
// a fuzzing run's workers (-test.fuzzworker).
func fuzzing() bool {
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		return true
	}
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.String() == "true"
}

// StartPresentedApp starts the GTK3 test application with args (see
// StartApp) and brings its window to the front.
func (d *Desktop) StartPresentedApp(args ...string) (*App, error) {
	app, err := d.StartApp(args...)
	if err != nil {
		return nil, err
	}
	if _, err := app.Command("present"); err != nil {
		return nil, err
	}
	return app, nil
}
