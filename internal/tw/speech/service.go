package speech

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"textfirst/internal/tw/i18n"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech/engine"
)

// Options choose the engine and where its audio goes.
type Options struct {
	Backend string  // "auto" (or "") or an engine id
	Sink    string  // "auto" (device, else clock), "device", "clock", or "wav:/path/file.wav"
	Speed   float64 // clock sink speed factor for tests; 0 means 1
	Params  Params
	// QueueAnnouncements makes every announcement heard whole, after the
	// ones said before it. By default a newer announcement interrupts the
	// one being heard and replaces those still waiting. Either way they
	// are spoken in the order they were said.
	QueueAnnouncements bool
	// Module is speech-dispatcher's output module ("" for its default).
	Module string
	// Strict makes an engine named by Backend that cannot open an error
	// saying why, rather than a fallback with a notice (tw speak).
	Strict bool
	// Language is the interface language ("en", "fr", ...) of the notices
	// Open returns; "" (or an unknown code) is English.
	Language string
}

// Handler receives the events of one Read.
type Handler struct {
	// Word gives the document range (code points) of the word now heard.
	Word func(start, end int)
	// Done is called exactly once per Read: completed is false when the
	// reading was stopped or replaced.
	Done func(completed bool)
}

// NoDeviceNotice is announced (once per process) when no audio device can
// be opened and reading goes on silently at the speed of the audio.
var NoDeviceNotice = i18n.Key("No audio device; reading silently at the speed of speech.")

var noDeviceOnce sync.Once

// tr formats a notice in the interface language of the options.
func (o Options) tr(key string, args ...any) string {
	return i18n.For(o.Language).Sprintf(key, args...)
}

// Service speaks documents and announcements with one engine. It is safe
// for concurrent use.
//
// Handler functions are called one at a time from a goroutine of the
// Service (Done(false) from the goroutine calling Stop, Read or Close). They
// may call Stop, Read and SetParams themselves, but must not block waiting
// for another goroutine that is calling those (hand events to your own loop
// through a buffered channel or a queue instead).
type Service struct {
	eng  engine.Engine
	syn  engine.Synthesizer // nil unless the engine makes audio for tw to play
	spk  engine.Speaker     // nil unless the engine plays its own audio
	sink Sink               // for syn

	mu     sync.Mutex
	params Params
	cur    *reading
	ann    *pipeline // the announcement in progress (synthesizers)
	// annNotice: the announcement in progress is a notice (not cut off);
	// lastNotice: the last one handed to a Speaker was, so the next one
	// waits for it.
	annNotice, lastNotice bool
	closed                bool
	closeErr              error

	// Announcements wait in annQ, in the order they were said, for the
	// one announcer goroutine, which runs while annQ is not empty
	// (annDone is closed when it ends).
	queueAnn bool
	annQ     []announcement
	opts     Options // as opened, for Restart

	vmu     sync.Mutex
	voices  []engine.Voice // the engine's voices, listed once
	annDone chan struct{}  // nil when no announcer runs
}

// announcement is one Say waiting to be spoken.
type announcement struct {
	text string
	p    Params
	// queued: heard after the ones before, even when announcements
	// interrupt (a voice's sample after the list item naming it).
	queued bool
	// notice: heard whole, whatever comes after it (SayNotice).
	notice bool
}

// announceQueuer is a Speaker that can queue an announcement after the
// ones it is speaking, rather than interrupt them (speech-dispatcher).
type announceQueuer interface {
	AnnounceQueued(text string, p engine.Params) error
}

// Open starts the chosen engine. notices are announcements to pass to the
// user (fallback "Speech engine X is not available; using Y", "No audio
// device; ...").
func Open(opts Options) (*Service, []string, error) {
	eng, notices, err := openEngine(opts.Backend, engineOpts{module: opts.Module, strict: opts.Strict, language: opts.Language})
	if err != nil {
		return nil, nil, err
	}
	s, more, err := newService(eng, opts)
	if err != nil {
		return nil, nil, err
	}
	return s, append(notices, more...), nil
}

