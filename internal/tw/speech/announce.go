package speech

import (
	"context"
	"strings"
	"time"

	"textfirst/internal/tw/speech/engine"
)

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
func (s *Service) Say(text string) { s.announce(text, false) }

// SayNotice speaks a notice (a settings warning, a speech engine that is
// missing, no audio device): like Say, but no later announcement cuts it
// off or replaces it, so that what the user must know is heard whole
// before what comes next.
func (s *Service) SayNotice(text string) { s.announce(text, true) }

// announce queues a text that is not blank, unless the Service is closed.
func (s *Service) announce(text string, notice bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.say(text, notice)
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
		lang := s.lang
		if s.spk != nil {
			// After a notice, the next announcement waits for it.
			queue := s.queueAnn || s.lastNotice
			s.lastNotice = a.notice
			s.mu.Unlock()
			a.p = s.announcementParams(a, lang)
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
		a.p = s.announcementParams(a, lang)
		s.runAnnouncement(pl, a.text, a.p)
		s.mu.Lock()
		if s.ann == pl {
			s.ann, s.annNotice = nil, false
		}
		s.mu.Unlock()
	}
}

// announcementParams are the params a is said with: in a voice of the
// interface language lang when the reading voice speaks another (a
// voice's sample keeps its own voice). Called without s.mu held.
func (s *Service) announcementParams(a announcement, lang string) Params {
	if a.queued {
		return a.p
	}
	if v := s.interfaceVoice(a.p, lang); v != "" {
		a.p.Voice = v
	}
	return a.p
}

// runAnnouncement plays text through the sink and returns when it has been
// heard or pl was stopped.
func (s *Service) runAnnouncement(pl *pipeline, text string, p Params) {
	st, _, ok := s.openStream(pl)
	if !ok {
		return
	}
	defer st.Close()
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
