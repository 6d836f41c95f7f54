//go:build linux

package realapps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// firefoxPrefs keep a fresh profile quiet and offline: no first-run pages,
// no default-browser question, no updates or telemetry, no network.
const firefoxPrefs = `user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("startup.homepage_welcome_url", "");
user_pref("startup.homepage_welcome_url.additional", "");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.enabled", false);
user_pref("app.update.auto", false);
user_pref("browser.tabs.warnOnClose", false);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("network.proxy.type", 1);
user_pref("network.proxy.http", "127.0.0.1");
user_pref("network.proxy.http_port", 9);
user_pref("network.proxy.ssl", "127.0.0.1");
user_pref("network.proxy.ssl_port", 9);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("extensions.autoDisableScopes", 15);
user_pref("browser.discovery.enabled", false);
user_pref("browser.newtabpage.enabled", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("accessibility.force_disabled", 0);
`

// startFirefox opens a local page in Firefox ESR with a profile of its
// own, accessibility on and no network.
func startFirefox(t testing.TB, page string) (app interface{ Alive() bool }, pid int) {
	t.Helper()
	return startFirefoxEnv(t, page, []string{"GNOME_ACCESSIBILITY=1"})
}

// startFirefoxEnv is startFirefox with env added to the desktop's instead
// of the variable that switches accessibility on.
func startFirefoxEnv(t testing.TB, page string, env []string) (app interface{ Alive() bool }, pid int) {
	t.Helper()
	profile, err := os.MkdirTemp(desk.Dir(), "firefox-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		t.Fatal(err)
	}
	page, query, _ := strings.Cut(page, "?")
	abs, err := filepath.Abs(filepath.Join("testdata", page))
	if err != nil {
		t.Fatal(err)
	}
	url := "file://" + abs
	if query != "" {
		url += "?" + query
	}
	a := start(t, append([]string{"MOZ_CRASHREPORTER_DISABLE=1", "MOZ_DISABLE_AUTO_SAFE_MODE=1"}, env...),
		"firefox-esr", "--no-remote", "--profile", profile, "--width", "1000", "--height", "800", url)
	return a, a.PID
}

// TestFirefoxForm fills form.html in Firefox ESR as TestChromiumForm does
// in Chromium. Gecko differs: a paragraph's words are its Text (no text
// leaves), a select has no text (its chosen option is the selected item
// of its list) and its dropdown opens in the browser's chrome, not under
// the select; a number field answers SetTextContents with true and keeps
// its text; a closed dropdown's items turn DEFUNCT.
func TestFirefoxForm(t *testing.T) {
	app, pid := startFirefox(t, "form.html")
	fillOrderForm(t, app, pid, "Firefox")
}

// TestFirefoxSurvivesSnapshotAndObserve: Firefox ESR is alive and answers
// after a default snapshot and observe at every scope.
func TestFirefoxSurvivesSnapshotAndObserve(t *testing.T) {
	app, pid := startFirefox(t, "form.html")
	c := serve(t)
	waitForText(t, c, pid, "Nothing ordered")
	win := ""
	if r := c.ok("windows", nil); r != nil {
		for _, w := range r["windows"].([]any) {
			if m := w.(map[string]any); int(m["pid"].(float64)) == pid {
				win, _ = m["hwnd"].(string)
			}
		}
	}
	if win == "" {
		t.Fatal("Firefox's window is not among the windows")
	}
	scopes := []map[string]any{
		nil,
		{"scope": "foreground"},
		{"scope": "desktop"},
		{"scope": "cursor"},
		{"scope": "process", "pid": pid},
		{"scope": "hwnd", "hwnd": win},
		{"scope": "desktop", "view": "raw", "maxDepth": 60, "visibleOnly": false, "maxNodes": 5000},
		{"scope": "process", "pid": pid, "view": "content", "maxDepth": 60},
	}
	for _, method := range []string{"snapshot", "observe"} {
		for _, params := range scopes {
			r := c.do(method, params)
			if !r.OK {
				t.Errorf("%s %v: %s", method, params, r.raw)
			}
			if un, _ := r.Result["unresponsive"].([]any); len(un) > 0 {
				t.Errorf("%s %v: unresponsive %v", method, params, un)
			}
			if !app.Alive() {
				t.Fatalf("Firefox died after %s %v: %s", method, params, r.raw)
			}
		}
	}
	// Still answering: its page is read again.
	waitForText(t, c, pid, "Nothing ordered")
}
