package cli_test

// tw's command line: serve's flags and wiring, run in-process through
// cli.Main (as cmd/tw runs it) and, for what only a real process shows
// (output before any input, stdin closing, nothing on stderr), against the
// built binary.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/cli"
	"textfirst/internal/tw/load"
)

// notesMD is the spec's example document.
const notesMD = testkit.NotesMD

// notesDir makes a folder holding notes.md and returns it.
func notesDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "notes.md"), notesMD)
	return dir
}

// run runs tw in-process with stdin and an environment of its own.
func run(t *testing.T, stdin string, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cli.Main(args, cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] }})
	return code, out.String(), errb.String()
}

// rpcMessage is one line of serve's output.
type rpcMessage struct {
	Raw    string
	ID     json.RawMessage
	Method string
	Params struct {
		Text, Priority string
	}
	Result json.RawMessage
	Error  *struct {
		Code    int
		Message string
	}
}

// parseLines checks and decodes line-framed output: every line one JSON
// message with its fields in alphabetical order.
func parseLines(t *testing.T, out string) []rpcMessage {
	t.Helper()
	var msgs []rpcMessage
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		if err := testkit.KeysInOrder([]byte(line)); err != nil {
			t.Fatalf("fields out of order in %s: %v", line, err)
		}
		var m rpcMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		m.Raw = line
		msgs = append(msgs, m)
	}
	return msgs
}

