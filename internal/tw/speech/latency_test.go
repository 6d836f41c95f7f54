package speech_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

// handClock is a sink whose streams play exactly as far as the test says:
// a fake clock for word timing.
type handClock struct {
	mu      sync.Mutex
	played  int64
	written int64
}

func (h *handClock) NewStream(int) (speech.Stream, error) { return h, nil }
func (h *handClock) Kind() string                         { return "clock" }
func (h *handClock) Close() error                         { return nil }
func (h *handClock) Write(pcm []int16) error {
	h.mu.Lock()
	h.written += int64(len(pcm))
	h.mu.Unlock()
	return nil
}
func (h *handClock) Played() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return min(h.played, h.written)
}
func (h *handClock) Abort() {}
func (h *handClock) set(n int64) {
	h.mu.Lock()
	h.played = n
	h.mu.Unlock()
}

// TestLatencyOffsetDelaysWordsOnAFakeClock: with the null engine (600 words
// per minute: 1,600 samples a word at 16 kHz), each word is reported once
// the clock has played its first sample plus speech.latency_offset_ms, not
// before; with no offset, at its first sample.
func TestLatencyOffsetDelaysWordsOnAFakeClock(t *testing.T) {
	const perWord = 1600
	for _, tc := range []struct {
		offsetMs int
		offset   int64 // in samples
	}{{0, 0}, {250, 4000}, {1000, 16000}} {
		p := speech.DefaultParams()
		p.Rate = 600
		p.LatencyOffsetMs = tc.offsetMs
		s, _, err := speech.Open(speech.Options{Backend: "null", Sink: "clock", Params: p})
		if err != nil {
			t.Fatal(err)
		}
		clock := &handClock{}
		speech.WrapSink(s, func(speech.Sink) speech.Sink { return clock })
		text := "one two three four"
		d := doc.New(text, doc.Meta{}, nil)
		rec := newRecorder()
		s.ReadWith(d, 0, d.Len(), rec.handler())
		heardCount := func() int { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.words) }
		for i := int64(0); i < 4; i++ {
			first := i*perWord + tc.offset
			if first > 0 {
				clock.set(first) // the word's sample is not yet played past
				time.Sleep(60 * time.Millisecond)
				if n := heardCount(); n != int(i) {
					t.Fatalf("offset %d ms: %d words reported at sample %d, want %d", tc.offsetMs, n, first, i)
				}
			}
			clock.set(first + 1)
			waitFor(t, "the next word", func() bool { return heardCount() == int(i)+1 })
		}
		// The reading ends only once the last word's delay has passed too.
		clock.set(4*perWord + tc.offset - 1)
		select {
		case <-rec.ch:
			t.Fatalf("offset %d ms: the reading ended before its audio and delay were played", tc.offsetMs)
		case <-time.After(60 * time.Millisecond):
		}
		clock.set(4*perWord + tc.offset)
		if !rec.wait(t, 5*time.Second) {
			t.Fatal("Done(false)")
		}
		checkWords(t, text, rec.words, []string{"one", "two", "three", "four"})
		s.Close()
	}
}

// echoSpeaker is a speech engine that plays its own audio (as
// speech-dispatcher does) and hears each word the moment it is given.
type echoSpeaker struct {
	mu    sync.Mutex
	heard []time.Time
}

func (e *echoSpeaker) ID() string                      { return "echo" }
func (e *echoSpeaker) Voices() ([]engine.Voice, error) { return nil, nil }
func (e *echoSpeaker) Close() error                    { return nil }
func (e *echoSpeaker) Announce(string, engine.Params) error {
	return nil
}
func (e *echoSpeaker) Silence() {}
func (e *echoSpeaker) Speak(ctx context.Context, u engine.Utterance, p engine.Params, pauseMs int, word func(int)) error {
	for i := range u.Words {
		if ctx.Err() != nil {
			return nil
		}
		e.mu.Lock()
		e.heard = append(e.heard, time.Now())
		e.mu.Unlock()
		word(i)
		time.Sleep(5 * time.Millisecond)
	}
	return nil
}

// TestLatencyOffsetWithAnEngineThatPlaysItself: with an engine that plays
// its own audio, each word is reported speech.latency_offset_ms after the
// engine heard it, in order, and the reading ends after the last one.
func TestLatencyOffsetWithAnEngineThatPlaysItself(t *testing.T) {
	for _, offset := range []int{0, 300} {
		eng := &echoSpeaker{}
		p := speech.DefaultParams()
		p.LatencyOffsetMs = offset
		s, err := speech.OpenEngine(eng, speech.Options{Params: p})
		if err != nil {
			t.Fatal(err)
		}
		text := "one two three four five"
		d := doc.New(text, doc.Meta{}, nil)
		rec := newRecorder()
		s.ReadWith(d, 0, d.Len(), rec.handler())
		if !rec.wait(t, 10*time.Second) {
			t.Fatal("Done(false)")
		}
		checkWords(t, text, rec.words, []string{"one", "two", "three", "four", "five"})
		eng.mu.Lock()
		for i, w := range rec.words {
			if lag := w.at.Sub(eng.heard[i]); lag < time.Duration(offset)*time.Millisecond {
				t.Errorf("offset %d ms: word %d reported %v after the engine heard it", offset, i, lag)
			}
		}
		eng.mu.Unlock()
		s.Close()
	}
	// Stopped while words wait: none comes after Stop returns.
	eng := &echoSpeaker{}
	p := speech.DefaultParams()
	p.LatencyOffsetMs = 1000
	s, _ := speech.OpenEngine(eng, speech.Options{Params: p})
	defer s.Close()
	d := doc.New("one two three", doc.Meta{}, nil)
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	time.Sleep(100 * time.Millisecond)
	s.Stop()
	time.Sleep(1200 * time.Millisecond)
	if len(rec.words) != 0 {
		t.Errorf("%d words reported after Stop", len(rec.words))
	}
}

