package rpc_test

// The harness of the server tests: an in-process rpc.Server driven over
// pipes exactly as tw serve --stdio wires it (see cli.runServe), a client
// that writes in either framing and reads the server's output back,
// checking every message it reads (framing, JSON, jsonrpc, fields in
// alphabetical order at every depth), and the real tw binary, built once
// per package for the tests that need the whole program.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
)

// notesMD is the spec's example document.
const notesMD = testkit.NotesMD

// waitFor bounds every wait for the server, so a hang fails the test
// instead of stalling the suite.
const waitFor = 10 * time.Second

// message is one message read from the server, with its framing and the
// fields a test looks at.
type message struct {
	Raw     []byte
	Framing rpc.Framing
	ID      json.RawMessage
	Method  string
	Params  json.RawMessage
	Result  json.RawMessage
	Error   *rpc.Error
	HasID   bool
}

func (m message) isNotification() bool { return m.Method != "" && !m.HasID }

func (m message) String() string { return string(m.Raw) }

// parseMessage checks one message body and decodes the fields tests use.
func parseMessage(raw []byte, framing rpc.Framing) (message, error) {
	m := message{Raw: append([]byte(nil), raw...), Framing: framing}
	if !utf8.Valid(raw) {
		return m, fmt.Errorf("not valid UTF-8: %q", raw)
	}
	if !json.Valid(raw) {
		return m, fmt.Errorf("not JSON: %q", raw)
	}
	if err := testkit.KeysInOrder(raw); err != nil {
		return m, fmt.Errorf("fields out of order in %s: %v", raw, err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return m, fmt.Errorf("not a JSON object: %s", raw)
	}
	if string(fields["jsonrpc"]) != `"2.0"` {
		return m, fmt.Errorf(`no "jsonrpc":"2.0" in %s`, raw)
	}
	m.ID, m.HasID = fields["id"]
	if method, ok := fields["method"]; ok {
		if err := json.Unmarshal(method, &m.Method); err != nil {
			return m, fmt.Errorf("method is not a string in %s", raw)
		}
		if m.HasID {
			return m, fmt.Errorf("the server sent a request: %s", raw)
		}
		m.Params = fields["params"]
		return m, nil
	}
	if !m.HasID {
		return m, fmt.Errorf("neither a notification nor a response: %s", raw)
	}
	result, hasResult := fields["result"]
	rawErr, hasErr := fields["error"]
	if hasResult == hasErr {
		return m, fmt.Errorf("a response needs exactly one of result and error: %s", raw)
	}
	m.Result = result
	if hasErr {
		m.Error = &rpc.Error{}
		if err := json.Unmarshal(rawErr, m.Error); err != nil {
			return m, fmt.Errorf("bad error object in %s", raw)
		}
	}
	return m, nil
}

// readMessage reads one message of the server's output in either framing:
// a line, or "Content-Length: N\r\n\r\n" and N bytes with no newline after
// (framed responses carry only that one header).
func readMessage(br *bufio.Reader) ([]byte, rpc.Framing, error) {
	line, err := br.ReadString('\n')
	if err != nil {
		if err == io.EOF && line != "" {
			return nil, 0, fmt.Errorf("output ends inside a message: %q", line)
		}
		return nil, 0, err
	}
	if rest, ok := strings.CutPrefix(line, "Content-Length: "); ok {
		if !strings.HasSuffix(rest, "\r\n") {
			return nil, 0, fmt.Errorf("header line not ended by CRLF: %q", line)
		}
		n, err := strconv.Atoi(strings.TrimSuffix(rest, "\r\n"))
		if err != nil {
			return nil, 0, fmt.Errorf("bad Content-Length: %q", line)
		}
		blank, err := br.ReadString('\n')
		if err != nil || blank != "\r\n" {
			return nil, 0, fmt.Errorf("a framed message has a header other than Content-Length: %q", blank)
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(br, body); err != nil {
			return nil, 0, fmt.Errorf("framed body shorter than its Content-Length: %v", err)
		}
		return body, rpc.HeaderFraming, nil
	}
	body := strings.TrimSuffix(line, "\n")
	if strings.ContainsAny(body, "\r\n") {
		return nil, 0, fmt.Errorf("line-framed message with a stray line break: %q", line)
	}
	return []byte(body), rpc.LineFraming, nil
}

// readAll reads and checks every message of a finished output.
func readAll(t testing.TB, out []byte) []message {
	t.Helper()
	br := bufio.NewReader(bytes.NewReader(out))
	var msgs []message
	for {
		raw, framing, err := readMessage(br)
		if err == io.EOF {
			return msgs
		}
		if err != nil {
			t.Fatalf("reading the output: %v", err)
		}
		m, err := parseMessage(raw, framing)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, m)
	}
}

// client talks to a running server: it sends requests in its framing and
// keeps every message received, in order.
type client struct {
	t       testing.TB
	in      io.WriteCloser
	framing rpc.Framing
	nextID  int
	msgs    chan message
	readErr chan error
	log     []message // every message received so far
	done    chan struct{}
}

func newClient(t testing.TB, in io.WriteCloser, out io.Reader) *client {
	c := &client{t: t, in: in, msgs: make(chan message, 4096), readErr: make(chan error, 1), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		br := bufio.NewReader(out)
		for {
			raw, framing, err := readMessage(br)
			if err != nil {
				if err != io.EOF {
					c.readErr <- err
				}
				close(c.msgs)
				return
			}
			m, err := parseMessage(raw, framing)
			if err != nil {
				c.readErr <- err
				close(c.msgs)
				return
			}
			c.msgs <- m
		}
	}()
	return c
}

// frame encodes body in the client's framing.
func frame(body string, f rpc.Framing) string {
	if f == rpc.HeaderFraming {
		return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return body + "\n"
}

// sendRaw writes bytes as they are.
func (c *client) sendRaw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// send writes one message body in the client's framing.
func (c *client) send(body string) { c.t.Helper(); c.sendRaw(frame(body, c.framing)) }

// next returns the next message from the server.
func (c *client) next() message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			select {
			case err := <-c.readErr:
				c.t.Fatalf("bad output from the server: %v", err)
			default:
			}
			c.t.Fatalf("the server closed its output; received so far:\n%s", c.transcript())
		}
		c.log = append(c.log, m)
		return m
	case <-time.After(waitFor):
		c.t.Fatalf("no message from the server in %v; received so far:\n%s", waitFor, c.transcript())
	}
	panic("unreachable")
}

