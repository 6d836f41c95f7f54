package speech_test

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
)

// openNull opens the null engine on a clock sink running speed times faster
// than real time.
func openNull(t *testing.T, speed float64, rate int) *speech.Service {
	t.Helper()
	p := speech.DefaultParams()
	p.Rate = rate
	s, notices, err := speech.Open(speech.Options{Backend: "null", Sink: "clock", Speed: speed, Params: p})
	if err != nil || len(notices) != 0 || s.ID() != "null" {
		t.Fatalf("Open(null) = %v, %q, %v", s, notices, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func words(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "word%d ", i)
	}
	return b.String()
}

// eventLog records the events of several readings in the one order the
// handlers ran in.
type eventLog struct {
	mu  sync.Mutex
	evs []string
}

func (l *eventLog) handler(id string, d *doc.Document) (speech.Handler, chan bool) {
	done := make(chan bool, 2)
	return speech.Handler{
		Word: func(s, e int) {
			l.mu.Lock()
			l.evs = append(l.evs, id+":"+d.Slice(s, e))
			l.mu.Unlock()
		},
		Done: func(c bool) {
			l.mu.Lock()
			l.evs = append(l.evs, fmt.Sprintf("%s:done(%v)", id, c))
			l.mu.Unlock()
			done <- c
		},
	}, done
}

func (l *eventLog) count(prefix string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, e := range l.evs {
		if strings.HasPrefix(e, prefix) {
			n++
		}
	}
	return n
}

func (l *eventLog) snapshot() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.evs...)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestNullPacesWordsAtRate(t *testing.T) {
	// 300 wpm is 200 ms a word; at speed 4, 50 ms.
	s := openNull(t, 4, 300)
	d := doc.New(words(20), doc.Meta{}, nil)
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	if !rec.wait(t, 10*time.Second) {
		t.Fatal("Done(false)")
	}
	if len(rec.words) != 20 {
		t.Fatalf("heard %d words, want 20", len(rec.words))
	}
	gap := rec.words[19].at.Sub(rec.words[0].at) / 19
	if gap < 40*time.Millisecond || gap > 62*time.Millisecond {
		t.Errorf("words came every %v, want 50 ms", gap)
	}
}

func TestStopIsImmediateAndNothingLeaks(t *testing.T) {
	s := openNull(t, 10, 600)
	d := doc.New(words(500), doc.Meta{}, nil)
	var log eventLog
	h, done := log.handler("a", d)
	s.ReadWith(d, 0, d.Len(), h)
	waitFor(t, "three words", func() bool { return log.count("a:word") >= 3 })
	t0 := time.Now()
	s.Stop()
	if took := time.Since(t0); took > 50*time.Millisecond { // typically 30 µs
		t.Errorf("Stop took %v", took)
	}
	select {
	case c := <-done:
		if c {
			t.Fatal("Done(true) after Stop")
		}
	default:
		t.Fatal("Stop returned before Done(false)")
	}
	n := len(log.snapshot())
	time.Sleep(100 * time.Millisecond) // ten words' time at this speed
	if evs := log.snapshot(); len(evs) != n {
		t.Fatalf("events after Stop returned: %q", evs[n:])
	}
	s.Stop() // a second Stop does nothing
	if len(done) != 0 {
		t.Fatal("Done delivered twice")
	}
}

func TestReadReplacingReadingNeverLeaks(t *testing.T) {
	s := openNull(t, 20, 900)
	d := doc.New(words(300), doc.Meta{}, nil)
	var log eventLog
	const n = 30
	for i := 0; i < n; i++ {
		h, _ := log.handler(fmt.Sprintf("r%02d", i), d)
		s.ReadWith(d, 0, d.Len(), h)
		time.Sleep(time.Duration(i%4) * 3 * time.Millisecond)
	}
	s.Stop()
	evs := log.snapshot()
	// Each reading's events form one block that ends with its Done, in the
	// order the readings were started.
	next := 0
	cur := ""
	for _, e := range evs {
		id := e[:3]
		if id != cur {
			if cur != "" {
				t.Fatalf("%s has an event after %s ended: %q", id, cur, evs)
			}
			if want := fmt.Sprintf("r%02d", next); id != want {
				t.Fatalf("events of %s where %s's were expected", id, want)
			}
			cur = id
		}
		if strings.Contains(e, "done(") {
			if strings.Contains(e, "done(true)") {
				t.Fatalf("%s completed: %q", id, e)
			}
			cur = ""
			next++
		}
	}
	if next != n {
		t.Fatalf("%d Done calls for %d readings", next, n)
	}
}

