package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncCommand: two homes set up sync through one folder with tw sync
// setup; one syncs a real Debian manual with tw sync now, and the other's
// tw sync status names it; tw sync stop turns it off, and status then
// says sync is off and fails.
func TestSyncCommand(t *testing.T) {
	const policy = "/usr/share/doc/python3/python-policy.html"
	data, err := os.ReadFile(policy)
	if err != nil {
		t.Fatalf("%v (Debian package python3)", err)
	}
	dir := t.TempDir()
	doc := filepath.Join(dir, "policy.html")
	if err := os.WriteFile(doc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shared, laptop, desk := filepath.Join(dir, "shared"), filepath.Join(dir, "laptop"), filepath.Join(dir, "desk")
	tw := func(wantCode int, want string, args ...string) {
		t.Helper()
		code, out, errOut := run(t, "", nil, args...)
		if code != wantCode || !strings.Contains(out, want) {
			t.Errorf("tw %s: exit %d, stdout %q, stderr %q; want exit %d and %q", strings.Join(args, " "), code, out, errOut, wantCode, want)
		}
	}
	tw(1, "Sync is off.", "sync", "status", "--home", laptop)
	tw(0, "Sync set up: laptop, through "+shared+".", "sync", "setup", shared, "laptop", "--home", laptop)
	tw(0, "Sync set up: desk, through "+shared+".", "sync", "setup", shared, "desk", "--home", desk)
	tw(0, "No other computer has this document yet.", "sync", "now", doc, "--home", laptop)
	tw(0, "Other computers with this document: laptop.", "sync", "status", doc, "--home", desk)
	tw(0, "Sync stopped on this computer", "sync", "stop", "--home", laptop)
	tw(1, "Sync is off.", "sync", "status", "--home", laptop)
	tw(0, "tw sync setup FOLDER", "sync", "--help")
}
