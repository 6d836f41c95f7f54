package speech

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech/speechtest"
)

// timedSink notes when the first sample of each stream is played, with its
// own fast poll (the service polls at most every 10 ms).
type timedSink struct {
	Sink
	mu    sync.Mutex
	first chan time.Time
}

func (t *timedSink) NewStream(rate int) (Stream, error) {
	st, err := t.Sink.NewStream(rate)
	if err != nil {
		return nil, err
	}
	first := t.first
	go func() {
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if st.Played() > 0 {
				first <- time.Now()
				return
			}
			time.Sleep(200 * time.Microsecond)
		}
	}()
	return st, nil
}

const benchParagraph = "The café served crème brûlée to 1,250 guests on the 2nd of May; each paid 3.5 euros. Dr. Smith said it was well-known. "

// BenchmarkReadLatency measures, on a PulseAudio null sink (real time), the
// time from Read to the first audio sample played and to the first Word.
func BenchmarkReadLatency(b *testing.B) {
	speechtest.StartPulse(b)
	s, _, err := Open(Options{Backend: "espeak", Sink: "device"})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ts := &timedSink{Sink: s.sink, first: make(chan time.Time, 1)}
	s.sink = ts
	time.Sleep(2100 * time.Millisecond) // let the null sink start the stream Open opened
	d := doc.New(strings.Repeat(benchParagraph, 20), doc.Meta{}, nil)
	var toSample, toWord time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		word := make(chan time.Time, 1)
		t0 := time.Now()
		s.ReadWith(d, 0, d.Len(), Handler{Word: func(int, int) {
			select {
			case word <- time.Now():
			default:
			}
		}})
		tw := <-word
		tsample := <-ts.first
		toSample += tsample.Sub(t0)
		toWord += tw.Sub(t0)
		s.Stop()
		time.Sleep(50 * time.Millisecond)
	}
	b.ReportMetric(float64(toSample.Microseconds())/1000/float64(b.N), "ms-to-first-sample")
	b.ReportMetric(float64(toWord.Microseconds())/1000/float64(b.N), "ms-to-first-word")
}

// BenchmarkExport compares Export (libespeak-ng through purego, narration,
// word timings, WAV) with the espeak-ng command writing the same text to a
// WAV file, as multiples of real time (audio seconds per second of work).
func BenchmarkExport(b *testing.B) {
	text := strings.Repeat(benchParagraph, 100) // 2,300 words
	dir := b.TempDir()
	txt := filepath.Join(dir, "text.txt")
	os.WriteFile(txt, []byte(text), 0o644)
	d := doc.New(text, doc.Meta{}, nil)
	var ours, theirs time.Duration
	var audio, theirAudio float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		rec, _, err := Export(d, 0, d.Len(), Options{Backend: "espeak"}, filepath.Join(dir, "tw.wav"), nil)
		if err != nil {
			b.Fatal(err)
		}
		ours += time.Since(t0)
		audio += rec.DurationMs / 1000

		t0 = time.Now()
		out := filepath.Join(dir, "cmd.wav")
		if msg, err := exec.Command("espeak-ng", "-s", "265", "-w", out, "-f", txt).CombinedOutput(); err != nil {
			b.Fatalf("espeak-ng: %v %s", err, msg)
		}
		theirs += time.Since(t0)
		st, _ := os.Stat(out)
		theirAudio += float64(st.Size()-44) / 2 / 22050
	}
	b.ReportMetric(audio/ours.Seconds(), "x-realtime-tw")
	b.ReportMetric(theirAudio/theirs.Seconds(), "x-realtime-espeak-ng-cmd")
	b.ReportMetric(audio/float64(b.N), "s-audio-tw")
	b.ReportMetric(theirAudio/float64(b.N), "s-audio-cmd")
}