func TestHandlersMayCallTheService(t *testing.T) {
	s := openNull(t, 20, 900)
	d := doc.New(words(50), doc.Meta{}, nil)
	// Stop from inside Word.
	stopped := make(chan bool, 1)
	var words int
	s.ReadWith(d, 0, d.Len(), speech.Handler{
		Word: func(int, int) {
			words++
			if words == 2 {
				s.Stop()
			}
		},
		Done: func(c bool) { stopped <- c },
	})
	select {
	case c := <-stopped:
		if c || words != 2 {
			t.Fatalf("Done(%v) after %d words, want Done(false) after 2", c, words)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stop from a Word handler deadlocked")
	}
	// Read again from inside Done(true): reading a sentence, then the next.
	second := make(chan bool, 1)
	short := doc.New("one two", doc.Meta{}, nil)
	s.ReadWith(short, 0, short.Len(), speech.Handler{Done: func(c bool) {
		s.ReadWith(short, 4, short.Len(), speech.Handler{Done: func(c bool) { second <- c }})
	}})
	select {
	case c := <-second:
		if !c {
			t.Fatal("the reading started from Done was stopped")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read from a Done handler deadlocked")
	}
}

func TestSetParamsTakesEffectAtOnce(t *testing.T) {
	s := openNull(t, 1, 600) // 100 ms a word
	d := doc.New(words(40), doc.Meta{}, nil)
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	waitFor(t, "three words", func() bool { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.words) >= 3 })
	// Speed up: 9000 wpm clamps to 900, about 67 ms a word instead of 100.
	p := s.Params()
	p.Rate = 9000
	s.SetParams(p)
	if got := s.Params().Rate; got != 900 {
		t.Fatalf("rate %d after SetParams(9000), want 900 (clamped)", got)
	}
	if !rec.wait(t, 10*time.Second) {
		t.Fatal("Done(false)")
	}
	// No word skipped, none out of order; the word being heard may repeat.
	seen := map[int]bool{}
	prev := -1
	for _, w := range rec.words {
		if w.start < prev {
			t.Fatalf("word at %d after word at %d", w.start, prev)
		}
		prev = w.start
		seen[w.start] = true
	}
	if len(seen) != 40 {
		t.Fatalf("heard %d distinct words, want 40", len(seen))
	}
	// The median gap of the last ten words (a loaded machine may delay one).
	var gaps []time.Duration
	for i := len(rec.words) - 10; i < len(rec.words); i++ {
		gaps = append(gaps, rec.words[i].at.Sub(rec.words[i-1].at))
	}
	sort.Slice(gaps, func(i, j int) bool { return gaps[i] < gaps[j] })
	if gaps[5] > 85*time.Millisecond {
		t.Errorf("words still come every %v after the rate went to 900 wpm", gaps[5])
	}
}

func TestUnavailableEngineFallsBack(t *testing.T) {
	s, notices, err := speech.Open(speech.Options{Backend: "sapi", Sink: "clock"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The protocol's sentence, then why.
	want := "Speech engine sapi is not available; using " + s.ID()
	if len(notices) != 2 || notices[0] != want || !strings.HasPrefix(notices[1], "Why sapi is not available: Windows only") {
		t.Fatalf("notices %q, want [%q, Why sapi is not available: Windows only…]", notices, want)
	}
	if s.ID() != "espeak" {
		t.Errorf("auto picked %s, want espeak (libespeak-ng is installed)", s.ID())
	}
}

func TestNoDeviceReadsAtAudioSpeed(t *testing.T) {
	t.Setenv("PULSE_SERVER", "unix:/nonexistent/tw-test-socket")
	s, notices, err := speech.Open(speech.Options{Backend: "espeak", Sink: "auto", Speed: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.SinkKind() != "clock" || len(notices) != 1 || notices[0] != speech.NoDeviceNotice {
		t.Fatalf("sink %s, notices %q; want clock and [%q]", s.SinkKind(), notices, speech.NoDeviceNotice)
	}
	d := doc.New("Reading goes on without a sound card.", doc.Meta{}, nil)
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	if !rec.wait(t, 10*time.Second) || len(rec.words) != 7 {
		t.Fatalf("heard %d words, want 7 then Done(true)", len(rec.words))
	}
	if span := rec.words[6].at.Sub(rec.words[0].at); span < 150*time.Millisecond {
		t.Errorf("7 words within %v at 5x: not paced like audio", span)
	}
	// The notice is given once per process.
	s2, notices2, _ := speech.Open(speech.Options{Backend: "espeak", Sink: "auto"})
	s2.Close()
	if len(notices2) != 0 {
		t.Errorf("second Open announced %q again", notices2)
	}
}

func TestCloseLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	for i := 0; i < 3; i++ {
		s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50})
		if err != nil {
			t.Fatal(err)
		}
		d := doc.New(words(100), doc.Meta{}, nil)
		s.ReadWith(d, 0, d.Len(), speech.Handler{})
		s.Say("An announcement.")
		time.Sleep(20 * time.Millisecond)
		s.Close()
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines left running:\n%s", n-before, buf[:runtime.Stack(buf, true)])
	}
}

func TestSilentReadsInNoTime(t *testing.T) {
	s, notices, err := speech.Open(speech.Options{Backend: "silent"})
	if err != nil || len(notices) != 0 || s.ID() != "silent" {
		t.Fatalf("Open(silent) = %v, %q, %v", s, notices, err)
	}
	defer s.Close()
	d := doc.New("  First words of a long text.", doc.Meta{}, nil)
	rec := newRecorder()
	t0 := time.Now()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	if !rec.wait(t, time.Second) || time.Since(t0) > 50*time.Millisecond {
		t.Fatalf("silent reading took %v", time.Since(t0))
	}
	checkWords(t, d.Text, rec.words, []string{"First"})
	s.Say("Nothing is heard.")
	for _, r := range [][2]int{{5, 2}, {-3, 1}, {100, 200}} {
		rec := newRecorder()
		s.ReadWith(d, r[0], r[1], rec.handler())
		if !rec.wait(t, time.Second) || len(rec.words) != 0 {
			t.Errorf("range %v: %d words", r, len(rec.words))
		}
	}
}

func TestEmptyRangeCompletesAtOnce(t *testing.T) {
	s := openNull(t, 1, 265)
	d := doc.New("Some words.", doc.Meta{}, nil)
	for _, r := range [][2]int{{3, 3}, {5, 2}, {d.Len(), d.Len() + 10}, {4, 5}} {
		rec := newRecorder()
		s.ReadWith(d, r[0], r[1], rec.handler())
		if !rec.wait(t, time.Second) {
			t.Errorf("range %v: Done(false)", r)
		}
	}
}

func TestUnknownVoiceIsAnnouncedAndReadingGoesOn(t *testing.T) {
	p := speech.DefaultParams()
	p.Voice = "no-such-voice"
	s, notices, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 20, Params: p})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if want := "Voice no-such-voice is not available; using the default voice of espeak"; len(notices) != 1 || notices[0] != want {
		t.Fatalf("notices %q", notices)
	}
	d := doc.New("Still read aloud.", doc.Meta{}, nil)
	rec := newRecorder()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	if !rec.wait(t, 5*time.Second) {
		t.Fatal("Done(false)")
	}
	checkWords(t, d.Text, rec.words, []string{"Still", "read", "aloud"})
}

