// Package testkit is what the tests of both programs share: it finds the
// project's shared/ folder (the specs and the conformance fixtures) and the
// module root, and builds each program once per test binary.
//
// It is imported by tests only.
package testkit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// Root returns the folder holding go.mod, found from this file's own
// location (so a test's working directory does not matter).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// Path returns ../shared/<parts...> beside the module root, and fails the
// test when it is missing — a missing fixture is never a skip.
func Path(t testing.TB, parts ...string) string {
	t.Helper()
	path := filepath.Join(append([]string{Root(), "..", "shared"}, parts...)...)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v (expected a copy of shared/ beside the module root)", err)
	}
	return path
}

// goTool returns the go command of the toolchain running the tests, so
// that tests never depend on where Go is installed or on PATH.
func goTool() string {
	tool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(tool); err != nil {
		return "go"
	}
	return tool
}

type build struct {
	once sync.Once
	path string
	err  error
}

var (
	buildsMu sync.Mutex
	builds   = map[string]*build{}
	binDir   string
)

// Binary builds ./cmd/<name> once per test binary and returns its path.
// The binaries live in one temporary folder that Cleanup removes.
func Binary(t testing.TB, name string) string {
	t.Helper()
	path, err := binary(name)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// MustBinary is Binary for TestMain, where there is no testing.TB: it
// panics when the build fails.
func MustBinary(name string) string {
	path, err := binary(name)
	if err != nil {
		panic(err)
	}
	return path
}

func binary(name string) (string, error) {
	buildsMu.Lock()
	b := builds[name]
	if b == nil {
		b = &build{}
		builds[name] = b
	}
	if binDir == "" {
		dir, err := os.MkdirTemp("", "textfirst-bin-")
		if err != nil {
			buildsMu.Unlock()
			return "", err
		}
		binDir = dir
	}
	dir := binDir
	buildsMu.Unlock()
	b.once.Do(func() {
		b.path = filepath.Join(dir, name)
		cmd := exec.Command(goTool(), "build", "-o", b.path, "./cmd/"+name)
		cmd.Dir = Root()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build ./cmd/%s: %w\n%s", name, err, out)
		}
	})
	return b.path, b.err
}

// Cleanup removes the binaries Binary built; call it from TestMain after
// m.Run.
func Cleanup() {
	buildsMu.Lock()
	defer buildsMu.Unlock()
	if binDir != "" {
		os.RemoveAll(binDir)
		binDir = ""
		builds = map[string]*build{}
	}
}

// Deref is what a test shows of an optional text (a document's author or
// language): the text, or "<nil>" when there is none.
func Deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// Tool is the path of the command tool on PATH. When tool is missing it
// fails the test, naming deps, the script that installs it (such as
// "scripts/deps-speech.sh"): a missing tool never skips a test.
func Tool(t testing.TB, tool, deps string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Fatalf("%s is not installed: run %s", tool, deps)
	}
	return path
}