// newService is Open with the engine eng, already open.
func newService(eng engine.Engine, opts Options) (*Service, []string, error) {
	var notices []string
	s := &Service{eng: eng, params: opts.Params.Clamp(), queueAnn: opts.QueueAnnouncements, opts: opts}
	if opts.Params == (Params{}) {
		s.params = DefaultParams()
	}
	switch e := eng.(type) {
	case engine.Synthesizer:
		s.syn = e
		sink, n, err := openSink(opts, e.ID())
		if err != nil {
			eng.Close()
			return nil, nil, err
		}
		s.sink = sink
		notices = append(notices, n...)
	case engine.Speaker:
		s.spk = e
		if strings.HasPrefix(opts.Sink, "wav:") {
			eng.Close()
			return nil, nil, fmt.Errorf("speech: %s plays its audio itself and cannot write a WAV file; use the espeak engine", e.ID())
		}
	}
	var n string
	s.params, n = s.resolveVoice(s.params)
	if n != "" {
		notices = append(notices, n)
	}
	return s, notices, nil
}

// Voices lists the voices of the engine in use (listed once), each with its
// engine id.
func (s *Service) Voices() ([]engine.Voice, error) {
	s.vmu.Lock()
	defer s.vmu.Unlock()
	if s.voices != nil {
		return s.voices, nil
	}
	s.mu.Lock()
	eng := s.eng
	s.mu.Unlock()
	vs, err := eng.Voices()
	if err != nil {
		return nil, err
	}
	for i := range vs {
		if vs[i].Engine == "" {
			vs[i].Engine = eng.ID()
		}
	}
	if vs == nil {
		vs = []engine.Voice{}
	}
	s.voices = vs
	return vs, nil
}

// resolveVoice turns the voice asked for (an id, name words, a language
// tag, "engine:voice") into the engine's id for it. A voice the engine does
// not have becomes its default voice, with a notice saying so.
func (s *Service) resolveVoice(p Params) (Params, string) {
	if p.Voice == "" {
		return p, ""
	}
	vs, err := s.Voices()
	if err != nil || len(vs) == 0 {
		return p, "" // the engine cannot tell: let it try the name
	}
	if v, ok := engine.Match(vs, p.Voice, s.eng.ID()); ok {
		p.Voice = v.ID
		return p, ""
	}
	n := s.opts.tr("Voice %s is not available; using the default voice of %s", p.Voice, s.eng.ID())
	p.Voice = ""
	return p, n
}

// voiceNotice tells the user when the voice asked for is not one of the
// engine's (the engine then uses its default voice).
func voiceNotice(eng engine.Engine, voice string, opts Options) string {
	if voice == "" {
		return ""
	}
	vs, err := eng.Voices()
	if err != nil || len(vs) == 0 {
		return ""
	}
	if _, ok := engine.Match(vs, voice, eng.ID()); ok {
		return ""
	}
	return opts.tr("Voice %s is not available; using the default voice of %s", voice, eng.ID())
}

func openSink(opts Options, id string) (Sink, []string, error) {
	switch {
	case opts.Sink == "clock":
		return ClockSink{Speed: opts.Speed}, nil, nil
	case opts.Sink == "device":
		d, err := OpenDevice()
		if err != nil {
			return nil, nil, err
		}
		return d, nil, nil
	case strings.HasPrefix(opts.Sink, "wav:"):
		return NewWAVSink(strings.TrimPrefix(opts.Sink, "wav:")), nil, nil
	case opts.Sink == "" || opts.Sink == "auto":
		if id == "null" {
			return ClockSink{Speed: opts.Speed}, nil, nil
		}
		if d, err := OpenDevice(); err == nil {
			return d, nil, nil
		}
		var notices []string
		noDeviceOnce.Do(func() { notices = append(notices, i18n.For(opts.Language).Text(NoDeviceNotice)) })
		return ClockSink{Speed: opts.Speed}, notices, nil
	}
	return nil, nil, fmt.Errorf("speech: unknown sink %q (want auto, device, clock or wav:FILE)", opts.Sink)
}

// ID returns the id of the engine in use.
func (s *Service) ID() string { return s.eng.ID() }

