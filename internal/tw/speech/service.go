package speech

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"textfirst/internal/tw/i18n"
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
	// saying why, rather than a fallback with a notice (tw speak, tw
	// export-audio; see Overrides.StrictBackend).
	Strict bool
	// Language is the interface language ("en", "fr", ...) of the notices
	// Open returns; "" (or an unknown code) is English.
	Language string
	// OutputDevice is the sound server's device a device sink plays on,
	// by its name; "" is the server's default (speech.output_device).
	OutputDevice string
}

// Handler receives the events of one Read. Its functions are called one at
// a time, never with a lock of the Service held, and may call the Service
// (Stop, Read, SetParams) themselves; they must not block waiting for
// another goroutine that is calling those (hand events to your own loop
// through a buffered channel or a queue instead).
type Handler struct {
	// Word gives the document range (code points) of the word now heard.
	Word func(start, end int)
	// Done is called exactly once per Read: completed is false when the
	// reading was stopped or replaced.
	Done func(completed bool)
	// Said, in continuous reading (ReadContinuousWith), gives the text of
	// each utterance of the narration, just before the Word of its first
	// document word. Nil: not wanted.
	Said func(text string)
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
// A reading's Word and Done(true) are delivered by its pipeline's
// goroutine; Done(false) by the goroutine calling Stop, Read or Close, or,
// when a handler function is running then, right after it returns (see
// turn). Each pipeline's events are dropped in one place once it is stopped
// or replaced (reading.word), so no word of an old reading reaches a new
// one.
type Service struct {
	eng  engine.Engine
	syn  engine.Synthesizer // nil unless the engine makes audio for tw to play
	spk  engine.Speaker     // nil unless the engine plays its own audio
	sink Sink               // for syn

	turn *turn // who calls handler functions; never taken with mu held

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
	// lang is the interface language of the words tw says itself
	// (Options.Language, SetLanguage).
	lang string

	vmu     sync.Mutex
	voices  []engine.Voice // the engine's voices, listed once
	annDone chan struct{}  // nil when no announcer runs
}

// Open starts the chosen engine. notices are announcements to pass to the
// user (fallback "Speech engine X is not available; using Y", "No audio
// device; ...").
func Open(opts Options) (*Service, []string, error) {
	eng, notices, err := opts.openEngine()
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
	s := &Service{eng: eng, turn: newTurn(), params: opts.Params.Clamp(), queueAnn: opts.QueueAnnouncements, opts: opts, lang: opts.Language}
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

// resolveVoice turns the voice asked for into the engine's id for it (see
// matchVoice).
func (s *Service) resolveVoice(p Params) (Params, string) {
	if p.Voice == "" && strings.TrimSpace(p.PreferVoice) != "" {
		// speech.prefer_voice: the first voice whose name or id holds it.
		vs, err := s.Voices()
		want := strings.ToLower(strings.TrimSpace(p.PreferVoice))
		for _, v := range vs {
			if err == nil && (strings.Contains(strings.ToLower(v.Name), want) || strings.Contains(strings.ToLower(v.ID), want)) {
				p.Voice = v.ID
				return p, ""
			}
		}
	}
	if p.Voice == "" {
		return p, ""
	}
	vs, err := s.Voices()
	return matchVoice(s.eng.ID(), vs, err, p, s.opts)
}

// matchVoice turns the voice asked for (an id, name words, a language tag,
// "engine:voice") into the id of one of vs, the voices of the engine
// engineID. A voice the engine does not have becomes its default voice,
// with a notice saying so; when the engine cannot list its voices (err, or
// none), it is left for the engine to try.
func matchVoice(engineID string, vs []engine.Voice, err error, p Params, opts Options) (Params, string) {
	if p.Voice == "" || err != nil || len(vs) == 0 {
		return p, ""
	}
	if v, ok := engine.Match(vs, p.Voice, engineID); ok {
		p.Voice = v.ID
		return p, ""
	}
	n := opts.tr("Voice %s is not available; using the default voice of %s", p.Voice, engineID)
	p.Voice = ""
	return p, n
}

func openSink(opts Options, id string) (Sink, []string, error) {
	switch {
	case opts.Sink == "clock":
		return ClockSink{Speed: opts.Speed}, nil, nil
	case opts.Sink == "device":
		d, err := OpenDevice(opts.OutputDevice)
		if err != nil {
			return nil, nil, err
		}
		return d, deviceNotices(d, opts), nil
	case strings.HasPrefix(opts.Sink, "wav:"):
		return NewWAVSink(strings.TrimPrefix(opts.Sink, "wav:")), nil, nil
	case opts.Sink == "" || opts.Sink == "auto":
		if id == "null" {
			return ClockSink{Speed: opts.Speed}, nil, nil
		}
		if d, err := OpenDevice(opts.OutputDevice); err == nil {
			return d, deviceNotices(d, opts), nil
		}
		var notices []string
		noDeviceOnce.Do(func() { notices = append(notices, i18n.For(opts.Language).Text(NoDeviceNotice)) })
		return ClockSink{Speed: opts.Speed}, notices, nil
	}
	return nil, nil, fmt.Errorf("speech: unknown sink %q (want auto, device, clock or wav:FILE)", opts.Sink)
}

// NoOutputDeviceNotice says that speech.output_device names a device the
// sound server does not have, and which it has.
var NoOutputDeviceNotice = i18n.Key("The sound device %s is not connected; speech plays on the default device. Devices: %s.")

// deviceNotices tells of an output device asked for that d could not
// play on.
func deviceNotices(d *DeviceSink, opts Options) []string {
	missing, devices := d.Missing()
	if missing == "" {
		return nil
	}
	return []string{i18n.For(opts.Language).Sprintf(NoOutputDeviceNotice, missing, strings.Join(devices, ", "))}
}

// SetOutputDevice makes speech play on the sound server's device named
// device ("" its default) from now on: when it plays on a device and that
// changes, the engine and the device are opened anew (see Restart), and
// the notices are returned. With a clock or file sink it is kept for the
// next device.
func (s *Service) SetOutputDevice(device string) ([]string, error) {
	s.mu.Lock()
	changed := s.opts.OutputDevice != device
	s.opts.OutputDevice = device
	onDevice := s.sink != nil && s.sink.Kind() == "device"
	s.mu.Unlock()
	if !changed || !onDevice {
		return nil, nil
	}
	return s.Restart()
}

// OutputDevice is the device speech plays on when on a device ("" the
// server's default).
func (s *Service) OutputDevice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opts.OutputDevice
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
	if !s.quiet(false) {
		return nil, errors.New("speech is closed")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.release() // the engine is opened anew whatever the old one said
	opts := s.opts
	opts.Params = s.params
	s.vmu.Lock()
	s.voices = nil
	s.vmu.Unlock()
	eng, notices, err := opts.openEngine()
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

// Close stops everything and releases the engine and the audio device, and
// completes the WAV file of a wav sink (see CloseError). Later calls do
// nothing.
func (s *Service) Close() {
	if !s.quiet(true) {
		return
	}
	err := s.release()
	s.mu.Lock()
	s.closeErr = err
	s.mu.Unlock()
}

// quiet stops the reading and the announcements and waits for the
// announcer, which stops after the announcement it is on; closing marks
// the service closed first. It does nothing and reports false when the
// service is closed already.
func (s *Service) quiet(closing bool) bool {
	s.Stop()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return false
	}
	s.closed = closing
	if s.ann != nil {
		s.ann.stop()
	}
	s.annQ = nil
	annDone := s.annDone
	s.mu.Unlock()
	if annDone != nil {
		<-annDone
	}
	return true
}

// release silences the speaker and closes the audio output and the
// engine; the error is the first of the closes'.
func (s *Service) release() error {
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
	return err
}

// CloseError reports what went wrong in Close, such as a WAV file that
// could not be written.
func (s *Service) CloseError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closeErr
}

// silentEngine is --no-speech: the Service reads with no time and no sound.
type silentEngine struct{}

func (silentEngine) ID() string                      { return "silent" }
func (silentEngine) Voices() ([]engine.Voice, error) { return nil, nil }
func (silentEngine) Close() error                    { return nil }
