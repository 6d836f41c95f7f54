//go:build linux

package realapps

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// a11yStatus reads one org.a11y.Status property of the desktop's session
// bus ("true" or "false").
func a11yStatus(t testing.TB, prop string) string {
	t.Helper()
	cmd := exec.Command("dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
		"org.freedesktop.DBus.Properties.Get", "string:org.a11y.Status", "string:"+prop)
	cmd.Env = desk.Env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("reading org.a11y.Status %s: %v\n%s", prop, err, out)
	}
	f := strings.Fields(string(out))
	return f[len(f)-1]
}

// setA11yStatus sets one org.a11y.Status property.
func setA11yStatus(t testing.TB, prop string, on bool) {
	t.Helper()
	v := "false"
	if on {
		v = "true"
	}
	cmd := exec.Command("dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
		"org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:"+prop, "variant:boolean:"+v)
	cmd.Env = desk.Env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("setting org.a11y.Status %s: %v\n%s", prop, err, out)
	}
}

// TestEnableA11ySwitchesBrowsersOn: "windows2text --enable-a11y" sets the
// session's org.a11y.Status as a screen reader does, and a Firefox started
// afterwards without GNOME_ACCESSIBILITY exposes its page.
func TestEnableA11ySwitchesBrowsersOn(t *testing.T) {
	enableA11yFromOff(t)
	for _, prop := range []string{"IsEnabled", "ScreenReaderEnabled"} {
		if v := a11yStatus(t, prop); v != "true" {
			t.Errorf("org.a11y.Status %s is %s after --enable-a11y", prop, v)
		}
	}
	if slices.ContainsFunc(append(os.Environ(), desk.Env...), func(v string) bool { return strings.HasPrefix(v, "GNOME_ACCESSIBILITY=") }) {
		t.Fatal("GNOME_ACCESSIBILITY is set in the test's environment")
	}
	_, pid := startFirefoxEnv(t, "status.html", nil)
	c := serve(t)
	waitForText(t, c, pid, "Nothing saved yet")
}

// enableA11yFromOff switches the session's accessibility off, as a
// desktop without a screen reader has it (and again when the test ends),
// then runs "windows2text --enable-a11y windows".
func enableA11yFromOff(t *testing.T) {
	t.Helper()
	for _, prop := range []string{"IsEnabled", "ScreenReaderEnabled"} {
		setA11yStatus(t, prop, false)
		t.Cleanup(func() { setA11yStatus(t, prop, false) })
	}
	cmd := exec.Command(testkit.Binary(t, "windows2text"), "--enable-a11y", "windows")
	cmd.Env = desk.Env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("windows2text --enable-a11y windows: %v\n%s", err, out)
	}
}
