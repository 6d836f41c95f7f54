package session

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
)

// shownVoice is a silent voice that records what it shows and hands the
// first word of each reading on, as the terminal reader's does.
type shownVoice struct {
	mu    sync.Mutex
	shown []string
}

func (v *shownVoice) ID() string { return "silent" }
func (v *shownVoice) Read(d *doc.Document, from, to int, word func(int, int), done func(bool)) {
	v.mu.Lock()
	v.shown = append(v.shown, d.Slice(from, to))
	v.mu.Unlock()
	word(from, from+1)
	done(true)
}
func (v *shownVoice) Stop()      {}
func (v *shownVoice) Say(string) {}
func (v *shownVoice) all() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.shown...)
}

// manualTimers are the pacer's timers, run by the test.
type manualTimers struct {
	mu      sync.Mutex
	pending []func()
}

func (m *manualTimers) after(_ time.Duration, f func()) func() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pending = append(m.pending, f)
	return func() bool { return true }
}

// fire runs the timers set so far and reports how many there were.
func (m *manualTimers) fire() int {
	m.mu.Lock()
	fs := m.pending
	m.pending = nil
	m.mu.Unlock()
	for _, f := range fs {
		f()
	}
	return len(fs)
}

// screenReaderSession opens three sentences in a terminal reader's
// session in screen-reader mode with accessibility.say_all = sayAll.
func screenReaderSession(t *testing.T, sayAll string) (*Session, *shownVoice, *manualTimers) {
	t.Helper()
	file := testkit.WriteFile(t, filepath.Join(t.TempDir(), "a.txt"), "First comes one. Then the second. Last is three.\n")
	shown := &shownVoice{}
	s := Open(Options{Home: home(t, "[accessibility]\nmode = \"screen-reader\"\nsay_all = \""+sayAll+"\"\n"), Modes: true,
		Backend: "null", Silent: shown, Getenv: env(map[string]string{envSink: "clock"})})
	t.Cleanup(s.Close)
	timers := &manualTimers{}
	s.pace.after = timers.after
	if err := s.App.Open(file); err != nil {
		t.Fatal(err)
	}
	return s, shown, timers
}

// waitFor waits until ok holds.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// TestSayAllShownSentenceBySentence: in screen-reader mode with
// accessibility.say_all = screen, say all shows one sentence at a time,
// the cursor on it, and the next one when the time to say it has passed;
// the reading ends after the last, and stopping it stops the pacing.
func TestSayAllShownSentenceBySentence(t *testing.T) {
	s, shown, timers := screenReaderSession(t, "screen")
	if _, err := s.App.Action("say_all", nil); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		sentence string
		start    int
	}{{"First comes one.", 0}, {"Then the second.", 17}, {"Last is three.", 34}}
	for i, w := range want {
		if got := shown.all(); len(got) != i+1 || got[i] != w.sentence {
			t.Fatalf("shown %q, want sentence %d, %q, last", got, i+1, w.sentence)
		}
		start := w.start
		waitFor(t, "the cursor on the sentence", func() bool { return s.App.View().Cursor == start })
		if s.App.Playback() != core.Reading {
			t.Fatalf("after sentence %d the reading is %s", i+1, s.App.Playback())
		}
		if n := timers.fire(); n != 1 {
			t.Fatalf("%d timers after sentence %d, want 1", n, i+1)
		}
	}
	waitFor(t, "the reading to end", func() bool { return s.App.Playback() == core.Stopped })

	// Stopped after the first sentence: its timer does nothing.
	if _, err := s.App.Action("read_document", nil); err != nil {
		t.Fatal(err)
	}
	before := len(shown.all())
	if _, err := s.App.Action("stop", nil); err != nil {
		t.Fatal(err)
	}
	timers.fire()
	if got := shown.all(); len(got) != before {
		t.Errorf("after stop more was shown: %q", got[before:])
	}
}

// TestSayAllWithTheVoice: with accessibility.say_all = voice, say all in
// screen-reader mode is read by tw's own voice, which is opened for it;
// a line read alone still goes to the screen reader.
func TestSayAllWithTheVoice(t *testing.T) {
	s, shown, _ := screenReaderSession(t, "voice")
	if s.Speech != nil {
		t.Fatal("screen-reader mode opened speech at the start")
	}
	if _, err := s.App.Action("say_all", nil); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	sp := s.Speech
	s.mu.Unlock()
	if sp == nil {
		t.Fatal("say all with the voice did not open speech")
	}
	if got := shown.all(); len(got) != 0 {
		t.Errorf("say all was shown for the screen reader: %q", got)
	}
	waitFor(t, "the reading to end", func() bool { return s.App.Playback() == core.Stopped })
	if _, err := s.App.Action("read_current_line", nil); err != nil {
		t.Fatal(err)
	}
	if got := shown.all(); len(got) != 1 {
		t.Errorf("a line read alone was shown %q, want once", got)
	}
}