func req(id int, method, params string) string {
	s := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q`, id, method)
	if params != "" {
		s += `,"params":` + params
	}
	return s + "}\n"
}

func TestServeNeedsStdio(t *testing.T) {
	for _, args := range [][]string{{"serve"}, {"serve", "--no-speech"}} {
		code, stdout, stderr := run(t, "", nil, args...)
		if code != 1 || stdout != "" || stderr != "Error: tw serve needs a transport; use --stdio\n" {
			t.Fatalf("tw %v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

func TestServeRefusesUnknownFlags(t *testing.T) {
	code, stdout, stderr := run(t, "", nil, "serve", "--stdio", "--socket")
	if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "Error: tw serve: unknown option --socket") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, _, stderr = run(t, "", nil, "serve", "--stdio", "--home")
	if code != 2 || !strings.Contains(stderr, "--home needs a value") {
		t.Fatalf("--home without a value: exit %d, stderr %q", code, stderr)
	}
}

func TestServeOpenFlag(t *testing.T) {
	dir := notesDir(t)
	cases := []struct {
		name, open string
		say        string // the first announcement
		priority   string
		document   bool
	}{
		{"a document", filepath.Join(dir, "notes.md"), "Opened Cell biology.", "polite", true},
		{"a missing file", filepath.Join(dir, "missing.md"), "Could not open " + filepath.Join(dir, "missing.md") + ": no such file", "assertive", false},
		{"a folder", dir, "Could not open " + dir + ": is a folder", "assertive", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := run(t, req(1, "status", ""), nil,
				"serve", "--stdio", "--no-speech", "--home", t.TempDir(), "--open", c.open)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			msgs := parseLines(t, stdout)
			if len(msgs) != 2 || msgs[0].Method != "announcement" {
				t.Fatalf("want an announcement then the status, got:\n%s", stdout)
			}
			if prefix, ok := strings.CutSuffix(c.say, "…"); ok {
				if !strings.HasPrefix(msgs[0].Params.Text, prefix) {
					t.Fatalf("announced %q, want it to start %q", msgs[0].Params.Text, prefix)
				}
			} else if msgs[0].Params.Text != c.say {
				t.Fatalf("announced %q, want %q", msgs[0].Params.Text, c.say)
			}
			if msgs[0].Params.Priority != c.priority {
				t.Fatalf("priority %q, want %q", msgs[0].Params.Priority, c.priority)
			}
			var st struct{ Document any }
			json.Unmarshal(msgs[1].Result, &st)
			if (st.Document != nil) != c.document {
				t.Fatalf("the server kept running with document %v, want open=%v", st.Document, c.document)
			}
		})
	}
}

// stateFiles lists the reading places saved under home.
func stateFiles(home string) []string {
	files, _ := filepath.Glob(filepath.Join(home, "data", "state", "documents", "*.json"))
	return files
}

func TestServeHome(t *testing.T) {
	dir := notesDir(t)
	input := req(1, "open", fmt.Sprintf(`{"path":%q}`, filepath.Join(dir, "notes.md"))) +
		req(2, "navigate", `{"action":"next_heading"}`)
	t.Run("TEXTWEAVER_HOME", func(t *testing.T) {
		home := t.TempDir()
		code, _, _ := run(t, input, map[string]string{"TEXTWEAVER_HOME": home}, "serve", "--stdio", "--no-speech")
		if code != 0 || len(stateFiles(home)) != 1 {
			t.Fatalf("exit %d; places saved under TEXTWEAVER_HOME: %v", code, stateFiles(home))
		}
	})
	t.Run("--home wins", func(t *testing.T) {
		env, flag := t.TempDir(), t.TempDir()
		code, _, _ := run(t, input, map[string]string{"TEXTWEAVER_HOME": env}, "serve", "--stdio", "--no-speech", "--home", flag)
		if code != 0 || len(stateFiles(flag)) != 1 || len(stateFiles(env)) != 0 {
			t.Fatalf("exit %d; --home has %v, TEXTWEAVER_HOME has %v", code, stateFiles(flag), stateFiles(env))
		}
		// The place was saved when the input ended: a new server resumes.
		_, stdout, _ := run(t, input, nil, "serve", "--stdio", "--no-speech", "--home", flag)
		msgs := parseLines(t, stdout)
		if msgs[0].Params.Text != "Opened Cell biology. Resumed at 53 percent." {
			t.Fatalf("reopened: %q", msgs[0].Params.Text)
		}
	})
}

func TestServeSettingsMethods(t *testing.T) {
	input := req(1, "settings_schema", "") + req(2, "get_setting", `{"path":"speech.rate"}`) +
		req(3, "set_setting", `{"path":"speech.rate","value":5000}`) + req(4, "get_setting", `{"path":"no.such"}`) +
		req(5, "get_setting", "")
	code, stdout, stderr := run(t, input, nil, "serve", "--stdio", "--no-speech", "--home", t.TempDir())
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	msgs := parseLines(t, stdout)
	if len(msgs) != 5 {
		t.Fatalf("want 5 responses, got:\n%s", stdout)
	}
	var schema []map[string]any
	if err := json.Unmarshal(msgs[0].Result, &schema); err != nil || len(schema) == 0 {
		t.Fatalf("settings_schema: %s", msgs[0].Raw)
	}
	if got := string(msgs[1].Result); got != `{"path":"speech.rate","spoken":"265 words per minute","value":265}` {
		t.Fatalf("get_setting: %s", got)
	}
	if got := string(msgs[2].Result); got != `{"path":"speech.rate","spoken":"900 words per minute","value":900}` {
		t.Fatalf("set_setting out of range clamps: %s", got)
	}
	if e := msgs[3].Error; e == nil || e.Code != -32602 || !strings.HasPrefix(e.Message, "There is no setting no.such") {
		t.Fatalf("unknown setting: %s", msgs[3].Raw)
	}
	if e := msgs[4].Error; e == nil || e.Code != -32602 || e.Message != "path is required and must be a string" {
		t.Fatalf("get_setting without path: %s", msgs[4].Raw)
	}
}

func TestText(t *testing.T) {
	dir := notesDir(t)
	notes := filepath.Join(dir, "notes.md")
	code, stdout, stderr := run(t, "", nil, "text", notes)
	want := "Cell biology\n\nCells are the smallest units of life. Every living thing is made of cells.\n\nThe nucleus\n\nThe nucleus holds the cell's DNA. It controls growth and division.\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Fatalf("exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
	}
	code, stdout, _ = run(t, "", nil, "text", notes, "--to", "json")
	var j struct {
		Text    string
		Markers []map[string]any
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &j) != nil || j.Text+"\n" != want || len(j.Markers) == 0 {
		t.Fatalf("--to json: exit %d, %.200s", code, stdout)
	}
	out := filepath.Join(dir, "out.txt")
	if code, _, _ := run(t, "", nil, "text", notes, "-o", out); code != 0 {
		t.Fatalf("-o: exit %d", code)
	}
	if data, _ := os.ReadFile(out); string(data) != want {
		t.Fatalf("-o wrote %q", data)
	}
}

func TestCommandErrors(t *testing.T) {
	dir := notesDir(t)
	notes := filepath.Join(dir, "notes.md")
	cases := []struct {
		args   []string
		code   int
		stderr string // a prefix
	}{
		{[]string{"text", filepath.Join(dir, "missing.md")}, 1, "Error: tw text: cannot read " + filepath.Join(dir, "missing.md") + ": no such file."},
		{[]string{"text", dir}, 1, "Error: tw text: cannot read " + dir + ": is a folder."},
		{[]string{"text"}, 2, "Error: tw text: give one document."},
		{[]string{"text", notes, "--to", "klingon"}, 2, "Error: tw text: cannot convert to"},
		{[]string{"info", filepath.Join(dir, "missing.md")}, 1, "Error: tw info: cannot read"},
		{[]string{"search", notes}, 2, "Error: tw search: give a document and a pattern."},
		{[]string{"search", notes, "(", "--regex"}, 2, "Error: tw search: \"(\" is not a regular expression"},
		{[]string{"marks"}, 2, "Error: tw marks: give one document."},
		{[]string{"frobnicate"}, 2, "Error: unknown command \"frobnicate\"."},
	}
	for _, c := range cases {
		code, stdout, stderr := run(t, "", nil, c.args...)
		if code != c.code || stdout != "" || !strings.HasPrefix(stderr, c.stderr) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("tw %s: exit %d, stdout %q, stderr %q; want exit %d and one line starting %q",
				strings.Join(c.args, " "), code, stdout, stderr, c.code, c.stderr)
		}
	}
}

func TestInfo(t *testing.T) {
	notes := filepath.Join(notesDir(t), "notes.md")
	code, stdout, _ := run(t, "", nil, "info", notes)
	want := "File: " + notes + "\nFormat: markdown\nTitle: Cell biology\nAuthor: unknown\nLanguage: unknown\n" +
		"Characters: 169\nWords: 29\nSentences: 6\nLines: 7\nParagraphs: 4\n" +
		"Structure: 2 headings, 0 lists, 0 tables, 0 links, 0 images\n" +
		"Reading time: about 1 minute at 265 words per minute\n"
	if code != 0 || stdout != want {
		t.Fatalf("exit %d\n got: %s\nwant: %s", code, stdout, want)
	}
	code, stdout, _ = run(t, "", nil, "info", notes, "--json")
	var j map[string]any
	if code != 0 || json.Unmarshal([]byte(stdout), &j) != nil || j["words"] != 29.0 || j["title"] != "Cell biology" || j["author"] != nil {
		t.Fatalf("--json: exit %d, %s", code, stdout)
	}
	if _, ok := j["pages"]; ok {
		t.Errorf("--json of a document without pages gives pages: %s", stdout)
	}
}

// tw info gives a PDF's page count: "Pages: N" and, with --json, "pages".
func TestInfoPages(t *testing.T) {
	pdf := testkit.Path(t, "conformance", "textweaver", "running.pdf")
	d, err := load.File(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages := d.Meta.Properties["pages"]
	if pages == "" || pages == "0" {
		t.Fatalf("running.pdf has no pages: %v", d.Meta.Properties)
	}
	code, stdout, _ := run(t, "", nil, "info", pdf)
	if code != 0 || !strings.Contains(stdout, "\nParagraphs: ") || !strings.Contains(stdout, "\nPages: "+pages+"\n") {
		t.Errorf("exit %d, %s", code, stdout)
	}
	code, stdout, _ = run(t, "", nil, "info", pdf, "--json")
	var j map[string]any
	if code != 0 || json.Unmarshal([]byte(stdout), &j) != nil || fmt.Sprint(j["pages"]) != pages {
		t.Errorf("--json: exit %d, %s; want pages %s", code, stdout, pages)
	}
	if !strings.Contains(stdout, `"pages": `+pages+`,`) || strings.Index(stdout, `"pages"`) > strings.Index(stdout, `"paragraphs"`) {
		t.Errorf("--json keeps its fields in name order: %s", stdout)
	}
}

// TestInfoPagesOfOtherFormats: a DOCX with written page breaks (made by
// pandoc) says its pages too; a document without pages says none.
func TestInfoPagesOfOtherFormats(t *testing.T) {
	dir := t.TempDir()
	md := testkit.WriteFile(t, filepath.Join(dir, "three.md"), "One.\n\n```{=openxml}\n<w:p><w:r><w:br w:type=\"page\"/></w:r></w:p>\n```\n\n"+
		"Two.\n\n```{=openxml}\n<w:p><w:r><w:br w:type=\"page\"/></w:r></w:p>\n```\n\nThree.\n")
	docx := filepath.Join(dir, "three.docx")
	if out, err := exec.Command("pandoc", md, "-o", docx).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v %s", err, out)
	}
	if code, stdout, _ := run(t, "", nil, "info", docx); code != 0 || !strings.Contains(stdout, "\nPages: 3\n") {
		t.Errorf("the DOCX: exit %d, %s", code, stdout)
	}
	if code, stdout, _ := run(t, "", nil, "info", md); code != 0 || strings.Contains(stdout, "Pages:") {
		t.Errorf("the Markdown has no pages: exit %d, %s", code, stdout)
	}
}

