package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Package initialisation runs at every start of tw, whatever the command:
// what it allocates is what a one-line `tw text` pays before its work.
// These budgets are bytes, which a build allocates the same on any
// machine, loaded or not.
const (
	initBudget       = 800 << 10 // all packages together
	initPackageLimit = 160 << 10 // any one package
)

// TestStartAllocatesLittle: the packages linked into tw allocate within
// the budget as the process starts (GODEBUG=inittrace=1 reports each
// package's allocations); work a command may never need, such as
// compiling a regular expression, waits for first use.
func TestStartAllocatesLittle(t *testing.T) {
	home := t.TempDir()
	file := filepath.Join(home, "one.txt")
	if err := os.WriteFile(file, []byte("A line of text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := tw("text", file)
	cmd.Env = append(os.Environ(), "TEXTWEAVER_HOME="+home, "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tw text: %v\n%s", err, out)
	}
	total, packages := 0, 0
	for line := range strings.Lines(string(out)) {
		// init PACKAGE @T ms, C ms clock, B bytes, N allocs
		f := strings.Fields(line)
		if len(f) < 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		bytes, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("an init line without its bytes: %q", line)
		}
		packages++
		total += bytes
		if bytes > initPackageLimit {
			t.Errorf("package %s allocates %d KB as tw starts, more than %d KB", f[1], bytes>>10, initPackageLimit>>10)
		}
	}
	if packages < 50 {
		t.Fatalf("only %d packages reported their initialisation:\n%s", packages, out)
	}
	if total > initBudget {
		t.Errorf("package initialisation allocates %d KB at each start, more than %d KB", total>>10, initBudget>>10)
	}
	t.Logf("%d packages initialised, %d KB allocated", packages, total>>10)
}
