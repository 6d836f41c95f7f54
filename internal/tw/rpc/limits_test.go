package rpc_test

// Framing by the book: oversized and malformed messages are answered and
// logged, the session goes on where the framing allows it, ids are what
// JSON-RPC 2.0 allows, and nothing echoed is invalid UTF-8.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/rpc"
)

var framings = []struct {
	name string
	f    rpc.Framing
}{{"line", rpc.LineFraming}, {"header", rpc.HeaderFraming}}

// expectParseError reads the next message and checks it is a -32700 with
// id null whose message has want in it.
func expectParseError(t *testing.T, c *client, f rpc.Framing, want string) {
	t.Helper()
	m := expectReply(t, c, "null", f)
	if m.Error == nil || m.Error.Code != -32700 || !strings.HasPrefix(m.Error.Message, "Parse error: ") ||
		!strings.Contains(m.Error.Message, want) {
		t.Fatalf("want a parse error saying %q, got %s", want, m.Raw)
	}
}

// An oversized message is answered, skipped unread, and the request after
// it is answered.
func TestOversizeMessageIsSkippedAndReadingGoesOn(t *testing.T) {
	huge := strings.Repeat("x", rpc.MaxMessageBytes+1)
	for _, fr := range framings {
		t.Run(fr.name, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			go s.sendRaw(frame(huge, fr.f) + frame(request(1, "stop", ""), fr.f))
			if fr.f == rpc.LineFraming {
				expectParseError(t, s.client, fr.f, "a line of 16777218 bytes is over the limit of 16777216 bytes; skipped")
			} else {
				expectParseError(t, s.client, fr.f, "a message of 16777217 bytes is over the limit of 16777216 bytes; skipped")
			}
			expectReply(t, s.client, "1", fr.f)
		})
	}
}

// A Content-Length of 10^12 is answered at once, before its body comes.
func TestHugeContentLengthIsAnsweredAtOnce(t *testing.T) {
	s := startServer(t, serverOptions{})
	s.sendRaw("Content-Length: 1000000000000\r\n\r\n{")
	expectParseError(t, s.client, rpc.HeaderFraming, "a message of 1000000000000 bytes is over the limit")
	s.in.Close()
	select {
	case err := <-s.served:
		var fe *rpc.FrameError
		if !errors.As(err, &fe) || !fe.Fatal || !strings.Contains(err.Error(), "ended inside a message of 1000000000000 bytes being skipped") {
			t.Fatalf("Serve: %v, want the input ending inside the skipped message", err)
		}
		s.served <- nil
	case <-time.After(waitFor):
		t.Fatal("Serve did not return")
	}
}

// countingReader yields n bytes of 'x' and then the tail, without keeping
// them, so a test can send a line far over the cap.
type countingReader struct {
	n    int64
	tail io.Reader
}

func (r *countingReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return r.tail.Read(p)
	}
	k := min(int64(len(p)), r.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	r.n -= k
	return int(k), nil
}

// Skipping does not keep what it skips: a 128 MiB line costs at most
// what the limit allows, a 128 MiB framed body next to nothing.
func TestSkippingKeepsNothing(t *testing.T) {
	const size = 128 << 20
	// A line is kept up to the limit before it is known to be too long;
	// a framed body is known to be too long from its header.
	limit := map[rpc.Framing]uint64{rpc.LineFraming: 3 * rpc.MaxMessageBytes, rpc.HeaderFraming: 4 << 20}
	for _, fr := range framings {
		t.Run(fr.name, func(t *testing.T) {
			var out bytes.Buffer
			w := rpc.NewWriter(&out)
			srv, _ := newBareServer(t, w)
			head := ""
			if fr.f == rpc.HeaderFraming {
				head = fmt.Sprintf("Content-Length: %d\r\n\r\n", size)
			}
			in := io.MultiReader(strings.NewReader(head), &countingReader{n: size,
				tail: strings.NewReader("\n" + frame(request(1, "stop", ""), fr.f))})
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := srv.Serve(in, w); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > limit[fr.f] {
				t.Fatalf("skipping %d bytes allocated %d bytes", size, grew)
			}
			msgs := readAll(t, out.Bytes())
			var ids []string
			for _, m := range msgs {
				if !m.isNotification() {
					ids = append(ids, string(m.ID))
				}
			}
			if strings.Join(ids, " ") != "null 1" {
				t.Fatalf("replies %s", msgs)
			}
		})
	}
}

// A Content-Length header not followed by its blank line does not
// swallow what comes after it: the header is answered with a parse error
// and the next line starts the next message.
func TestContentLengthWithoutItsBlankLine(t *testing.T) {
	for _, fr := range framings {
		t.Run("then "+fr.name, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			body := request(1, "stop", "")
			s.sendRaw(fmt.Sprintf("Content-Length: %d\r\n", len(body)) + frame(body, fr.f) + frame(request(2, "stop", ""), fr.f))
			expectParseError(t, s.client, rpc.HeaderFraming, "the Content-Length header is not followed by a blank line")
			expectReply(t, s.client, "1", fr.f)
			expectReply(t, s.client, "2", fr.f)
		})
	}
}

