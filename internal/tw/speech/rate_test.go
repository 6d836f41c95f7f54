package speech_test

import (
	"sync"
	"testing"

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
