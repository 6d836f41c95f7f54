package cli_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

const tidesMD = `# Tides

The moon pulls the sea towards it and makes the tides rise.
Tides rise and fall twice a day because the moon pulls the sea.
My neighbour bought a bright red bicycle last Tuesday afternoon.
Spring tides come when the sun and the moon pull the sea together.
Neap tides come when the sun and the moon pull the sea apart.
`

func TestSummarize(t *testing.T) {
	file := testkit.WriteFile(t, filepath.Join(t.TempDir(), "tides.md"), tidesMD)
	code, stdout, stderr := run(t, "", nil, "summarize", file, "-n", "2")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != 0 || stderr != "" || len(lines) != 2 {
		t.Fatalf("exit %d, stderr %q, stdout %q", code, stderr, stdout)
	}
	for _, l := range lines {
		if !strings.Contains(tidesMD, l) || strings.Contains(l, "bicycle") || l == "Tides" {
			t.Errorf("chose %q", l)
		}
	}
	code, stdout, _ = run(t, "", nil, "summarize", file, "--json")
	var got struct {
		Sentences []struct {
			Text       string
			Start, End int
			Line       int
		}
		Candidates int
		Sampled    bool
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, stdout)
	}
	if len(got.Sentences) != 5 || got.Candidates != 5 || got.Sampled || got.Sentences[0].Line != 3 {
		t.Errorf("%+v", got)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"summarize"}, 2, "give one document"},
		{[]string{"summarize", file, "-n", "0"}, 2, "--sentences is from 1 to 50, not 0"},
		{[]string{"summarize", file, "-n", "51"}, 2, "--sentences is from 1 to 50"},
		{[]string{"summarize", "-"}, 1, "Nothing to summarize"},
	} {
		code, _, stderr := run(t, "# Only a heading\n", nil, c.args...)
		if code != c.code || !strings.Contains(stderr, c.err) {
			t.Errorf("tw %s: exit %d, %q", strings.Join(c.args, " "), code, stderr)
		}
	}
}