func TestSearch(t *testing.T) {
	notes := filepath.Join(notesDir(t), "notes.md")
	cases := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"nucleus"}, 0, "5:5: The nucleus\n7:5: The nucleus holds the cell's DNA. It controls growth and division.\n", "2 matches.\n"},
		{[]string{"DNA"}, 0, "7:30: The nucleus holds the cell's DNA. It controls growth and division.\n", "1 match.\n"},
		{[]string{"CELLS"}, 0, "3:1: Cells are the smallest units of life. Every living thing is made of cells.\n3:69: Cells are the smallest units of life. Every living thing is made of cells.\n", "2 matches.\n"},
		{[]string{"CELLS", "--case-sensitive"}, 1, "", "No matches for CELLS.\n"},
		{[]string{"cell", "--whole-word"}, 0, "1:1: Cell biology\n7:23: The nucleus holds the cell's DNA. It controls growth and division.\n", "2 matches.\n"},
		{[]string{"cell", "--whole-word", "--case-sensitive"}, 0, "7:23: The nucleus holds the cell's DNA. It controls growth and division.\n", "1 match.\n"},
		{[]string{"gr[a-z]+th", "--regex"}, 0, "7:47: The nucleus holds the cell's DNA. It controls growth and division.\n", "1 match.\n"},
		{[]string{"zebra"}, 1, "", "No matches for zebra.\n"},
	}
	for _, c := range cases {
		code, stdout, stderr := run(t, "", nil, append([]string{"search", notes}, c.args...)...)
		if code != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("tw search %v: exit %d\nstdout %q\nstderr %q\nwant exit %d\nstdout %q\nstderr %q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
}

func TestMarks(t *testing.T) {
	dir := notesDir(t)
	notes := filepath.Join(dir, "notes.md")
	home := t.TempDir()
	code, stdout, _ := run(t, "", nil, "marks", notes, "--home", home)
	if code != 0 || stdout != "Place: not read yet\nBookmarks: 0\nNotes: 0\nHighlights: 0\n" {
		t.Fatalf("before reading: exit %d, %q", code, stdout)
	}
	input := req(1, "open", fmt.Sprintf(`{"path":%q}`, notes)) + req(2, "navigate", `{"action":"next_sentence"}`) +
		req(3, "action", `{"id":"add_bookmark"}`) + req(4, "action", `{"id":"toggle_highlight"}`) +
		req(5, "action", `{"id":"add_note"}`) + req(6, "answer", `{"text":"Key idea"}`) +
		req(7, "navigate", `{"action":"next_heading"}`)
	if code, _, _ := run(t, input, nil, "serve", "--stdio", "--no-speech", "--home", home); code != 0 {
		t.Fatalf("serve: exit %d", code)
	}
	code, stdout, _ = run(t, "", nil, "marks", notes, "--home", home)
	want := "Place: line 5, 53 percent\nBookmarks: 1\n  mark1: line 3, 8 percent\nNotes: 1\n" +
		"  line 3: Cells are the smallest units of life.: Key idea\nHighlights: 1\n" +
		"  line 3, yellow: Cells are the smallest units of life.\n"
	if code != 0 || stdout != want {
		t.Fatalf("after reading: exit %d\n got: %q\nwant: %q", code, stdout, want)
	}
}

// --- the real binary -------------------------------------------------

func twBinary(t *testing.T) string { return testkit.Binary(t, "tw") }

func TestMain(m *testing.M) { testkit.Main(m) }

// TestServeProcess runs tw serve as a client does: --open's announcement
// arrives before any input, requests are answered as they come, nothing
// goes to stderr, and closing stdin stops the server with exit code 0
// after saving the place.
func TestServeProcess(t *testing.T) {
	dir, home := notesDir(t), t.TempDir()
	stdin, next, wait := startServe(t, dir, nil, "--no-speech", "--home", home, "--open", "notes.md")
	if m := next(); m.Method != "announcement" || m.Params.Text != "Opened Cell biology." {
		t.Fatalf("before any input: %s", m.Raw)
	}
	io.WriteString(stdin, req(1, "navigate", `{"action":"next_heading"}`))
	if m := next(); m.Params.Text != "Heading level 2: The nucleus" {
		t.Fatalf("announcement %s", m.Raw)
	}
	if m := next(); string(m.ID) != "1" || !strings.Contains(string(m.Result), `"char":90`) {
		t.Fatalf("response %s", m.Raw)
	}
	wait() // closes stdin: exit code 0, nothing on stderr
	_, out, _ := run(t, "", nil, "marks", filepath.Join(dir, "notes.md"), "--home", home)
	if !strings.HasPrefix(out, "Place: line 5, 53 percent\n") {
		t.Fatalf("the place was not saved when stdin closed: %q", out)
	}
}

// startServe starts the real tw serve with pipes; next returns its next
// message (line framing), failing after 15 s.
func startServe(t *testing.T, dir string, env []string, args ...string) (stdin io.WriteCloser, next func() rpcMessage, wait func()) {
	t.Helper()
	cmd := exec.Command(twBinary(t), append([]string{"serve", "--stdio"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, stdout := testkit.StartPiped(t, cmd)
	t.Cleanup(func() { cmd.Process.Kill() })
	lines := make(chan string, 1000)
	go func() {
		br := bufio.NewReader(stdout)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				close(lines)
				return
			}
			lines <- strings.TrimSuffix(line, "\n")
		}
	}()
	next = func() rpcMessage {
		t.Helper()
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("the server closed its output; stderr: %s", stderr.String())
			}
			return parseLines(t, line)[0]
		case <-time.After(15 * time.Second):
			t.Fatal("no message from the server in 15 s")
		}
		panic("unreachable")
	}
	wait = func() {
		t.Helper()
		stdin.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("tw serve: %v; stderr: %s", err, stderr.String())
			}
		case <-time.After(15 * time.Second):
			t.Fatal("tw serve did not stop when stdin closed")
		}
		if stderr.Len() != 0 {
			t.Fatalf("tw serve wrote to stderr: %q", stderr.String())
		}
	}
	return stdin, next, wait
}

