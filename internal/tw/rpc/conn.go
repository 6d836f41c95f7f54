package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"runtime/debug"
	"sync"
	"unicode/utf8"

	"textfirst/internal/tw/core"
)

// SettingsStore is what the settings methods need.
type SettingsStore interface {
	SchemaJSON() []map[string]any
	Get(path string) (any, error)
	Spoken(path string) (string, error)
	Set(path string, value any) (any, error)
}

// Server is the JSON-RPC server around one App.
type Server struct {
	Version  string
	App      *core.App
	Settings SettingsStore // nil: the settings methods answer "No method"
	BaseDir  string        // relative paths resolve against it
	Logger   *log.Logger   // nil: nothing is logged

	mu       sync.Mutex // guards out, shutDown and exited
	out      *Writer    // where Serve writes; nil before Serve
	shutDown bool
	exited   bool
}

// ErrNotServing is returned by Handle on a server with no writer: one that
// was never served.
var ErrNotServing = errors.New("rpc: Handle before Serve: the server has nowhere to write its replies")

// Events returns the core.Events that send notifications through w.
func Events(w *Writer) core.Events { return events{w} }

type events struct{ w *Writer }

func (e events) Announce(text string, p core.Priority) {
	e.w.Write(marshal(notification{"2.0", "announcement", announcementParams{Priority: string(p), Text: text}}))
}
func (e events) Playback(state string) {
	e.w.Write(marshal(notification{"2.0", "playback", playbackParams{State: state}}))
}
func (e events) Position(start, end, line int) {
	e.w.Write(marshal(notification{"2.0", "position", positionParams{End: end, Line: line, Start: start}}))
}

// Serve reads requests from in until exit or the end of the input, and
// writes to w (which the App's events also write to). It saves the place
// on the way out. The end of the input between messages ends the session
// with nil. A message that breaks the framing is answered with a parse
// error (id null) and logged; when reading can find the next message it
// goes on (a message over MaxMessageBytes is skipped unread), otherwise
// (the input ends inside a framed message, or announces one too long to
// skip) Serve returns the *FrameError, as it returns any read error, so
// tw serve exits non-zero.
func (s *Server) Serve(in io.Reader, w *Writer) error {
	s.mu.Lock()
	s.out = w
	s.mu.Unlock()
	r := newFrameReader(in)
	defer s.App.Close()
	for {
		msg, framing, err := r.Read()
		var (
			headerErr *headerError
			largeErr  *tooLargeError
			frameErr  *FrameError
		)
		switch {
		case err == nil:
		case errors.As(err, &headerErr), errors.As(err, &largeErr),
			errors.As(err, &frameErr) && !frameErr.Fatal:
			s.logf("serve: %v; reading goes on", err)
			w.SetFraming(framing)
			s.reply(w, nullID, nil, parseError(err.Error()))
			continue
		case frameErr != nil:
			s.logf("serve: %v; stopping", err)
			w.SetFraming(framing)
			s.reply(w, nullID, nil, parseError(err.Error()))
			return fmt.Errorf("rpc: %w", err)
		case errors.Is(err, io.EOF):
			// The deferred Close saves the place.
			return nil
		default:
			s.logf("serve: reading a request: %v", err)
			return fmt.Errorf("rpc: reading a request: %w", err)
		}
		w.SetFraming(framing)
		s.handle(w, msg)
		if s.Exited() {
			return nil
		}
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.Logger != nil {
		s.Logger.Printf(format, args...)
	}
}

// Exited reports whether exit was received (or the app quit).
func (s *Server) Exited() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exited
}

func (s *Server) setExited() {
	s.mu.Lock()
	s.exited = true
	s.mu.Unlock()
}

// Handle handles one message: a request, a notification or a batch. It
// writes the replies where Serve writes them, so it returns ErrNotServing
// on a server that was never served.
func (s *Server) Handle(msg []byte) error {
	s.mu.Lock()
	w := s.out
	s.mu.Unlock()
	if w == nil {
		return ErrNotServing
	}
	s.handle(w, msg)
	return nil
}

func (s *Server) handle(w *Writer, msg []byte) {
	trimmed := bytes.TrimSpace(msg)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		var batch []json.RawMessage
		if err := json.Unmarshal(trimmed, &batch); err != nil {
			s.reply(w, nullID, nil, parseError(err.Error()))
			return
		}
		if len(batch) == 0 {
			s.reply(w, nullID, nil, &Error{codeInvalidRequest, msgEmptyBatch})
			return
		}
		// A batch is answered one response at a time, in order.
		for _, item := range batch {
			s.handleOne(w, item)
			if s.Exited() {
				return
			}
		}
		return
	}
	if !json.Valid(trimmed) {
		var v any
		err := json.Unmarshal(trimmed, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		s.reply(w, nullID, nil, parseError(err.Error()))
		return
	}
	s.handleOne(w, trimmed)
}

func (s *Server) handleOne(w *Writer, raw json.RawMessage) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		// Valid JSON that is not an object.
		s.reply(w, nullID, nil, &Error{codeInvalidRequest, msgNotRequest})
		return
	}
	id, hasID := probe["id"]
	if hasID && !validID(id) {
		// Neither echoed nor guessed at: JSON-RPC 2.0 answers an id that
		// is not a string, a number or null with id null.
		s.reply(w, nullID, nil, &Error{codeInvalidRequest, msgNotRequest})
		return
	}
	var req request
	if err := json.Unmarshal(raw, &req); err != nil || req.JSONRPC == nil || *req.JSONRPC != "2.0" || req.Method == nil {
		if !hasID {
			id = nullID
		}
		s.reply(w, id, nil, &Error{codeInvalidRequest, msgNotRequest})
		return
	}
	result, rerr := s.call(*req.Method, req.Params)
	if hasID {
		s.reply(w, id, result, rerr)
	}
	// Work that follows the answer (the silent engine's position and
	// "stopped") goes out after it.
	s.App.RunDeferred()
}

// call runs one method from the table. A panic inside it becomes an
// internal error, logged with its stack, and the session goes on.
func (s *Server) call(name string, params json.RawMessage) (result any, rerr *Error) {
	defer func() {
		if v := recover(); v != nil {
			s.logf("serve: %s panicked: %v\n%s", name, v, debug.Stack())
			result, rerr = nil, internalError(name)
			// The session goes on: the app closes what the request left
			// open and saves the place.
			if err := s.App.Recover(); err != nil {
				s.logf("serve: after %s: %v", name, err)
			}
		}
	}()
	s.mu.Lock()
	shut := s.shutDown
	s.mu.Unlock()
	if shut && name != "exit" {
		return nil, &Error{codeShutDown, msgShutDown}
	}
	m, ok := methods[name]
	if !ok {
		return nil, noMethod(name)
	}
	return m.run(s, params)
}

// validID reports whether id is what JSON-RPC 2.0 allows (a string, a
// number or null) and safe to echo: a string of valid UTF-8.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"':
		return utf8.Valid(id)
	case c == '-' || '0' <= c && c <= '9':
		return true
	default:
		return string(id) == "null"
	}
}

func (s *Server) reply(w *Writer, id json.RawMessage, result any, err *Error) {
	resp := response{ID: id, JSONRPC: "2.0"}
	if err != nil {
		resp.Error = err
	} else {
		resp.Result = marshal(result)
	}
	w.Write(marshal(resp))
}