// SinkKind returns "device", "clock", "wav", or "" for engines that play
// their own audio.
func (s *Service) SinkKind() string {
	if s.sink == nil {
		return ""
	}
	return s.sink.Kind()
}

// Params returns the settings in effect.
func (s *Service) Params() Params {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.params
}

// reading is the state of one Read.
type reading struct {
	s    *Service
	d    *doc.Document
	from int
	to   int
	h    Handler

	cbMu     sync.Mutex   // held while a handler function runs
	cbG      atomic.Int64 // goroutine running a handler function, 0 if none
	finished bool         // Done was delivered
	heard    int          // start of the last word delivered, -1 if none

	pl *pipeline // guarded by s.mu
}

// pipeline is one run of synthesis and playback (a reading restarts it when
// the settings change).
type pipeline struct {
	ctx    context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	stream Stream
}

func (pl *pipeline) setStream(st Stream) bool {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if pl.ctx.Err() != nil {
		return false
	}
	pl.stream = st
	return true
}

// stop cancels the pipeline and silences its audio at once.
func (pl *pipeline) stop() {
	pl.cancel()
	pl.mu.Lock()
	st := pl.stream
	pl.mu.Unlock()
	if st != nil {
		st.Abort()
	}
}

// callback runs f as the reading's handler goroutine. A call from inside a
// handler function (the same goroutine) runs directly.
func (r *reading) callback(f func()) {
	g := goid()
	if r.cbG.Load() == g {
		f()
		return
	}
	r.cbMu.Lock()
	r.cbG.Store(g)
	defer func() {
		r.cbG.Store(0)
		r.cbMu.Unlock()
	}()
	f()
}

// word delivers a word of pipeline pl unless pl was stopped or replaced.
func (r *reading) word(pl *pipeline, start, end int) {
	r.callback(func() {
		if r.finished || pl.ctx.Err() != nil {
			return
		}
		r.heard = start
		if r.h.Word != nil {
			r.h.Word(start, end)
		}
	})
}

// finish delivers Done once. For completed=true, pl must still be current.
func (r *reading) finish(pl *pipeline, completed bool) {
	r.callback(func() {
		if r.finished || completed && pl.ctx.Err() != nil {
			return
		}
		r.finished = true
		if r.h.Done != nil {
			r.h.Done(completed)
		}
	})
	if completed {
		r.s.mu.Lock()
		if r.s.cur == r {
			r.s.cur = nil
		}
		r.s.mu.Unlock()
	}
}

// ReadWith starts reading d from code point from to to (exclusive) and
// returns at once; any reading in progress is stopped first (its
// Done(false) runs before the new reading's first Word).
func (s *Service) ReadWith(d *doc.Document, from, to int, h Handler) {
	s.Stop()
	from = max(0, min(from, d.Len()))
	to = max(from, min(to, d.Len()))
	r := &reading{s: s, d: d, from: from, to: to, h: h, heard: -1}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		go r.finish(nil, false)
		return
	}
	s.cur = r
	s.start(r, from)
}

// start launches a pipeline for r from code point from. Called with s.mu held.
func (s *Service) start(r *reading, from int) {
	ctx, cancel := context.WithCancel(context.Background())
	pl := &pipeline{ctx: ctx, cancel: cancel}
	r.pl = pl
	p := s.params
	switch {
	case s.eng.ID() == "silent":
		go s.runSilent(r, pl, from)
	case s.spk != nil:
		go s.runSpeaker(r, pl, from, p)
	default:
		go s.runSynth(r, pl, from, p)
	}
}

// Stop stops reading immediately; it returns after Done(false) was
// delivered, and no Word comes after it returns.
func (s *Service) Stop() {
	s.mu.Lock()
	r := s.cur
	s.cur = nil
	if r != nil {
		r.pl.stop()
	}
	s.mu.Unlock()
	if r != nil {
		r.finish(nil, false)
	}
}

