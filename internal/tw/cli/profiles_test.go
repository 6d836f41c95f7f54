package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSettingsProfiles: save, switch, list, rename, delete, export and
// import profiles from the command line, on one home.
func TestSettingsProfiles(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"TEXTWEAVER_HOME": home}
	all := filepath.Join(t.TempDir(), "profiles.toml")
	steps := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{args: []string{"list"}, stderr: "No profiles yet"},
		{args: []string{"../escape"}, code: 2},
		{args: []string{"save", "../escape"}, code: 1, stderr: "a profile's name is 1 to 64 letters"},
		{args: []string{"save"}, code: 2, stderr: "save takes 1 argument: save NAME"},
		{args: []string{"use", "Nope"}, code: 1, stderr: "no such profile"},
	}
	for _, s := range steps {
		code, stdout, stderr := run(t, "", env, append([]string{"settings", "profile"}, s.args...)...)
		if code != s.code || !strings.Contains(stdout, s.stdout) || !strings.Contains(stderr, s.stderr) {
			t.Fatalf("tw settings profile %s: exit %d, %q, %q", strings.Join(s.args, " "), code, stdout, stderr)
		}
	}
	tw := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := run(t, "", env, args...)
		if code != 0 {
			t.Fatalf("tw %s: exit %d, %q", strings.Join(args, " "), code, stderr)
		}
		return stdout
	}
	tw("settings", "set", "speech.rate", "200")
	tw("settings", "profile", "save", "Study")
	tw("settings", "set", "speech.rate", "400")
	tw("settings", "profile", "save", "Skim quickly")
	if got := tw("settings", "profile", "list"); got != "Skim quickly\nStudy\n" {
		t.Errorf("list: %q", got)
	}
	if got := tw("settings", "profile", "use", "Study"); !strings.HasPrefix(got, "Profile Study in use: ") {
		t.Errorf("use: %q", got)
	}
	if got := tw("settings", "get", "speech.rate"); got != "200\n" {
		t.Errorf("after using Study the rate is %q", got)
	}
	tw("settings", "profile", "rename", "Study", "Exam")
	tw("settings", "profile", "export", all)
	tw("settings", "profile", "delete", "Exam")
	tw("settings", "profile", "delete", "Skim quickly")
	if got := tw("settings", "profile", "import", all); got != "2 profiles imported from "+all+".\n" {
		t.Errorf("import: %q", got)
	}
	tw("settings", "profile", "use", "Skim quickly")
	if got := tw("settings", "get", "speech.rate"); got != "400\n" {
		t.Errorf("after the round trip, Skim quickly's rate is %q", got)
	}
	fi, err := os.Stat(filepath.Join(home, "profiles", "Exam.toml"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("a profile's file: %v, %v", fi, err)
	}
}

// TestSettingsProfilesAction: the settings_profiles action over JSON-RPC
// saves the settings as a profile through its prompt, then lists it.
func TestSettingsProfilesAction(t *testing.T) {
	home := t.TempDir()
	input := req(1, "action", `{"id":"settings_profiles"}`) + req(2, "choose", `{"index":0}`) +
		req(3, "answer", `{"text":"Evening"}`) + req(4, "action", `{"id":"settings_profiles"}`)
	code, stdout, stderr := run(t, input, nil, "serve", "--stdio", "--no-speech", "--home", home)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var msgs []rpcMessage
	for _, m := range parseLines(t, stdout) {
		if m.Result != nil || m.Error != nil {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) != 4 {
		t.Fatalf("want 4 responses, got:\n%s", stdout)
	}
	for i, want := range []string{`"items":["Save the current settings as a new profile"]`, `"purpose":"profile_name"`,
		`Profile Evening saved.`, `"items":["Evening","Save the current settings as a new profile"]`} {
		if !strings.Contains(string(msgs[i].Raw), want) {
			t.Errorf("response %d: %s, want %s", i+1, msgs[i].Raw, want)
		}
	}
	if _, err := os.Stat(filepath.Join(home, "profiles", "Evening.toml")); err != nil {
		t.Error(err)
	}
}
