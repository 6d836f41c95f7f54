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
//
// Server streams are kept open and reused: a new stream can take the server
// a long time to start (two seconds on a null sink), while a running one
// plays new audio within its short buffer. A stream always gives the server
// audio — silence when it has none — so it never underruns.
type DeviceSink struct {
	c *pulse.Client
	// sink is the server's device the streams play on; nil: its default.
	sink *pulse.Sink
	// missing is the device asked for when the server has none of that
	// name, and devices the names of those it has.
	missing string
	devices []string
	mu      sync.Mutex
	free    map[int][]*deviceStream
	all     []*deviceStream
}

// warmRate is the rate of the stream opened in advance (libespeak-ng's).
const warmRate = 22050

// OpenDevice connects to the sound server (PULSE_SERVER, or the user's
// runtime socket) and opens two streams in advance: one for reading, one
// for an announcement heard alongside. They play on the server's device
// named device (speech.output_device, a sink's name as pactl list sinks
// gives it), or on its default device when device is "" or not connected
// (see Missing).
func OpenDevice(device string) (*DeviceSink, error) {
	c, err := pulse.NewClient(pulse.ClientApplicationName("tw"))
	if err != nil {
		return nil, fmt.Errorf("speech: no sound server: %w", err)
	}
	d := &DeviceSink{c: c, free: map[int][]*deviceStream{}}
	if device != "" {
		if sink, err := c.SinkByID(device); err == nil {
			d.sink = sink
		} else {
			d.missing = device
			sinks, _ := c.ListSinks()
			for _, s := range sinks {
				d.devices = append(d.devices, s.ID())
			}
		}
	}
	for i := 0; i < 2; i++ {
		ds, err := d.newServerStream(warmRate)
		if err != nil {
			d.Close()
			return nil, err
		}
		d.free[warmRate] = append(d.free[warmRate], ds)
	}
	return d, nil
}

func (d *DeviceSink) Kind() string { return "device" }

// Missing is the device OpenDevice was asked for when the server has no
// device of that name, with the names of those it has; "" when it played
// where it was asked.
func (d *DeviceSink) Missing() (device string, devices []string) { return d.missing, d.devices }

// Close closes every stream and the connection.
func (d *DeviceSink) Close() error {
	d.mu.Lock()
	all := d.all
	d.all, d.free = nil, map[int][]*deviceStream{}
	d.mu.Unlock()
	for _, s := range all {
		s.close()
	}
	d.c.Close()
	return nil
}

// deviceLatency is the server buffer we ask for: short, so that the first
// sample and Stop come quickly.
const deviceLatency = 0.03

func (d *DeviceSink) newServerStream(rate int) (*deviceStream, error) {
	s := &deviceStream{c: d.c, started: make(chan struct{})}
	opts := []pulse.PlaybackOption{pulse.PlaybackMono, pulse.PlaybackSampleRate(rate),
		pulse.PlaybackLatency(deviceLatency), pulse.PlaybackMediaName("tw speech")}
	if d.sink != nil {
		opts = append(opts, pulse.PlaybackSink(d.sink))
	}
	ps, err := d.c.NewPlayback(pulse.Int16Reader(s.read), opts...)
	if err != nil {
		return nil, fmt.Errorf("speech: cannot open an audio stream: %w", err)
	}
	s.ps = ps
	// Start returns only when the server reports the stream started, which
	// can take seconds although the stream runs at once; so it runs aside.
	go func() {
		ps.Start()
		close(s.started)
	}()
	d.mu.Lock()
	d.all = append(d.all, s)
	d.mu.Unlock()
	return s, nil
}

// NewStream hands out a free server stream of that rate, or opens one.
func (d *DeviceSink) NewStream(rate int) (Stream, error) {
	d.mu.Lock()
	var s *deviceStream
	if n := len(d.free[rate]); n > 0 {
		s = d.free[rate][n-1]
		d.free[rate] = d.free[rate][:n-1]
	}
	d.mu.Unlock()
	if s == nil {
		var err error
		if s, err = d.newServerStream(rate); err != nil {
			return nil, err
		}
	}
	s.mu.Lock()
	base := s.dataPos + int64(len(s.queue))
	s.mu.Unlock()
	return &deviceHandle{d: d, s: s, rate: rate, base: base}, nil
}

