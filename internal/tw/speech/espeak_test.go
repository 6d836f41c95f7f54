package speech_test

import (
	"math"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/speech/espeak"
	"textfirst/internal/tw/speech/speechtest"
)

// paragraph mixes accents, numbers in several shapes, an abbreviation and a
// hyphenated compound.
const paragraph = "The café served crème brûlée to 1,250 guests on the 2nd of May; each paid 3.5 euros. Dr. Smith said it was well-known."

var paragraphWords = []string{"The", "café", "served", "crème", "brûlée", "to", "1,250", "guests", "on", "the",
	"2nd", "of", "May", "each", "paid", "3.5", "euros", "Dr", "Smith", "said", "it", "was", "well-known"}

type heard struct {
	start, end int
	at         time.Time
}

// recorder collects the events of one Read.
type recorder struct {
	mu    sync.Mutex
	words []heard
	done  []bool
	ch    chan bool
}

func newRecorder() *recorder { return &recorder{ch: make(chan bool, 4)} }

func (r *recorder) handler() speech.Handler {
	return speech.Handler{
		Word: func(s, e int) {
			r.mu.Lock()
			r.words = append(r.words, heard{s, e, time.Now()})
			r.mu.Unlock()
		},
		Done: func(c bool) {
			r.mu.Lock()
			r.done = append(r.done, c)
			r.mu.Unlock()
			r.ch <- c
		},
	}
}

// readParagraphFiveWords starts s reading the paragraph and returns the
// reading's recorder once five words have been heard.
func readParagraphFiveWords(t *testing.T, s *speech.Service) *recorder {
	t.Helper()
	d := doc.New(paragraph, doc.Meta{}, nil)
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	waitFor(t, "five words", func() bool { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.words) >= 5 })
	return rec
}

func (r *recorder) wait(t *testing.T, d time.Duration) bool {
	t.Helper()
	select {
	case c := <-r.ch:
		return c
	case <-time.After(d):
		t.Fatalf("reading did not finish within %v", d)
		return false
	}
}

// checkWords checks that the words heard are exactly want, in order, each
// naming its own range of text (counted in code points).
func checkWords(t *testing.T, text string, got []heard, want []string) {
	t.Helper()
	runes := []rune(text)
	if len(got) != len(want) {
		var gs []string
		for _, h := range got {
			gs = append(gs, string(runes[h.start:h.end]))
		}
		t.Fatalf("heard %d words %q, want %d %q", len(got), gs, len(want), want)
	}
	prev := -1
	for i, h := range got {
		if h.start < prev || h.end <= h.start || h.end > len(runes) {
			t.Fatalf("word %d has range [%d,%d) after %d", i, h.start, h.end, prev)
		}
		if w := string(runes[h.start:h.end]); w != want[i] {
			t.Errorf("word %d is %q at [%d,%d), want %q", i, w, h.start, h.end, want[i])
		}
		prev = h.end
	}
}

// expectedTimes synthesises the narration of d directly and returns, for
// every word, the time its first sample comes in the audio, and the total.
func expectedTimes(t *testing.T, d *doc.Document, p speech.Params) ([]time.Duration, time.Duration) {
	t.Helper()
	e, err := espeak.New()
	if err != nil {
		t.Fatal(err)
	}
	rate := int64(e.SampleRate())
	var out []time.Duration
	var base int64
	n := speech.NewNarrator(d, 0, d.Len(), p)
	for seg, ok := n.Next(); ok; seg, ok = n.Next() {
		next := 0
		uttBase := base
		e.Synthesize(seg.Utterance, p, func(pcm []int16, marks []engine.Mark) bool {
			for _, m := range marks {
				for ; next <= m.Word; next++ {
					out = append(out, time.Duration((uttBase+m.Sample)*int64(time.Second)/rate))
				}
			}
			base += int64(len(pcm))
			return true
		})
		base += int64(seg.PauseMs) * rate / 1000
	}
	return out, time.Duration(base * int64(time.Second) / rate)
}

// clockedSink remembers the stream of the reading, to read its clock.
type clockedSink struct {
	speech.Sink
	mu sync.Mutex
	st speech.Stream
}

func (c *clockedSink) NewStream(rate int) (speech.Stream, error) {
	st, err := c.Sink.NewStream(rate)
	c.mu.Lock()
	c.st = st
	c.mu.Unlock()
	return st, err
}

func (c *clockedSink) played() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.Played()
}

