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

// MaxMessageBytes caps a line, a header line or a body. A client that sends
// more is broken or hostile; reading on would take all the memory it asks
// for, so the reader stops as if the input had ended.
const MaxMessageBytes = 16 << 20

// ErrTooLarge is returned for a message over MaxMessageBytes.
var ErrTooLarge = errors.New("rpc: message larger than 16 MiB")

// HeaderError is a Content-Length header whose value is not a length. The
// body it announced cannot be found, so the header fails as a message of
// its own and reading goes on with the next line.
type HeaderError struct{ Line string }

func (e *HeaderError) Error() string { return fmt.Sprintf("bad header %q", e.Line) }

// FrameReader reads messages, detecting the framing of each one from its
// first line: a line starting "Content-Length:" introduces a framed
// message, any other non-blank line is a message of its own.
type FrameReader struct {
	br *bufio.Reader
}

// NewFrameReader returns a FrameReader on r.
func NewFrameReader(r io.Reader) *FrameReader {
	return &FrameReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// readLine reads one line without its line ending, capped.
func (r *FrameReader) readLine() (string, error) {
	var buf []byte
	for {
		chunk, err := r.br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > MaxMessageBytes+2 {
			return "", ErrTooLarge
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && len(buf) > 0 {
				return string(buf), nil
			}
			return "", err
		}
		return string(bytes.TrimRight(buf, "\r\n")), nil
	}
}

// Read returns the next message and its framing. It returns io.EOF at the
// end of the input, io.ErrUnexpectedEOF when the input ends inside a
// framed message, ErrTooLarge for a message over MaxMessageBytes, a
// *HeaderError for a Content-Length that is not a length (reading can go
// on), and the input's own error when reading it fails.
func (r *FrameReader) Read() ([]byte, Framing, error) {
	for {
		line, err := r.readLine()
		if err != nil {
			return nil, 0, err
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		n, isHeader, err := contentLength(trimmed)
		if !isHeader {
			return []byte(trimmed), LineFraming, nil
		}
		if errors.Is(err, ErrTooLarge) {
			return nil, 0, err
		}
		if err != nil {
			return nil, HeaderFraming, &HeaderError{Line: trimmed}
		}
		// Skip any other headers up to the blank line.
		for {
			h, err := r.readLine()
			if err != nil {
				return nil, 0, err
			}
			if strings.TrimSpace(h) == "" {
				break
			}
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r.br, body); err != nil {
			return nil, 0, err
		}
		return body, HeaderFraming, nil
	}
}

// contentLength parses a "Content-Length: N" header line (the name is
// case-insensitive).
func contentLength(line string) (n int, isHeader bool, err error) {
	name, value, ok := strings.Cut(line, ":")
	if !ok || !strings.EqualFold(strings.TrimSpace(name), "content-length") {
		return 0, false, nil
	}
	n, err = strconv.Atoi(strings.TrimSpace(value))
	if err != nil || n < 0 {
		return 0, true, fmt.Errorf("rpc: bad Content-Length %q", value)
	}
	if n > MaxMessageBytes {
		return 0, true, ErrTooLarge
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
