package session

import (
	"errors"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// What each accessibility mode changes, at any time (the setting is read
// again at each call, so cycle_access_mode takes effect at once):
//
//   - self-voicing: tw reads documents aloud and says its announcements.
//   - hybrid: tw reads documents aloud; announcements are only shown (on
//     the message line and in the announcement log) for the screen
//     reader to say.
//   - screen-reader: tw says nothing at all: a reading is shown for the
//     screen reader instead (the Silent voice), and a reading in progress
//     stops when this mode is chosen.
//
// Only the terminal reader honours the mode (Options.Modes): a client of
// `tw serve` decides for itself what to voice.

// CurrentMode is accessibility.mode now (self-voicing when not honoured).
func (s *Session) CurrentMode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Mode
}

// Say speaks one of the front end's own announcements when tw speaks for
// itself in the current mode.
func (s *Session) Say(text string) {
	s.mu.Lock()
	v, mode := s.voice, s.Mode
	s.mu.Unlock()
	if v != nil && mode == SelfVoicing {
		v.Say(text)
	}
}

// setMode applies a new accessibility.mode: it opens speech when a mode
// that speaks is chosen and none is open, and stops a reading when the
// mode says nothing.
func (s *Session) setMode(mode string, o Options) {
	switch mode {
	case SelfVoicing, Hybrid, ScreenReader:
	default:
		mode = SelfVoicing
	}
	s.mu.Lock()
	s.Mode = mode
	needVoice := mode != ScreenReader && s.voice == nil && !o.NoSpeech && !s.speechTried
	v := s.voice
	s.mu.Unlock()
	if needVoice {
		s.openSpeech(o)
	}
	if mode == ScreenReader && v != nil {
		v.Stop()
	}
}

// modal is the voice the app gets in the terminal reader: it follows the
// accessibility mode at each call.
type modal struct {
	s      *Session
	silent core.Speaker // the voice in screen-reader mode; nil: nothing
}

func (m modal) now() (voice core.Speaker, mode string) {
	m.s.mu.Lock()
	defer m.s.mu.Unlock()
	if m.s.Mode == ScreenReader || m.s.voice == nil {
		return m.silent, m.s.Mode
	}
	return m.s.voice, m.s.Mode
}

func (m modal) ID() string {
	if v, _ := m.now(); v != nil {
		return v.ID()
	}
	return "silent"
}

func (m modal) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	v, _ := m.now()
	if v == nil {
		done(true)
		return
	}
	v.Read(d, from, to, word, done)
}

// ReadContinuous reads continuously with the voice of the mode, saying the
// structure when that voice can. In screen-reader mode
// accessibility.say_all chooses: the reading shown sentence by sentence,
// or tw's own voice (sayall.go).
func (m modal) ReadContinuous(ix *units.Index, from, to int, word func(start, end int), done func(completed bool)) {
	v, mode := m.now()
	if mode == ScreenReader {
		if !m.s.sayAllWithVoice() {
			if m.silent == nil {
				done(true)
				return
			}
			m.s.pace.read(ix, from, to, m.s.speechRate(), m.silent, word, done)
			return
		}
		if voice := m.s.sayAllVoice(); voice != nil {
			v = voice
		}
	}
	if cs, ok := v.(core.ContinuousSpeaker); ok {
		cs.ReadContinuous(ix, from, to, word, done)
		return
	}
	if v == nil {
		done(true)
		return
	}
	v.Read(ix.Doc, from, to, word, done)
}

// Stop stops both voices: the mode may have changed since the reading
// began.
func (m modal) Stop() {
	m.s.mu.Lock()
	v := m.s.voice
	m.s.mu.Unlock()
	if v != nil {
		v.Stop()
	}
	if m.silent != nil {
		m.silent.Stop()
	}
	m.s.pace.stop()
}

// SayNotice says a notice whole when tw speaks for itself.
func (m modal) SayNotice(text string) {
	if v, mode := m.now(); mode == SelfVoicing && v != nil {
		sayNotice(v, text)
	}
}

func (m modal) Say(text string) {
	if v, mode := m.now(); mode == SelfVoicing && v != nil {
		v.Say(text)
	}
}

// The Voices list, favourites and restart_speech work on the voice tw
// speaks with, whatever the mode.
var _ core.Voicer = modal{}

func (m modal) voicer() (core.Voicer, error) {
	m.s.mu.Lock()
	v, _ := m.s.voice.(core.Voicer)
	m.s.mu.Unlock()
	if v == nil {
		return nil, errNoVoice
	}
	return v, nil
}

// errNoVoice says why there are no voices to choose from.
var errNoVoice = errors.New("speech is off: no voice is open")

func (m modal) Voices() ([]core.Voice, error) {
	v, err := m.voicer()
	if err != nil {
		return nil, err
	}
	return v.Voices()
}

func (m modal) SaySample(text, voiceID string) {
	if v, err := m.voicer(); err == nil && m.s.CurrentMode() != ScreenReader {
		v.SaySample(text, voiceID)
	}
}

func (m modal) CurrentVoice() string {
	if v, err := m.voicer(); err == nil {
		return v.CurrentVoice()
	}
	return ""
}

func (m modal) Restart() (string, []string, error) {
	v, err := m.voicer()
	if err != nil {
		return "", nil, err
	}
	return v.Restart()
}