// TestServeSpeaksWithEspeak reads a sentence with the real eSpeak NG
// engine, timed by the clock sink (no sound card needed): the client gets
// "reading", one position per word as each is spoken, in order, then
// "stopped".
func TestServeSpeaksWithEspeak(t *testing.T) {
	dir := notesDir(t)
	env := []string{"TEXTWEAVER_SPEECH_SINK=clock", "TEXTWEAVER_SPEECH_SPEED=4"}
	stdin, next, wait := startServe(t, dir, env, "--home", t.TempDir(), "--backend", "espeak")
	io.WriteString(stdin, req(1, "status", ""))
	m := next()
	if m.Method == "announcement" {
		t.Fatalf("eSpeak NG is not available (run scripts/deps-speech.sh): %q", m.Params.Text)
	}
	if !strings.Contains(string(m.Result), `"backend":"espeak"`) {
		t.Fatalf("status: %s", m.Raw)
	}
	io.WriteString(stdin, req(2, "open", `{"path":"notes.md"}`))
	next() // the announcement
	next() // the response
	io.WriteString(stdin, req(3, "read", `{"what":"sentence","from":14}`))
	var words []string
	for {
		m := next()
		if m.Method == "position" {
			var p struct{ Start, End, Line int }
			json.Unmarshal([]byte(m.Raw), &struct {
				Params *struct{ Start, End, Line int }
			}{&p})
			words = append(words, notesText[p.Start:p.End])
			continue
		}
		if m.Method == "playback" && strings.Contains(m.Raw, `"stopped"`) {
			break
		}
	}
	want := []string{"Cells", "are", "the", "smallest", "units", "of", "life"}
	if strings.Join(words, " ") != strings.Join(want, " ") {
		t.Fatalf("words heard %q, want %q", words, want)
	}
	wait()
}

