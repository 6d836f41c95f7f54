// Package session is tw's composition root: the one place that builds what
// a run of tw owns — the home folder, the log, the settings (with their
// warnings), the speech engine (chosen and tuned from the settings), the
// reading core, the signals and the autosave. `tw serve`, the terminal
// reader and the command-line tools all build it here, so they cannot
// drift apart.
package session

import (
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
)

// Accessibility modes (the accessibility.mode setting).
const (
	SelfVoicing  = "self-voicing"
	Hybrid       = "hybrid"
	ScreenReader = "screen-reader"
)

// Environment variables read here besides TEXTWEAVER_HOME.
const (
	// EnvSink chooses the speech sink: "clock", "device", "wav:PATH".
	EnvSink = "TEXTWEAVER_SPEECH_SINK"
	// EnvSpeed speeds the clock sink up, for tests.
	EnvSpeed = "TEXTWEAVER_SPEECH_SPEED"
	// EnvLog set to "debug" logs with microseconds and file:line.
	EnvLog = "TEXTWEAVER_LOG"
)

// Home returns the folder for settings and state: flag (--home), else
// TEXTWEAVER_HOME, else the user's config folder.
func Home(flag string, getenv func(string) string) string {
	if flag != "" {
		return flag
	}
	if h := getenv("TEXTWEAVER_HOME"); h != "" {
		return h
	}
	if h := windowsHome(runtime.GOOS, getenv); h != "" {
		return h
	}
	if dir, err := os.UserConfigDir(); err == nil {
		return filepath.Join(dir, "textweaver")
	}
	return ".textweaver"
}

// windowsHome is textweaver's home on Windows, %APPDATA%\textweaver (the
// roaming application data folder, C:\Users\NAME\AppData\Roaming); "" on
// other systems or when APPDATA is unset.
func windowsHome(goos string, getenv func(string) string) string {
	if goos != "windows" {
		return ""
	}
	dir := strings.TrimRight(getenv("APPDATA"), `\/`)
	if dir == "" {
		return ""
	}
	return dir + `\textweaver`
}

// Options say how a run is built.
type Options struct {
	Home   string // --home; "" uses TEXTWEAVER_HOME, else the user's config folder
	Getenv func(string) string
	Events core.Events
	// LogPrefix starts every line of textweaver.log ("tw open: ").
	LogPrefix string
	NoSpeech  bool
	Backend   string // --backend; "" uses the speech.backend setting
	// Modes honours accessibility.mode, as the terminal reader does: no
	// voice in screen-reader mode, and in hybrid mode announcements are
	// left to the screen reader.
	Modes bool
	// Silent is the voice when tw does not speak (nil: reading takes no
	// time).
	Silent core.Speaker
	// Stdin, when not nil, is the content of the document "-" (standard
	// input, read before the session opens).
	Stdin []byte
}

// Session is one run of tw.
type Session struct {
	Home   string
	Logger *log.Logger
	// Settings is nil when settings.toml could not be read at all.
	Settings *settings.Store
	// Speech is nil when tw does not speak.
	Speech *speech.Service
	App    *core.App
	// Mode is accessibility.mode (self-voicing when not honoured).
	Mode string
	// Notices are the settings warnings, then the speech notices, for the
	// front end to announce once the app is up (Announce does it).
	Notices []string

	logFile   io.Closer
	closeOnce sync.Once
	applied   int // times the speech settings were applied (for tests)
	mu        sync.Mutex
}

// Open builds a session. It never fails: what cannot be opened (the log,
// settings.toml, a speech engine) is logged and turned into a notice, and
// tw goes on without it.
func Open(o Options) *Session {
	if o.Getenv == nil {
		o.Getenv = func(string) string { return "" }
	}
	s := &Session{Home: Home(o.Home, o.Getenv), Mode: SelfVoicing}
	s.Logger, s.logFile = openLog(docstate.Store{Home: s.Home}.StateDir(), o.LogPrefix, o.Getenv)

	opts := core.Options{Home: s.Home, Events: o.Events, Load: load.File, Parse: load.Bytes, Logger: s.Logger}
	if o.Stdin != nil {
		opts.Load = stdinLoader(o.Stdin)
	}
	st, warnings, err := settings.Open(s.Home)
	for _, w := range warnings {
		s.Logger.Printf("settings: %s", w)
	}
	s.Notices = append(s.Notices, warnings...)
	if err != nil {
		s.Logger.Printf("settings: %v", err)
		s.Notices = append(s.Notices, err.Error())
	} else {
		s.Settings = st
		opts.Settings = Settings{st}
		if o.Modes {
			s.Mode = st.String("accessibility.mode")
		}
	}

	if !o.NoSpeech && s.Mode != ScreenReader {
		s.openSpeech(o)
	}
	opts.ExportAudio = s.exportAudio
	if s.Speech != nil {
		opts.Speaker = s.Speech
		if s.Mode == Hybrid {
			opts.Speaker = quiet{s.Speech}
		}
	} else if o.Silent != nil {
		opts.Speaker = o.Silent
	}
	s.App = core.New(opts)
	return s
}

