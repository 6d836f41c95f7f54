package session

import (
	"io"
	"sync"
)

// UntilSignal returns a reader of in that ends (io.EOF) when one of signals
// arrives, so a server reading it stops between two messages: the reply
// being written is finished, then the server returns and its caller saves
// the place and closes speech. stop releases the signals.
func UntilSignal(in io.Reader) (r io.Reader, stop func()) {
	g := newGate(in)
	stopSig := OnSignal(g.close)
	return g, func() {
		stopSig()
		g.close()
	}
}

// gate reads in on its own goroutine, so that a Read blocked on it can be
// ended by close.
type gate struct {
	chunks chan chunk
	done   chan struct{}
	once   sync.Once
	rest   []byte
	err    error
}

type chunk struct {
	b   []byte
	err error
}

func newGate(in io.Reader) *gate {
	g := &gate{chunks: make(chan chunk), done: make(chan struct{})}
	go func() {
		for {
			buf := make([]byte, 64<<10)
			n, err := in.Read(buf)
			select {
			case g.chunks <- chunk{buf[:n], err}:
			case <-g.done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return g
}

func (g *gate) close() { g.once.Do(func() { close(g.done) }) }

func (g *gate) Read(p []byte) (int, error) {
	select {
	case <-g.done:
		return 0, io.EOF
	default:
	}
	if len(g.rest) > 0 {
		n := copy(p, g.rest)
		g.rest = g.rest[n:]
		return n, nil
	}
	if g.err != nil {
		return 0, g.err
	}
	select {
	case c := <-g.chunks:
		n := copy(p, c.b)
		g.rest, g.err = c.b[n:], c.err
		if n == 0 && c.err != nil {
			return 0, c.err
		}
		return n, nil
	case <-g.done:
		return 0, io.EOF
	}
}
