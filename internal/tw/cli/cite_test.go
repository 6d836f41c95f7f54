package cli_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestCite: tw cite imports what real tools wrote of Debian's xampl.bib
// (pandoc's CSL-JSON, bibutils' RIS, the BibTeX itself), adds a work by
// hand, checks a document and formats what it cites.
func TestCite(t *testing.T) {
	const xampl = "/usr/share/texlive/texmf-dist/bibtex/bib/base/xampl.bib"
	if _, err := os.Stat(xampl); err != nil {
		t.Fatalf("%v: install texlive-base (scripts/deps-tw.sh)", err)
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	env := map[string]string{"TEXTWEAVER_HOME": home}
	csl, err := exec.Command("pandoc", "--from", "bibtex", "--to", "csljson", xampl).Output()
	if err != nil {
		t.Fatalf("pandoc: %v", err)
	}
	cslFile := testkit.WriteFile(t, filepath.Join(dir, "xampl.json"), string(csl))
	ris, err := exec.Command("bash", "-c", "set -o pipefail; bib2xml "+xampl+" | xml2ris").Output()
	if err != nil {
		t.Fatalf("bib2xml | xml2ris (bibutils): %v", err)
	}
	risFile := testkit.WriteFile(t, filepath.Join(dir, "xampl.ris"), string(ris))

	code, stdout, stderr := run(t, "", env, "cite", "list")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "is empty") {
		t.Errorf("list of an empty library: exit %d, %q, %q", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, "", env, "cite", "import", cslFile, risFile, xampl)
	want := "Imported 36 new references from xampl.json.\n" +
		"Imported 0 new references from xampl.ris. 33 were already in your library.\n" +
		"Imported 0 new references from xampl.bib. 36 were already in your library.\n"
	if code != 0 || stdout != want {
		t.Errorf("import: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, _ = run(t, "", env, "cite", "add", "978-0-306-40615-7", "--title", "On Testing", "--author", "Doe, Jane; Richard Roe", "--year", "2021", "--in", "Test Press")
	if code != 0 || stdout != "Added to your library: Doe and Roe, 2021, On Testing (doe2021)\n" {
		t.Errorf("add: exit %d, %q", code, stdout)
	}
	code, stdout, _ = run(t, "", env, "cite", "add", "0-306-40615-2")
	if code != 0 || !strings.HasPrefix(stdout, "Already in your library: Doe and Roe") {
		t.Errorf("add an ISBN-10 of a work kept by its ISBN-13: exit %d, %q", code, stdout)
	}
	if code, _, stderr := run(t, "", env, "cite", "add", "12345"); code != 2 || !strings.Contains(stderr, "Not a DOI or an ISBN") {
		t.Errorf("add a bad identifier: exit %d, %q", code, stderr)
	}
	code, stdout, _ = run(t, "", env, "cite", "list", "--json")
	var refs []map[string]any
	if err := json.Unmarshal([]byte(stdout), &refs); code != 0 || err != nil || len(refs) != 37 {
		t.Errorf("list --json: exit %d, %v, %d references", code, err, len(refs))
	}

	doc := testkit.WriteFile(t, filepath.Join(dir, "essay.md"), "As @doe2021 [p. 3] shows, and others agree [@article-full; @nobody, ch. 2].\n\n`[@not-code]`\n")
	code, stdout, _ = run(t, "", env, "cite", "check", doc)
	if code != 1 || stdout != "2 citations found. Not in the library: nobody.\n" {
		t.Errorf("check: exit %d, %q", code, stdout)
	}
	code, stdout, stderr = run(t, "", env, "cite", "format", "--cited", doc)
	wantOut := "Aamport, L. A. (1986). The gnats and gnus document preparation system. *Journal, 41*(7), 73+.\n\n" +
		"Doe, J., & Roe, R. (2021). *On Testing*. Test Press.\n"
	if code != 1 || stdout != wantOut || stderr != "Not in the library: nobody.\n" {
		t.Errorf("format --cited: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, _ = run(t, "", env, "cite", "remove", "doe2021")
	if code != 0 || !strings.HasPrefix(stdout, "Removed: Doe and Roe") {
		t.Errorf("remove: exit %d, %q", code, stdout)
	}
	if code, _, stderr := run(t, "", env, "cite", "remove", "doe2021"); code != 1 || !strings.Contains(stderr, "no reference doe2021") {
		t.Errorf("remove again: exit %d, %q", code, stderr)
	}
}
