//go:build linux

package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/testkit"
)

// wireAnswer is a JSON-RPC response as the server writes it.
type wireAnswer struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// nullIDTap passes the server's lines to the SDK client except answers
// with a null id (the answers to malformed lines, which the SDK client
// would take for a broken server), which it hands to the test instead.
type nullIDTap struct {
	r       *bufio.Reader
	pending []byte
	answers chan wireAnswer
}

func (t *nullIDTap) Read(p []byte) (int, error) {
	for len(t.pending) == 0 {
		line, err := t.r.ReadBytes('\n')
		var a wireAnswer
		if json.Unmarshal(line, &a) == nil && string(a.ID) == "null" {
			t.answers <- a
			line = nil
		}
		t.pending = line
		if err != nil && len(line) == 0 {
			return 0, err
		}
	}
	n := copy(p, t.pending)
	t.pending = t.pending[n:]
	return n, nil
}

// TestMalformedMessages: the real "windows2text mcp" answers each malformed
// line with the JSON-RPC error (the message's id when it has one) and keeps
// serving: the Go SDK's client then connects over the same pipes and calls
// a tool, and garbage sent in the middle of its session is answered too
// while the session goes on.
func TestMalformedMessages(t *testing.T) {
	cmd := serverCmd(t)
	stdin, stdout := testkit.StartPiped(t, cmd)
	defer func() { stdin.Close(); cmd.Wait() }()
	out := bufio.NewReader(stdout)
	// The test writes its raw lines between the client's calls, when the
	// client writes nothing: the two never share the pipe at once.
	in := stdin

	for _, tc := range []struct {
		line string
		code int
		id   string
	}{
		{`garbage{`, -32700, "null"},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"`, -32700, "null"},
		{`{}`, -32600, "null"},
		{`[]`, -32600, "null"},
		{`5`, -32600, "null"},
		{`{"jsonrpc":"1.0","id":7,"method":"ping"}`, -32600, "7"},
		{`{"id":"a","method":"ping"}`, -32600, `"a"`},
		{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, "null"},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600, "null"},
		{`[1]`, -32600, "null"},
	} {
		if _, err := in.Write([]byte(tc.line + "\n\n")); err != nil {
			t.Fatalf("%s: the server is gone: %v", tc.line, err)
		}
		line, err := readLineWithin(out, 10*time.Second)
		if err != nil {
			t.Fatalf("%s: no answer: %v", tc.line, err)
		}
		var a wireAnswer
		if err := json.Unmarshal(line, &a); err != nil || a.JSONRPC != "2.0" || a.Error == nil || a.Error.Code != tc.code || string(a.ID) != tc.id {
			t.Errorf("%s: answered %s (%v), want code %d id %s", tc.line, line, err, tc.code, tc.id)
		}
	}

	tap := &nullIDTap{r: out, answers: make(chan wireAnswer, 4)}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// A version negotiated through initialize, which ends batches.
	opts := &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &sdk.IOTransport{Reader: io.NopCloser(tap), Writer: in}, opts)
	if err != nil {
		t.Fatalf("the client cannot connect after the garbage: %v", err)
	}
	c := &client{t: t, cs: cs}
	if text, _ := c.ok("windows", nil); text == "" {
		t.Errorf("windows answered nothing")
	}
	// The negotiated version has no batches: a batch is refused, not fatal
	// (the SDK would end the session on it).
	for _, tc := range []struct {
		line string
		code int
	}{
		{`garbage{`, -32700},
		{`[{"jsonrpc":"2.0","id":"b1","method":"ping"}]`, -32600},
	} {
		in.Write([]byte(tc.line + "\n"))
		select {
		case a := <-tap.answers:
			if a.Error == nil || a.Error.Code != tc.code {
				t.Errorf("%s mid-session: answered %+v, want code %d", tc.line, a, tc.code)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s mid-session: no answer", tc.line)
		}
		if _, err := cs.ListTools(ctx, nil); err != nil {
			t.Fatalf("after %s mid-session: %v", tc.line, err)
		}
	}
}

// readLineWithin reads one line, or fails after d (a server that exited
// closes the pipe, so this only bounds a server that hangs).
func readLineWithin(r *bufio.Reader, d time.Duration) ([]byte, error) {
	type result struct {
		line []byte
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		line, err := r.ReadBytes('\n')
		ch <- result{bytes.TrimSpace(line), err}
	}()
	select {
	case res := <-ch:
		return res.line, res.err
	case <-time.After(d):
		return nil, context.DeadlineExceeded
	}
}
