package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
)

// fakeBrowser puts an xdg-open first on PATH that writes what it was
// asked to open to the file it returns.
func fakeBrowser(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	opened := filepath.Join(t.TempDir(), "opened")
	script := "#!/bin/sh\nprintf '%s' \"$1\" > " + opened + ".tmp && mv " + opened + ".tmp " + opened + "\n"
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return opened
}

// TestOnlineDocumentation: without a display the address is said and
// nothing asked; with one, a question comes first, no keeps the browser
// closed, and yes opens the address with xdg-open.
func TestOnlineDocumentation(t *testing.T) {
	f := newFixture(t)
	t.Run("no display", func(t *testing.T) {
		t.Setenv("DISPLAY", "")
		t.Setenv("WAYLAND_DISPLAY", "")
		app, rec := f.open()
		res := f.do(app, "online_documentation")
		if res.Pending != nil {
			t.Errorf("asked %q with no display", res.Pending.Question)
		}
		rec.expect(t, "The documentation on the web is at "+core.OnlineDocumentation+". There is no display here to open a browser on: open the address on a computer with one.", "no display")
	})
	t.Run("display", func(t *testing.T) {
		t.Setenv("DISPLAY", ":97")
		t.Setenv("WAYLAND_DISPLAY", "")
		opened := fakeBrowser(t)
		app, rec := f.open()
		res := f.do(app, "online_documentation")
		want := "The documentation on the web is at " + core.OnlineDocumentation + ". Open it in the browser? y or n"
		if res.Pending == nil || res.Pending.Question != want {
			t.Fatalf("pending %+v, want the question %q", res.Pending, want)
		}
		no := false
		mustAction(t, app, "online_documentation", &no)
		rec.expect(t, "Kept.", "answered no")
		if _, err := os.Stat(opened); err == nil {
			t.Fatal("the browser opened after no")
		}
		yes := true
		mustAction(t, app, "online_documentation", &yes)
		rec.expect(t, "Opened "+core.OnlineDocumentation+" in the browser.", "answered yes")
		deadline := time.Now().Add(30 * time.Second)
		for {
			data, err := os.ReadFile(opened)
			if err == nil {
				if string(data) != core.OnlineDocumentation {
					t.Errorf("xdg-open was given %q", data)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("xdg-open never ran")
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	if !strings.HasPrefix(core.OnlineDocumentation, "https://") {
		t.Errorf("the address %q is not a web address", core.OnlineDocumentation)
	}
}