// rateRecorder wraps a real synthesizer and records the rate of each
// utterance it is asked to say, and how many samples it made of them.
type rateRecorder struct {
	engine.Synthesizer
	mu      sync.Mutex
	rates   []int
	samples int
}

func (r *rateRecorder) Synthesize(u engine.Utterance, p engine.Params, emit func([]int16, []engine.Mark) bool) error {
	r.mu.Lock()
	r.rates = append(r.rates, p.Rate)
	r.mu.Unlock()
	return r.Synthesizer.Synthesize(u, p, func(pcm []int16, marks []engine.Mark) bool {
		r.mu.Lock()
		r.samples += len(pcm)
		r.mu.Unlock()
		return emit(pcm, marks)
	})
}

// take returns what was recorded since the last take.
func (r *rateRecorder) take() (rates []int, samples int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rates, samples = r.rates, r.samples
	r.rates, r.samples = nil, 0
	return rates, samples
}

// TestReadAtRateSaysTheRangeAtItsOwnRate: with real espeak-ng, ReadAtRate
// asks the engine for the range at the rate given, which makes longer
// audio than the same range at speech.rate, and leaves the params' rate as
// it was for the next reading.
func TestReadAtRateSaysTheRangeAtItsOwnRate(t *testing.T) {
	p := speech.DefaultParams()
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50, Params: p})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	rec := &rateRecorder{}
	speech.WrapSynth(s, func(syn engine.Synthesizer) engine.Synthesizer { rec.Synthesizer = syn; return rec })
	const text = "The tide comes in twice a day along this coast."
	d := doc.New(text, doc.Meta{}, []doc.Marker{{Kind: doc.Paragraph, Start: 0, End: len(text)}})
	read := func(start func(word func(int, int), done func(bool))) {
		t.Helper()
		done := make(chan bool, 1)
		start(func(int, int) {}, func(c bool) { done <- c })
		if !<-done {
			t.Fatal("the reading did not complete")
		}
	}
	slower := p.Rate - 60
	read(func(w func(int, int), done func(bool)) { s.ReadAtRate(d, 0, d.Len(), slower, w, done) })
	slowRates, slowSamples := rec.take()
	read(func(w func(int, int), done func(bool)) { s.Read(d, 0, d.Len(), w, done) })
	rates, samples := rec.take()
	if len(slowRates) == 0 || len(rates) == 0 {
		t.Fatalf("the engine was asked %v then %v", slowRates, rates)
	}
	for _, r := range slowRates {
		if r != slower {
			t.Errorf("ReadAtRate asked the engine for %d words a minute, want %d", r, slower)
		}
	}
	for _, r := range rates {
		if r != p.Rate {
			t.Errorf("the next reading asked for %d words a minute, want speech.rate's %d", r, p.Rate)
		}
	}
	t.Logf("%d samples at %d wpm, %d at %d wpm", slowSamples, slower, samples, p.Rate)
	if slowSamples <= samples {
		t.Errorf("at %d words a minute espeak-ng made %d samples, no more than the %d at %d", slower, slowSamples, samples, p.Rate)
	}
}

// TestReadingEndsAfterAWordWithNoMark: with real espeak-ng, a reading
// whose last word gets no mark from the engine (it says
// "--install-layout=" as symbols; Debian's Python Policy ends a
// sentence with it) completes once its audio is played, the word heard
// last. It used to wait for a sample after the end of the audio, and the
// reading never ended.
func TestReadingEndsAfterAWordWithNoMark(t *testing.T) {
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	const text = "Add a new flag to override the default, --install-layout="
	d := doc.New(text, doc.Meta{}, []doc.Marker{{Kind: doc.Paragraph, Start: 0, End: len(text)},
		{Kind: doc.Code, Start: len(text) - len("--install-layout="), End: len(text)}})
	for _, from := range []int{0, len(text) - len("--install-layout=")} {
		done := make(chan bool, 1)
		last := -1
		s.Read(d, from, d.Len(), func(_, end int) { last = end }, func(c bool) { done <- c })
		select {
		case completed := <-done:
			if !completed || last != len(text)-1 {
				t.Errorf("from %d: completed %v, the last word heard ends at %d, want %d", from, completed, last, len(text)-1)
			}
		case <-time.After(20 * time.Second):
			s.Stop()
			t.Errorf("from %d: the reading never ended; the last word heard ends at %d", from, last)
		}
	}
}
