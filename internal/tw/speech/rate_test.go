package speech_test

import (
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

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
