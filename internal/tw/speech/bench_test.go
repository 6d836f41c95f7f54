package speech

import (
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