// BenchmarkFirstWordEngines measures, in one run on one PulseAudio null
// sink, the time from Read to the first Word with libespeak-ng (tw plays
// the audio) and with speech-dispatcher (its espeak-ng module plays it and
// reports the first index mark), alternating the two each iteration, both
// warmed up first. ratio-speechd-to-espeak is the figure to compare across
// runs on a loaded machine.
func BenchmarkFirstWordEngines(b *testing.B) {
	pulse := speechtest.StartPulse(b)
	speechtest.StartSpeechdModules(b, pulse, "espeak-ng")
	es, _, err := Open(Options{Backend: "espeak", Sink: "device", Strict: true})
	if err != nil {
		b.Fatal(err)
	}
	defer es.Close()
	sd, _, err := Open(Options{Backend: "speechd", Strict: true})
	if err != nil {
		b.Fatal(err)
	}
	defer sd.Close()
	d := doc.New(strings.Repeat(benchParagraph, 5), doc.Meta{}, nil)
	// The first sound either engine makes is heard on the null sink's
	// monitor (parec, 5 ms latency): the first sample above the noise after
	// Read. speech-dispatcher reports its first mark when the module starts,
	// which can be before its audio is played.
	sound := listenMonitor(b, pulse)
	var firstSound time.Duration
	first := func(s *Service) time.Duration {
		word := make(chan time.Time, 1)
		sound.arm()
		t0 := time.Now()
		s.ReadWith(d, 0, d.Len(), Handler{Word: func(int, int) {
			select {
			case word <- time.Now():
			default:
			}
		}})
		select {
		case tw := <-word:
			select {
			case ts := <-sound.heard:
				firstSound = ts.Sub(t0)
			case <-time.After(5 * time.Second):
				b.Fatalf("%s: no sound on the null sink within 5 s", s.ID())
			}
			s.Stop()
			time.Sleep(150 * time.Millisecond)
			return tw.Sub(t0)
		case <-time.After(20 * time.Second):
			b.Fatalf("%s: no word in 20 s", s.ID())
		}
		return 0
	}
	first(es) // warm up: the null sink's stream, speech-dispatcher's module
	first(sd)
	var tes, tsd, ses, ssd time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tes += first(es)
		ses += firstSound
		tsd += first(sd)
		ssd += firstSound
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
	b.ReportMetric(ms(tes), "ms-first-word-espeak")
	b.ReportMetric(ms(tsd), "ms-first-word-speechd")
	b.ReportMetric(ms(ses), "ms-first-sound-espeak")
	b.ReportMetric(ms(ssd), "ms-first-sound-speechd")
	b.ReportMetric(ms(ssd)/ms(ses), "ratio-sound-speechd-to-espeak")
}

// monitor hears the null sink: after arm, the time of the first loud
// sample goes to heard.
type monitor struct {
	mu    sync.Mutex
	armed bool
	heard chan time.Time
}

func (m *monitor) arm() {
	m.mu.Lock()
	m.armed = true
	m.mu.Unlock()
	select { // forget a sound from before
	case <-m.heard:
	default:
	}
}

func listenMonitor(b *testing.B, pulse string) *monitor {
	cmd := exec.Command("parec", "--server", strings.TrimPrefix(pulse, "unix:"), "-d", "twnull.monitor",
		"--format=s16le", "--rate=22050", "--channels=1", "--latency-msec=5", "--raw")
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatalf("parec (pulseaudio-utils): %v", err)
	}
	b.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	m := &monitor{heard: make(chan time.Time, 1)}
	go func() {
		buf := make([]byte, 220) // 5 ms
		for {
			n, err := out.Read(buf)
			if err != nil {
				return
			}
			now := time.Now()
			loud := false
			for i := 0; i+1 < n; i += 2 {
				v := int16(uint16(buf[i]) | uint16(buf[i+1])<<8)
				if v > 300 || v < -300 {
					loud = true
					break
				}
			}
			m.mu.Lock()
			if loud && m.armed {
				m.armed = false
				select {
				case m.heard <- now:
				default:
				}
			}
			m.mu.Unlock()
		}
	}()
	return m
}

// BenchmarkWordDelivery measures handing one word event of a reading to its
// handler (the check that it is not stale, and the call), and Stop with
// Done(false): the work on every word and at every key that stops reading.
func BenchmarkWordDelivery(b *testing.B) {
	s, _, err := Open(Options{Backend: "null", Sink: "clock"})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	d := doc.New("one two three", doc.Meta{}, nil)
	words := 0
	b.Run("word", func(b *testing.B) {
		r := &reading{s: s, d: d, to: d.Len(), h: Handler{Word: func(int, int) { words++ }}, heard: -1}
		pl := &pipeline{ctx: context.Background(), cancel: func() {}}
		for i := 0; i < b.N; i++ {
			r.word(pl, 0, 3, "")
		}
	})
	b.Run("read-stop", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s.ReadWith(d, 0, d.Len(), Handler{Word: func(int, int) { words++ }})
			s.Stop()
		}
	})
}
