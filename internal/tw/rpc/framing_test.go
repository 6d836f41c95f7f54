package rpc_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/rpc"
)

// expectReply reads the next message and checks it is the response with
// this id, in this framing.
func expectReply(t *testing.T, c *client, id string, f rpc.Framing) message {
	t.Helper()
	m := c.next()
	if m.isNotification() || string(m.ID) != id {
		t.Fatalf("want the response %s, got %s", id, m.Raw)
	}
	if m.Framing != f {
		t.Fatalf("response %s in framing %v, want %v", id, m.Framing, f)
	}
	return m
}

func TestFramingFollowsTheLastMessage(t *testing.T) {
	s := startServer(t, serverOptions{})
	s.sendRaw(request(1, "stop", "") + "\n")
	expectReply(t, s.client, "1", rpc.LineFraming)

	s.sendRaw(frame(request(2, "open", `{"path":"notes.md"}`), rpc.HeaderFraming))
	// The announcement the open causes is framed too.
	if m := s.next(); m.Method != "announcement" || m.Framing != rpc.HeaderFraming {
		t.Fatalf("want a framed announcement, got %s in framing %v", m.Raw, m.Framing)
	}
	expectReply(t, s.client, "2", rpc.HeaderFraming)

	s.sendRaw(request(3, "navigate", `{"action":"next_sentence"}`) + "\n")
	if m := s.next(); m.Method != "announcement" || m.Framing != rpc.LineFraming {
		t.Fatalf("want a line announcement, got %s in framing %v", m.Raw, m.Framing)
	}
	expectReply(t, s.client, "3", rpc.LineFraming)

	s.sendRaw(frame(request(4, "position", ""), rpc.HeaderFraming))
	expectReply(t, s.client, "4", rpc.HeaderFraming)
}

func TestLineFramingBeforeTheFirstMessage(t *testing.T) {
	s := startServer(t, serverOptions{})
	// What tw serve --open does before reading anything.
	if err := s.app.Open(filepath.Join(s.dir, "notes.md")); err != nil {
		t.Fatal(err)
	}
	if m := s.next(); m.Method != "announcement" || m.Framing != rpc.LineFraming {
		t.Fatalf("want a line-framed announcement, got %s in framing %v", m.Raw, m.Framing)
	}
}

func TestContentLengthHeaders(t *testing.T) {
	body := request(7, "stop", "")
	cases := []struct {
		name, header string
	}{
		{"canonical", "Content-Length: %d\r\n\r\n"},
		{"lower case", "content-length: %d\r\n\r\n"},
		{"upper case without a space", "CONTENT-LENGTH:%d\r\n\r\n"},
		{"spaces around the value", "Content-Length:   %d  \r\n\r\n"},
		{"Content-Type after it is skipped", "Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"},
		{"two more headers", "Content-Length: %d\r\nX-One: 1\r\nX-Two: 2\r\n\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			s.sendRaw(fmt.Sprintf(c.header, len(body)) + body)
			m := expectReply(t, s.client, "7", rpc.HeaderFraming)
			if string(m.Result) != `{"playback":"stopped"}` {
				t.Fatalf("result %s", m.Result)
			}
		})
	}
}

func TestHeaderBeforeContentLengthIsAMessageOfItsOwn(t *testing.T) {
	s := startServer(t, serverOptions{})
	body := request(1, "stop", "")
	s.sendRaw(fmt.Sprintf("Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s", len(body), body))
	m := expectReply(t, s.client, "null", rpc.LineFraming)
	if m.Error == nil || m.Error.Code != -32700 || !strings.HasPrefix(m.Error.Message, "Parse error:") {
		t.Fatalf("the stray header line: want a parse error, got %s", m.Raw)
	}
	expectReply(t, s.client, "1", rpc.HeaderFraming)
}

