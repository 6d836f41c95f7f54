package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibraryCommand: tw library add indexes Debian's handbook (English)
// and a folder of the user's with a corrupt EPUB (named with its reason,
// the rest indexed); search finds by title, author and a phrase of the
// text; list --json gives the corrupt file's reason; refresh reads only
// what changed; remove takes a folder out; a folder that is no folder is
// refused.
func TestLibraryCommand(t *testing.T) {
	const handbook = "/usr/share/doc/debian-handbook/html/en-US"
	if _, err := os.Stat(handbook); err != nil {
		t.Fatalf("%s is missing: run scripts/deps-formats.sh (debian-handbook): %v", handbook, err)
	}
	home := t.TempDir()
	env := map[string]string{"TEXTWEAVER_HOME": home}
	mine := t.TempDir()
	os.WriteFile(filepath.Join(mine, "broken.epub"), []byte("PK\x03\x04 no zip here"), 0o644)
	os.WriteFile(filepath.Join(mine, "osmosis.md"), []byte("# Osmosis\n\nWater crosses the membrane.\n"), 0o644)

	code, stdout, stderr := run(t, "", env, "library", "add", handbook, mine)
	if code != 0 || !strings.HasPrefix(stdout, "129 documents in the library (1 could not be read): 128 added") ||
		!strings.Contains(stderr, "broken.epub could not be read: ") {
		t.Fatalf("add: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, c := range []struct{ words, want string }{
		{"Debian Administrator's Handbook", "index.html"},
		{"Hertzog", ""},
		{`"initramfs boot images"`, "sect.kernel-installation.html"},
		{"osmo", "osmosis.md"},
	} {
		code, stdout, _ := run(t, "", env, "library", "search", c.words)
		first, _, _ := strings.Cut(stdout, "\n")
		if code != 0 || stdout == "" || !strings.HasSuffix(first, c.want) {
			t.Errorf("search %s: exit %d, first %q, want it to end in %q", c.words, code, first, c.want)
		}
	}
	if code, _, stderr := run(t, "", env, "library", "search", "zzyzxq"); code != 1 || !strings.Contains(stderr, "No document in the library holds zzyzxq.") {
		t.Errorf("search for nothing: exit %d, %q", code, stderr)
	}
	code, stdout, _ = run(t, "", env, "library", "list", "--json")
	var docs []struct{ Path, Title, Error string }
	if err := json.Unmarshal([]byte(stdout), &docs); code != 0 || err != nil || len(docs) != 129 {
		t.Fatalf("list --json: exit %d, %v, %d documents", code, err, len(docs))
	}
	for _, d := range docs {
		if (filepath.Base(d.Path) == "broken.epub") != (d.Error != "") {
			t.Errorf("%s listed with the error %q", d.Path, d.Error)
		}
	}
	os.WriteFile(filepath.Join(mine, "diffusion.md"), []byte("# Diffusion\n\nMolecules spread.\n"), 0o644)
	if code, stdout, _ = run(t, "", env, "library", "refresh"); code != 0 || !strings.Contains(stdout, ": 1 added, 0 changed, 0 removed, 129 unchanged.") {
		t.Errorf("refresh: exit %d, %q", code, stdout)
	}
	if code, stdout, _ = run(t, "", env, "library", "remove", mine); code != 0 || stdout != "3 documents taken out of the library.\n" {
		t.Errorf("remove: exit %d, %q", code, stdout)
	}
	settings, _ := os.ReadFile(filepath.Join(home, "settings.toml"))
	if strings.Contains(string(settings), mine) || !strings.Contains(string(settings), handbook) {
		t.Errorf("settings.toml after remove:\n%s", settings)
	}
	if code, _, stderr = run(t, "", env, "library", "add", filepath.Join(mine, "osmosis.md")); code != 2 || !strings.Contains(stderr, "is not a folder") {
		t.Errorf("add of a file: exit %d, %q", code, stderr)
	}
	for _, sub := range []string{"add", "list", "search", "recent", "refresh", "remove"} {
		if code, stdout, _ := run(t, "", nil, "library", sub, "--help"); code != 0 || !strings.Contains(stdout, "tw library "+sub) {
			t.Errorf("library %s --help: exit %d, %q", sub, code, stdout)
		}
	}
}