// SetParams changes the settings. They take effect at once: a reading in
// progress restarts from the word being heard (which is heard again).
func (s *Service) SetParams(p Params) {
	p = p.Clamp()
	p, _ = s.resolveVoice(p)
	s.mu.Lock()
	if p.Lexicon.Same(s.params.Lexicon) {
		p.Lexicon = s.params.Lexicon // the same words: no need to restart
	}
	if s.params == p {
		s.mu.Unlock()
		return
	}
	s.params = p
	r := s.cur
	if r == nil {
		s.mu.Unlock()
		return
	}
	old := r.pl
	old.stop()
	s.mu.Unlock()
	var from int
	var finished bool
	r.callback(func() {
		from, finished = r.heard, r.finished
		if from < 0 {
			from = r.from
		}
	})
	if finished {
		return
	}
	s.mu.Lock()
	if s.cur == r && r.pl == old && !s.closed {
		s.start(r, from)
	}
	s.mu.Unlock()
}

// SetQueueAnnouncements chooses whether a newer announcement waits for the
// one being heard (true) or interrupts it (false, the default), as the
// speech.interrupt_announcements setting says.
func (s *Service) SetQueueAnnouncements(queue bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queueAnn = queue
}

// QueuesAnnouncements reports whether a newer announcement waits for the
// one being heard.
func (s *Service) QueuesAnnouncements() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queueAnn
}

// Say speaks an announcement, with no word events, and returns at once.
// Announcements are spoken one at a time in the order they were said; a
// new one interrupts the one being heard at once (and replaces those still
// waiting), unless Options.QueueAnnouncements. It does not touch a reading in
// progress: with tw's own audio the two are heard together (the reader
// normally stops reading before announcing); with speech-dispatcher the
// announcement has priority "important": the reading pauses while it is
// spoken and then goes on. With the WAV sink,
// announcements are not written (the file holds only what was read).
func (s *Service) Say(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.say(text, false)
}

// SayNotice speaks a notice (a settings warning, a speech engine that is
// missing, no audio device): like Say, but no later announcement cuts it
// off or replaces it, so that what the user must know is heard whole
// before what comes next.
func (s *Service) SayNotice(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.say(text, true)
}

// say queues an announcement; called with s.mu held.
func (s *Service) say(text string, notice bool) {
	if !s.queueAnn && !notice {
		// The newest announcement replaces the older ones, but not the
		// notices.
		kept := s.annQ[:0]
		for _, a := range s.annQ {
			if a.notice {
				kept = append(kept, a)
			}
		}
		s.annQ = kept
		if s.ann != nil && !s.annNotice {
			s.ann.stop()
			s.ann = nil
		}
	}
	if s.spk == nil && (s.eng.ID() == "silent" || s.sink.Kind() == "wav") {
		return
	}
	s.annQ = append(s.annQ, announcement{text: text, p: s.params, notice: notice})
	s.startAnnouncer()
}

// startAnnouncer starts the announcer goroutine unless it runs. Called
// with s.mu held.
func (s *Service) startAnnouncer() {
	if s.annDone == nil {
		s.annDone = make(chan struct{})
		go s.announcer(s.annDone)
	}
}

// SaySample speaks text in the voice voiceID (an id from Voices), after
// the announcements said before it: the Voices list says an item, then the
// voice speaks for itself. The next announcement interrupts it as usual.
func (s *Service) SaySample(text, voiceID string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || (s.spk == nil && (s.eng.ID() == "silent" || s.sink.Kind() == "wav")) {
		return
	}
	p := s.params
	p.Voice = voiceID
	s.annQ = append(s.annQ, announcement{text: text, p: p, queued: true})
	s.startAnnouncer()
}

// CurrentVoice is the engine's id of the voice in use ("" for its default).
func (s *Service) CurrentVoice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.params.Voice
}

