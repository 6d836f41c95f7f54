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

// TestOCRCommand: tw ocr status names the real Tesseract and its
// languages; tw ocr read recognizes a page of the original's single.pdf
// rendered as a picture by pdftoppm; a file that is no scan is refused.
func TestOCRCommand(t *testing.T) {
	if _, err := exec.LookPath("tesseract"); err != nil {
		t.Fatalf("tesseract is needed (bash scripts/deps-pdf.sh installs tesseract-ocr): %v", err)
	}
	code, stdout, stderr := run(t, "", nil, "ocr", "status")
	if code != 0 || !strings.HasPrefix(stdout, "Tesseract: installed at ") || !strings.Contains(stdout, "eng") {
		t.Errorf("ocr status: exit %d, %q %q", code, stdout, stderr)
	}
	code, stdout, _ = run(t, "", nil, "ocr", "status", "--json")
	var st struct{ Tesseract struct{ Languages []string } }
	if err := json.Unmarshal([]byte(stdout), &st); code != 0 || err != nil || len(st.Tesseract.Languages) == 0 {
		t.Errorf("ocr status --json: exit %d, %v: %s", code, err, stdout)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "page")
	if out, err := exec.Command("pdftoppm", "-r", "150", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile",
		testkit.Path(t, "conformance", "textweaver", "single.pdf"), page).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm (bash scripts/deps-pdf.sh installs poppler-utils): %v\n%s", err, out)
	}
	code, stdout, stderr = run(t, "", nil, "ocr", "read", page+".png")
	if code != 0 || !strings.Contains(stdout, "Accessible Reading") || !strings.Contains(stdout, "highlights each word") {
		t.Errorf("ocr read: exit %d, %q\n%s", code, stderr, stdout)
	}
	md := testkit.WriteFile(t, filepath.Join(dir, "a.md"), "# A\n")
	if code, _, stderr := run(t, "", nil, "ocr", "read", md); code != 2 || !strings.Contains(stderr, "is not a PDF or a picture") {
		t.Errorf("ocr read a.md: exit %d, %q", code, stderr)
	}
	if code, _, stderr := run(t, "", nil, "ocr", "scan"); code != 2 || !strings.Contains(stderr, "use status or read FILE") {
		t.Errorf("ocr scan: exit %d, %q", code, stderr)
	}
}

// TestComponentsCommand: the real programs installed here are listed as
// installed and verified to run; with an empty PATH each is said to be
// missing with the Debian package that installs it.
func TestComponentsCommand(t *testing.T) {
	code, stdout, stderr := run(t, "", nil, "components", "list")
	for _, want := range []string{"espeak-ng: speech and IPA pronunciations; installed at ", "tesseract: reading scanned pages and pictures (OCR); installed at "} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("components list: exit %d, %q, want %q in:\n%s", code, stderr, want, stdout)
		}
	}
	code, stdout, stderr = run(t, "", nil, "components", "verify", "--json")
	var rows []struct {
		ID    string
		Works bool
	}
	if err := json.Unmarshal([]byte(stdout), &rows); code != 0 || err != nil || len(rows) < 3 {
		t.Fatalf("components verify: exit %d, %v, %q: %s", code, err, stderr, stdout)
	}
	for _, r := range rows {
		if !r.Works {
			t.Errorf("%s does not work", r.ID)
		}
	}
	t.Setenv("PATH", t.TempDir())
	_, stdout, _ = run(t, "", nil, "components")
	if !strings.Contains(stdout, "ffmpeg: audio exports to FLAC, MP3, Opus and M4B; not installed; apt install ffmpeg") ||
		!strings.Contains(stdout, "liblouis: braille files (BRF); not installed; apt install liblouis-bin") {
		t.Errorf("with no programs on PATH:\n%s", stdout)
	}
}

