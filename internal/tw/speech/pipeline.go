package speech

import (
	"context"
	"sync"
	"time"

	"textfirst/internal/tw/speech/engine"
)

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

// lookahead is how much audio is synthesised ahead of what is heard.
const lookahead = 4 * time.Second

// pending is a word waiting for its first sample to be played.
type pending struct {
	sample     int64
	start, end int
	said       string // the utterance this word begins, if any (Segment.Said)
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

// openStream opens a stream on the sink at the synthesizer's rate (on a
// clock when the device fails mid-session, so that reading keeps its
// timing) and hands it to pl. ok is false, the stream closed, when pl was
// stopped first; else the caller closes it.
func (s *Service) openStream(pl *pipeline) (st Stream, rate int, ok bool) {
	rate = s.syn.SampleRate()
	st, err := s.sink.NewStream(rate)
	if err != nil {
		st, _ = ClockSink{}.NewStream(rate)
	}
	if !pl.setStream(st) {
		st.Abort()
		st.Close()
		return nil, rate, false
	}
	return st, rate, true
}

func (s *Service) runSynth(r *reading, pl *pipeline, from int, p Params) {
	st, rate, ok := s.openStream(pl)
	if !ok {
		return
	}
	defer st.Close()
	q := &dispatcher{notify: make(chan struct{}, 1)}
	go s.dispatch(r, pl, st, q, rate)
	narr := s.narrator(r, from, p)
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
		err := s.syn.Synthesize(seg.Utterance, seg.params(p), func(pcm []int16, marks []engine.Mark) bool {
			if pl.ctx.Err() != nil {
				return false
			}
			for _, m := range marks {
				// Words the engine skipped are released with the next one.
				for ; next <= m.Word; next++ {
					if w, ok := seg.heard(next); ok {
						q.add(pending{uttBase + m.Sample + offset, w.Start, w.End, seg.said(next)})
					}
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
			if w, ok := seg.heard(next); ok {
				q.add(pending{base + offset, w.Start, w.End, seg.said(next)})
			}
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
		// Once all the audio is played, every word left is heard: a word
		// the engine gave no mark, released at the end of the last
		// utterance, has no sample after it to wait for.
		allPlayed := q.ended && played >= q.total
		for i < len(q.queue) && (q.queue[i].sample < played || allPlayed) {
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
			r.word(pl, w.start, w.end, w.said)
		}
		if done {
			r.complete(pl)
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
	narr := s.narrator(r, from, p)
	// speech.latency_offset_ms: the engine says when its audio output
	// reached a word; the device makes it heard that much later.
	report := func(start, end int, said string) { r.word(pl, start, end, said) }
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
		err := s.spk.Speak(pl.ctx, seg.Utterance, seg.params(p), seg.PauseMs, func(i int) {
			for ; next <= i && next < len(seg.DocWords); next++ {
				if w, ok := seg.heard(next); ok {
					report(w.Start, w.End, seg.said(next))
				}
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
	r.complete(pl)
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
	said       string
}

func newDelayer(ctx context.Context, delay time.Duration, report func(start, end int, said string)) *delayer {
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
			report(w.start, w.end, w.said)
		}
	}()
	return d
}

func (d *delayer) add(start, end int, said string) {
	select {
	case d.ch <- delayed{time.Now().Add(d.delay), start, end, said}:
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

// runSilent is --no-speech: reading takes no time; the first word is
// reported, then the reading is done.
func (s *Service) runSilent(r *reading, pl *pipeline, from int) {
	t := newTokenizer(r.d.Text[r.d.Byte(from):r.d.Byte(r.to)], from)
	for tk, ok := t.next(); ok; tk, ok = t.next() {
		if tk.Word {
			r.word(pl, tk.Start, tk.End, "")
			break
		}
	}
	r.complete(pl)
	pl.cancel()
}

// heard is the document range of word i of the segment; ok is false for a
// word continuous reading inserted, which is never reported as heard.
func (seg Segment) heard(i int) (engine.Span, bool) {
	w := seg.DocWords[i]
	return w, w.End > w.Start
}

// params are the params the segment is said with: p in the segment's
// own voice, if it has one.
func (seg Segment) params(p Params) Params {
	if seg.Voice != "" {
		p.Voice = seg.Voice
	}
	return p
}

// said is the utterance word i begins (Segment.Said), or "".
func (seg Segment) said(i int) string {
	if i < len(seg.Said) {
		return seg.Said[i]
	}
	return ""
}
