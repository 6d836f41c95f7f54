package rpc_test

// Tests against the real tw binary that replay the spec itself: its
// example session (the requests are taken from the spec file, the
// responses compared with a golden file and with the spec's own
// responses) and its minimal Python client, run unchanged.

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// specPath is where the example session says notes.md was.
const specPath = `C:\Users\you\Documents\notes.md`

// specText returns the JSON-RPC spec: ../shared/specs beside the module
// root (CI puts a copy of shared/ beside the clone).
func specText(t testing.TB) string {
	t.Helper()
	path := testkit.Path(t, "specs", "textweaver-json-rpc.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the spec is missing: %v (expected a copy of shared/ beside the module root)", err)
	}
	return string(data)
}

// between returns the text from the first start to the first end after
// it, inclusive of both.
func between(t testing.TB, text, start, end string) string {
	t.Helper()
	i := strings.Index(text, start)
	if i < 0 {
		t.Fatalf("the spec has no %q", start)
	}
	j := strings.Index(text[i:], end)
	if j < 0 {
		t.Fatalf("the spec has no %q after %q", end, start)
	}
	return text[i : i+j+len(end)]
}

// specSession returns the example session's messages in order: the
// client's (requests, and the exit notification) and the server's.
func specSession(t testing.TB) (client, server []json.RawMessage) {
	t.Helper()
	section := between(t, specText(t), "A complete example session", "A minimal client in Python")
	for i := 0; i < len(section); {
		if section[i] != '{' || (i > 0 && section[i-1] != '\n') {
			i++
			continue
		}
		dec := json.NewDecoder(strings.NewReader(section[i:]))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatalf("a JSON block of the spec's session does not parse: %v\n%s", err, section[i:min(len(section), i+200)])
		}
		i += int(dec.InputOffset())
		var m struct {
			ID     *json.RawMessage
			Method string
		}
		json.Unmarshal(raw, &m)
		if m.Method != "" && (m.ID != nil || m.Method == "exit") {
			client = append(client, raw)
		} else {
			server = append(server, raw)
		}
	}
	if len(client) != 10 {
		t.Fatalf("the spec's session has %d client messages, want 10", len(client))
	}
	return client, server
}

// compact re-encodes a message on one line as the server would.
func compact(t testing.TB, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// runSpecSession replays the spec's ten client messages (with notes.md's
// real path) against tw serve --stdio --no-speech --home home, and returns
// the output with the real path replaced by the spec's.
func runSpecSession(t *testing.T, dir, home string) []byte {
	t.Helper()
	clientMsgs, _ := specSession(t)
	realPath := filepath.Join(dir, "notes.md")
	var input bytes.Buffer
	for _, m := range clientMsgs {
		line := compact(t, m)
		line = bytes.ReplaceAll(line, []byte(jsonString(specPath)), []byte(jsonString(realPath)))
		input.Write(line)
		input.WriteByte('\n')
	}
	out, stderr := runTw(t, dir, nil, input.String(), "serve", "--stdio", "--no-speech", "--home", home)
	if len(stderr) != 0 {
		t.Errorf("tw serve wrote to stderr: %q", stderr)
	}
	return bytes.ReplaceAll(out, []byte(jsonString(realPath)), []byte(jsonString(specPath)))
}

// checkGolden compares out with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name string, out []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	gotLines := strings.Split(string(out), "\n")
	wantLines := strings.Split(string(want), "\n")
	for i := 0; i < max(len(gotLines), len(wantLines)); i++ {
		var g, w string
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Fatalf("message %d differs from %s:\n got: %s\nwant: %s", i+1, path, g, w)
		}
	}
}

func TestSpecExampleSessionGolden(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "notes.md"), notesMD)

	out := runSpecSession(t, dir, home)
	msgs := readAll(t, out)
	checkGolden(t, "session.golden", out)

	// The golden file is the spec's session: every server message of the
	// spec, in order, equal as JSON.
	_, specServer := specSession(t)
	if len(msgs) != len(specServer) {
		t.Fatalf("the server sent %d messages, the spec shows %d:\n%s", len(msgs), len(specServer), out)
	}
	for i, m := range msgs {
		if m.Framing != 0 {
			t.Errorf("message %d is not line-framed", i+1)
		}
		if !jsonEqual(m.Raw, specServer[i]) {
			t.Errorf("message %d differs from the spec:\n got: %s\nspec: %s", i+1, m.Raw, compact(t, specServer[i]))
		}
	}

	t.Run("reopened", func(t *testing.T) {
		out := runSpecSession(t, dir, home)
		checkGolden(t, "session-reopened.golden", out)
		msgs := readAll(t, out)
		if len(msgs) < 3 {
			t.Fatalf("too few messages:\n%s", out)
		}
		if got := announcements(msgs[1:2]); len(got) != 1 || got[0] != "Opened Cell biology. Resumed at 53 percent." {
			t.Fatalf("second open announced %q, want Opened Cell biology. Resumed at 53 percent.", got)
		}
		var open struct{ Position struct{ Char, Line int } }
		json.Unmarshal(msgs[2].Result, &open)
		if open.Position.Char != 90 || open.Position.Line != 5 {
			t.Fatalf("second open resumed at %+v, want char 90 line 5 (The nucleus)", open.Position)
		}
	})
}

func TestSpecPythonClient(t *testing.T) {
	spec := specText(t)
	code := between(t, spec, "import json\nimport subprocess\nimport sys", "server.wait()")
	printed := between(t, spec, "With the example document, opened for the first time, it prints:", "This client reads only")
	var want []string
	for _, line := range strings.Split(printed, "\n")[1:] {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "This client") {
			want = append(want, line)
		}
	}
	if len(want) != 5 {
		t.Fatalf("the spec shows %d printed lines, want 5: %q", len(want), want)
	}

	python := testkit.Tool(t, "python3", "scripts/deps-tw.sh")
	dir, home := t.TempDir(), t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "notes.md"), notesMD)
	testkit.WriteFile(t, filepath.Join(dir, "client.py"), code+"\n")
	tw := twBinary(t)

	cmd := exec.Command(python, "client.py", "notes.md")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(tw)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TEXTWEAVER_HOME="+home)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the spec's client failed: %v\nstdout: %s\nstderr: %s", err, stdout.Bytes(), stderr.Bytes())
	}
	if got := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n"); !reflect.DeepEqual(got, want) {
		t.Fatalf("the client printed:\n%s\nwant:\n%s", stdout.String(), strings.Join(want, "\n"))
	}
	// TEXTWEAVER_HOME took the place of --home: the place was saved there.
	states, _ := filepath.Glob(filepath.Join(home, "data", "state", "documents", "*.json"))
	if len(states) == 0 {
		t.Fatalf("nothing saved under TEXTWEAVER_HOME %s", home)
	}
}