func TestTenMegabyteDocumentStartsAtOnce(t *testing.T) {
	para := "A paragraph of a very long book, read by libespeak-ng. It has two sentences.\n\n"
	text := strings.Repeat(para, 10<<20/len(para)+1)
	var ms []doc.Marker
	for i, n := 0, len(para); (i+1)*n <= len(text); i++ {
		ms = append(ms, doc.Marker{Kind: doc.Paragraph, Start: i * n, End: i*n + n - 2})
	}
	d := doc.New(text, doc.Meta{}, ms)
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	first := make(chan time.Time, 1)
	t0 := time.Now()
	s.ReadWith(d, 0, d.Len(), speech.Handler{Word: func(int, int) {
		select {
		case first <- time.Now():
		default:
		}
	}})
	select {
	case at := <-first:
		t.Logf("%d MB, %d paragraph markers: first word %v after Read", len(text)>>20, len(ms), at.Sub(t0))
		if at.Sub(t0) > 500*time.Millisecond { // typically 5 ms
			t.Errorf("first word %v after Read", at.Sub(t0))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no word within 5 s")
	}
	s.Stop()
}

// The voice setting and --voice take name words, a language tag or
// engine:voice; the engine gets its own id for the voice.
func TestVoiceMatchedByWordsTagOrEngine(t *testing.T) {
	for _, asked := range []string{"english america", "en-US", "espeak:en-us", "gmw/en-US", "English (America)"} {
		p := speech.DefaultParams()
		p.Voice = asked
		s, notices, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Params: p})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Params().Voice; got != "gmw/en-US" || len(notices) != 0 {
			t.Errorf("voice %q became %q, notices %q; want gmw/en-US and none", asked, got, notices)
		}
		p.Voice = "french"
		s.SetParams(p)
		if got := s.Params().Voice; got != "roa/fr" {
			t.Errorf("SetParams(french) gave voice %q", got)
		}
		s.Close()
	}
}

