package cli_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