// notesText is notes.md as tw reads it (ASCII, so bytes are characters).
const notesText = "Cell biology\n\nCells are the smallest units of life. Every living thing is made of cells.\n\nThe nucleus\n\nThe nucleus holds the cell's DNA. It controls growth and division."

func TestServeBackendFallback(t *testing.T) {
	stdin, next, wait := startServe(t, notesDir(t), []string{"TEXTWEAVER_SPEECH_SINK=clock"}, "--home", t.TempDir(), "--backend", "sapi")
	m := next()
	if m.Method != "announcement" || !strings.HasPrefix(m.Params.Text, "Speech engine sapi is not available; using ") {
		t.Fatalf("want the fallback announcement first, got %s", m.Raw)
	}
	used := strings.TrimSuffix(strings.TrimPrefix(m.Params.Text, "Speech engine sapi is not available; using "), ".")
	if m := next(); m.Method != "announcement" || !strings.HasPrefix(m.Params.Text, "Why sapi is not available: ") {
		t.Fatalf("want the reason next, got %s", m.Raw)
	}
	io.WriteString(stdin, req(1, "status", ""))
	if m := next(); !strings.Contains(string(m.Result), `"backend":"`+used+`"`) {
		t.Fatalf("the announcement named %q but status says %s", used, m.Result)
	}
	wait()
}

