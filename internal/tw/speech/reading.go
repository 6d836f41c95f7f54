package speech

import (
	"context"
	"sync"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// reading is the state of one Read.
type reading struct {
	s    *Service
	d    *doc.Document
	from int
	to   int
	h    Handler
	// ix, for a continuous reading, is the document's index: its
	// structure is said (NewContinuousNarrator). Nil otherwise.
	ix *units.Index
	// lang is the interface language when the reading started: the
	// language of the words continuous reading inserts.
	lang string
	// rate, when not 0, is the rate of this reading in words a minute
	// (ReadAtRate), in place of the params'.
	rate int

	// Guarded by the Service's turn.mu:
	heard int  // start of the last word delivered, -1 if none
	ended bool // Done was delivered or is owed: no word is delivered any more

	pl *pipeline // guarded by s.mu
}

// turn serialises the calls of handler functions: they are made by the one
// goroutine holding the turn, with no lock held, so that a handler may call
// the Service. A goroutine running a handler never waits for the turn: a
// Done(false) it causes (Stop, Read) is owed, and the holder delivers it as
// soon as the handler returns, before giving the turn up.
type turn struct {
	mu   sync.Mutex
	cond sync.Cond  // signalled when the turn is given up
	busy bool       // a handler function is being called
	owed []*reading // readings whose Done(false) waits for the turn, in order
}

func newTurn() *turn {
	t := &turn{}
	t.cond.L = &t.mu
	return t
}

// take waits for the turn and returns with t.mu held; the caller calls
// hold (or unlocks t.mu to pass). Only pipeline goroutines, which never run
// inside a handler, wait here.
func (t *turn) take() {
	t.mu.Lock()
	for t.busy {
		t.cond.Wait()
	}
}

// hold takes the turn, already free, and unlocks t.mu.
func (t *turn) hold() {
	t.busy = true
	t.mu.Unlock()
}

// release delivers the Done(false) calls owed, then gives the turn up.
func (t *turn) release() {
	t.mu.Lock()
	for len(t.owed) > 0 {
		r := t.owed[0]
		t.owed = t.owed[1:]
		t.mu.Unlock()
		if r.h.Done != nil {
			r.h.Done(false)
		}
		t.mu.Lock()
	}
	t.busy = false
	t.mu.Unlock()
	t.cond.Broadcast()
}

// word delivers a word of pipeline pl. It is the one place where the events
// of a stopped, replaced or restarted pipeline, or of an ended reading, are
// dropped.
// said, when not empty, is the utterance the word begins: it goes to
// Handler.Said first.
func (r *reading) word(pl *pipeline, start, end int, said string) {
	t := r.s.turn
	t.take()
	if r.ended || pl.ctx.Err() != nil {
		t.mu.Unlock()
		return
	}
	r.heard = start
	t.hold()
	if said != "" && r.h.Said != nil {
		r.h.Said(said)
	}
	if r.h.Word != nil {
		r.h.Word(start, end)
	}
	t.release()
}

// complete delivers Done(true) when pipeline pl has played everything,
// unless it was stopped or replaced meanwhile.
func (r *reading) complete(pl *pipeline) {
	t := r.s.turn
	t.take()
	if r.ended || pl.ctx.Err() != nil {
		t.mu.Unlock()
		return
	}
	r.s.mu.Lock()
	current := r.s.cur == r && r.pl == pl
	if current {
		r.s.cur = nil
	}
	r.s.mu.Unlock()
	if !current {
		// Stopped meanwhile: whoever detached it delivers Done(false).
		t.mu.Unlock()
		return
	}
	r.ended = true
	t.hold()
	if r.h.Done != nil {
		r.h.Done(true)
	}
	t.release()
}

// end delivers Done(false) for r, which was stopped (or failed): at once
// when no handler function is running, else owed (see turn). Later calls do
// nothing.
func (r *reading) end() {
	t := r.s.turn
	t.mu.Lock()
	if r.ended {
		t.mu.Unlock()
		return
	}
	r.ended = true
	if t.busy {
		t.owed = append(t.owed, r)
		t.mu.Unlock()
		return
	}
	t.hold()
	if r.h.Done != nil {
		r.h.Done(false)
	}
	t.release()
}

// ReadWith starts reading d from code point from to to (exclusive) and
// returns at once; a reading in progress is stopped first (its
// Done(false) comes before the new reading's first Word).
func (s *Service) ReadWith(d *doc.Document, from, to int, h Handler) {
	s.read(&reading{d: d, from: from, to: to, h: h})
}

// ReadContinuousWith is ReadWith for continuous reading of the indexed
// document ix.Doc: what is said is the narration of the range (package
// narration), the document's structure said at the speech.verbosity of
// the params, in the interface language of the options. Word still gives
// only the document's own words; Said gives each utterance as its first
// word is heard.
func (s *Service) ReadContinuousWith(ix *units.Index, from, to int, h Handler) {
	s.read(&reading{d: ix.Doc, ix: ix, from: from, to: to, h: h})
}

// read starts reading r (see ReadWith).
func (s *Service) read(r *reading) {
	d := r.d
	from := max(0, min(r.from, d.Len()))
	to := max(from, min(r.to, d.Len()))
	r.s, r.from, r.to, r.heard = s, from, to, -1
	for {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			go r.end()
			return
		}
		old := s.detach()
		if old == nil {
			s.cur = r
			s.start(r, from)
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		// Its Done(false) first; its handler may start another reading,
		// which this one replaces in turn.
		old.end()
	}
}

// narrator prepares what reading r says from code point from.
func (s *Service) narrator(r *reading, from int, p Params) *Narrator {
	if r.ix == nil {
		return NewNarrator(r.d, from, r.to, p)
	}
	n := NewContinuousNarrator(r.ix, from, r.to, p, r.lang)
	n.insertVoice = s.interfaceVoice(p, r.lang)
	return n
}

// detach stops the reading in progress, if any, and returns it, its
// Done(false) still to deliver (end). Called with s.mu held.
func (s *Service) detach() *reading {
	r := s.cur
	s.cur = nil
	if r != nil {
		r.pl.stop()
	}
	return r
}

// start launches a pipeline for r from code point from. Called with s.mu held.
func (s *Service) start(r *reading, from int) {
	ctx, cancel := context.WithCancel(context.Background())
	pl := &pipeline{ctx: ctx, cancel: cancel}
	r.pl = pl
	r.lang = s.lang
	p := s.params
	if r.rate > 0 {
		p.Rate = r.rate
		p = p.Clamp()
	}
	switch {
	case s.eng.ID() == "silent":
		go s.runSilent(r, pl, from)
	case s.spk != nil:
		go s.runSpeaker(r, pl, from, p)
	default:
		go s.runSynth(r, pl, from, p)
	}
}

// Stop stops reading immediately: no Word of the reading comes after it
// returns but one already being delivered, and Done(false) has been
// delivered when it returns, unless a handler function is running (Stop
// called from a handler, or while one runs): then Done(false) comes as soon
// as that function returns.
func (s *Service) Stop() {
	s.mu.Lock()
	r := s.detach()
	s.mu.Unlock()
	if r != nil {
		r.end()
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
	s.turn.mu.Lock()
	from, ended := r.heard, r.ended
	s.turn.mu.Unlock()
	if from < 0 {
		from = r.from
	}
	if ended {
		return
	}
	s.mu.Lock()
	if s.cur == r && r.pl == old && !s.closed {
		s.start(r, from)
	}
	s.mu.Unlock()
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
		r.end()
	}
}
