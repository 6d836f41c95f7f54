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
