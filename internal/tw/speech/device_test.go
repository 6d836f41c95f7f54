package speech

import (
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech/speechtest"
)

// TestStopSilencesTheDevice reads with libespeak-ng on a PulseAudio null
// sink and stops: Stop returns at once with Done(false) delivered, no audio
// is handed to the server afterwards, the server plays out at most its short
// buffer, and no Word comes later. Then a Read replacing a reading gets only
// its own words.
func TestStopSilencesTheDevice(t *testing.T) {
	speechtest.StartPulse(t)
	s, _, err := Open(Options{Backend: "espeak", Sink: "device"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	time.Sleep(2100 * time.Millisecond) // the null sink starts the stream Open opened
	d := doc.New(strings.Repeat("Stopping must be immediate and final. ", 40), doc.Meta{}, nil)
	var mu sync.Mutex
	var heard int
	var done []bool
	s.ReadWith(d, 0, d.Len(), Handler{
		Word: func(int, int) { mu.Lock(); heard++; mu.Unlock() },
		Done: func(c bool) { mu.Lock(); done = append(done, c); mu.Unlock() },
	})
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := heard
		mu.Unlock()
		if n >= 4 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no words heard")
		}
		time.Sleep(time.Millisecond)
	}
	ds := s.sink.(*DeviceSink).all[0]
	t0 := time.Now()
	s.Stop()
	took := time.Since(t0)
	mu.Lock()
	if len(done) != 1 || done[0] {
		t.Fatalf("Done calls %v when Stop returned, want [false]", done)
	}
	wordsAtStop := heard
	mu.Unlock()
	ds.mu.Lock()
	handedAtStop := ds.handed
	ds.mu.Unlock()
	time.Sleep(150 * time.Millisecond)
	playedSoon := ds.played()
	time.Sleep(300 * time.Millisecond)
	ds.mu.Lock()
	handedLater := ds.handed
	ds.mu.Unlock()
	playedLater := ds.played()
	t.Logf("Stop took %v; %d words heard", took, wordsAtStop)
	if took > 50*time.Millisecond { // typically 30 µs
		t.Errorf("Stop took %v", took)
	}
	if handedLater != handedAtStop {
		t.Errorf("%d samples handed to the server after Stop", handedLater-handedAtStop)
	}
	if playedLater != playedSoon {
		t.Errorf("audio still playing 150 ms after Stop (%d more samples)", playedLater-playedSoon)
	}
	mu.Lock()
	if heard != wordsAtStop {
		t.Errorf("%d words after Stop", heard-wordsAtStop)
	}
	mu.Unlock()

	// A Read replacing a reading: the old one's Done(false) comes first,
	// then only the new document's words.
	other := doc.New("Another text entirely, read to its end.", doc.Meta{}, nil)
	var log []string
	s.ReadWith(d, 0, d.Len(), Handler{
		Word: func(a, b int) { mu.Lock(); log = append(log, "old"); mu.Unlock() },
		Done: func(c bool) { mu.Lock(); log = append(log, "old-done"); mu.Unlock() },
	})
	time.Sleep(300 * time.Millisecond)
	finished := make(chan bool, 1)
	s.ReadWith(other, 0, other.Len(), Handler{
		Word: func(a, b int) { mu.Lock(); log = append(log, other.Slice(a, b)); mu.Unlock() },
		Done: func(c bool) { finished <- c },
	})
	if !<-finished {
		t.Fatal("the second reading did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	i := 0
	for i < len(log) && log[i] == "old" {
		i++
	}
	got := strings.Join(log[i:], " ")
	if got != "old-done Another text entirely read to its end" {
		t.Errorf("after the old words: %q", got)
	}
}

// TestOutputDevice: speech.output_device puts speech's streams on the
// sound server's device of that name, a change moves them there, and a
// device that is not connected plays on the default one with a notice
// naming the devices there are. Two PulseAudio null sinks stand for two
// sound cards.
func TestOutputDevice(t *testing.T) {
	speechtest.StartPulse(t) // its default sink is twnull
	speechtest.AddNullSink(t, "twother")
	s, notices, err := Open(Options{Backend: "espeak", Sink: "device", OutputDevice: "twother"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if on := speechtest.SinkOfStreams(t); on != "twother" || len(notices) != 0 {
		t.Errorf("speech plays on %q with notices %q, want twother and none", on, notices)
	}
	if notices, err := s.SetOutputDevice(""); err != nil || len(notices) != 0 {
		t.Fatalf("back to the default device: %v %q", err, notices)
	}
	if on := speechtest.SinkOfStreams(t); on != "twnull" {
		t.Errorf("after the change to the default, speech plays on %q, want twnull", on)
	}
	notices, err = s.SetOutputDevice("headphones")
	if err != nil {
		t.Fatal(err)
	}
	want := "The sound device headphones is not connected; speech plays on the default device. Devices: twnull, twother."
	if on := speechtest.SinkOfStreams(t); on != "twnull" || len(notices) != 1 || notices[0] != want {
		t.Errorf("a device not connected: speech plays on %q, notices %q; want twnull and %q", on, notices, want)
	}
}
