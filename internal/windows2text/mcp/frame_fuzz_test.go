package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzLineFilter feeds arbitrary input to the filter in front of the SDK:
// nothing may panic; every non-blank line either reaches the SDK as a
// message (or batch) the SDK can decode, or is answered with exactly one
// JSON-RPC 2.0 error line (-32700 or -32600).
func FuzzLineFilter(f *testing.F) {
	for _, seed := range []string{
		"garbage{\n",
		"{}\n[]\n5\n\"x\"\nnull\n",
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n",
		`{"jsonrpc":"1.0","id":7,"method":"ping"}` + "\r\n",
		`{"jsonrpc":"2.0","id":true,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":{},"method":"x"}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"}]` + "\n",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}` + "\n" + `[{"jsonrpc":"2.0","id":2,"method":"ping"}]` + "\n",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}` + "\n" + `[{"jsonrpc":"2.0","id":2,"method":"ping"}]` + "\n",
		`{"jsonrpc":"2.0","id":1,"result":{}}` + "\n" + `{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}`,
		"  \n\t\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"} x` + "\n",
		"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"p\"}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		var answers bytes.Buffer
		filter := &lineFilter{in: bufio.NewReaderSize(bytes.NewReader(input), 64*1024), answer: &answers, batches: true}
		passed, err := io.ReadAll(filter)
		if err != nil {
			t.Fatalf("reading: %v", err)
		}
		lines := 0
		for _, l := range bytes.Split(input, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		got := 0
		for _, l := range bytes.Split(passed, []byte("\n")) {
			if len(l) == 0 {
				continue
			}
			got++
			if !sdkDecodes(l) {
				t.Errorf("passed to the SDK, which cannot decode it: %q", l)
			}
		}
		for _, l := range bytes.Split(answers.Bytes(), []byte("\n")) {
			if len(l) == 0 {
				continue
			}
			got++
			var a struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   *jsonrpc.Error  `json:"error"`
			}
			if err := json.Unmarshal(l, &a); err != nil || a.JSONRPC != "2.0" || a.Error == nil ||
				(a.Error.Code != jsonrpc.CodeParseError && a.Error.Code != jsonrpc.CodeInvalidRequest) || len(a.ID) == 0 {
				t.Errorf("answer %q is not a JSON-RPC error response (%v)", l, err)
			}
		}
		if got != lines {
			t.Errorf("%d non-blank lines in, %d passed or answered:\ninput %q\npassed %q\nanswers %q", lines, got, input, passed, answers.Bytes())
		}
	})
}

// sdkDecodes reports whether the SDK's stdio transport reads line as a
// message or a non-empty batch of messages.
func sdkDecodes(line []byte) bool {
	if line[0] == '[' {
		var members []json.RawMessage
		if json.Unmarshal(line, &members) != nil || len(members) == 0 {
			return false
		}
		for _, m := range members {
			if _, err := jsonrpc.DecodeMessage(m); err != nil {
				return false
			}
		}
		return true
	}
	_, err := jsonrpc.DecodeMessage(line)
	return err == nil
}

// BenchmarkLineFilter measures what the filter adds to each message the
// SDK reads: a tools/call line of observe's size class checked and passed.
func BenchmarkLineFilter(b *testing.B) {
	line := []byte(`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"observe","arguments":{"format":"text","maxBytes":4000,"scope":"foreground"}}}` + "\n")
	input := bytes.Repeat(line, 1000)
	buf := make([]byte, 32*1024)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		filter := &lineFilter{in: bufio.NewReaderSize(bytes.NewReader(input), 64*1024), answer: io.Discard, batches: true}
		for {
			if _, err := filter.Read(buf); err != nil {
				break
			}
		}
	}
}
