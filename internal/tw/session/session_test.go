package session

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
)

// broken is a settings.toml with mistakes in it, each worth a warning.
const broken = "[speech]\nrate = \"fast\"\nvolume = 500\n[display]\ntheme = 7\n"

func home(t *testing.T, settingsTOML string) string {
	t.Helper()
	h := t.TempDir()
	if settingsTOML != "" {
		if err := os.WriteFile(filepath.Join(h, "settings.toml"), []byte(settingsTOML), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

// announced records announcements.
type announced struct{ lines []string }

func (a *announced) Announce(text string, _ core.Priority) { a.lines = append(a.lines, text) }
func (a *announced) Playback(string)                       {}
func (a *announced) Position(int, int, int)                {}

// Serve and the terminal reader are built with different options; both
// get and announce the same settings warnings.
func TestSettingsWarningsAnnounced(t *testing.T) {
	h := home(t, broken)
	var got [][]string
	for _, o := range []Options{
		{Home: h, NoSpeech: true},                                      // tw serve --no-speech
		{Home: h, NoSpeech: true, Modes: true, LogPrefix: "tw open: "}, // tw open --no-speech
	} {
		ev := &announced{}
		o.Events = ev
		s := Open(o)
		s.Announce()
		s.Close()
		got = append(got, ev.lines)
	}
	if len(got[0]) != 3 || !slices.Equal(got[0], got[1]) {
		t.Fatalf("serve announced %q, the reader %q", got[0], got[1])
	}
	for _, w := range got[0] {
		if !strings.HasPrefix(w, "settings.toml: ") {
			t.Errorf("not a settings warning: %q", w)
		}
	}
	log, _ := os.ReadFile(filepath.Join(h, "data", "state", "textweaver.log"))
	if strings.Count(string(log), "settings: settings.toml: ") != 6 || !strings.Contains(string(log), "tw open: ") {
		t.Errorf("the log:\n%s", log)
	}
}

// Speech follows the speech.* settings, and only them: a change of
// another setting leaves the engine alone.
func TestSpeechFollowsOnlySpeechSettings(t *testing.T) {
	for _, o := range []Options{{}, {Modes: true}} { // serve, the reader
		o.Home, o.Backend = home(t, ""), "null"
		o.Getenv = env(map[string]string{envSink: "clock"})
		s := Open(o)
		if s.Speech == nil {
			t.Fatalf("no speech: %q", s.Notices)
		}
		if s.Speech.Params().Rate != 265 {
			t.Errorf("rate %d at the start", s.Speech.Params().Rate)
		}
		for _, c := range []struct {
			path    string
			value   any
			applied int
		}{
			{"display.theme", "dark", 0},
			{"reading.wrap_navigation", true, 0},
			{"highlight.color", "green", 0},
			{"speech.rate", 400.0, 1},
			{"speech.pitch", 3.0, 2},
			{"keyboard.character_keys", false, 2},
			{"highlight.speed", 1.3, 3}, // it paces the words of voices that report none
		} {
			if _, err := s.Settings.Set(c.path, c.value); err != nil {
				t.Fatal(err)
			}
			if got := s.speechApplied(); got != c.applied {
				t.Errorf("after %s: speech applied %d times, want %d", c.path, got, c.applied)
			}
		}
		if p := s.Speech.Params(); p.Rate != 400 || p.Pitch != 3 || p.HighlightSpeed != 1.3 {
			t.Errorf("params %+v", p)
		}
		s.Close()
	}
}

// A speech engine that cannot start is a notice, after the settings
// warnings; the reader in screen-reader mode opens none.
func TestSpeechNoticesAndModes(t *testing.T) {
	s := Open(Options{Home: home(t, broken), Backend: "sapi", Getenv: env(map[string]string{envSink: "clock"})})
	defer s.Close()
	if n := s.Notices; len(n) != 5 || !strings.HasPrefix(n[3], "Speech engine sapi is not available; using ") || !strings.HasPrefix(n[4], "Why sapi is not available: ") {
		t.Errorf("notices %q", n)
	}
	r := Open(Options{Home: home(t, "[accessibility]\nmode = \"screen-reader\"\n"), Modes: true, Backend: "null"})
	defer r.Close()
	if r.Speech != nil || r.Mode != ScreenReader || r.Speaks() {
		t.Errorf("screen-reader mode: speech %v, mode %q", r.Speech, r.Mode)
	}
	h := Open(Options{Home: home(t, "[accessibility]\nmode = \"hybrid\"\n"), Modes: true, Backend: "null",
		Getenv: env(map[string]string{envSink: "clock"})})
	defer h.Close()
	if h.Speech == nil || h.Speaks() {
		t.Errorf("hybrid mode: speech %v, speaks %v", h.Speech, h.Speaks())
	}
	// Serve does not look at the mode.
	sv := Open(Options{Home: home(t, "[accessibility]\nmode = \"screen-reader\"\n"), Backend: "null",
		Getenv: env(map[string]string{envSink: "clock"})})
	defer sv.Close()
	if sv.Speech == nil || sv.Mode != SelfVoicing {
		t.Errorf("serve: speech %v, mode %q", sv.Speech, sv.Mode)
	}
}

// "-" opens what was read from standard input.
func TestStdinDocument(t *testing.T) {
	s := Open(Options{Home: home(t, ""), NoSpeech: true, Stdin: []byte("From a pipe.\n")})
	defer s.Close()
	if err := s.App.Open(StdinPath); err != nil {
		t.Fatal(err)
	}
	if d := s.App.Doc(); d == nil || d.Text != "From a pipe.\n" {
		t.Fatalf("document %v", d)
	}
}

func TestHome(t *testing.T) {
	if h := Home("/flag", env(map[string]string{"TEXTWEAVER_HOME": "/env"})); h != "/flag" {
		t.Error(h)
	}
	if h := Home("", env(map[string]string{"TEXTWEAVER_HOME": "/env"})); h != "/env" {
		t.Error(h)
	}
	if h := Home("", env(nil)); !strings.HasSuffix(h, "textweaver") {
		t.Error(h)
	}
}

// The gate passes its input through, and ends it at once when closed,
// even while a read waits.
func TestGate(t *testing.T) {
	g := newGate(strings.NewReader("some input"))
	data, err := io.ReadAll(g)
	if string(data) != "some input" || err != nil {
		t.Fatalf("%q %v", data, err)
	}
	pr, pw := io.Pipe()
	defer pw.Close()
	g = newGate(pr)
	got := make(chan error, 1)
	go func() {
		buf := make([]byte, 10)
		_, err := g.Read(buf)
		got <- err
	}()
	time.Sleep(20 * time.Millisecond)
	g.close()
	select {
	case err := <-got:
		if err != io.EOF {
			t.Errorf("a closed gate reads %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a read went on after the gate closed")
	}
}

func TestWindowsHome(t *testing.T) {
	tests := []struct {
		goos, appdata, want string
	}{
		{"windows", `C:\Users\Ann\AppData\Roaming`, `C:\Users\Ann\AppData\Roaming\textweaver`},
		{"windows", `C:\Users\Ann\AppData\Roaming\`, `C:\Users\Ann\AppData\Roaming\textweaver`},
		{"windows", `D:\`, `D:\textweaver`},
		{"windows", `\\server\profiles\ann`, `\\server\profiles\ann\textweaver`},
		{"windows", "", ""},
		{"linux", `C:\Users\Ann\AppData\Roaming`, ""},
	}
	for _, tt := range tests {
		if got := windowsHome(tt.goos, env(map[string]string{"APPDATA": tt.appdata})); got != tt.want {
			t.Errorf("windowsHome(%s, %q) = %q, want %q", tt.goos, tt.appdata, got, tt.want)
		}
	}
	// --home and TEXTWEAVER_HOME come first on every system.
	if got := Home(`E:\tw`, env(nil)); got != `E:\tw` {
		t.Errorf("Home(--home) = %q", got)
	}
	if got := Home("", env(map[string]string{"TEXTWEAVER_HOME": `F:\x`, "APPDATA": `C:\A`})); got != `F:\x` {
		t.Errorf("Home(TEXTWEAVER_HOME) = %q", got)
	}
}

// speech.interrupt_announcements: on (the default) a newer announcement
// cuts off the one being heard; off, each is heard whole, in order. It
// takes effect at open and when changed.
func TestInterruptAnnouncementsSetting(t *testing.T) {
	for _, tc := range []struct {
		toml      string
		wantQueue bool
	}{
		{"", false},
		{"[speech]\ninterrupt_announcements = true\n", false},
		{"[speech]\ninterrupt_announcements = false\n", true},
	} {
		s := Open(Options{Home: home(t, tc.toml), Backend: "null", Getenv: env(map[string]string{envSink: "clock"})})
		if got := s.Speech.QueuesAnnouncements(); got != tc.wantQueue {
			t.Errorf("%q: queues announcements %v, want %v", tc.toml, got, tc.wantQueue)
		}
		if _, err := s.Settings.Set("speech.interrupt_announcements", tc.wantQueue); err != nil {
			t.Fatal(err)
		}
		if got := s.Speech.QueuesAnnouncements(); got == tc.wantQueue {
			t.Errorf("%q: after changing the setting, queues announcements is still %v", tc.toml, got)
		}
		s.Close()
	}
}

// A voice setting typed as name words is resolved to the engine's voice,
// with no "not available" notice.
func TestVoiceSettingResolved(t *testing.T) {
	s := Open(Options{Home: home(t, "[speech]\nvoice = \"english america\"\n"), Backend: "espeak", Getenv: env(map[string]string{envSink: "clock"})})
	defer s.Close()
	if v := s.Speech.CurrentVoice(); v != "gmw/en-US" {
		t.Errorf("voice %q, want gmw/en-US", v)
	}
	for _, n := range s.Notices {
		if strings.Contains(n, "Voice") {
			t.Errorf("notice %q", n)
		}
	}
}

// With no audio device, each reading is also shown, and the voice's own
// abilities (voices, current voice, notices) pass through.
func TestShownReadingPassesTheVoiceThrough(t *testing.T) {
	svc, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	var shown []string
	v := shownReading{voiced: voiced{svc}, show: func(d *doc.Document, from, to int) { shown = append(shown, d.Slice(from, to)) }}
	if vs, err := v.Voices(); err != nil || len(vs) == 0 || vs[0].Engine != "espeak" {
		t.Errorf("voices %d, %v", len(vs), err)
	}
	if v.ID() != "espeak, no audio" || v.CurrentVoice() != svc.CurrentVoice() {
		t.Errorf("id %q, voice %q", v.ID(), v.CurrentVoice())
	}
	d := doc.New("one two", doc.Meta{}, nil)
	done := make(chan bool, 1)
	v.Read(d, 4, 7, nil, func(c bool) { done <- c })
	if c := <-done; !c || len(shown) != 1 || shown[0] != "two" {
		t.Errorf("completed %v, shown %q", c, shown)
	}
	v.SayNotice("A notice.")
}
