package rpc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Framing is how one message travels: a line, or a Content-Length header
// and a body, as the Language Server Protocol frames them.
type Framing int

const (
	LineFraming Framing = iota
	HeaderFraming
)

// MaxMessageBytes caps a line, a header line or a body. A message over it
// is not read into memory: it is skipped (a line up to its newline, a
// framed body by its Content-Length) and answered with a parse error.
const MaxMessageBytes = 16 << 20

// headerError is a Content-Length header whose value is not a length. The
// body it announced cannot be found, so the header fails as a message of
// its own and reading goes on with the next line.
type headerError struct{ Line string }

func (e *headerError) Error() string { return fmt.Sprintf("bad header %q", e.Line) }

// tooLargeError is a message over MaxMessageBytes. It has been (for a
// line) or will be (for a framed body, at the next Read) skipped without
// being kept, and reading goes on after it.
type tooLargeError struct {
	Size int64 // the body's Content-Length, or the bytes of the line skipped
	Line bool  // a line (Size is then at least its length), not a framed body
}

func (e *tooLargeError) Error() string {
	if e.Line {
		return fmt.Sprintf("a line of %d bytes is over the limit of %d bytes; skipped", e.Size, MaxMessageBytes)
	}
	return fmt.Sprintf("a message of %d bytes is over the limit of %d bytes; skipped", e.Size, MaxMessageBytes)
}

// FrameError is input that breaks the framing. When Fatal is false the
// reader has found its place again and reading goes on; when it is true
// the messages after it cannot be found and the session must end.
type FrameError struct {
	Why   string
	Fatal bool
}

func (e *FrameError) Error() string { return e.Why }

// frameReader reads messages, detecting the framing of each one from its
// first line: a line starting "Content-Length:" introduces a framed
// message, any other non-blank line is a message of its own.
type frameReader struct {
	br      *bufio.Reader
	pending *string // a line read ahead that starts the next message
	skip    int64   // the bytes of an oversized body still to discard
}

