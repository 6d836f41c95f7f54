// Package shared finds the project's shared/ folder (the specs and the
// conformance fixtures) for tests: it stands beside the module root, in
// the work tree and in CI's clone alike.
package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// Path returns ../shared/<parts...> beside the folder holding go.mod, and
// fails the test when it is missing — a missing fixture is never a skip.
func Path(t testing.TB, parts ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's working directory")
		}
		dir = parent
	}
	path := filepath.Join(append([]string{dir, "..", "shared"}, parts...)...)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v (expected a copy of shared/ beside the module root)", err)
	}
	return path
}
