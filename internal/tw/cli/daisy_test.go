package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// tw text --pages prints pages of a DAISY book (by printed number or
// range) and of a PDF; a page the document lacks, or a document without
// pages, fails with what it has.
func TestTextPages(t *testing.T) {
	book := filepath.Join(t.TempDir(), "book")
	testkit.MakeDAISY2(t, book, testkit.DAISYBook, []int{1, 2, 2}, true)
	pdf := testkit.Path(t, "conformance", "textweaver", "running.pdf")
	notes := filepath.Join(t.TempDir(), "notes.md")
	if err := os.WriteFile(notes, []byte("# Notes\n\nNo pages here.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string // the whole output (code 0), or a part of stderr
	}{
		{"a DAISY page", []string{"text", book, "--pages", "1"}, 0,
			"Mara kept the light for forty years.\n\nThe Storm\n\nThe wind rose at dusk.1\n"},
		{"the DAISY book's last page", []string{"text", filepath.Join(book, "ncc.html"), "--pages", "2"}, 0,
			"Waves broke over the rocks.\n\n1 A storm of the autumn of 1890.\n\nLighthouses were lit with oil.\n\nMorning\n\nThe sea was calm again.\n\nPicture: a white tower.\n"},
		{"a range of pages", []string{"text", book, "--pages", "1-2"}, 0, strings.TrimPrefix(testkit.DAISYText, "The Lighthouse Keeper\n\n") + "\n"},
		{"a PDF's page by its roman number", []string{"text", pdf, "--pages", "i"}, 0, ""},
		{"a page past the last", []string{"text", book, "--pages", "3"}, 1, "Error: tw text: no page 3: the pages are 1 to 2."},
		{"a backward range", []string{"text", book, "--pages", "2-1"}, 1, "no page 2-1"},
		{"a document without pages", []string{"text", notes, "--pages", "1"}, 1, "Error: tw text: Notes has no pages."},
		{"with another output", []string{"text", book, "--pages", "1", "--to", "html"}, 2, "--pages prints plain text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", nil, tc.args...)
			switch {
			case code != tc.code:
				t.Fatalf("exit %d, want %d; stdout %q, stderr %q", code, tc.code, stdout, stderr)
			case code == 0 && tc.stdout != "" && stdout != tc.stdout:
				t.Errorf("stdout\n got: %q\nwant: %q", stdout, tc.stdout)
			case code == 0 && stdout == "":
				t.Error("nothing printed")
			case code != 0 && !strings.Contains(stderr, tc.stdout):
				t.Errorf("stderr %q, want %q in it", stderr, tc.stdout)
			}
		})
	}
}

// tw info on a DAISY book says its pages, and the audio files it lacks.
func TestInfoDAISY(t *testing.T) {
	book := filepath.Join(t.TempDir(), "book")
	testkit.MakeDAISY3(t, book, []int{1, 2, 2}, false)
	if err := os.Remove(filepath.Join(book, "audio", "s3.wav")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "", nil, "info", book)
	if code != 0 || !strings.Contains(stdout, "Format: daisy\n") || !strings.Contains(stdout, "\nPages: 2\n") ||
		!strings.Contains(stdout, "\nMissing audio: audio/s3.wav\n") {
		t.Errorf("exit %d, %s%s", code, stdout, stderr)
	}
	code, stdout, _ = run(t, "", nil, "info", book, "--json")
	var j struct {
		Pages   int      `json:"pages"`
		Missing []string `json:"missing_audio"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &j) != nil || j.Pages != 2 || strings.Join(j.Missing, ",") != "audio/s3.wav" {
		t.Errorf("--json: exit %d, %s", code, stdout)
	}
}
