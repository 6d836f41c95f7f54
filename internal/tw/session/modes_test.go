package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/units"
)

// fakeVoice records what the app asks of a voice.
type fakeVoice struct {
	id    string
	mu    sync.Mutex
	said  []string
	reads int
	stops int
}

func (f *fakeVoice) ID() string { return f.id }
func (f *fakeVoice) Read(d *doc.Document, from, to int, word func(int, int), done func(bool)) {
	f.mu.Lock()
	f.reads++
	f.mu.Unlock()
	done(true)
}
func (f *fakeVoice) Stop() { f.mu.Lock(); f.stops++; f.mu.Unlock() }
func (f *fakeVoice) Say(text string) {
	f.mu.Lock()
	f.said = append(f.said, text)
	f.mu.Unlock()
}
func (f *fakeVoice) counts() (said []string, reads, stops int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.said...), f.reads, f.stops
}

// TestCycleAccessModeAtRunTime: in the terminal reader, cycle_access_mode
// moves self-voicing -> hybrid -> screen-reader -> self-voicing, and each
// mode changes what tw voices at once: hybrid reads aloud but leaves
// announcements to the screen reader; screen-reader mode voices nothing
// (a reading goes to the silent voice, which shows it) and stops a
// reading; self-voicing says everything again.
func TestCycleAccessModeAtRunTime(t *testing.T) {
	dir := t.TempDir()
	file := testkit.WriteFile(t, filepath.Join(dir, "a.txt"), "One line to read.\n")
	silent := &fakeVoice{id: "silent"}
	s := Open(Options{Home: home(t, ""), Modes: true, Backend: "null", Silent: silent,
		Getenv: env(map[string]string{envSink: "clock"})})
	defer s.Close()
	voice := &fakeVoice{id: "voice"}
	s.mu.Lock()
	s.voice = voice // observe what the real engine would be asked
	s.mu.Unlock()
	if err := s.App.Open(file); err != nil {
		t.Fatal(err)
	}
	step := func(wantStatus, wantMode string) {
		t.Helper()
		// The app does not talk over a reading: let the last one end.
		for deadline := time.Now().Add(5 * time.Second); s.App.Playback() != core.Stopped; {
			if time.Now().After(deadline) {
				t.Fatalf("the reading did not end: %s", s.App.Playback())
			}
			time.Sleep(time.Millisecond)
		}
		res, err := s.App.Action("cycle_access_mode", nil)
		if err != nil || res.Status != wantStatus {
			t.Fatalf("cycle_access_mode: %q, %v; want %q", res.Status, err, wantStatus)
		}
		if s.CurrentMode() != wantMode || s.Settings.String("accessibility.mode") != wantMode {
			t.Fatalf("mode %q, setting %q; want %q", s.CurrentMode(), s.Settings.String("accessibility.mode"), wantMode)
		}
	}

	s.App.Action("read_current_line", nil)
	if said, reads, _ := voice.counts(); reads != 1 || !slices.Contains(said, "Opened a.txt.") {
		t.Fatalf("self-voicing: voice read %d times and said %q", reads, said)
	}

	step("Access mode: Hybrid.", Hybrid)
	s.App.Action("read_current_line", nil)
	s.App.Action("say_position", nil)
	said, reads, _ := voice.counts()
	if reads != 2 || slices.Contains(said, "Access mode: Hybrid.") || slices.Contains(said, "Line 1 of 1, 0 percent.") {
		t.Errorf("hybrid: voice read %d times (want 2) and said %q (announcements are the screen reader's)", reads, said)
	}
	if s.Speaks() {
		t.Error("hybrid: the reader's own announcements would be voiced")
	}

	step("Access mode: Screen reader.", ScreenReader)
	_, _, stops := voice.counts()
	s.App.Action("read_current_line", nil)
	said, reads, stopsAfter := voice.counts()
	if reads != 2 || len(said) != 1 || stopsAfter < 1 || stops < 1 {
		t.Errorf("screen-reader: voice read %d times (want 2), said %q, stopped %d times", reads, said, stops)
	}
	if _, silentReads, _ := silent.counts(); silentReads != 1 {
		t.Errorf("screen-reader: the silent voice (shown on screen) read %d times, want 1", silentReads)
	}

	step("Access mode: Self-voicing.", SelfVoicing)
	s.App.Action("read_current_line", nil)
	said, reads, _ = voice.counts()
	if reads != 3 || !slices.Contains(said, "Access mode: Self-voicing.") || !s.Speaks() {
		t.Errorf("self-voicing again: voice read %d times (want 3), said %q", reads, said)
	}
}