func (c *client) transcript() string {
	var b strings.Builder
	for _, m := range c.log {
		b.Write(m.Raw)
		b.WriteByte('\n')
	}
	return b.String()
}

// request builds a request body; params "" leaves them out.
func request(id any, method, params string) string {
	idJSON, _ := json.Marshal(id)
	s := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q`, idJSON, method)
	if params != "" {
		s += `,"params":` + params
	}
	return s + "}"
}

// call sends a request with the next id and returns its response and the
// notifications that came before it. Every message must be in the
// client's framing.
func (c *client) call(method, params string) (message, []message) {
	c.t.Helper()
	c.nextID++
	c.send(request(c.nextID, method, params))
	return c.await(strconv.Itoa(c.nextID))
}

// await reads until the response with this id (as raw JSON).
func (c *client) await(id string) (message, []message) {
	c.t.Helper()
	var notes []message
	for {
		m := c.next()
		if m.Framing != c.framing {
			c.t.Fatalf("message in the wrong framing (want %v): %s", c.framing, m.Raw)
		}
		if m.isNotification() {
			notes = append(notes, m)
			continue
		}
		if string(m.ID) != id {
			c.t.Fatalf("response with id %s while waiting for %s: %s", m.ID, id, m.Raw)
		}
		return m, notes
	}
}

// result calls and fails unless the call succeeds; it returns the result.
func (c *client) result(method, params string) (json.RawMessage, []message) {
	c.t.Helper()
	m, notes := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s %s: error %d %q", method, params, m.Error.Code, m.Error.Message)
	}
	return m.Result, notes
}

// drain returns the messages that arrive within d (none expected after a
// response, usually).
func (c *client) drain(d time.Duration) []message {
	var out []message
	deadline := time.After(d)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return out
			}
			c.log = append(c.log, m)
			out = append(out, m)
		case <-deadline:
			return out
		}
	}
}

// announcements returns the texts of the announcement notifications.
func announcements(notes []message) []string {
	var out []string
	for _, n := range notes {
		if n.Method != "announcement" {
			continue
		}
		var p struct{ Text string }
		json.Unmarshal(n.Params, &p)
		out = append(out, p.Text)
	}
	return out
}

// server is an in-process tw serve --stdio with its client.
type server struct {
	*client
	srv    *rpc.Server
	app    *core.App
	dir    string // holds notes.md; relative paths resolve against it
	home   string
	served chan error
}

type serverOptions struct {
	home    string       // "" makes a fresh one
	dir     string       // "" makes a fresh one with notes.md
	speaker core.Speaker // nil: silent
}

// startServer starts a server wired as cli.runServe wires it.
func startServer(t testing.TB, o serverOptions) *server {
	t.Helper()
	if o.dir == "" {
		o.dir = t.TempDir()
		writeFile(t, filepath.Join(o.dir, "notes.md"), notesMD)
	}
	if o.home == "" {
		o.home = t.TempDir()
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	w := rpc.NewWriter(outW)
	app := core.New(core.Options{Home: o.home, Events: rpc.Events(w), Load: load.File, Parse: load.Bytes,
		Speaker: o.speaker})
	s := &server{srv: &rpc.Server{Version: "0.1.0-beta.1", App: app, BaseDir: o.dir}, app: app, dir: o.dir,
		home: o.home, served: make(chan error, 1)}
	go func() {
		err := s.srv.Serve(inR, w)
		inR.Close()
		outW.Close()
		s.served <- err
	}()
	s.client = newClient(t, inW, outR)
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.served:
		case <-time.After(waitFor):
			t.Errorf("the server did not stop after its input closed")
		}
	})
	return s
}

// waitStopped waits for Serve to return and the output to end, and
// returns the messages sent before the end.
func (s *server) waitStopped() []message {
	s.t.Helper()
	var rest []message
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				select {
				case err := <-s.served:
					if err != nil {
						s.t.Fatalf("Serve: %v", err)
					}
					s.served <- nil // for the cleanup
				case <-time.After(waitFor):
					s.t.Fatal("the output closed but Serve did not return")
				}
				return rest
			}
			s.log = append(s.log, m)
			rest = append(rest, m)
		case <-time.After(waitFor):
			s.t.Fatalf("the server did not stop; received so far:\n%s", s.transcript())
		}
	}
}

// writeFile writes a test file (testkit.WriteFile).
var writeFile = testkit.WriteFile

// jsonString encodes s as a JSON string (for paths inside expected JSON).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// --- the real binary ---------------------------------------------------

// twBinary builds ./cmd/tw once for the package's tests.
func twBinary(t testing.TB) string { return testkit.Binary(t, "tw") }

func TestMain(m *testing.M) { testkit.Main(m) }

// runTw runs the real tw with input on stdin and returns stdout and
// stderr; it fails on a non-zero exit or a run over waitFor.
func runTw(t testing.TB, dir string, env []string, input string, args ...string) (stdout, stderr []byte) {
	t.Helper()
	cmd := exec.Command(twBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("tw %s: %v\nstderr: %s", strings.Join(args, " "), err, errb.Bytes())
		}
	case <-time.After(waitFor):
		cmd.Process.Kill()
		<-done
		t.Fatalf("tw %s did not finish in %v", strings.Join(args, " "), waitFor)
	}
	return out.Bytes(), errb.Bytes()
}

// The key-order check is what proves "fields in alphabetical order at
// every depth" for every message of every test, so it is tested too.
func TestKeyOrderCheck(t *testing.T) {
	cases := []struct {
		raw string
		ok  bool
	}{
		{`{"a":1,"b":{"c":[{"d":1,"e":2}],"f":null}}`, true},
		{`[{"a":1},{"a":1,"b":2}]`, true},
		{`{"b":1,"a":2}`, false},
		{`{"a":{"y":1,"x":2}}`, false},
		{`{"a":[1,{"z":1,"m":2}]}`, false},
		{`{"a":1,"a":2}`, false},
		{`{"a":1} {}`, false},
	}
	for _, c := range cases {
		if err := testkit.KeysInOrder([]byte(c.raw)); (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok=%v", c.raw, err, c.ok)
		}
	}
}
