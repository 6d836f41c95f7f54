package session

import (
	"strings"
	"sync"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/units"
)

// Continuous reading in screen-reader mode (accessibility.say_all):
//
//   - "screen": the reading is shown one sentence at a time, through the
//     silent voice (the message line, for the screen reader to say), the
//     cursor on the sentence; the next one comes once the screen reader
//     can be expected to have said it: its words at speech.rate, and a
//     short pause. Stopping or pausing the reading stops the pacing.
//   - "voice": tw reads with its own voice, as in the other modes (speech
//     is opened for it when screen-reader mode left it closed).
//
// Other readings (a word, a line, a sentence) go to the screen reader in
// both cases.

// sentencePause is the time allowed between two sentences shown, on top
// of the time their words take.
const sentencePause = 400 * time.Millisecond

// pacer shows a continuous reading sentence by sentence. One reading is
// paced at a time: a new one, or stop, ends the one before.
type pacer struct {
	mu     sync.Mutex
	gen    uint64      // the reading being paced; a timer of an older one does nothing
	cancel func() bool // stops the waiting timer; nil when none waits
	// after runs f once d has passed and returns what stops it
	// (time.AfterFunc when nil; tests replace it).
	after func(d time.Duration, f func()) (stop func() bool)
}

// stop ends the reading being paced.
func (p *pacer) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.gen++
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// read shows [from, to) of ix's document through show one sentence at a
// time, giving each the time rate (words a minute) says it takes; word is
// told each sentence's first word, done the end of the last one.
func (p *pacer) read(ix *units.Index, from, to, rate int, show core.Speaker, word func(start, end int), done func(completed bool)) {
	p.stop()
	p.mu.Lock()
	gen := p.gen
	p.mu.Unlock()
	rate = max(rate, 1)
	var next func(pos int)
	next = func(pos int) {
		s, ok := sentenceFrom(ix, pos, to)
		if !ok {
			done(true)
			return
		}
		show.Read(ix.Doc, s.Start, s.End, word, func(bool) {})
		words := len(strings.Fields(ix.Doc.Slice(s.Start, s.End)))
		wait := time.Duration(words)*time.Minute/time.Duration(rate) + sentencePause
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.gen != gen {
			return
		}
		after := p.after
		if after == nil {
			after = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
		}
		p.cancel = after(wait, func() {
			p.mu.Lock()
			current := p.gen == gen
			if current {
				p.cancel = nil
			}
			p.mu.Unlock()
			if current {
				next(s.End)
			}
		})
	}
	next(from)
}

// sentenceFrom is the sentence to show from pos on, cut to end before to:
// the rest of the sentence holding pos, else the next sentence.
func sentenceFrom(ix *units.Index, pos, to int) (units.Range, bool) {
	s, ok := ix.Sentence(pos)
	if !ok || s.End <= pos {
		if s, ok = ix.NextSentence(pos); !ok {
			return units.Range{}, false
		}
	}
	s.Start, s.End = max(s.Start, pos), min(s.End, to)
	if s.Start >= s.End {
		return units.Range{}, false
	}
	return s, true
}

// sayAllWithVoice reports whether continuous reading in screen-reader
// mode uses tw's own voice (accessibility.say_all = voice).
func (s *Session) sayAllWithVoice() bool {
	return s.Settings != nil && s.Settings.String("accessibility.say_all") == "voice"
}

// speechRate is speech.rate, the pace a screen reader is expected to keep.
func (s *Session) speechRate() int {
	if s.Settings != nil {
		return s.Settings.Int("speech.rate")
	}
	return settings.Defaults{}.Int("speech.rate")
}

// sayAllVoice is tw's own voice for a continuous reading in screen-reader
// mode, opening speech if it was never opened; nil when there is none.
func (s *Session) sayAllVoice() core.Speaker {
	s.mu.Lock()
	v, tried, open := s.voice, s.speechTried, s.openVoice
	s.mu.Unlock()
	if v == nil && !tried && open != nil {
		open()
		s.mu.Lock()
		v = s.voice
		s.mu.Unlock()
	}
	return v
}