// TestScreenReaderStartThenSelfVoicingOpensSpeech: started in
// screen-reader mode, tw opens no engine; choosing self-voicing opens it.
func TestScreenReaderStartThenSelfVoicingOpensSpeech(t *testing.T) {
	s := Open(Options{Home: home(t, "[accessibility]\nmode = \"screen-reader\"\n"), Modes: true, Backend: "null",
		Getenv: env(map[string]string{envSink: "clock"})})
	defer s.Close()
	if s.Speech != nil || s.Speaks() {
		t.Fatal("screen-reader mode opened speech")
	}
	if _, err := s.Settings.Set("accessibility.mode", "self-voicing"); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	sp := s.Speech
	s.mu.Unlock()
	if sp == nil || sp.ID() != "null" || !s.Speaks() {
		t.Fatalf("self-voicing chosen: speech %v, speaks %v; notices %q", sp, s.Speaks(), s.Notices)
	}
}

// TestAutosaveIntervalFollowsTheSetting: the reading place is saved every
// reading.autosave_seconds, and a new value takes effect at once (30 s,
// the default, would not save within this test).
func TestAutosaveIntervalFollowsTheSetting(t *testing.T) {
	dir := t.TempDir()
	file := testkit.WriteFile(t, filepath.Join(dir, "a.txt"), "One. Two. Three. Four. Five.\n")
	s := Open(Options{Home: home(t, ""), NoSpeech: true})
	defer s.Close()
	if err := s.App.Open(file); err != nil {
		t.Fatal(err)
	}
	s.StartAutosave()
	s.App.Action("next_sentence", nil)
	s.App.Action("next_sentence", nil)
	stateFiles := func() string {
		var all string
		filepath.Walk(s.Home, func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() && filepath.Ext(p) == ".json" {
				data, _ := os.ReadFile(p)
				all += string(data)
			}
			return nil
		})
		return all
	}
	if _, err := s.Settings.Set("reading.autosave_seconds", 5.0); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for !strings.Contains(stateFiles(), `"char": 10`) && !strings.Contains(stateFiles(), `"char":10`) {
		if time.Since(start) > 12*time.Second {
			t.Fatalf("the place was not saved within 12 s of reading.autosave_seconds = 5; state: %s", stateFiles())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if took := time.Since(start); took < 4*time.Second {
		t.Errorf("saved after %v, before the 5 s interval", took)
	}
}

// With no audio device, a continuous reading is shown an utterance at a
// time, its structure said, as espeak-ng reaches it; only the document's
// words are heard.
func TestShownReadingShowsEachUtteranceOfAContinuousReading(t *testing.T) {
	svc, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	d, err := load.Bytes("scores.md", []byte("## Scores\n\n| Name | Score |\n|---|---|\n| Ada | 98 |\n"))
	if err != nil {
		t.Fatal(err)
	}
	var shown, heard []string
	v := shownReading{voiced: voiced{svc}, show: func(*doc.Document, int, int) { t.Error("the whole range was shown") },
		said: func(text string) { shown = append(shown, text) }}
	done := make(chan bool, 1)
	v.ReadContinuous(units.New(d), 0, d.Len(), func(start, end int) { heard = append(heard, d.Slice(start, end)) },
		func(c bool) { done <- c })
	if c := <-done; !c {
		t.Fatal("the reading did not complete")
	}
	want := []string{"heading level 2, Scores", "Table with 2 columns: Name, Score.", "Row 1: Name is Ada, Score is 98."}
	if strings.Join(shown, "|") != strings.Join(want, "|") {
		t.Errorf("shown %q, want %q", shown, want)
	}
	if got := strings.Join(heard, " "); got != "Scores Name Score Ada 98" {
		t.Errorf("heard %q", got)
	}
}