func TestContentLengthCountsBytes(t *testing.T) {
	s := startServer(t, serverOptions{})
	s.framing = rpc.HeaderFraming
	s.result("open", `{"path":"notes.md"}`)
	// "Zürich — ½" is 10 characters and 14 bytes; a server counting
	// characters would cut the body short.
	m, notes := s.call("search", `{"pattern":"Zürich — ½"}`)
	if m.Error != nil {
		t.Fatalf("error %v", m.Error)
	}
	if got := announcements(notes); len(got) != 1 || got[0] != "No matches for Zürich — ½" {
		t.Fatalf("announced %q", got)
	}
}

func TestMessagesBackToBackAndSplit(t *testing.T) {
	s := startServer(t, serverOptions{})
	// Three framed messages in one write, no separators.
	s.sendRaw(frame(request(1, "stop", ""), rpc.HeaderFraming) + frame(request(2, "stop", ""), rpc.HeaderFraming) +
		frame(request(3, "stop", ""), rpc.HeaderFraming))
	for _, id := range []string{"1", "2", "3"} {
		expectReply(t, s.client, id, rpc.HeaderFraming)
	}
	// One framed message split across writes, the way a slow pipe
	// delivers it.
	msg := frame(request(4, "stop", ""), rpc.HeaderFraming)
	for _, part := range []string{msg[:5], msg[5:20], msg[20:30], msg[30:]} {
		s.sendRaw(part)
		time.Sleep(5 * time.Millisecond)
	}
	expectReply(t, s.client, "4", rpc.HeaderFraming)
	// A framed message may be followed by a newline: it reads as a blank
	// line, and blank lines are ignored.
	s.sendRaw(frame(request(5, "stop", ""), rpc.HeaderFraming) + "\r\n\n   \n" + request(6, "stop", "") + "\r\n")
	expectReply(t, s.client, "5", rpc.HeaderFraming)
	expectReply(t, s.client, "6", rpc.LineFraming)
	if extra := s.drain(50 * time.Millisecond); len(extra) > 0 {
		t.Fatalf("blank lines were answered: %s", extra)
	}
}

// TestEveryMessageIsFramedWhole checks that a framed response is not
// followed by a newline and that a line response is one line, by reading
// the raw output of a whole session.
func TestEveryMessageIsFramedWhole(t *testing.T) {
	for _, f := range []rpc.Framing{rpc.LineFraming, rpc.HeaderFraming} {
		s := startServer(t, serverOptions{})
		var input strings.Builder
		for i, m := range []struct{ method, params string }{
			{"initialize", ""}, {"open", `{"path":"notes.md"}`}, {"read", `{"what":"sentence"}`},
			{"search", `{"pattern":"the"}`}, {"outline", ""}, {"status", ""}, {"shutdown", ""}, {"exit", ""},
		} {
			input.WriteString(frame(request(i+1, m.method, m.params), f))
		}
		s.sendRaw(input.String())
		msgs := s.waitStopped()
		if len(msgs) < 8 {
			t.Fatalf("framing %v: %d messages", f, len(msgs))
		}
		for _, m := range msgs {
			if m.Framing != f {
				t.Fatalf("framing %v: message in framing %v: %s", f, m.Framing, m.Raw)
			}
		}
	}
}

func TestBadContentLengthFailsAndReadingGoesOn(t *testing.T) {
	for _, header := range []string{"Content-Length: abc", "content-length: -5", "Content-Length:", "Content-Length: 1.5"} {
		t.Run(header, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			s.sendRaw(header + "\r\n\r\n" + frame(request(1, "stop", ""), rpc.HeaderFraming))
			m := expectReply(t, s.client, "null", rpc.HeaderFraming)
			want := fmt.Sprintf("Parse error: bad header %q", header)
			if m.Error == nil || m.Error.Code != -32700 || m.Error.Message != want {
				t.Fatalf("want the error %q, got %s", want, m.Raw)
			}
			expectReply(t, s.client, "1", rpc.HeaderFraming)
		})
	}
}
