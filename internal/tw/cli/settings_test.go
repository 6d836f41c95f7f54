package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSettingsCommand drives `tw settings` as a user would, one step after
// another on the same home: each step's exit code, output and error line.
func TestSettingsCommand(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"TEXTWEAVER_HOME": home}
	exported := filepath.Join(t.TempDir(), "mine.toml")
	steps := []struct {
		args           []string
		stdin          string
		code           int
		stdout, stderr string // each a substring; "" expects nothing
	}{
		{args: []string{"get", "speech.rate"}, stdout: "265\n"},
		{args: []string{"set", "speech.rate", "300"}, stdout: "speech.rate = 300\n"},
		{args: []string{"get", "speech.rate"}, stdout: "300\n"},
		// Clamped to the range, as the settings list clamps.
		{args: []string{"set", "speech.pitch", "40"}, stdout: "speech.pitch = 12\n"},
		{args: []string{"set", "speech.rate", "fast"}, code: 2, stderr: `Error: tw settings set: speech.rate is a number, not "fast".`},
		{args: []string{"set", "speech.punctuation", "loud"}, code: 1, stderr: "Error: tw settings set: speech.punctuation"},
		{args: []string{"set", "speech.rat", "300"}, code: 2, stderr: "there is no setting speech.rat. Nearest: speech.rate"},
		{args: []string{"set", "highlight.enabled", "off"}, stdout: "highlight.enabled = false\n"},
		{args: []string{"list", "--changed"}, stdout: "speech.rate = 300 (default 265)\n"},
		{args: []string{"list", "nosuchsection"}, code: 2, stderr: "there is no section nosuchsection"},
		{args: []string{"export", exported}, stdout: "Settings exported to " + exported},
		{args: []string{"reset", "speech.rate"}, stdout: "Reset 1 setting to its default.\n"},
		{args: []string{"get", "speech.rate"}, stdout: "265\n"},
		// Without a terminal to ask on, resetting many needs -y.
		{args: []string{"reset"}, code: 2, stderr: "Give -y to reset without asking."},
		{args: []string{"reset", "--section", "highlight", "-y"}, stdout: "Reset 1 setting to its default.\n"},
		{args: []string{"import", exported}, stdout: "Imported "},
		{args: []string{"get", "speech.rate"}, stdout: "300\n"},
		{args: []string{"get", "highlight.enabled"}, stdout: "false\n"},
		{args: []string{"import", "-"}, stdin: "[speech]\nrate = 200\nloudness = 3\n", code: 1,
			stderr: "Refused: There is no setting speech.loudness"},
		// What fits is applied even when another entry is refused.
		{args: []string{"get", "speech.rate", "--json"}, stdout: "200\n"},
		{args: []string{"import", "-"}, stdin: "[speech\n", code: 1, stderr: "is not a settings file"},
		{args: []string{"reset", "-y"}, stdout: "Reset 3 settings to their defaults.\n"},
		{args: []string{"list", "--changed"}},
		{args: []string{"reset", "-y"}, stdout: "Nothing to reset"},
		{args: []string{"language", "fr"}, stdout: "fr"},
		{args: []string{"get", "speech.nope"}, code: 2, stderr: "Erreur"},
		{args: []string{"language", "xx"}, code: 2, stderr: "xx"},
		{args: []string{"language", "en"}, stdout: "en"},
	}
	for _, s := range steps {
		code, stdout, stderr := run(t, s.stdin, env, append([]string{"settings"}, s.args...)...)
		if code != s.code || !strings.Contains(stdout, s.stdout) || (s.stdout == "" && stdout != "") ||
			!strings.Contains(stderr, s.stderr) || (s.stderr == "" && stderr != "") {
			t.Fatalf("tw settings %s: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
				strings.Join(s.args, " "), code, stdout, stderr, s.code, s.stdout, s.stderr)
		}
	}
	// The home stays private, as every other command keeps it.
	fi, err := os.Stat(filepath.Join(home, "settings.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("settings.toml is %v, want 0600", fi.Mode().Perm())
	}
}

// TestSettingsListJSON: the JSON list has every setting a user may change,
// with its value and default, and no internal one.
func TestSettingsListJSON(t *testing.T) {
	env := map[string]string{"TEXTWEAVER_HOME": t.TempDir()}
	if code, _, stderr := run(t, "", env, "settings", "set", "reading.wrap_navigation", "on"); code != 0 {
		t.Fatalf("set: %s", stderr)
	}
	code, stdout, stderr := run(t, "", env, "settings", "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rows []struct {
		Path           string
		Value, Default any
	}
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
		t.Fatal(err)
	}
	byPath := map[string]any{}
	for _, r := range rows {
		byPath[r.Path] = r.Value
	}
	if byPath["reading.wrap_navigation"] != true || byPath["speech.rate"] != 265.0 {
		t.Errorf("values: wrap %v, rate %v", byPath["reading.wrap_navigation"], byPath["speech.rate"])
	}
	if _, ok := byPath["reading.last_document"]; ok {
		t.Error("an internal setting is listed")
	}
	if len(rows) < 30 {
		t.Errorf("%d settings listed", len(rows))
	}
}

// TestSettingsSetVoiceChecksTheEngine: speech.voice is checked against the
// voices of the engine in use (real espeak-ng), as the reader checks it.
func TestSettingsSetVoiceChecksTheEngine(t *testing.T) {
	env := map[string]string{"TEXTWEAVER_HOME": t.TempDir()}
	code, _, stderr := run(t, "", env, "settings", "set", "speech.voice", "no-such-voice-qx7")
	if code != 1 || !strings.Contains(stderr, "No voice matches no-such-voice-qx7. Nearest:") {
		t.Errorf("a voice no engine has: exit %d, %q", code, stderr)
	}
	if _, stdout, _ := run(t, "", env, "settings", "get", "speech.voice"); stdout != "\n" {
		t.Errorf("the refused voice was stored: %q", stdout)
	}
	if code, stdout, stderr := run(t, "", env, "settings", "set", "speech.voice", "en-us"); code != 0 || stdout != "speech.voice = en-us\n" {
		t.Errorf("a voice espeak-ng has: exit %d, %q %q", code, stdout, stderr)
	}
}