// TestEloquenceCommand: tw eloquence searches the places Eloquence is
// installed and says what to do; a library named by TEXTWEAVER_ECI_LIBRARY
// is searched first and found.
func TestEloquenceCommand(t *testing.T) {
	code, stdout, _ := run(t, "", nil, "eloquence")
	if code != 0 || !strings.Contains(stdout, "Searched:\n") || !strings.Contains(stdout, "/usr/lib/speech-dispatcher-modules/sd_ibmtts (speech-dispatcher ibmtts module): ") {
		t.Errorf("eloquence: exit %d:\n%s", code, stdout)
	}
	lib := filepath.Join(t.TempDir(), "libibmeci.so")
	if err := os.WriteFile(lib, []byte("not really"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = run(t, "", map[string]string{"TEXTWEAVER_ECI_LIBRARY": lib}, "eloquence", "--json")
	var r struct {
		Status   string
		Searched []struct {
			Path  string
			Found bool
		}
	}
	if err := json.Unmarshal([]byte(stdout), &r); code != 0 || err != nil || len(r.Searched) == 0 || r.Searched[0].Path != lib || !r.Searched[0].Found {
		t.Fatalf("eloquence --json: exit %d, %v: %s", code, err, stdout)
	}
	if _, err := os.Stat("/usr/lib/speech-dispatcher-modules/sd_ibmtts"); err != nil && r.Status != "Eloquence's library is installed, but Speech Dispatcher has no module for it." {
		t.Errorf("status %q", r.Status)
	}
}

// TestChangesCommand: a Word file with tracked changes and a comment,
// written by pandoc (a tool no one here wrote), is listed one change a
// line in document order, as JSON, and written with every change
// accepted, then rejected: as Markdown, and as the Word file itself,
// which pandoc reads back with its comment and no change left.
func TestChangesCommand(t *testing.T) {
	pandoc, err := exec.LookPath("pandoc")
	if err != nil {
		t.Fatalf("pandoc is needed (bash scripts/deps-formats.sh installs it): %v", err)
	}
	dir := t.TempDir()
	src := testkit.WriteFile(t, filepath.Join(dir, "draft.md"), `Fluids were [rarely]{.deletion author="Ada Example" date="2026-03-03T10:00:00Z"}`+
		`[often]{.insertion author="Ada Example" date="2026-03-03T10:00:00Z"} given in acute `+
		`[renal]{.insertion author="Bo Writer" date="2026-03-04T10:00:00Z"} failure.`+
		`[Who repeats it?]{.comment-start id="0" author="Ada Example" date="2026-03-03T10:00:00Z"}[]{.comment-end id="0"}`+"\n")
	docx := filepath.Join(dir, "draft.docx")
	if out, err := exec.Command(pandoc, src, "-o", docx).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v\n%s", err, out)
	}
	code, stdout, stderr := run(t, "", nil, "changes", docx)
	want := "Deleted: 'rarely', by Ada Example\nInserted: 'often', by Ada Example\nInserted: 'renal', by Bo Writer\nComment: Ada Example: Who repeats it?\n"
	if code != 0 || stdout != want {
		t.Errorf("changes: exit %d, %q:\n%s", code, stderr, stdout)
	}
	code, stdout, _ = run(t, "", nil, "changes", docx, "--json")
	var got struct {
		Changes []struct {
			Kind, Text, Author string
		}
		Comments []struct{ ID, Text string }
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil || len(got.Changes) != 3 || got.Changes[2].Author != "Bo Writer" ||
		len(got.Comments) != 1 || got.Comments[0].ID != "c1" {
		t.Errorf("changes --json: exit %d, %v: %s", code, err, stdout)
	}
	final := filepath.Join(dir, "final.md")
	code, stdout, _ = run(t, "", nil, "changes", docx, "--accept-all", "-o", final)
	data, _ := os.ReadFile(final)
	if code != 0 || stdout != "Wrote "+final+"; changes accepted: 3.\n" || !strings.Contains(string(data), "Fluids were often given in acute renal failure.") || strings.Contains(string(data), "rarely") {
		t.Errorf("--accept-all: exit %d, %q, wrote %q", code, stdout, data)
	}
	before := filepath.Join(dir, "before.md")
	code, stdout, stderr = run(t, "", nil, "changes", docx, "--reject-all", "-o", before)
	data, _ = os.ReadFile(before)
	if code != 0 || stdout != "Wrote "+before+"; changes rejected: 3.\n" || !strings.Contains(string(data), "Fluids were rarely given in acute failure.") {
		t.Errorf("--reject-all: exit %d, %q %q, wrote %q", code, stdout, stderr, data)
	}
	beforeDOCX := filepath.Join(dir, "before.docx")
	if code, stdout, stderr = run(t, "", nil, "changes", docx, "--reject-all", "-o", beforeDOCX); code != 0 {
		t.Fatalf("--reject-all to Word: exit %d, %q %q", code, stdout, stderr)
	}
	back, err := exec.Command(pandoc, "--track-changes=all", "--wrap=none", "-t", "markdown", beforeDOCX).CombinedOutput()
	if err != nil || !strings.Contains(string(back), "Fluids were rarely given in acute failure.") || strings.Contains(string(back), ".insertion") ||
		strings.Contains(string(back), ".deletion") || !strings.Contains(string(back), "Who repeats it?") {
		t.Errorf("the Word file written with every change rejected reads, in pandoc: %v\n%s", err, back)
	}
	if code, _, stderr := run(t, "", nil, "changes", docx, "--reject-all", "--accept-all", "-o", final); code != 2 || !strings.Contains(stderr, "cannot go together") {
		t.Errorf("--reject-all with --accept-all: exit %d, %q", code, stderr)
	}
	if _, stdout, _ := run(t, "", nil, "changes", src); stdout != "No tracked changes or comments.\n" {
		t.Errorf("a document with none: %q", stdout)
	}
}

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