// Ids are what JSON-RPC 2.0 allows: a string, a number or null, echoed as
// sent; anything else (and a string that is not UTF-8) is an invalid
// request answered with id null.
func TestIDsAreValidated(t *testing.T) {
	cases := []struct {
		id     string
		wantID string // "" : refused with id null
	}{
		{`"a"`, `"a"`}, {`7`, `7`}, {`-1.5e3`, `-1.5e3`}, {`null`, `null`}, {`"\u00e9\ud83d\ude00"`, `"\u00e9\ud83d\ude00"`},
		{`{"a":1}`, ""}, {`[1]`, ""}, {`true`, ""}, {`false`, ""}, {"\"\xff\xfe\"", ""}, {"\"ok\xc3\"", ""},
	}
	for _, fr := range framings {
		for _, c := range cases {
			t.Run(fr.name+" "+c.id, func(t *testing.T) {
				s := startServer(t, serverOptions{})
				s.sendRaw(frame(`{"jsonrpc":"2.0","id":`+c.id+`,"method":"stop"}`, fr.f) +
					frame(`[{"jsonrpc":"2.0","id":`+c.id+`,"method":"stop"}]`, fr.f))
				for range 2 {
					if c.wantID != "" {
						m := expectReply(t, s.client, c.wantID, fr.f)
						if m.Error != nil {
							t.Fatalf("id %s refused: %s", c.id, m.Raw)
						}
						continue
					}
					m := expectReply(t, s.client, "null", fr.f)
					if m.Error == nil || m.Error.Code != -32600 || m.Error.Message != "Not a JSON-RPC 2.0 request" {
						t.Fatalf("id %s: want -32600 with id null, got %s", c.id, m.Raw)
					}
				}
			})
		}
	}
}

// Invalid UTF-8 in a method name is never echoed raw (the harness checks
// every message is valid UTF-8).
func TestInvalidUTF8IsNeverEchoed(t *testing.T) {
	for _, fr := range framings {
		t.Run(fr.name, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			s.sendRaw(frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"st\xffop\"}", fr.f) +
				frame("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"search\",\"params\":{\"pattern\":\"\xe9t\xe9\"}}", fr.f) +
				frame("\xff\xfe{", fr.f))
			m := expectReply(t, s.client, "1", fr.f)
			if m.Error == nil || m.Error.Code != -32601 || m.Error.Message != "No method st\ufffdop" {
				t.Fatalf("want No method with U+FFFD, got %s", m.Raw)
			}
			for {
				m = s.next()
				if !m.isNotification() {
					break
				}
			}
			if string(m.ID) != "2" {
				t.Fatalf("want the reply to 2, got %s", m.Raw)
			}
			expectParseError(t, s.client, fr.f, "invalid character")
		})
	}
}

// The real program: an oversized message is answered, logged, and the
// session goes on to exit 0; a Content-Length whose body never comes
// ends it with exit 1 and a log line saying why.
func TestServeFramingFailuresInTheRealProgram(t *testing.T) {
	cases := []struct {
		name     string
		input    string
		wantExit int
		wantLog  string
		wantOut  []string
	}{
		{"oversized line, then exit", strings.Repeat("y", rpc.MaxMessageBytes+10) + "\n" +
			request(1, "stop", "") + "\n" + `{"jsonrpc":"2.0","method":"exit"}` + "\n", 0,
			"serve: a line of 16777227 bytes is over the limit of 16777216 bytes; skipped; reading goes on",
			[]string{`"id":null`, `"id":1`}},
		{"Content-Length of 10^12, then the end of the input", "Content-Length: 1000000000000\r\n\r\n{}", 1,
			"serve: the input ended inside a message of 1000000000000 bytes being skipped (2 bytes came); stopping",
			[]string{`a message of 1000000000000 bytes is over the limit of 16777216 bytes; skipped`}},
		{"Content-Length too large to skip", "Content-Length: 99999999999999999999999\r\n\r\n{}", 1,
			"serve: Content-Length 99999999999999999999999 is too large to skip; the messages after it cannot be found; stopping",
			[]string{`"code":-32700`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			cmd := exec.Command(twBinary(t), "serve", "--stdio", "--no-speech", "--home", home)
			cmd.Stdin = strings.NewReader(c.input)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.wantExit {
				t.Fatalf("exit %d, want %d; stdout %q", code, c.wantExit, stdout.Bytes())
			}
			if stderr.Len() != 0 {
				t.Fatalf("wrote to stderr: %q", stderr.Bytes())
			}
			msgs := readAll(t, stdout.Bytes())
			for _, want := range c.wantOut {
				if !strings.Contains(stdout.String(), want) {
					t.Fatalf("the output does not say %q:\n%s", want, msgs)
				}
			}
			logged, _ := os.ReadFile(filepath.Join(home, "data", "state", "textweaver.log"))
			if !bytes.Contains(logged, []byte(c.wantLog)) {
				t.Fatalf("the log does not say %q:\n%s", c.wantLog, logged)
			}
		})
	}
}
