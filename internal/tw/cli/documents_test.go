package cli_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestStatsCountsAServedReading: a session of tw serve with real
// espeak-ng reads two paragraphs of a Debian file aloud; tw stats then
// prints the time, one session and the furthest point of that file, and
// --json the same figures.
func TestStatsCountsAServedReading(t *testing.T) {
	const rbash = "/usr/share/doc/bash/RBASH"
	data, err := os.ReadFile(rbash)
	if err != nil {
		t.Fatalf("%v (Debian package bash)", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "RBASH.txt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	stdin, next, wait := startServe(t, dir, []string{"TEXTWEAVER_SPEECH_SINK=clock", "TEXTWEAVER_SPEECH_SPEED=20"}, "--home", home, "--backend", "espeak")
	id := 0
	send := func(method, params string) {
		id++
		io.WriteString(stdin, req(id, method, params))
	}
	// until reads messages until one holds want.
	until := func(want string) {
		t.Helper()
		for m := next(); !strings.Contains(m.Raw, want); m = next() {
			if m.Error != nil {
				t.Fatalf("error %d %s", m.Error.Code, m.Error.Message)
			}
		}
	}
	send("open", `{"path":"`+path+`"}`)
	until(`"result"`)
	for range 2 {
		send("action", `{"id":"read_paragraph"}`)
		until(`"state":"reading"`)
		until(`"state":"stopped"`)
		send("action", `{"id":"next_paragraph"}`)
		until(`"result"`)
	}
	send("quit", "")
	stdin.Close()
	wait()

	code, stdout, stderr := run(t, "", nil, "stats", "--home", home)
	if code != 0 || stderr != "" {
		t.Fatalf("tw stats: exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "read aloud, sessions: 1, documents: 1.") ||
		!strings.HasPrefix(lines[1], "1. RBASH.txt: ") || !strings.HasSuffix(lines[1], "percent.") {
		t.Errorf("tw stats printed:\n%s", stdout)
	}
	code, stdout, _ = run(t, "", nil, "stats", "--home", home, "--json")
	var got struct {
		Seconds   float64
		Sessions  int
		Documents []struct {
			Path     string
			Seconds  float64
			Sessions int
			Furthest int `json:"furthest_percent"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil || len(got.Documents) != 1 {
		t.Fatalf("tw stats --json: exit %d, %v:\n%s", code, err, stdout)
	}
	d := got.Documents[0]
	if d.Path != path || d.Sessions != 1 || d.Seconds <= 0 || d.Furthest < 5 || d.Furthest > 60 {
		t.Errorf("the document's figures: %+v", d)
	}
	t.Logf("%.1f s read aloud (at 20 times the speed of the audio), furthest point %d percent", d.Seconds, d.Furthest)
}

// TestStatsWithNothingRead: an empty home says there is nothing, exit 1.
func TestStatsWithNothingRead(t *testing.T) {
	code, stdout, stderr := run(t, "", nil, "stats", "--home", t.TempDir())
	if code != 1 || stdout != "" || stderr != "Nothing read aloud yet.\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

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
