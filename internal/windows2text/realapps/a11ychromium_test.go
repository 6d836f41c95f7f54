//go:build linux

package realapps

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestEnableA11ySwitchesChromiumOn: a Chromium started after
// "windows2text --enable-a11y", without --force-renderer-accessibility
// and without ACCESSIBILITY_ENABLED, registers a bare window; it builds
// its tree once an assistive client asks for attributes, as a screen
// reader does, and its page must then read as with the flag.
func TestEnableA11ySwitchesChromiumOn(t *testing.T) {
	enableA11yFromOff(t)
	if slices.ContainsFunc(append(os.Environ(), desk.Env...), func(v string) bool {
		return strings.HasPrefix(v, "ACCESSIBILITY_ENABLED=") || strings.HasPrefix(v, "GNOME_ACCESSIBILITY=")
	}) {
		t.Fatal("the test's environment switches accessibility on by itself")
	}
	profile, err := os.MkdirTemp(desk.Dir(), "chromium-")
	if err != nil {
		t.Fatal(err)
	}
	args := slices.DeleteFunc(chromiumArgs(profile, "status.html"), func(s string) bool { return s == "--force-renderer-accessibility" })
	app := start(t, nil, "chromium", args...)
	waitForText(t, serve(t), app.PID, "Nothing saved yet")
}