// Restart closes the engine (and its audio output) and opens the same
// choice of engine again with the current settings, as restart_speech
// asks: a speech-dispatcher that was restarted, an audio device that came
// back. Reading and announcements stop first. When no engine can open, the
// service goes on without sound (the null engine) and says why.
func (s *Service) Restart() ([]string, error) {
	s.Stop()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errors.New("speech is closed")
	}
	if s.ann != nil {
		s.ann.stop()
	}
	s.annQ = nil
	annDone := s.annDone
	s.mu.Unlock()
	if annDone != nil {
		<-annDone
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.spk != nil {
		s.spk.Silence()
	}
	if s.sink != nil {
		s.sink.Close()
	}
	s.eng.Close()
	opts := s.opts
	opts.Params = s.params
	s.vmu.Lock()
	s.voices = nil
	s.vmu.Unlock()
	eng, notices, err := openEngine(opts.Backend, engineOpts{module: opts.Module, language: opts.Language})
	var fresh *Service
	var more []string
	if err == nil {
		fresh, more, err = newService(eng, opts)
	}
	if err != nil {
		fresh, _, _ = newService(nullEngine{}, Options{Sink: "clock", Params: opts.Params})
		s.eng, s.syn, s.spk, s.sink = fresh.eng, fresh.syn, fresh.spk, fresh.sink
		return nil, err
	}
	s.eng, s.syn, s.spk, s.sink = fresh.eng, fresh.syn, fresh.spk, fresh.sink
	s.params = fresh.params
	return append(notices, more...), nil
}

// announcer speaks the queued announcements in order, one at a time, and
// ends when none is left (closing done).
func (s *Service) announcer(done chan struct{}) {
	defer close(done)
	for {
		s.mu.Lock()
		if len(s.annQ) == 0 || s.closed {
			s.annQ = nil
			s.annDone = nil
			s.mu.Unlock()
			return
		}
		a := s.annQ[0]
		s.annQ = s.annQ[1:]
		if s.spk != nil {
			// After a notice, the next announcement waits for it.
			queue := s.queueAnn || s.lastNotice
			s.lastNotice = a.notice
			s.mu.Unlock()
			// The engine plays it and returns at once: with the queue,
			// it is heard after the ones before; without, it cuts them off.
			if q, ok := s.spk.(announceQueuer); ok && (queue || a.queued) {
				q.AnnounceQueued(a.text, a.p)
			} else {
				s.spk.Announce(a.text, a.p)
			}
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		pl := &pipeline{ctx: ctx, cancel: cancel}
		s.ann, s.annNotice = pl, a.notice
		s.mu.Unlock()
		s.runAnnouncement(pl, a.text, a.p)
		s.mu.Lock()
		if s.ann == pl {
			s.ann, s.annNotice = nil, false
		}
		s.mu.Unlock()
	}
}

// Close stops everything and releases the engine and the audio device, and
// completes the WAV file of a wav sink (see CloseError). Later calls do
// nothing.
func (s *Service) Close() {
	s.Stop()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	if s.ann != nil {
		s.ann.stop()
	}
	s.annQ = nil
	annDone := s.annDone
	s.mu.Unlock()
	if annDone != nil {
		// The announcer stops after the announcement it is on.
		<-annDone
	}
	if s.spk != nil {
		s.spk.Silence()
	}
	var err error
	if s.sink != nil {
		err = s.sink.Close()
	}
	if e := s.eng.Close(); err == nil {
		err = e
	}
	s.mu.Lock()
	s.closeErr = err
	s.mu.Unlock()
}

// CloseError reports what went wrong in Close, such as a WAV file that
// could not be written.
func (s *Service) CloseError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closeErr
}

// lookahead is how much audio is synthesised ahead of what is heard.
const lookahead = 4 * time.Second

// pending is a word waiting for its first sample to be played.
type pending struct {
	sample     int64
	start, end int
}

// dispatcher releases words as the stream plays them.
type dispatcher struct {
	mu     sync.Mutex
	queue  []pending
	total  int64 // samples written, once the last audio has been written
	ended  bool
	notify chan struct{}
}

func (q *dispatcher) add(p pending) {
	q.mu.Lock()
	q.queue = append(q.queue, p)
	q.mu.Unlock()
	q.wake()
}

func (q *dispatcher) end(total int64) {
	q.mu.Lock()
	q.total, q.ended = total, true
	q.mu.Unlock()
	q.wake()
}

func (q *dispatcher) wake() {
	select {
	case q.notify <- struct{}{}:
	default:
	}
}

// openStream opens a stream on the sink, or on a clock when the device
// fails mid-session, so that reading keeps its timing.
func (s *Service) openStream(rate int) Stream {
	st, err := s.sink.NewStream(rate)
	if err != nil {
		st, _ = ClockSink{}.NewStream(rate)
	}
	return st
}

