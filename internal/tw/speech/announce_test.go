package speech_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

// said records, in order, the announcements an engine was given.
type said struct {
	mu    sync.Mutex
	texts []string
}

func (s *said) add(text string) {
	s.mu.Lock()
	s.texts = append(s.texts, text)
	s.mu.Unlock()
}

func (s *said) list() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.texts...)
}

// fakeSpeaker is a Speaker (like speech-dispatcher) that records the
// announcements it is handed, and whether each was queued.
type fakeSpeaker struct{ said }

func (f *fakeSpeaker) ID() string                      { return "fake-speaker" }
func (f *fakeSpeaker) Voices() ([]engine.Voice, error) { return nil, nil }
func (f *fakeSpeaker) Close() error                    { return nil }
func (f *fakeSpeaker) Silence()                        {}
func (f *fakeSpeaker) Speak(context.Context, engine.Utterance, engine.Params, int, func(int)) error {
	return nil
}
func (f *fakeSpeaker) Announce(text string, _ engine.Params) error { f.add(text); return nil }
func (f *fakeSpeaker) AnnounceQueued(text string, _ engine.Params) error {
	f.add("queued " + text)
	return nil
}

// fakeSynth is a Synthesizer that records the texts it synthesizes (and
// makes no audio, so that announcements take no time).
type fakeSynth struct{ said }

func (f *fakeSynth) ID() string                      { return "fake-synth" }
func (f *fakeSynth) Voices() ([]engine.Voice, error) { return nil, nil }
func (f *fakeSynth) Close() error                    { return nil }
func (f *fakeSynth) SampleRate() int                 { return 16000 }
func (f *fakeSynth) Synthesize(u engine.Utterance, _ engine.Params, emit func([]int16, []engine.Mark) bool) error {
	f.add(u.Text)
	return nil
}

// recordingSynth wraps a real synthesizer and records what it is asked.
type recordingSynth struct {
	engine.Synthesizer
	said *said
}

func (r recordingSynth) Synthesize(u engine.Utterance, p engine.Params, emit func([]int16, []engine.Mark) bool) error {
	r.said.add(u.Text)
	return r.Synthesizer.Synthesize(u, p, emit)
}

// checkOrder checks the announcements an engine got for n said in a row:
// with the queue, every one in order; without, an increasing run that
// ends with the last one said (older ones are replaced).
func checkOrder(t *testing.T, got []string, n int, queued bool, prefix string) {
	t.Helper()
	if queued && len(got) != n {
		t.Fatalf("%d announcements reached the engine, want %d", len(got), n)
	}
	last := -1
	for i, g := range got {
		num, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(g, prefix+"Announcement "), "."))
		if err != nil {
			t.Fatalf("announcement %d is %q", i, g)
		}
		if num <= last || queued && num != i {
			t.Fatalf("announcement %q reached the engine after %d (all: %q)", g, last, got)
		}
		last = num
	}
	if last != n-1 {
		t.Errorf("the last announcement to reach the engine is %d, want %d", last, n-1)
	}
}

// waitLast waits until the engine got the last announcement.
func waitLast(t *testing.T, s *said, want string) {
	t.Helper()
	waitFor(t, want, func() bool {
		l := s.list()
		return len(l) > 0 && strings.HasSuffix(l[len(l)-1], want)
	})
}

// TestAnnouncementsInOrderUnderLoad says 200 announcements as fast as it
// can and checks that the engine is handed them in the order they were
// said, for engines that play their own audio (speech-dispatcher) and for
// those whose audio tw plays, with and without the queue.
func TestAnnouncementsInOrderUnderLoad(t *testing.T) {
	const n = 200
	for _, queued := range []bool{false, true} {
		for _, kind := range []string{"speaker", "synthesizer"} {
			t.Run(fmt.Sprintf("%s queue=%v", kind, queued), func(t *testing.T) {
				var rec *said
				var eng engine.Engine
				prefix := ""
				if kind == "speaker" {
					f := &fakeSpeaker{}
					eng, rec = f, &f.said
					if queued {
						prefix = "queued "
					}
				} else {
					f := &fakeSynth{}
					eng, rec = f, &f.said
				}
				s, err := speech.OpenEngine(eng, speech.Options{Sink: "clock", Speed: 100, QueueAnnouncements: queued})
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				for i := 0; i < n; i++ {
					s.Say(fmt.Sprintf("Announcement %d.", i))
				}
				waitLast(t, rec, fmt.Sprintf("Announcement %d.", n-1))
				checkOrder(t, rec.list(), n, queued, prefix)
			})
		}
	}
}

