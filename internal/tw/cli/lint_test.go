package cli_test

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

func TestLint(t *testing.T) {
	dir := t.TempDir()
	bad := testkit.WriteFile(t, filepath.Join(dir, "bad.md"), "# T\n\n### Deep\n\nSee https://example.org now.\n")
	good := testkit.WriteFile(t, filepath.Join(dir, "good.md"), "# T\n\n## Fine\n\nSee <https://example.org>.\n")
	code, stdout, stderr := run(t, "", nil, "lint", bad, good)
	want := bad + ":3:1: heading-level: level 3 after level 1\n" + bad + ":5:5: bare-url: https://example.org\n"
	if code != 1 || stdout != want || stderr != "2 problems found.\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, stdout, stderr := run(t, "", nil, "lint", good); code != 0 || stdout != "" || stderr != "No problems found.\n" {
		t.Errorf("a good file: exit %d, %q, %q", code, stdout, stderr)
	}
	if code, stdout, _ := run(t, "- a\n* b\n", nil, "lint", "-", "--json"); code != 1 || !strings.Contains(stdout, `"rule": "list-marker"`) {
		t.Errorf("standard input as JSON: exit %d, %q", code, stdout)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"lint"}, 2, "give a Markdown file"},
		{[]string{"lint", filepath.Join(dir, "missing.md")}, 1, "cannot read"},
		{[]string{"lint", dir}, 1, "not a regular file"},
	} {
		if code, _, stderr := run(t, "", nil, c.args...); code != c.code || !strings.Contains(stderr, c.err) {
			t.Errorf("tw %s: exit %d, %q", strings.Join(c.args, " "), code, stderr)
		}
	}
}
