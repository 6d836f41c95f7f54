package cli_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestDefine: tw define against Debian's WordNet and espeak-ng, with the
// user's glossary winning.
func TestDefine(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"TEXTWEAVER_HOME": home}
	code, stdout, stderr := run(t, "", env, "define", "tides")
	if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "# tide\n\nThe base form of tides.\n\nPronunciation: ") ||
		!strings.Contains(stdout, "## noun\n\n1. the periodic rise and fall of the sea level under the gravitational pull of the moon\n") ||
		!strings.Contains(stdout, "   Example: a rising tide of popular interest.\n") || !strings.Contains(stdout, "## verb") {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, stderr = run(t, "", env, "define", "photosynthsis")
	if code != 1 || stdout != "" || stderr != "No definition found for photosynthsis. Nearest: photosynthesis, photosynthetic.\n" {
		t.Errorf("a word not found: exit %d, %q %q", code, stdout, stderr)
	}
	// One found, one not: the found one printed, exit 0.
	code, stdout, stderr = run(t, "", env, "define", "qzxqzx", "osmosis", "--json")
	var defs []struct {
		Word, Source, Pronunciation string
		Groups                      []struct{ Lemma string }
	}
	if err := json.Unmarshal([]byte(stdout), &defs); code != 0 || err != nil || len(defs) != 1 || defs[0].Source != "wordnet" ||
		defs[0].Pronunciation == "" || !strings.Contains(stderr, "qzxqzx") {
		t.Errorf("exit %d, %v, %q, %q", code, err, stdout, stderr)
	}
	testkit.WriteFile(t, filepath.Join(home, "glossary.txt"), "osmosis: diffusion of water through a membrane\n")
	code, stdout, _ = run(t, "", env, "define", "Osmosis")
	if code != 0 || !strings.Contains(stdout, "From your glossary.") || !strings.Contains(stdout, "1. diffusion of water through a membrane\n") {
		t.Errorf("the glossary does not win: %q", stdout)
	}
	code, stdout, _ = run(t, "", env, "define", "photosynth", "--complete")
	if code != 0 || !strings.Contains(stdout, "photosynthesis\n") {
		t.Errorf("--complete: %q", stdout)
	}
	if code, _, stderr := run(t, "", env, "define"); code != 2 || !strings.Contains(stderr, "give a word to define") {
		t.Errorf("no word: exit %d, %q", code, stderr)
	}
	bad := testkit.WriteFile(t, filepath.Join(home, "bad.json"), "[1]")
	if code, _, stderr := run(t, "", env, "define", "tide", "--glossary", bad); code != 1 || !strings.Contains(stderr, "a glossary must be a JSON object") {
		t.Errorf("a broken glossary: exit %d, %q", code, stderr)
	}
}