// TestEspeakAnnouncementsInOrder does the same with the real espeak-ng.
func TestEspeakAnnouncementsInOrder(t *testing.T) {
	for _, tt := range []struct {
		queued bool
		n      int
	}{{false, 200}, {true, 50}} {
		t.Run(fmt.Sprintf("queue=%v", tt.queued), func(t *testing.T) {
			s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 100, QueueAnnouncements: tt.queued})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			rec := &said{}
			speech.WrapSynth(s, func(syn engine.Synthesizer) engine.Synthesizer { return recordingSynth{syn, rec} })
			start := time.Now()
			for i := 0; i < tt.n; i++ {
				s.Say(fmt.Sprintf("Announcement %d.", i))
			}
			waitLast(t, rec, fmt.Sprintf("Announcement %d.", tt.n-1))
			t.Logf("%d announcements, %d synthesized, in %v", tt.n, len(rec.list()), time.Since(start))
			checkOrder(t, rec.list(), tt.n, tt.queued, "")
		})
	}
}

// TestQueueAnnouncementsChangesAtRunTime: speech.interrupt_announcements
// (SetQueueAnnouncements) decides, from the next announcement on, whether
// it cuts off the one being heard or waits for it.
func TestQueueAnnouncementsChangesAtRunTime(t *testing.T) {
	eng := &fakeSpeaker{}
	s, err := speech.OpenEngine(eng, speech.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	wait := func(n int) {
		t.Helper()
		waitFor(t, "the announcements", func() bool { return len(eng.list()) >= n })
	}
	s.Say("first")
	wait(1)
	s.SetQueueAnnouncements(true)
	s.Say("second")
	wait(2)
	s.SetQueueAnnouncements(false)
	s.Say("third")
	wait(3)
	if got := strings.Join(eng.list(), "|"); got != "first|queued second|third" {
		t.Errorf("the engine was given %q", got)
	}
}

// longSynth is a Synthesizer whose every announcement is a second of
// audio in 20 pieces; it records, per text, how many pieces were taken
// before the announcement was cut off.
type longSynth struct {
	fakeSynth
	mu     sync.Mutex
	pieces map[string]int
}

func (l *longSynth) Synthesize(u engine.Utterance, _ engine.Params, emit func([]int16, []engine.Mark) bool) error {
	l.add(u.Text)
	for range 20 {
		if !emit(make([]int16, 800), nil) {
			return nil
		}
		l.mu.Lock()
		l.pieces[u.Text]++
		l.mu.Unlock()
	}
	return nil
}

// TestNoticesAreHeardWhole: a notice (SayNotice: a settings warning, no
// audio device) is neither cut off nor replaced by the announcements said
// after it, which are heard after it; announcements said after those still
// replace each other as usual.
func TestNoticesAreHeardWhole(t *testing.T) {
	t.Run("speaker", func(t *testing.T) {
		eng := &fakeSpeaker{}
		s, err := speech.OpenEngine(eng, speech.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		s.SayNotice("No audio device.")
		s.Say("Opened notes.")
		s.Say("Heading level 1: Notes")
		waitLast(t, &eng.said, "Heading level 1: Notes")
		got := eng.list()
		if len(got) < 2 || got[0] != "No audio device." || !strings.HasPrefix(got[1], "queued ") {
			t.Errorf("the engine was given %q, want the notice, then the next one queued after it", got)
		}
	})
	t.Run("synthesizer", func(t *testing.T) {
		eng := &longSynth{pieces: map[string]int{}}
		s, err := speech.OpenEngine(eng, speech.Options{Sink: "clock"})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		s.SayNotice("Settings warning.")
		waitFor(t, "the notice to start", func() bool { return len(eng.list()) > 0 })
		s.Say("Opened notes.")
		s.Say("Heading level 1: Notes")
		waitLast(t, &eng.said, "Heading level 1: Notes")
		eng.mu.Lock()
		defer eng.mu.Unlock()
		if n := eng.pieces["Settings warning."]; n != 20 {
			t.Errorf("the notice was cut off after %d of 20 pieces", n)
		}
		if got := eng.list(); got[0] != "Settings warning." || got[len(got)-1] != "Heading level 1: Notes" {
			t.Errorf("synthesized %q", got)
		}
	})
}
