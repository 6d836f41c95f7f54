package speech

import (
	"fmt"
	"sync"
	"time"

	"github.com/jfreymuth/pulse"
	"github.com/jfreymuth/pulse/proto"
)

// DeviceSink plays audio on the system's sound server (PulseAudio, or
// PipeWire's PulseAudio service) through a pure-Go client. Its clock is the
// server's read index: the samples the server has taken from the stream to
// play.
type DeviceSink struct {
	c *pulse.Client
}

// OpenDevice connects to the sound server (PULSE_SERVER, or the user's
// runtime socket).
func OpenDevice() (*DeviceSink, error) {
	c, err := pulse.NewClient(pulse.ClientApplicationName("tw"))
	if err != nil {
		return nil, fmt.Errorf("speech: no sound server: %w", err)
	}
	return &DeviceSink{c: c}, nil
}

func (d *DeviceSink) Kind() string { return "device" }

func (d *DeviceSink) Close() error {
	d.c.Close()
	return nil
}

// deviceLatency is the server buffer we ask for: short, so that the first
// sample and Stop come quickly. Underruns cost nothing because the stream
// fills them with silence itself.
const deviceLatency = 0.03

func (d *DeviceSink) NewStream(rate int) (Stream, error) {
	s := &deviceStream{c: d.c}
	ps, err := d.c.NewPlayback(pulse.Int16Reader(s.read), pulse.PlaybackMono,
		pulse.PlaybackSampleRate(rate), pulse.PlaybackLatency(deviceLatency),
		pulse.PlaybackMediaName("tw speech"))
	if err != nil {
		return nil, fmt.Errorf("speech: cannot open an audio stream: %w", err)
	}
	s.ps = ps
	ps.Start()
	return s, nil
}

// deviceStream hands queued audio to the server and silence when there is
// none, remembering where in the server's stream each run of audio went, so
// that the server's read index converts back to samples of audio played.
type deviceStream struct {
	c    *pulse.Client
	ps   *pulse.PlaybackStream
	psMu sync.Mutex // the pulse stream's own state is not safe for concurrent use

	mu        sync.Mutex
	queue     []int16
	streamPos int64 // samples handed to the server, silence included
	dataPos   int64 // samples of audio handed to the server
	runs      []run
	aborted   bool
	closed    bool
}

// run is a stretch of audio placed contiguously in the server's stream.
type run struct{ streamStart, dataStart, n int64 }

func (s *deviceStream) read(out []int16) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	if !s.aborted {
		n = copy(out, s.queue)
		s.queue = s.queue[n:]
		if len(s.queue) == 0 {
			s.queue = nil
		}
	}
	if n > 0 {
		last := len(s.runs) - 1
		if last >= 0 && s.runs[last].streamStart+s.runs[last].n == s.streamPos && s.runs[last].dataStart+s.runs[last].n == s.dataPos {
			s.runs[last].n += int64(n)
		} else {
			s.runs = append(s.runs, run{s.streamPos, s.dataPos, int64(n)})
		}
		s.dataPos += int64(n)
	}
	clear(out[n:])
	s.streamPos += int64(len(out))
	return len(out), nil
}

func (s *deviceStream) Write(pcm []int16) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.aborted {
		return nil
	}
	s.queue = append(s.queue, pcm...)
	return nil
}

// Played asks the server for its read index and maps it to audio samples.
func (s *deviceStream) Played() int64 {
	now := time.Now()
	req := proto.GetPlaybackLatency{StreamIndex: s.ps.StreamIndex(),
		Time: proto.Time{Seconds: uint32(now.Unix()), Microseconds: uint32(now.Nanosecond() / 1000)}}
	var reply proto.GetPlaybackLatencyReply
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed || s.c.RawRequest(&req, &reply) != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.dataPos // the server is gone: count what it was given
	}
	readPos := reply.ReadIndex / 2
	s.mu.Lock()
	defer s.mu.Unlock()
	played := int64(0)
	for i := len(s.runs) - 1; i >= 0; i-- {
		r := s.runs[i]
		if r.streamStart <= readPos {
			played = r.dataStart + min(readPos-r.streamStart, r.n)
			// Runs before this one are behind the read index for good.
			s.runs = s.runs[i:]
			break
		}
	}
	return played
}

func (s *deviceStream) Abort() {
	s.mu.Lock()
	if s.aborted || s.closed {
		s.mu.Unlock()
		return
	}
	s.aborted = true
	s.queue = nil
	s.mu.Unlock()
	s.psMu.Lock()
	s.ps.Pause() // corks the stream: silence at once
	s.psMu.Unlock()
}

func (s *deviceStream) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	s.psMu.Lock()
	s.ps.Close()
	s.psMu.Unlock()
	return nil
}