func (d *DeviceSink) release(s *deviceStream, rate int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.all != nil {
		d.free[rate] = append(d.free[rate], s)
	}
}

// deviceHandle is one reading's use of a server stream: its audio starts
// at data sample base of the stream.
type deviceHandle struct {
	d    *DeviceSink
	s    *deviceStream
	rate int
	base int64

	mu      sync.Mutex
	aborted bool
	closed  bool
}

func (h *deviceHandle) Write(pcm []int16) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.aborted || h.closed {
		return nil
	}
	h.s.write(pcm)
	return nil
}

func (h *deviceHandle) Played() int64 {
	return max(0, h.s.played()-h.base)
}

func (h *deviceHandle) Abort() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.aborted || h.closed {
		return
	}
	h.aborted = true
	h.s.drop()
}

func (h *deviceHandle) Close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil
	}
	h.closed = true
	h.s.drop()
	h.d.release(h.s, h.rate)
	return nil
}

// deviceStream hands queued audio to the server and silence when there is
// none, remembering where in the server's stream each run of audio went, so
// that the server's read index converts back to samples of audio played.
type deviceStream struct {
	c       *pulse.Client
	ps      *pulse.PlaybackStream
	started chan struct{} // closed when ps.Start has returned

	mu        sync.Mutex
	queue     []int16
	streamPos int64 // samples handed to the server, silence included
	dataPos   int64 // samples of audio handed to the server or dropped
	handed    int64 // samples of audio handed to the server
	runs      []run
}

// run is a stretch of audio placed contiguously in the server's stream.
type run struct{ streamStart, dataStart, n int64 }

func (s *deviceStream) read(out []int16) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := copy(out, s.queue)
	s.queue = s.queue[n:]
	if len(s.queue) == 0 {
		s.queue = nil
	}
	if n > 0 {
		last := len(s.runs) - 1
		if last >= 0 && s.runs[last].streamStart+s.runs[last].n == s.streamPos && s.runs[last].dataStart+s.runs[last].n == s.dataPos {
			s.runs[last].n += int64(n)
		} else {
			s.runs = append(s.runs, run{s.streamPos, s.dataPos, int64(n)})
		}
		s.dataPos += int64(n)
		s.handed += int64(n)
	}
	clear(out[n:])
	s.streamPos += int64(len(out))
	return len(out), nil
}

func (s *deviceStream) write(pcm []int16) {
	s.mu.Lock()
	s.queue = append(s.queue, pcm...)
	s.mu.Unlock()
}

// drop discards the audio not yet handed to the server; what the server
// holds (deviceLatency) still plays.
func (s *deviceStream) drop() {
	s.mu.Lock()
	s.dataPos += int64(len(s.queue))
	s.queue = nil
	s.mu.Unlock()
}

// played asks the server for its read index and maps it to data samples.
func (s *deviceStream) played() int64 {
	now := time.Now()
	req := proto.GetPlaybackLatency{StreamIndex: s.ps.StreamIndex(),
		Time: proto.Time{Seconds: uint32(now.Unix()), Microseconds: uint32(now.Nanosecond() / 1000)}}
	var reply proto.GetPlaybackLatencyReply
	if err := s.c.RawRequest(&req, &reply); err != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.dataPos // the server is gone: count what it was given
	}
	readPos := reply.ReadIndex / 2
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.runs) - 1; i >= 0; i-- {
		r := s.runs[i]
		if r.streamStart <= readPos {
			// Runs before this one are behind the read index for good.
			s.runs = s.runs[i:]
			if readPos >= r.streamStart+r.n {
				// Past this run: everything handed before the next run
				// (including dropped audio) is behind us.
				if i+1 < len(s.runs) {
					return s.runs[1].dataStart
				}
				return s.dataPos
			}
			return r.dataStart + (readPos - r.streamStart)
		}
	}
	if len(s.runs) > 0 {
		return s.runs[0].dataStart
	}
	return s.dataPos
}

func (s *deviceStream) close() {
	s.drop()
	go func() {
		<-s.started
		s.ps.Close()
	}()
}
