package speech

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Sink is where synthesised audio goes: the system's audio output, a clock
// that only keeps time, or a WAV file. A sink opens one stream per reading.
type Sink interface {
	// NewStream opens a stream of mono 16-bit audio at rate samples/second.
	NewStream(rate int) (Stream, error)
	// Kind is "device", "clock" or "wav".
	Kind() string
	Close() error
}

// Stream plays audio and tells how much of it has been played: the clock
// that releases word events. Write and Finish are called by one goroutine;
// Played and Abort may be called from any.
type Stream interface {
	// Write queues audio; it does not wait for it to be played.
	Write(pcm []int16) error
	// Played returns how many of the written samples have been played.
	// Silence a device plays while waiting for audio is not counted.
	Played() int64
	// Abort silences the stream at once and discards queued audio.
	Abort()
	// Close releases the stream; call it after Abort or once Played has
	// reached everything written.
	Close() error
}

// ClockSink plays nothing and keeps time as a device would: audio is
// "played" at rate×Speed samples per second once written. Tests use a speed
// above 1 to keep the ordering of real time in a fraction of it.
type ClockSink struct{ Speed float64 }

func (c ClockSink) Kind() string { return "clock" }
func (c ClockSink) Close() error { return nil }

func (c ClockSink) NewStream(rate int) (Stream, error) {
	speed := c.Speed
	if speed <= 0 {
		speed = 1
	}
	return &clockStream{perSecond: float64(rate) * speed, last: time.Now()}, nil
}

type clockStream struct {
	mu        sync.Mutex
	perSecond float64
	written   int64
	played    float64
	last      time.Time
}

func (s *clockStream) Write(pcm []int16) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.advance()
	s.written += int64(len(pcm))
	return nil
}

// advance moves the play position on; with nothing queued the clock idles,
// as a device plays silence during an underrun.
func (s *clockStream) advance() {
	now := time.Now()
	s.played += now.Sub(s.last).Seconds() * s.perSecond
	if s.played > float64(s.written) {
		s.played = float64(s.written)
	}
	s.last = now
}

func (s *clockStream) Played() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.advance()
	return int64(s.played)
}

func (s *clockStream) Abort() {
	s.mu.Lock()
	s.written = int64(s.played)
	s.mu.Unlock()
}

func (s *clockStream) Close() error { return nil }

// WAVSink writes all audio of all its streams, one after the other, to a WAV
// file, which appears (atomically) when the sink is closed. Audio counts as
// played as soon as it is written, so words are released at once.
type WAVSink struct {
	path string
	mu   sync.Mutex
	f    *os.File
	w    *bufio.Writer
	buf  []byte
	rate int
	n    int64 // samples written
	err  error
}

// NewWAVSink prepares writing path; nothing is created until audio comes.
func NewWAVSink(path string) *WAVSink { return &WAVSink{path: path} }

func (w *WAVSink) Kind() string { return "wav" }

// Samples returns the number of samples written so far.
func (w *WAVSink) Samples() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

func (w *WAVSink) NewStream(rate int) (Stream, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		f, err := os.CreateTemp(filepath.Dir(w.path), "."+filepath.Base(w.path)+".*.tmp")
		if err != nil {
			return nil, fmt.Errorf("speech: cannot write %s: %w", w.path, err)
		}
		w.f, w.rate, w.w = f, rate, bufio.NewWriterSize(f, 1<<16)
		if _, err := w.w.Write(wavHeader(rate, 0)); err != nil {
			return nil, fmt.Errorf("speech: cannot write %s: %w", w.path, err)
		}
	} else if rate != w.rate {
		return nil, fmt.Errorf("speech: %s is at %d Hz, cannot add audio at %d Hz", w.path, w.rate, rate)
	}
	return &wavStream{w: w}, nil
}

func (w *WAVSink) write(pcm []int16) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	buf := w.buf[:0]
	for _, v := range pcm {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
	}
	w.buf = buf
	if _, err := w.w.Write(buf); err != nil {
		w.err = fmt.Errorf("speech: cannot write %s: %w", w.path, err)
		return w.err
	}
	w.n += int64(len(pcm))
	return nil
}

// Close completes the header, syncs and renames the file into place.
func (w *WAVSink) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return w.err
	}
	f := w.f
	w.f = nil
	err := w.err
	if err == nil && w.n*2 > 0xFFFFFFFF-36 {
		err = errors.New("speech: audio too long for a WAV file (4 GB)")
	}
	if err == nil {
		err = w.w.Flush()
	}
	if err == nil {
		_, err = f.WriteAt(wavHeader(w.rate, w.n), 0)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), w.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("speech: cannot write %s: %w", w.path, err)
	}
	if d, derr := os.Open(filepath.Dir(w.path)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// abandon removes the unfinished file.
func (w *WAVSink) abandon() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f != nil {
		w.f.Close()
		os.Remove(w.f.Name())
		w.f = nil
	}
}

// wavHeader is the 44-byte header of a mono 16-bit PCM file of n samples.
func wavHeader(rate int, n int64) []byte {
	h := make([]byte, 44)
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+2*n))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], 1) // mono
	binary.LittleEndian.PutUint32(h[24:], uint32(rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(2*rate))
	binary.LittleEndian.PutUint16(h[32:], 2)
	binary.LittleEndian.PutUint16(h[34:], 16)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(2*n))
	return h
}

type wavStream struct {
	w       *WAVSink
	mu      sync.Mutex
	written int64
	aborted bool
}

func (s *wavStream) Write(pcm []int16) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.aborted {
		return nil
	}
	if err := s.w.write(pcm); err != nil {
		return err
	}
	s.written += int64(len(pcm))
	return nil
}

func (s *wavStream) Played() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.written
}

func (s *wavStream) Abort() {
	s.mu.Lock()
	s.aborted = true
	s.mu.Unlock()
}

func (s *wavStream) Close() error { return nil }