// A handler may replace or stop readings from inside: the Done(false) it
// causes comes right after it returns, before any event of the reading it
// started, and nothing deadlocks (no goroutine asks which goroutine it is).
func TestHandlersReplacingReadingsKeepTheOrder(t *testing.T) {
	tests := []struct {
		name string
		// inside runs in the first reading's second Word handler.
		inside func(s *speech.Service, d *doc.Document, log *eventLog) (wait chan bool)
		want   []string
	}{
		{"Read from Word", func(s *speech.Service, d *doc.Document, log *eventLog) chan bool {
			h, done := log.handler("b", d)
			s.ReadWith(d, 4, 7, h)
			return done
		}, []string{"a:one", "a:two", "a:done(false)", "b:two", "b:done(true)"}},
		{"Read then Stop from Word", func(s *speech.Service, d *doc.Document, log *eventLog) chan bool {
			h, done := log.handler("b", d)
			s.ReadWith(d, 4, 7, h)
			s.Stop()
			return done
		}, []string{"a:one", "a:two", "a:done(false)", "b:done(false)"}},
		{"Stop twice from Word", func(s *speech.Service, d *doc.Document, log *eventLog) chan bool {
			done := make(chan bool, 1)
			s.Stop()
			s.Stop()
			done <- false
			return done
		}, []string{"a:one", "a:two", "a:done(false)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openNull(t, 20, 900)
			d := doc.New("one two three four five", doc.Meta{}, nil)
			var log eventLog
			h, aDone := log.handler("a", d)
			wait := make(chan chan bool, 1)
			word := h.Word
			n := 0
			h.Word = func(start, end int) {
				word(start, end)
				if n++; n == 2 {
					wait <- tc.inside(s, d, &log)
				}
			}
			s.ReadWith(d, 0, d.Len(), h)
			var last chan bool
			select {
			case last = <-wait:
			case <-time.After(5 * time.Second):
				t.Fatal("no second word")
			}
			for _, ch := range []chan bool{aDone, last} {
				select {
				case <-ch:
				case <-time.After(5 * time.Second):
					t.Fatalf("deadlock: events %q", log.snapshot())
				}
			}
			s.Stop()
			if got := log.snapshot(); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("events %q, want %q", got, tc.want)
			}
		})
	}
}

// Stop while a Word handler runs on the Service's goroutine returns at once
// (it does not wait for the handler); Done(false) comes as soon as the
// handler returns, and no other word after it.
func TestStopDuringAWordHandler(t *testing.T) {
	s := openNull(t, 20, 900)
	d := doc.New(words(50), doc.Meta{}, nil)
	var log eventLog
	h, done := log.handler("a", d)
	inWord, release := make(chan struct{}), make(chan struct{})
	word := h.Word
	first := true
	h.Word = func(start, end int) {
		word(start, end)
		if first {
			first = false
			close(inWord)
			<-release
		}
	}
	s.ReadWith(d, 0, d.Len(), h)
	<-inWord
	stopped := make(chan struct{})
	go func() { s.Stop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("Stop waited for the handler")
	}
	if len(done) != 0 {
		t.Fatal("Done(false) while the Word handler still ran")
	}
	close(release)
	select {
	case c := <-done:
		if c {
			t.Fatal("Done(true) after Stop")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no Done after the handler returned")
	}
	time.Sleep(50 * time.Millisecond) // more than a word's time at this speed
	if got := log.snapshot(); len(got) != 2 || got[1] != "a:done(false)" {
		t.Errorf("events %q, want one word then a:done(false)", got)
	}
}
