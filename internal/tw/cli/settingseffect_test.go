package cli_test

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestCommandsFollowTheirSettings: tw summarize gives summary.sentences
// sentences unless -n says otherwise, and tw define reads the glossary
// lexicon.glossary names, each set with tw settings set in the same home.
func TestCommandsFollowTheirSettings(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	file := testkit.WriteFile(t, filepath.Join(dir, "tides.md"), tidesMD)
	glossary := testkit.WriteFile(t, filepath.Join(dir, "terms.txt"), "tidewrack: what the sea leaves on the shore\n")
	for _, set := range [][]string{{"summary.sentences", "3"}, {"lexicon.glossary", glossary}} {
		if code, _, stderr := run(t, "", nil, "settings", "set", set[0], set[1], "--home", home); code != 0 {
			t.Fatalf("settings set %s: exit %d, %s", set[0], code, stderr)
		}
	}
	tests := []struct {
		args  []string
		lines int
	}{
		{[]string{"summarize", file, "--home", home}, 3},
		{[]string{"summarize", file, "--home", home, "-n", "1"}, 1},
		{[]string{"summarize", file}, 5},
	}
	for _, tt := range tests {
		code, stdout, stderr := run(t, "", map[string]string{"TEXTWEAVER_HOME": filepath.Join(dir, "other")}, tt.args...)
		if got := strings.Count(stdout, "\n"); code != 0 || got != tt.lines {
			t.Errorf("tw %s: exit %d, %d lines, want %d: %q %q", strings.Join(tt.args, " "), code, got, tt.lines, stdout, stderr)
		}
	}
	code, stdout, stderr := run(t, "", nil, "define", "tidewrack", "--home", home)
	if code != 0 || !strings.Contains(stdout, "what the sea leaves on the shore") {
		t.Errorf("tw define: exit %d, %q %q", code, stdout, stderr)
	}
	code, _, stderr = run(t, "", nil, "settings", "set", "summary.sentences", "lots", "--home", home)
	if code == 0 || !strings.Contains(stderr, `summary.sentences is a number, not "lots"`) {
		t.Errorf("a wrong value: exit %d, %q", code, stderr)
	}
}
