package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech/speechtest"
)

// heardEvents records what the reader reports while reading: positions
// (the text they cover, once the document is known), playback states and
// announcements, each to a channel.
type heardEvents struct {
	mu        sync.Mutex
	text      func(start, end int) string
	positions chan string
	states    chan string
	said      []string
}

func newHeardEvents() *heardEvents {
	return &heardEvents{positions: make(chan string, 256), states: make(chan string, 64)}
}

func (h *heardEvents) Announce(text string, _ core.Priority) {
	h.mu.Lock()
	h.said = append(h.said, text)
	h.mu.Unlock()
}
func (h *heardEvents) Playback(state string) { h.states <- state }
func (h *heardEvents) Position(start, end, _ int) {
	h.mu.Lock()
	text := h.text
	h.mu.Unlock()
	if text != nil {
		h.positions <- strings.TrimSpace(text(start, end))
	}
}

// until collects positions until the playback state is want.
func (h *heardEvents) until(t *testing.T, want string) []string {
	t.Helper()
	var got []string
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case p := <-h.positions:
			got = append(got, p)
		case s := <-h.states:
			if s == want {
				// Positions sent before the state are in the channel.
				for {
					select {
					case p := <-h.positions:
						got = append(got, p)
					default:
						return got
					}
				}
			}
		case <-timeout:
			t.Fatalf("no %q; positions %q", want, got)
		}
	}
}

func (h *heardEvents) last() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.said) == 0 {
		return ""
	}
	return h.said[len(h.said)-1]
}

// TestBookAudioReadsTheRecording opens a DAISY book in a session with
// espeak-ng on a clock sink: reading plays the recording (positions are
// the clips' phrases), pause and resume go on from the phrase last heard,
// and toggle_book_audio switches to speech (positions are words) and
// back.
func TestBookAudioReadsTheRecording(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "book")
	testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
	ev := newHeardEvents()
	s := Open(Options{Home: home(t, ""), Backend: "espeak", Events: ev,
		Getenv: env(map[string]string{envSink: "clock", envSpeed: "6"})})
	defer s.Close()
	if s.Speech == nil {
		t.Fatalf("no speech: %q", s.Notices)
	}
	if err := s.App.Open(dir); err != nil {
		t.Fatal(err)
	}
	d := s.App.Doc()
	ev.mu.Lock()
	ev.text = d.Slice
	ev.mu.Unlock()
	action := func(id string) {
		t.Helper()
		if _, err := s.App.Action(id, nil); err != nil {
			t.Fatal(err)
		}
	}

	action("read_document")
	got := ev.until(t, core.Stopped)
	want := []string{"The Lighthouse Keeper", "Mara kept the light for forty years.",
		"Mara kept the light for forty years.", "The Storm", "The wind rose at dusk.1",
		"Waves broke over the rocks.", "Waves broke over the rocks.", "1 A storm of the autumn of 1890.",
		"Lighthouses were lit with oil.", "Morning", "The sea was calm again.", "Picture: a white tower."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("the recording's positions\n got: %q\nwant: %q", got, want)
	}

	// Pause after the fourth phrase; resume says it again and goes on.
	action("read_document")
	var before []string
	for len(before) < 4 {
		before = append(before, <-ev.positions)
	}
	if _, err := s.App.Pause(); err != nil {
		t.Fatal(err)
	}
	paused := ev.until(t, core.Paused)
	before = append(before, paused...)
	if _, err := s.App.Resume(); err != nil {
		t.Fatal(err)
	}
	after := ev.until(t, core.Stopped)
	if len(after) == 0 || after[0] != before[len(before)-1] || after[len(after)-1] != "Picture: a white tower." {
		t.Errorf("paused after %q, resumed with %q", before, after)
	}

	// Speech instead of the recording: positions are words.
	action("toggle_book_audio")
	if said := ev.last(); said != "Book audio: Speech." {
		t.Errorf("toggle said %q", said)
	}
	action("read_document")
	words := ev.until(t, core.Stopped)
	if len(words) < 30 || words[0] != "The" || words[1] != "Lighthouse" {
		t.Errorf("speech positions: %q", words)
	}
	action("toggle_book_audio")
	if said := ev.last(); said != "Book audio: The book's recording." {
		t.Errorf("toggle back said %q", said)
	}
	// A word on its own is spoken, even with the recording on: the
	// cursor followed speech to the last word.
	action("read_current_word")
	if got := ev.until(t, core.Stopped); strings.Join(got, "|") != "tower" {
		t.Errorf("read_current_word heard %q", got)
	}
}

// The export_audio action speaks with the engine the speech settings
// choose, speech.speechd_module included, as reading does: speechd with a
// module the daemon lacks cannot open, so the best other engine exports
// (speechd itself could not write audio at all).
func TestExportAudioFollowsSpeechdModuleSetting(t *testing.T) {
	speechtest.StartSpeechd(t, speechtest.StartPulse(t))
	s := Open(Options{Home: home(t, "[speech]\nbackend = \"speechd\"\nspeechd_module = \"nosuch\"\n"), NoSpeech: true})
	defer s.Close()
	out := filepath.Join(t.TempDir(), "a.wav")
	d := doc.New("Some text.", doc.Meta{}, nil)
	if err := s.exportAudio(context.Background(), d, out, "wav", func(float64) {}); err != nil {
		t.Fatalf("export: %v", err)
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() < 1000 {
		t.Errorf("the WAV file: %v", err)
	}
}

// The export_audio action writes subtitles beside the audio when
// export.subtitles_with_audio is on, in export.subtitle_format; off, none.
func TestExportAudioFollowsSubtitleSettings(t *testing.T) {
	for _, tt := range []struct {
		toml, sub string
	}{
		{"", ""},
		{"[export]\nsubtitles_with_audio = true\n", "srt"},
		{"[export]\nsubtitles_with_audio = true\nsubtitle_format = \"vtt\"\n", "vtt"},
	} {
		s := Open(Options{Home: home(t, "[speech]\nbackend = \"espeak\"\n"+tt.toml), NoSpeech: true})
		dir := t.TempDir()
		out := filepath.Join(dir, "a.wav")
		d := doc.New("Some text to hear.", doc.Meta{}, nil)
		if err := s.exportAudio(context.Background(), d, out, "wav", func(float64) {}); err != nil {
			t.Fatalf("export: %v", err)
		}
		s.Close()
		for _, ext := range []string{"srt", "vtt"} {
			data, err := os.ReadFile(filepath.Join(dir, "a."+ext))
			if (ext == tt.sub) != (err == nil) || err == nil && !strings.Contains(string(data), "Some text to hear.") {
				t.Errorf("%q: a.%s: %v %q", tt.toml, ext, err, data)
			}
		}
	}
}