// newFrameReader returns a frameReader on r.
func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// readLine reads one line without its line ending. A line over the cap is
// discarded up to its newline, never kept, and reported as a
// *tooLargeError.
func (r *frameReader) readLine() (string, error) {
	if r.pending != nil {
		line := *r.pending
		r.pending = nil
		return line, nil
	}
	var buf []byte
	var skipped int64
	for {
		chunk, err := r.br.ReadSlice('\n')
		switch {
		case skipped > 0 || len(buf)+len(chunk) > MaxMessageBytes+2:
			skipped += int64(len(buf) + len(chunk))
			buf = nil
		case len(buf)+len(chunk) > cap(buf):
			// Doubling, capped at the limit: a line over it costs at most
			// twice the limit in allocations, whatever its length.
			grown := make([]byte, len(buf), min(max(2*cap(buf), len(buf)+len(chunk)), MaxMessageBytes+2))
			buf = append(grown[:copy(grown, buf)], chunk...)
		default:
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if skipped > 0 {
			if err != nil && err != io.EOF {
				return "", err
			}
			return "", &tooLargeError{Size: skipped, Line: true}
		}
		if err != nil {
			if err == io.EOF && len(buf) > 0 {
				return string(buf), nil
			}
			return "", err
		}
		line := bytes.TrimRight(buf, "\r\n")
		if len(line) > MaxMessageBytes {
			return "", &tooLargeError{Size: int64(len(buf)), Line: true}
		}
		return string(line), nil
	}
}

// Read returns the next message and its framing. It returns io.EOF at the
// end of the input between messages; a *tooLargeError for a message over
// MaxMessageBytes, a *headerError for a Content-Length that is not a
// length and a *FrameError for a header not followed by its blank line,
// after each of which reading can go on; a fatal *FrameError when the
// input ends inside a framed message or announces one too long to skip;
// and the input's own error when reading it fails.
func (r *frameReader) Read() ([]byte, Framing, error) {
	if r.skip > 0 {
		n := r.skip
		r.skip = 0
		got, err := io.CopyN(io.Discard, r.br, n)
		if err != nil {
			if err == io.EOF {
				return nil, HeaderFraming, &FrameError{Fatal: true, Why: fmt.Sprintf(
					"the input ended inside a message of %d bytes being skipped (%d bytes came)", n, got)}
			}
			return nil, 0, err
		}
	}
	for {
		line, err := r.readLine()
		if err != nil {
			return nil, LineFraming, err
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		n, isHeader, err := contentLength(trimmed)
		if !isHeader {
			return []byte(trimmed), LineFraming, nil
		}
		if err != nil {
			return nil, HeaderFraming, err
		}
		// Skip any other headers up to the blank line. A line that is not
		// a header, or another Content-Length, ends the message: it starts
		// the next one.
		for {
			h, err := r.readLine()
			if err == io.EOF {
				return nil, HeaderFraming, &FrameError{Fatal: true, Why: fmt.Sprintf(
					"the input ended inside the headers of a message of %d bytes", n)}
			}
			if err != nil {
				return nil, HeaderFraming, err
			}
			if strings.TrimSpace(h) == "" {
				break
			}
			if _, again, _ := contentLength(strings.TrimSpace(h)); again || !isHeaderLine(h) {
				r.pending = &h
				return nil, HeaderFraming, &FrameError{Why: "the Content-Length header is not followed by a blank line; " +
					"the message is dropped and reading goes on with the line after the header"}
			}
		}
		if n > MaxMessageBytes {
			r.skip = n
			return nil, HeaderFraming, &tooLargeError{Size: n}
		}
		body := make([]byte, n)
		if got, err := io.ReadFull(r.br, body); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, HeaderFraming, &FrameError{Fatal: true, Why: fmt.Sprintf(
					"the input ended inside a message of %d bytes (%d bytes came)", n, got)}
			}
			return nil, 0, err
		}
		return body, HeaderFraming, nil
	}
}

// isHeaderLine reports whether line is "Name: value" with a name made of
// HTTP token characters, as a header is.
func isHeaderLine(line string) bool {
	name, _, ok := strings.Cut(line, ":")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// contentLength parses a "Content-Length: N" header line (the name is
// case-insensitive). A length of digits too large for an int64 cannot be
// skipped: a fatal *FrameError.
func contentLength(line string) (n int64, isHeader bool, err error) {
	name, value, ok := strings.Cut(line, ":")
	if !ok || !strings.EqualFold(strings.TrimSpace(name), "content-length") {
		return 0, false, nil
	}
	value = strings.TrimSpace(value)
	n, err = strconv.ParseInt(value, 10, 64)
	if errors.Is(err, strconv.ErrRange) && value[0] != '-' && value[0] != '+' {
		return 0, true, &FrameError{Fatal: true, Why: fmt.Sprintf(
			"Content-Length %.40s is too large to skip; the messages after it cannot be found", value)}
	}
	if err != nil || n < 0 {
		return 0, true, &headerError{Line: line}
	}
	return n, true, nil
}

// Writer writes messages in the framing of the last message received. It
// is safe for concurrent use: speech notifications and responses never
// interleave.
type Writer struct {
	mu      sync.Mutex
	w       io.Writer
	framing Framing
	err     error
}

// NewWriter returns a Writer that starts with one message per line.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// SetFraming sets the framing of the messages written from now on.
func (w *Writer) SetFraming(f Framing) {
	w.mu.Lock()
	w.framing = f
	w.mu.Unlock()
}

// Write sends one message body.
func (w *Writer) Write(body []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	var out []byte
	if w.framing == HeaderFraming {
		out = append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))), body...)
	} else {
		out = append(append(out, body...), '\n')
	}
	_, w.err = w.w.Write(out)
	return w.err
}