// TestEspeakReadsParagraphOnDevice reads with the real libespeak-ng through
// a real PulseAudio null sink (a real-time clock): one Word per word, in
// order, each naming its range, released when the sink has played the
// word's first sample.
func TestEspeakReadsParagraphOnDevice(t *testing.T) {
	speechtest.StartPulse(t)
	s, notices, err := speech.Open(speech.Options{Backend: "espeak", Sink: "device"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.ID() != "espeak" || len(notices) != 0 {
		t.Fatalf("opened %q with notices %q, want espeak and none", s.ID(), notices)
	}
	sink := &clockedSink{}
	speech.WrapSink(s, func(inner speech.Sink) speech.Sink { sink.Sink = inner; return sink })
	// A null sink starts a new server stream only at its next two-second
	// block (a sound card starts it at once); Open opened one in advance.
	time.Sleep(2100 * time.Millisecond)
	d := doc.New(paragraph, doc.Meta{}, []doc.Marker{{Kind: doc.Paragraph, Start: 0, End: len([]rune(paragraph))}})
	want, total := expectedTimes(t, d, speech.DefaultParams())
	rec := newRecorder()
	var clock []int64 // the sink's played samples when each word came
	h := rec.handler()
	word := h.Word
	h.Word = func(s, e int) {
		clock = append(clock, sink.played())
		word(s, e)
	}
	start := time.Now()
	s.ReadWith(d, 0, d.Len(), h)
	if !rec.wait(t, 30*time.Second) {
		t.Fatal("Done(false), want Done(true)")
	}
	elapsed := time.Since(start)
	checkWords(t, paragraph, rec.words, paragraphWords)
	if len(want) != len(rec.words) {
		t.Fatalf("direct synthesis marks %d words, reading heard %d", len(want), len(rec.words))
	}
	// Each word comes once the sink has played its first sample and the
	// latency offset (speech.latency_offset_ms) has passed, and soon after
	// (the service looks at the clock at least every 10 ms).
	// libespeak-ng's audio varies by a few milliseconds from run to run.
	offset := float64(speech.DefaultParams().LatencyOffsetMs) / 1000
	if offset <= 0 {
		t.Fatal("the default latency offset is 0; textweaver's is 120 ms")
	}
	early, late := 0.0, 0.0
	for i := range clock {
		lag := float64(clock[i])/22050 - want[i].Seconds() - offset
		early, late = math.Min(early, lag), math.Max(late, lag)
	}
	t.Logf("%d words over %v (audio %v); by the sink's clock less the latency offset, words came from %.0f ms early to %.0f ms late",
		len(rec.words), elapsed, total, -early*1000, late*1000)
	if early < -0.05 || late > 0.1 {
		t.Errorf("words came %.0f ms early to %.0f ms late by the sink's clock", -early*1000, late*1000)
	}
	first := rec.words[0].at.Sub(start)
	t.Logf("first word %v after Read", first)
	if first > 500*time.Millisecond { // typically 20-30 ms (the server's buffer) plus the offset
		t.Errorf("first word came %v after Read", first)
	}
	// The sink's clock is real time: the reading lasts as long as its audio.
	if elapsed < total-100*time.Millisecond || elapsed > total+2*time.Second {
		t.Errorf("reading took %v for %v of audio", elapsed, total)
	}
	if len(rec.done) != 1 {
		t.Errorf("Done called %d times", len(rec.done))
	}
}

// TestEspeakSayDuringReading: with tw's own audio an announcement plays
// alongside; the reading's words and Done are unaffected.
func TestEspeakSayDuringReading(t *testing.T) {
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rec := readParagraphFiveWords(t, s)
	s.Say("Bookmark added.")
	s.Say("Bookmark removed.") // replaces the first announcement
	if !rec.wait(t, 20*time.Second) {
		t.Fatal("Done(false)")
	}
	checkWords(t, paragraph, rec.words, paragraphWords)
}

// TestEspeakPronunciationsKeepPositions reads with the real libespeak-ng
// and speech.pronunciations: the audio says the replacements (it is longer
// than the text as written), and espeak-ng's word positions in the spoken
// text map back to the words as written, once each and in order.
func TestEspeakPronunciationsKeepPositions(t *testing.T) {
	text := "Use SQL and v2 daily, not sql later."
	lex, err := settings.CompileLexicon(map[string]string{"sql": "structured query language", `/v(\d+)/`: "version $1"})
	if err != nil {
		t.Fatal(err)
	}
	d := doc.New(text, doc.Meta{}, nil)
	plain := speech.DefaultParams()
	withLex := plain
	withLex.Lexicon = lex
	_, plainAudio := expectedTimes(t, d, plain)
	marks, lexAudio := expectedTimes(t, d, withLex)
	t.Logf("audio %v as written, %v with the pronunciations", plainAudio, lexAudio)
	if lexAudio < plainAudio*3/2 {
		t.Errorf("audio with the pronunciations lasts %v, as written %v: the replacements were not said", lexAudio, plainAudio)
	}
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 20, Params: withLex})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	if !rec.wait(t, 20*time.Second) {
		t.Fatal("Done(false)")
	}
	checkWords(t, text, rec.words, []string{"Use", "SQL", "and", "v2", "daily", "not", "sql", "later"})
	if len(marks) != len(rec.words) {
		t.Errorf("espeak-ng marked %d words, the reading reported %d", len(marks), len(rec.words))
	}
}