// TestServePauseResumeWithEspeak: resume restarts at the last word heard,
// so a word may repeat but none is skipped.
func TestServePauseResumeWithEspeak(t *testing.T) {
	env := []string{"TEXTWEAVER_SPEECH_SINK=clock", "TEXTWEAVER_SPEECH_SPEED=2"}
	stdin, next, wait := startServe(t, notesDir(t), env, "--home", t.TempDir(), "--backend", "espeak", "--open", "notes.md")
	next() // Opened
	io.WriteString(stdin, req(1, "read", `{"what":"document"}`))
	var heard []int
	for len(heard) < 3 {
		if m := next(); m.Method == "position" {
			heard = append(heard, positionStart(m))
		}
	}
	io.WriteString(stdin, req(2, "pause", ""))
	var lastBeforePause int
	for {
		m := next()
		if m.Method == "position" {
			heard = append(heard, positionStart(m))
			continue
		}
		if string(m.ID) == "2" {
			if string(m.Result) != `{"playback":"paused"}` {
				t.Fatalf("pause: %s", m.Raw)
			}
			break
		}
	}
	lastBeforePause = heard[len(heard)-1]
	io.WriteString(stdin, req(3, "resume", ""))
	first := -1
	for first < 0 {
		m := next()
		if string(m.ID) == "3" && string(m.Result) != `{"playback":"reading"}` {
			t.Fatalf("resume: %s", m.Raw)
		}
		if m.Method == "position" {
			first = positionStart(m)
		}
	}
	if first != lastBeforePause {
		t.Fatalf("the last word heard before the pause started at %d, the first after resume at %d (heard %v)", lastBeforePause, first, heard)
	}
	io.WriteString(stdin, req(4, "stop", ""))
	wait()
}

func positionStart(m rpcMessage) int {
	var p struct{ Params struct{ Start int } }
	json.Unmarshal([]byte(m.Raw), &p)
	return p.Params.Start
}

// serveUntilSignal runs the real tw serve --stdio ARGS in dir, with env
// added to the environment when it is not nil; it sends request, reads
// the output until ready accepts a line, then sends sig and fails the
// test unless tw exits cleanly within 10 seconds.
func serveUntilSignal(t *testing.T, dir string, env []string, sig syscall.Signal, request string, ready func(line string) bool, args ...string) {
	t.Helper()
	cmd := exec.Command(twBinary(t), append([]string{"serve", "--stdio"}, args...)...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	stdin, stdout := testkit.StartPiped(t, cmd)
	defer cmd.Process.Kill()
	defer stdin.Close()
	br := bufio.NewReader(stdout)
	io.WriteString(stdin, request)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("the server stopped early: %v", err)
		}
		if ready(line) {
			break
		}
	}
	cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after %v: %v", sig, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("tw serve did not stop on %v", sig)
	}
}

// TestServeSignalSavesThePlace: a server ended by a signal (a client
// killing its child, a closed terminal) saves the place first.
func TestServeSignalSavesThePlace(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir, home := notesDir(t), t.TempDir()
			serveUntilSignal(t, dir, nil, sig, req(1, "navigate", `{"action":"next_heading"}`), func(line string) bool {
				return strings.HasPrefix(line, `{"id":1,`)
			}, "--no-speech", "--home", home, "--open", "notes.md")
			_, out, _ := run(t, "", nil, "marks", filepath.Join(dir, "notes.md"), "--home", home)
			if !strings.HasPrefix(out, "Place: line 5, 53 percent\n") {
				t.Fatalf("the place was not saved on %v: %q", sig, out)
			}
		})
	}
}
