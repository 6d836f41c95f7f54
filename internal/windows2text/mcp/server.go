// Package mcp is windows2text's Model Context Protocol server: the NDJSON
// protocol's methods as MCP tools over stdio (the official Go SDK), plus
// step (observe, plan one action, act only when asked, observe again),
// wait (a condition awaited on the platform's accessibility events) and
// changes (what changed since a snapshot).
//
// Every tool runs through one ndjson.Server, so references, their expiry,
// validation and error codes are exactly those of "windows2text serve". A
// failure is a tool error whose text is "code: message" and whose
// structured content is {"error":{"code","message"}}.
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/ndjson"
	"textfirst/internal/windows2text/uitree"
)

// Options configure the server.
type Options struct {
	// Version is the executable's version, reported to clients.
	Version string
}

// historySize is how many past snapshots changes can compare with.
const historySize = 32

// Server is the MCP server of one backend.
type Server struct {
	backend uitree.Backend
	rpc     *ndjson.Server
	mcp     *sdk.Server

	// mu serialises tool calls: the backend serves one goroutine at a time
	// and the protocol runs requests in order.
	mu sync.Mutex
	// history keeps the latest snapshots by id, for changes.
	history []*uitree.Snapshot
	// events is the backend's event subscription (nil without one).
	events *eventLog
	// seqOf is the event number at which each remembered snapshot was
	// taken.
	seqOf map[*uitree.Snapshot]int64
}

// NewServer returns the MCP server of backend with every tool added.
func NewServer(backend uitree.Backend, opts Options) *Server {
	if opts.Version == "" {
		opts.Version = "dev"
	}
	s := &Server{backend: backend, rpc: ndjson.NewServer(backend, opts.Version), seqOf: map[*uitree.Snapshot]int64{}}
	s.mcp = sdk.NewServer(&sdk.Implementation{Name: "windows2text", Title: "windows2text", Version: opts.Version},
		&sdk.ServerOptions{Instructions: instructions})
	s.addTools()
	return s
}

const instructions = `windows2text reads the desktop's accessibility tree and acts on it.
Call observe (format "text" is the most compact; maxBytes keeps an answer within a budget and
returns a cursor for the rest) to get the focused window's targets, each with a ref like s4:e12
and the actions it supports. Call an action tool with that ref; a ref expires when the next
observe or snapshot is taken. step observes, plans one action and performs it only with act:true.
wait blocks until a condition holds (an element appears, a value changes, the UI goes quiet)
instead of observing again and again; changes lists what changed since a snapshot.`

// MCP returns the underlying SDK server.
func (s *Server) MCP() *sdk.Server { return s.mcp }

// Run serves one session over t until the client disconnects or ctx ends.
func (s *Server) Run(ctx context.Context, t sdk.Transport) error {
	defer s.closeEvents()
	s.followEvents(ctx)
	return s.mcp.Run(ctx, t)
}

// followEvents subscribes to the backend's events from the start, so that
// changes can count them.
func (s *Server) followEvents(ctx context.Context) {
	if src, ok := s.backend.(uitree.EventSource); ok {
		s.mu.Lock()
		if s.events == nil {
			s.events, _ = startEventLog(ctx, src)
		}
		s.mu.Unlock()
	}
}

// ServeNDJSON runs the NDJSON protocol of backend over in and out, as
// "windows2text serve" does, with wait and changes added as methods: the
// same code as the MCP tools, so the same parameters, semantics and error
// codes; their result is the tool's structured content. ping lists them.
func ServeNDJSON(ctx context.Context, backend uitree.Backend, in io.Reader, out io.Writer, opts Options) error {
	s := NewServer(backend, opts)
	defer s.closeEvents()
	s.followEvents(ctx)
	s.rpc.Extend("wait", ndjsonMethod(s, s.wait))
	s.rpc.Extend("changes", ndjsonMethod(s, s.changes))
	// Every snapshot the protocol's methods publish is remembered, for
	// changes since it.
	s.rpc.AfterEach(s.remember)
	return s.rpc.Serve(ctx, in, out)
}

// ndjsonMethod adapts a tool's handler to an NDJSON method: parameters
// decoded strictly, the structured result returned.
func ndjsonMethod[In any](s *Server, h func(ctx context.Context, in In) (*sdk.CallToolResult, any, error)) ndjson.Method {
	return func(ctx context.Context, params json.RawMessage) (any, error) {
		var in In
		if err := ndjson.DecodeParams(params, &in); err != nil {
			return nil, err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		_, out, err := h(ctx, in)
		return out, err
	}
}

// Serve runs the MCP server of backend over in and out (a process's stdin
// and stdout) until the client closes in or ctx ends. It is what
// "windows2text mcp" runs. A malformed line is answered with a JSON-RPC
// error and the session goes on (see guardedTransport).
func Serve(ctx context.Context, backend uitree.Backend, in io.Reader, out io.Writer, opts Options) error {
	s := NewServer(backend, opts)
	err := s.Run(ctx, guardedTransport(in, out))
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// call runs one protocol method and records the snapshot it published.
func (s *Server) call(ctx context.Context, method string, params any) (any, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "%w", err)
	}
	if string(raw) == "null" || string(raw) == "{}" {
		raw = nil
	}
	res, err := s.rpc.Call(ctx, method, raw)
	s.remember()
	return res, err
}

// remember keeps the latest snapshot in the history.
func (s *Server) remember() {
	latest := s.rpc.Latest()
	if latest == nil {
		return
	}
	if n := len(s.history); n > 0 && s.history[n-1] == latest {
		return
	}
	s.history = append(s.history, latest)
	if s.events != nil {
		_, seq, _ := s.events.since(1 << 62)
		s.seqOf[latest] = seq
	}
	if len(s.history) > historySize {
		delete(s.seqOf, s.history[0])
		s.history = s.history[len(s.history)-historySize:]
	}
}

// snapshotByID finds a remembered snapshot.
func (s *Server) snapshotByID(id string) *uitree.Snapshot {
	for _, snap := range s.history {
		if snap.ID == id {
			return snap
		}
	}
	return nil
}

// toolError is the tool result of a failure: "code: message" for the
// model, {"error":{"code","message"}} beside it.
func toolError(err error) *sdk.CallToolResult {
	we := ndjson.ErrorOf(err)
	code, msg := we.Code, we.Message
	return &sdk.CallToolResult{
		IsError:           true,
		Content:           []sdk.Content{&sdk.TextContent{Text: string(code) + ": " + msg}},
		StructuredContent: map[string]any{"error": map[string]any{"code": code, "message": msg}},
	}
}

// textResult is a success with text for the model and structure beside.
func textResult(text string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}
