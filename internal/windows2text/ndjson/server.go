package ndjson

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"textfirst/internal/windows2text/uitree"
)

// ProtocolVersion is the version of the NDJSON protocol this server speaks.
const ProtocolVersion = 1

// MaxLineBytes is the longest request line accepted; a longer one is
// answered with invalid_request and skipped.
const MaxLineBytes = 1 << 20

// Server answers protocol requests against one backend. It is not safe for
// concurrent use: Serve handles one request at a time, which is also what
// the protocol promises (requests run in input order).
type Server struct {
	backend uitree.Backend
	version string
	refs    uitree.Refs
	// extra are the methods added with Extend, in the order added.
	extra      map[string]Method
	extraNames []string
	// afterEach runs after every request (see AfterEach).
	afterEach func()
}

// Method is a protocol method added beyond the spec's own (see Extend).
type Method func(ctx context.Context, params json.RawMessage) (any, error)

// Extend adds a method to s. ping lists the added methods after the spec's
// observation methods and actions, before shutdown; an added method never
// replaces one of the spec's. Extend must be called before Serve.
func (s *Server) Extend(name string, m Method) {
	if _, spec := methods[name]; spec {
		return
	}
	if s.extra == nil {
		s.extra = map[string]Method{}
	}
	if _, ok := s.extra[name]; !ok {
		s.extraNames = append(s.extraNames, name)
	}
	s.extra[name] = m
}

// AfterEach sets f to run after every request, answered or failed, before
// its response is written: a caller that keeps the snapshots published
// (Latest) sees each of them. It must be called before Serve.
func (s *Server) AfterEach(f func()) { s.afterEach = f }

// NewServer returns a server for backend; version is the executable's
// version that ping reports.
func NewServer(backend uitree.Backend, version string) *Server {
	return &Server{backend: backend, version: version}
}

// Serve reads requests from r and writes one response line to w for each,
// until shutdown is requested, r ends, or ctx is done. It returns nil in
// those cases and an error only when w fails.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	for ctx.Err() == nil {
		line, tooLong, err := readLine(in)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			var resp []byte
			stop := false
			if tooLong {
				resp, _ = encodeResponse(errorResponse(nil, uitree.Errorf(uitree.CodeInvalidRequest, "the request line is longer than %d bytes", MaxLineBytes)))
			} else {
				resp, stop = s.Handle(ctx, line)
			}
			if _, werr := out.Write(append(resp, '\n')); werr != nil {
				return fmt.Errorf("ndjson: writing a response: %w", werr)
			}
			if werr := out.Flush(); werr != nil {
				return fmt.Errorf("ndjson: writing a response: %w", werr)
			}
			if stop {
				return nil
			}
		}
		if err != nil {
			// io.EOF: stdin closed, the helper's signal to end.
			return nil
		}
	}
	return nil
}

// readLine reads up to the next newline. A line longer than MaxLineBytes
// is consumed and reported as tooLong with no content.
func readLine(in *bufio.Reader) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := in.ReadSlice('\n')
		if len(buf)+len(chunk) > MaxLineBytes {
			tooLong = true
			buf = buf[:0]
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		return buf, false, err
	}
}

// Handle answers one request line and reports whether it asked the server
// to stop. It never panics: a panic in a method becomes internal_error.
func (s *Server) Handle(ctx context.Context, line []byte) (resp []byte, stop bool) {
	req, err := DecodeRequest(line)
	var r Response
	if err != nil {
		r = errorResponse(req.ID, err)
	} else {
		var result any
		result, stop, err = s.call(ctx, req)
		if err != nil {
			r = errorResponse(req.ID, err)
			stop = false
		} else {
			r = Response{ID: req.ID, OK: true, Result: result}
		}
	}
	out, merr := encodeResponse(r)
	if merr != nil {
		out, _ = encodeResponse(errorResponse(req.ID, uitree.Errorf(uitree.CodeInternalError, "encoding the result: %w", merr)))
	}
	return out, stop
}

// call runs one method, turning a panic into internal_error.
func (s *Server) call(ctx context.Context, req Request) (result any, stop bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = uitree.Errorf(uitree.CodeInternalError, "%s failed unexpectedly: %v\n%s", req.Method, p, firstFrames(debug.Stack()))
		}
	}()
	if s.afterEach != nil {
		defer s.afterEach()
	}
	if m, ok := methods[req.Method]; ok {
		result, err = m(s, ctx, req.Params)
		return result, req.Method == "shutdown" && err == nil, err
	}
	if m, ok := s.extra[req.Method]; ok {
		result, err = m(ctx, req.Params)
		return result, false, err
	}
	return nil, false, uitree.Errorf(uitree.CodeUnknownMethod, "unknown method %q; ping lists the methods", req.Method)
}

// firstFrames keeps a panic's stack short enough for one message.
func firstFrames(stack []byte) string {
	lines := bytes.SplitN(stack, []byte("\n"), 12)
	if len(lines) > 11 {
		lines = lines[:11]
	}
	return string(bytes.Join(lines, []byte("\n")))
}

func errorResponse(id []byte, err error) Response {
	return Response{ID: id, OK: false, Error: ErrorOf(err)}
}

// ErrorOf is err as the protocol reports it: its code (uitree.CodeOf), and
// the message of a *uitree.Error, or else err's whole text.
func ErrorOf(err error) *WireError {
	msg := err.Error()
	var e *uitree.Error
	if errors.As(err, &e) {
		msg = e.Message
	}
	return &WireError{Code: uitree.CodeOf(err), Message: msg}
}

// Latest returns the latest published snapshot, or nil.
func (s *Server) Latest() *uitree.Snapshot { return s.refs.Latest() }