func (s *Service) runSynth(r *reading, pl *pipeline, from int, p Params) {
	rate := s.syn.SampleRate()
	st := s.openStream(rate)
	defer st.Close()
	if !pl.setStream(st) {
		st.Abort()
		return
	}
	q := &dispatcher{notify: make(chan struct{}, 1)}
	go s.dispatch(r, pl, st, q, rate)
	narr := NewNarrator(r.d, from, r.to, p)
	var base int64 // samples written so far
	ahead := int64(lookahead.Seconds() * float64(rate))
	// speech.latency_offset_ms: a word is reported that long after its
	// first sample has been played, the time the audio device takes to
	// make it heard. A WAV file has no such delay.
	var offset int64
	if s.sink.Kind() != "wav" {
		offset = int64(p.LatencyOffsetMs) * int64(rate) / 1000
	}
	for {
		seg, ok := narr.Next()
		if !ok || pl.ctx.Err() != nil {
			break
		}
		for base-st.Played() > ahead {
			select {
			case <-pl.ctx.Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
		uttBase := base
		next := 0
		err := s.syn.Synthesize(seg.Utterance, p, func(pcm []int16, marks []engine.Mark) bool {
			if pl.ctx.Err() != nil {
				return false
			}
			for _, m := range marks {
				// Words the engine skipped are released with the next one.
				for ; next <= m.Word; next++ {
					w := seg.DocWords[next]
					q.add(pending{uttBase + m.Sample + offset, w.Start, w.End})
				}
			}
			if err := st.Write(pcm); err != nil {
				return false
			}
			base += int64(len(pcm))
			return true
		})
		if pl.ctx.Err() != nil {
			break
		}
		if err != nil {
			// The engine failed: the reading ends here, unfinished.
			s.fail(r, pl)
			return
		}
		for ; next < len(seg.DocWords); next++ {
			w := seg.DocWords[next]
			q.add(pending{base + offset, w.Start, w.End})
		}
		if n := int64(seg.PauseMs) * int64(rate) / 1000; n > 0 {
			st.Write(make([]int16, n))
			base += n
		}
	}
	if offset > 0 && pl.ctx.Err() == nil {
		// Silence for the last words' delay, so that the clock runs on
		// until they are reported and the reading ends after them.
		st.Write(make([]int16, offset))
		base += offset
	}
	q.end(base)
	<-pl.ctx.Done() // keep the stream open until the dispatcher is done
}

// dispatch releases words when their first sample is played and completes
// the reading when all audio has been played.
func (s *Service) dispatch(r *reading, pl *pipeline, st Stream, q *dispatcher, rate int) {
	defer pl.cancel()
	for {
		if pl.ctx.Err() != nil {
			return
		}
		played := st.Played()
		q.mu.Lock()
		var ready []pending
		i := 0
		for i < len(q.queue) && q.queue[i].sample < played {
			i++
		}
		ready = append(ready, q.queue[:i]...)
		q.queue = q.queue[i:]
		var wait time.Duration = 10 * time.Millisecond
		if len(q.queue) > 0 {
			wait = min(wait, time.Duration(q.queue[0].sample-played)*time.Second/time.Duration(rate))
		}
		done := q.ended && len(q.queue) == 0 && played >= q.total
		q.mu.Unlock()
		for _, w := range ready {
			r.word(pl, w.start, w.end)
		}
		if done {
			r.finish(pl, true)
			return
		}
		select {
		case <-pl.ctx.Done():
			return
		case <-q.notify:
		case <-time.After(max(wait, time.Millisecond)):
		}
	}
}

func (s *Service) runSpeaker(r *reading, pl *pipeline, from int, p Params) {
	narr := NewNarrator(r.d, from, r.to, p)
	// speech.latency_offset_ms: the engine says when its audio output
	// reached a word; the device makes it heard that much later.
	report := func(start, end int) { r.word(pl, start, end) }
	var late *delayer
	if p.LatencyOffsetMs > 0 {
		late = newDelayer(pl.ctx, time.Duration(p.LatencyOffsetMs)*time.Millisecond, report)
		report = late.add
	}
	for {
		seg, ok := narr.Next()
		if !ok {
			break
		}
		next := 0
		err := s.spk.Speak(pl.ctx, seg.Utterance, p, seg.PauseMs, func(i int) {
			for ; next <= i && next < len(seg.DocWords); next++ {
				w := seg.DocWords[next]
				report(w.Start, w.End)
			}
		})
		if pl.ctx.Err() != nil {
			return
		}
		if err != nil {
			// The engine failed: the reading ends here, unfinished.
			s.fail(r, pl)
			return
		}
	}
	if late != nil && !late.drain() {
		return // stopped while the last words waited
	}
	r.finish(pl, true)
	pl.cancel()
}

// delayer reports words a fixed time after they were heard, in order, on
// its own goroutine.
type delayer struct {
	ctx   context.Context
	delay time.Duration
	ch    chan delayed
	done  chan struct{}
}

type delayed struct {
	due        time.Time
	start, end int
}

func newDelayer(ctx context.Context, delay time.Duration, report func(start, end int)) *delayer {
	d := &delayer{ctx: ctx, delay: delay, ch: make(chan delayed, 1024), done: make(chan struct{})}
	go func() {
		defer close(d.done)
		for {
			var w delayed
			select {
			case <-ctx.Done(): // stopped: the words waiting are dropped
				return
			case next, ok := <-d.ch:
				if !ok {
					return
				}
				w = next
			}
			t := time.NewTimer(time.Until(w.due))
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
			report(w.start, w.end)
		}
	}()
	return d
}

func (d *delayer) add(start, end int) {
	select {
	case d.ch <- delayed{time.Now().Add(d.delay), start, end}:
	case <-d.ctx.Done():
	}
}

// drain waits until every word was reported; false when the reading was
// stopped first.
func (d *delayer) drain() bool {
	close(d.ch)
	<-d.done
	return d.ctx.Err() == nil
}

// fail ends reading r, whose pipeline pl failed, with Done(false), unless
// it was stopped or restarted meanwhile.
func (s *Service) fail(r *reading, pl *pipeline) {
	s.mu.Lock()
	current := s.cur == r && r.pl == pl
	if current {
		s.cur = nil
	}
	s.mu.Unlock()
	pl.stop()
	if current {
		r.finish(nil, false)
	}
}

// runSilent is --no-speech: reading takes no time; the first word is
// reported, then the reading is done.
func (s *Service) runSilent(r *reading, pl *pipeline, from int) {
	t := newTokenizer(r.d.Text[r.d.Byte(from):r.d.Byte(r.to)], from)
	for tk, ok := t.next(); ok; tk, ok = t.next() {
		if tk.Word {
			r.word(pl, tk.Start, tk.End)
			break
		}
	}
	r.finish(pl, true)
	pl.cancel()
}

func (s *Service) runAnnouncement(pl *pipeline, text string, p Params) {
	rate := s.syn.SampleRate()
	st := s.openStream(rate)
	defer st.Close()
	if !pl.setStream(st) {
		st.Abort()
		return
	}
	var total int64
	s.syn.Synthesize(engine.Utterance{Text: text}, p, func(pcm []int16, _ []engine.Mark) bool {
		if pl.ctx.Err() != nil {
			return false
		}
		st.Write(pcm)
		total += int64(len(pcm))
		return true
	})
	for pl.ctx.Err() == nil && st.Played() < total {
		select {
		case <-pl.ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
	pl.cancel()
}

// goid returns the id of the calling goroutine; it tells a handler calling
// back into the Service from another goroutine calling it.
func goid() int64 {
	var buf [32]byte
	n := runtime.Stack(buf[:], false)
	f := bytes.Fields(buf[:n])
	if len(f) < 2 {
		return -1
	}
	id, _ := strconv.ParseInt(string(f[1]), 10, 64)
	return id
}

// silentEngine is --no-speech: the Service reads with no time and no sound.
type silentEngine struct{}

func (silentEngine) ID() string                      { return "silent" }
func (silentEngine) Voices() ([]engine.Voice, error) { return nil, nil }
func (silentEngine) Close() error                    { return nil }