// openSpeech opens the engine: --backend, else speech.backend; "auto" picks
// the best available. Its parameters follow the speech.* settings.
func (s *Session) openSpeech(o Options) {
	backend := o.Backend
	if backend == "" && s.Settings != nil {
		backend = s.Settings.String("speech.backend")
	}
	so := speech.Options{Backend: backend, Sink: o.Getenv(EnvSink), Params: s.speechParams()}
	if so.Sink == "" {
		so.Sink = "auto"
	}
	if v, err := strconv.ParseFloat(o.Getenv(EnvSpeed), 64); err == nil && v > 0 {
		so.Speed = v
	}
	svc, notices, err := speech.Open(so)
	s.Notices = append(s.Notices, notices...)
	if err != nil {
		s.Notices = append(s.Notices, "Speech could not start: "+err.Error())
		return
	}
	s.Speech = svc
	if s.Settings != nil {
		s.Settings.OnChange(func(path string, _ any) {
			if strings.HasPrefix(path, "speech.") {
				s.applySpeech()
			}
		})
	}
}

func (s *Session) speechParams() speech.Params {
	if s.Settings == nil {
		return speech.DefaultParams()
	}
	return speech.ParamsFrom(s.Settings)
}

// applySpeech gives the engine the current speech settings.
func (s *Session) applySpeech() {
	s.mu.Lock()
	s.applied++
	s.mu.Unlock()
	s.Speech.SetParams(s.speechParams())
}

// speechApplied returns how many times the speech settings were applied
// to the engine after it opened.
func (s *Session) speechApplied() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.applied
}

// Announce announces the notices, as the app announces (shown, and said
// when tw speaks for itself).
func (s *Session) Announce() {
	for _, n := range s.Notices {
		s.App.Announce(n, core.Polite)
	}
}

// Speaks reports whether tw itself says its announcements (self-voicing
// with a voice).
func (s *Session) Speaks() bool { return s.Speech != nil && s.Mode == SelfVoicing }

// StartAutosave saves the reading place every reading.autosave_seconds
// while it changes.
func (s *Session) StartAutosave() {
	every := settings.Defaults{}.Int("reading.autosave_seconds")
	if s.Settings != nil {
		every = s.Settings.Int("reading.autosave_seconds")
	}
	s.App.StartAutosave(time.Duration(every) * time.Second)
}

// Close saves the place, stops the autosave, closes speech (finishing a WAV
// file) and the log. It may be called more than once.
func (s *Session) Close() {
	s.closeOnce.Do(func() {
		s.App.StopAutosave()
		s.App.Close()
		if s.Speech != nil {
			s.Speech.Close()
		}
		if s.logFile != nil {
			s.logFile.Close()
		}
	})
}

// StdinPath is the path that names standard input.
const StdinPath = "-"

// stdinLoader loads data for the path "-" (which the core makes absolute)
// and files for every other path.
func stdinLoader(data []byte) core.Loader {
	abs, _ := filepath.Abs(StdinPath)
	return func(path string) (*doc.Document, error) {
		if path == StdinPath || path == abs {
			return load.Bytes(StdinPath, data)
		}
		return load.File(path)
	}
}

// Signals are the signals that end tw politely: the client killing its
// child, Ctrl-C, a closed terminal.
var Signals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}

// OnSignal calls f (once) when one of Signals arrives; stop undoes it.
func OnSignal(f func()) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, Signals...)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			f()
		case <-done:
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(sig)
			close(done)
		})
	}
}

// Settings is the settings store as the reading core uses it: the store
// itself, which never panics, with the settings list it shows.
type Settings struct{ *settings.Store }

// Visible lists the settings of the settings list.
func (Settings) Visible() []core.SettingLabel {
	var out []core.SettingLabel
	for _, st := range settings.Schema() {
		if !st.Internal && st.Kind != settings.KindTable && st.Kind != settings.KindList {
			out = append(out, core.SettingLabel{Path: st.Path, Label: st.Label})
		}
	}
	return out
}

var (
	_ core.SettingsEditor = Settings{}
	_ core.SettingsPorter = Settings{}
	_ core.Speaker        = (*speech.Service)(nil)
)

// quiet is the voice in hybrid mode: it reads, and leaves announcements to
// the screen reader.
type quiet struct{ *speech.Service }

func (quiet) Say(string) {}

// openLog opens textweaver.log in the state folder; stdout is only for the
// protocol, and the spec keeps stderr quiet too.
func openLog(dir, prefix string, getenv func(string) string) (*log.Logger, io.Closer) {
	if err := os.MkdirAll(dir, 0o755); err == nil {
		if f, err := os.OpenFile(filepath.Join(dir, "textweaver.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
			l := log.New(f, prefix, log.LstdFlags)
			if getenv(EnvLog) == "debug" {
				l.SetFlags(log.LstdFlags | log.Lmicroseconds | log.Lshortfile)
			}
			return l, f
		}
	}
	return log.New(io.Discard, "", 0), nil
}
