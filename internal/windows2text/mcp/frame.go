package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxMessage bounds one inbound line, as the SDK's own stdio transport does.
const maxMessage = sdk.DefaultMaxLineLength

// batchVersionLimit is the first protocol version without JSON-RPC batches:
// the SDK ends a session that sends a batch under it or a later version.
const batchVersionLimit = "2025-06-18"

// guardedTransport is the SDK's stdio transport over in and out behind a
// filter that answers malformed lines itself and keeps serving: the SDK ends
// the whole session on the first line it cannot decode, where JSON-RPC asks
// for an error response and the next request served.
//
// Each line of in is checked before the SDK sees it. A line that is not JSON
// is answered with -32700 (parse error); JSON that is not a JSON-RPC 2.0
// message (`{}`, `[]`, `5`, a wrong "jsonrpc" version, an id that is neither
// a string nor a number, a batch the negotiated version forbids, a line
// longer than maxMessage) with -32600 (invalid request). The answer carries
// the message's id when it has a usable one, null otherwise. Blank lines are
// skipped. Valid lines reach the SDK unchanged, one per line.
//
// The SDK's writes and the filter's answers share one lock, so whole lines
// never interleave on out.
func guardedTransport(in io.Reader, out io.Writer) sdk.Transport {
	w := &lockedWriter{w: out}
	return &sdk.IOTransport{
		Reader: io.NopCloser(&lineFilter{in: bufio.NewReaderSize(in, 64*1024), answer: w, batches: true}),
		Writer: w,
	}
}

// lockedWriter serialises whole writes to w. Close does not close w: the
// process's stdout outlives the session.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }

// lineFilter is the reading half of guardedTransport. It is read by one
// goroutine (the SDK's reader) and is not safe for concurrent use.
type lineFilter struct {
	in     *bufio.Reader
	answer io.Writer
	// pending is the rest of the valid line being handed to the SDK.
	pending []byte
	// batches reports whether the session's protocol version allows
	// JSON-RPC batches: until an initialize request, and after one that
	// negotiates a version before batchVersionLimit (the SDK keeps the
	// first initialize).
	batches     bool
	initialized bool
	// err is the input's error, returned once pending is drained.
	err error
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.readLine()
		if err != nil {
			f.err = err
		}
		if line == nil {
			continue
		}
		if bad := f.check(line); bad != nil {
			if werr := f.reply(bad); werr != nil {
				return 0, werr
			}
			continue
		}
		f.pending = append(line, '\n')
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// readLine returns the next non-blank line without its line ending (nil for
// a blank one, or a too long one, which it answers itself), and the input's
// error once it ends.
func (f *lineFilter) readLine() ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := f.in.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			if len(line) > maxMessage+2 {
				tooLong, line = true, nil
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			if werr := f.reply(&badMessage{code: jsonrpc.CodeInvalidRequest, message: fmt.Sprintf("invalid request: message longer than %d bytes", maxMessage)}); werr != nil {
				return nil, werr
			}
			return nil, err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			return nil, err
		}
		return line, err
	}
}

// badMessage is the answer to a malformed line.
type badMessage struct {
	id      json.RawMessage // the message's id, or nil for null
	code    int64
	message string
}

// check returns the answer to line when it is malformed, and nil when the
// SDK can take it.
func (f *lineFilter) check(line []byte) *badMessage {
	if !json.Valid(line) {
		return &badMessage{code: jsonrpc.CodeParseError, message: "parse error: not JSON"}
	}
	switch line[0] {
	case '{':
		return f.checkMessage(line)
	case '[':
		return f.checkBatch(line)
	}
	return &badMessage{code: jsonrpc.CodeInvalidRequest, message: "invalid request: not a JSON-RPC message object"}
}

// checkMessage checks one message, and follows the protocol version the
// first initialize request negotiates: the one it asks for when the SDK
// supports it, a version with no batches otherwise.
func (f *lineFilter) checkMessage(raw []byte) *badMessage {
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return &badMessage{id: idOf(raw), code: jsonrpc.CodeInvalidRequest, message: "invalid request: " + err.Error()}
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "initialize" && !f.initialized {
		f.initialized = true
		var params struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &params)
		v := params.ProtocolVersion
		f.batches = v < batchVersionLimit && slices.Contains(sdk.SupportedProtocolVersions(), v)
	}
	return nil
}

// checkBatch checks a batch as the SDK will read it: allowed by the
// protocol version, not empty, each member a message, no request id twice.
func (f *lineFilter) checkBatch(line []byte) *badMessage {
	invalid := func(format string, args ...any) *badMessage {
		return &badMessage{code: jsonrpc.CodeInvalidRequest, message: "invalid request: " + fmt.Sprintf(format, args...)}
	}
	if !f.batches {
		return invalid("batches are not supported from protocol version %s on", batchVersionLimit)
	}
	var members []json.RawMessage
	if err := json.Unmarshal(line, &members); err != nil {
		return invalid("%v", err)
	}
	if len(members) == 0 {
		return invalid("empty batch")
	}
	seen := map[jsonrpc.ID]bool{}
	for i, raw := range members {
		msg, err := jsonrpc.DecodeMessage(raw)
		if err != nil {
			return invalid("batch member %d: %v", i, err)
		}
		if req, ok := msg.(*jsonrpc.Request); ok && req.ID.IsValid() {
			if seen[req.ID] {
				return invalid("batch member %d repeats id %v", i, req.ID.Raw())
			}
			seen[req.ID] = true
		}
	}
	return nil
}

// idOf returns a message's id when it is a string or a number, else nil.
func idOf(raw []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	switch m.ID[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return m.ID
	}
	return nil
}

// reply writes the error response to a malformed line.
func (f *lineFilter) reply(bad *badMessage) error {
	id := bad.id
	if id == nil {
		id = json.RawMessage("null")
	}
	out, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: bad.code, Message: bad.message}})
	if err != nil {
		return fmt.Errorf("mcp: encoding an error response: %w", err)
	}
	if _, err := f.answer.Write(append(out, '\n')); err != nil {
		return fmt.Errorf("mcp: answering a malformed message: %w", err)
	}
	return nil
}
