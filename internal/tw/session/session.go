// Package session is tw's composition root: the one place that builds what
// a run of tw owns — the home folder, the log, the settings (with their
// warnings), the speech engine (chosen and tuned from the settings), the
// reading core, the signals and the autosave. `tw serve`, the terminal
// reader and the command-line tools all build it here, so they cannot
// drift apart.
package session

import (
	"fmt"
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

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/units"
)

// Accessibility modes (the accessibility.mode setting).
const (
	SelfVoicing  = "self-voicing"
	Hybrid       = "hybrid"
	ScreenReader = "screen-reader"
)

// Environment variables read here besides TEXTWEAVER_HOME.
const (
	// envSink chooses the speech sink: "clock", "device", "wav:PATH".
	envSink = "TEXTWEAVER_SPEECH_SINK"
	// envSpeed speeds the clock sink up, for tests.
	envSpeed = "TEXTWEAVER_SPEECH_SPEED"
	// envLog set to "debug" logs with microseconds and file:line.
	envLog = "TEXTWEAVER_LOG"
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
	// Format, when not "", is the input format (load.Options.Format) of
	// the document named on the command line: standard input, or the file
	// FormatOf. Other documents go by their name.
	Format   string
	FormatOf string
	// ShowReading, when not nil, is told what is read whenever tw reads
	// with no audio device (silently, at the speed of speech), so the
	// front end can show it: otherwise c, w, . and , would answer nothing.
	ShowReading func(d *doc.Document, from, to int)
	// ShowSaid, when not nil, is told each utterance of a continuous
	// reading (the document's structure said: "heading level 2, Methods")
	// as it is read with no audio device; ShowReading then is not told.
	ShowSaid func(text string)
	// Localized: the notices (settings warnings, speech falling back, no
	// audio device) are given in the interface language (interface.language,
	// or the locale read through Getenv), as the terminal reader says
	// them. Without it they are English, as JSON-RPC gives them (the spec
	// fixes their text).
	Localized bool
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
	// NoAudio: the voice found no audio device and reads silently.
	NoAudio bool
	// language is the language of the notices ("en" unless localized).
	language string

	logFile   io.Closer
	closeOnce sync.Once
	applied   int // times the speech settings were applied (for tests)
	mu        sync.Mutex
	// voice is Speech as the app's voice (a fake in tests); speechTried
	// says speech was opened once, so a failure is not retried at every
	// change of mode.
	voice       core.Speaker
	speechTried bool
	// openVoice opens speech for a continuous reading in screen-reader
	// mode with accessibility.say_all = voice; nil outside the terminal
	// reader's modes.
	openVoice func()
	// pace shows continuous reading in screen-reader mode sentence by
	// sentence (sayall.go).
	pace       pacer
	autosaving bool // StartAutosave was called
	restartMu  sync.Mutex
}

// Open builds a session. It never fails: what cannot be opened (the log,
// settings.toml, a speech engine) is logged and turned into a notice, and
// tw goes on without it.
func Open(o Options) *Session {
	if o.Getenv == nil {
		o.Getenv = func(string) string { return "" }
	}
	s := &Session{Home: Home(o.Home, o.Getenv), Mode: SelfVoicing}
	s.Logger, s.logFile = openLog(s.Home, o.LogPrefix, o.Getenv)
	i18n.SetHome(s.Home, func(err error) { s.Logger.Printf("%v", err) })

	opts := core.Options{Home: s.Home, Events: o.Events, Parse: load.Bytes, Logger: s.Logger}
	st, warnings, err := settings.OpenMessages(s.Home)
	s.language = "en"
	if o.Localized {
		setting := i18n.Auto
		if err == nil {
			setting = st.String(i18n.Setting)
		}
		s.language = i18n.Resolve(setting, o.Getenv)
	}
	for _, w := range warnings {
		// The log is read by whoever reports a problem: English.
		s.Logger.Printf("settings: %s", w)
		s.Notices = append(s.Notices, w.In(i18n.For(s.language)))
	}
	if err != nil {
		s.Logger.Printf("settings: %v", err)
		s.Notices = append(s.Notices, err.Error())
	} else {
		s.Settings = st
		opts.Settings = Settings{st}
		// Each voice keeps its rate and pitch (speech.voice_params),
		// whatever changes the voice: a key, the voice list, a client.
		settings.RememberVoiceParams(st)
		if o.Modes {
			s.Mode = st.String("accessibility.mode")
		}
	}

	if !o.NoSpeech && s.Mode != ScreenReader {
		s.openSpeech(o)
	}
	opts.ExportAudio = s.exportAudio
	switch {
	case o.Modes && !o.NoSpeech:
		// The mode may change while tw runs (cycle_access_mode).
		opts.Speaker = modal{s: s, silent: o.Silent}
		s.openVoice = func() { s.openSpeech(o) }
		if s.Settings != nil {
			s.Settings.OnChange(func(path string, v any) {
				if path == "accessibility.mode" {
					mode, _ := v.(string)
					s.setMode(mode, o)
				}
			})
		}
	case s.Speech != nil:
		opts.Speaker = s.voice
	case o.Silent != nil:
		opts.Speaker = o.Silent
	}
	var fromSettings func(*load.Options)
	if st := s.Settings; st != nil {
		fromSettings = func(o *load.Options) { loadSettings(st, o) }
	}
	opts.Load, opts.LoadPassword = fileLoadersWith(loadProgress(o.Events, opts.Speaker, s.tr), o.Stdin, o.FormatOf, o.Format, fromSettings)
	opts.Reload = func(path string, data []byte, revisions string) (*doc.Document, error) {
		var lo load.Options
		if fromSettings != nil {
			fromSettings(&lo)
		}
		lo.Revisions = revisions
		return load.BytesOptions(path, data, lo)
	}
	s.App = core.New(opts)
	if s.Settings != nil {
		s.Settings.SetCheck("speech.voice", s.checkVoice)
		s.dropUnusableVoice()
	}
	return s
}

// dropUnusableVoice uses the engine's default voice in place of a
// speech.voice from settings.toml that the engine does not have (speech
// said so when it opened), as other settings that cannot be used load as
// their defaults; the file keeps it.
func (s *Session) dropUnusableVoice() {
	s.mu.Lock()
	svc := s.Speech
	s.mu.Unlock()
	if svc == nil {
		return
	}
	if _, refusal := svc.CheckVoice(s.Settings.String("speech.voice")); refusal != nil {
		s.Settings.UseDefault("speech.voice")
	}
}

// checkVoice refuses a speech.voice that no voice of the engine in use
// matches, with the nearest voices; a voice of an engine that is not
// running now is kept, and the user told so. Without speech nothing can
// be checked, and every voice is kept.
func (s *Session) checkVoice(value any) error {
	name, _ := value.(string)
	s.mu.Lock()
	svc := s.Speech
	s.mu.Unlock()
	if svc == nil || name == "" {
		return nil
	}
	notice, refusal := svc.CheckVoice(name)
	if refusal != nil {
		return *refusal
	}
	if notice != nil {
		s.Logger.Printf("settings: %s", notice)
		text := notice.In(i18n.For(s.language))
		// Set may be called from inside an action, which holds the app's
		// lock: the notice is said once it is done.
		go s.App.Announce(text, core.Polite)
	}
	return nil
}

// progressEvery spaces the announcements of long loading work.
const progressEvery = 4 * time.Second

// loadProgress tells the listener about long work while a document loads
// (OCR of scanned pages, a second or more each): when it starts, then at
// most every progressEvery, so that nobody waits in silence.
func loadProgress(events core.Events, speaker core.Speaker, tr func(key string, args ...any) string) func(done, total int, step string) {
	var last time.Time
	return func(done, total int, step string) {
		if done > 0 && time.Since(last) < progressEvery {
			return
		}
		last = time.Now()
		text := fmt.Sprintf("Recognising scanned %s %d of %d.", step, done+1, total)
		if step == "page" { // the only step there is; said in the notices' language
			text = tr("Recognising scanned page %d of %d.", done+1, total)
		}
		if events != nil {
			events.Announce(text, core.Polite)
		}
		if speaker != nil {
			speaker.Say(text)
		}
	}
}

// openSpeech opens the engine: --backend, else speech.backend; "auto" picks
// the best available. Its parameters follow the speech.* settings.
func (s *Session) openSpeech(o Options) {
	ov := speech.Overrides{Backend: o.Backend, Sink: o.Getenv(envSink), Language: s.language}
	if v, err := strconv.ParseFloat(o.Getenv(envSpeed), 64); err == nil && v > 0 {
		ov.Speed = v
	}
	so := speech.OptionsFrom(s.speechSettings(), ov)
	s.mu.Lock()
	s.speechTried = true
	s.mu.Unlock()
	svc, notices, err := speech.Open(so)
	if n := s.medicalLexiconNotice(); n != "" {
		notices = append(notices, n)
	}
	if app := s.App; app != nil {
		// Opened later, when a mode that speaks was chosen (from inside an
		// action of the app, which holds its lock): the notices are said
		// once the action is done.
		later := append([]string(nil), notices...)
		if err != nil {
			later = append(later, s.couldNotStart(err))
		}
		if len(later) > 0 {
			go func() {
				for _, n := range later {
					app.Announce(n, core.Polite)
				}
			}()
		}
	}
	s.Notices = append(s.Notices, notices...)
	if err != nil {
		s.Notices = append(s.Notices, s.couldNotStart(err))
		return
	}
	// "auto" fell back to the clock: there is no audio device (the null
	// engine always uses the clock and says so itself).
	noAudio := so.Sink == "auto" && svc.SinkKind() == "clock" && svc.ID() != "null"
	// The app's voice knows its voices (the Voices list, restart_speech);
	// with no audio device each reading is also shown.
	var voice core.Speaker = voiced{svc}
	if noAudio && o.ShowReading != nil {
		voice = shownReading{voiced: voiced{svc}, show: o.ShowReading, said: o.ShowSaid, printer: s.printerOf(o)}
	}
	voice = s.narratedVoice(voiced{svc}, voice)
	s.mu.Lock()
	s.Speech, s.voice, s.NoAudio = svc, voice, noAudio
	s.mu.Unlock()
	if s.Settings != nil {
		s.Settings.OnChange(func(path string, _ any) {
			switch {
			case strings.HasPrefix(path, "speech."), strings.HasPrefix(path, "normalization."), path == "highlight.speed":
				s.applySpeech()
				if n := s.medicalLexiconNotice(); n != "" && strings.HasPrefix(path, "normalization.medical_lexicon.") {
					// After the change, outside the action that made it.
					if app := s.App; app != nil {
						go app.Announce(n, core.Polite)
					}
				}
			case path == i18n.Setting && o.Localized:
				// The words tw says itself follow the interface language
				// into its voice.
				svc.SetLanguage(i18n.Resolve(s.Settings.String(i18n.Setting), o.Getenv))
			}
		})
	}
}

// medicalLexiconNotice says why the user's medical pronunciations are not
// used while the medical lexicon is on; "" when they are, or it is off.
func (s *Session) medicalLexiconNotice() string {
	if s.Settings == nil {
		return ""
	}
	if err := settings.MedicalLexiconProblem(s.Settings); err != nil {
		return s.tr("Your medical pronunciations are not used: %v.", err)
	}
	return ""
}

// couldNotStart is the notice of a speech engine that failed to start; the
// reason is the engine's own.
func (s *Session) couldNotStart(err error) string {
	return s.tr("Speech could not start: %s", err.Error())
}

// printerOf is the interface language's printer as it is now: that of
// interface.language when the session is localized, else English.
func (s *Session) printerOf(o Options) func() *i18n.Printer {
	return func() *i18n.Printer {
		if !o.Localized || s.Settings == nil {
			return i18n.For(s.language)
		}
		return i18n.For(i18n.Resolve(s.Settings.String(i18n.Setting), o.Getenv))
	}
}

// tr formats a notice in the language of the session's notices.
func (s *Session) tr(key string, args ...any) string {
	return i18n.For(s.language).Sprintf(key, args...)
}

// speechSettings are the settings speech follows: the store, or nil (the
// defaults) when settings.toml could not be read.
func (s *Session) speechSettings() speech.Settings {
	if s.Settings == nil {
		return nil
	}
	return s.Settings
}

// applySpeech gives the engine the current speech settings.
func (s *Session) applySpeech() {
	s.mu.Lock()
	s.applied++
	s.mu.Unlock()
	so := speech.OptionsFrom(s.speechSettings(), speech.Overrides{})
	s.Speech.SetParams(so.Params)
	s.Speech.SetQueueAnnouncements(so.QueueAnnouncements)
	if so.OutputDevice != s.Speech.OutputDevice() {
		// Not on this goroutine: it may be inside an action of the app,
		// and a restart of speech stops the reading, whose end the app
		// hears. One change at a time, each with the latest value.
		go func() {
			s.restartMu.Lock()
			defer s.restartMu.Unlock()
			notices, err := s.Speech.SetOutputDevice(s.speechSettings().String("speech.output_device"))
			if err != nil {
				notices = append(notices, s.couldNotStart(err))
			}
			if app := s.App; app != nil {
				for _, n := range notices {
					app.Announce(n, core.Polite)
				}
			}
		}()
	}
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
		s.App.AnnounceNotice(n)
	}
}

// Speaks reports whether tw itself says its announcements (self-voicing
// with a voice), now.
func (s *Session) Speaks() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.voice != nil && s.Mode == SelfVoicing
}

// StartAutosave saves the reading place every reading.autosave_seconds
// and, with editing.autosave, the document being edited every
// editing.autosave_interval_secs; a new value of either takes effect at
// once.
func (s *Session) StartAutosave() {
	every := settings.Defaults{}.Int("reading.autosave_seconds")
	if s.Settings != nil {
		every = s.Settings.Int("reading.autosave_seconds")
		s.mu.Lock()
		first := !s.autosaving
		s.autosaving = true
		s.mu.Unlock()
		if first {
			s.Settings.OnChange(func(path string, v any) {
				if path != "reading.autosave_seconds" && path != "editing.autosave_interval_secs" {
					return
				}
				// Not on this goroutine: it may be inside an action of the
				// app, which the autosave waits for while it stops. One
				// restart at a time, each with the latest value.
				go func() {
					s.restartMu.Lock()
					defer s.restartMu.Unlock()
					s.App.StopAutosave()
					s.App.StartAutosave(time.Duration(s.Settings.Int("reading.autosave_seconds")) * time.Second)
				}()
			})
		}
	}
	s.App.StartAutosave(time.Duration(every) * time.Second)
}

// Close saves the place, stops the autosave, closes speech (finishing a WAV
// file) and the log. It may be called more than once.
func (s *Session) Close() {
	s.closeOnce.Do(func() {
		s.App.StopAutosave()
		s.App.Close()
		s.mu.Lock()
		sp := s.Speech
		s.mu.Unlock()
		if sp != nil {
			sp.Close()
		}
		if s.logFile != nil {
			s.logFile.Close()
		}
	})
}

// StdinPath is the path that names standard input.
const StdinPath = "-"

// fileLoaders are the app's loaders: files (with progress of long work),
// and, when stdin holds standard input's bytes, those for the path "-"
// (which the core makes absolute), read as load.StdinBytes reads them.
// format is the input format of standard input and of the file formatOf.
func fileLoaders(progress func(done, total int, step string), stdin []byte, formatOf, format string) (core.Loader, core.PasswordLoader) {
	return fileLoadersWith(progress, stdin, formatOf, format, nil)
}

// fileLoadersWith is fileLoaders with what fromSettings puts into each
// load's options (nil: the defaults), such as the liblouis table braille
// files are read in.
func fileLoadersWith(progress func(done, total int, step string), stdin []byte, formatOf, format string, fromSettings func(*load.Options)) (core.Loader, core.PasswordLoader) {
	abs, _ := filepath.Abs(StdinPath)
	isStdin := func(path string) bool { return stdin != nil && (path == StdinPath || path == abs) }
	named, _ := filepath.Abs(formatOf)
	options := func(path string) load.Options {
		o := load.Options{Progress: progress}
		if fromSettings != nil {
			fromSettings(&o)
		}
		if isStdin(path) || formatOf != "" && (path == formatOf || path == named) {
			o.Format = format
		}
		return o
	}
	loadStdin := func(o load.Options) (*doc.Document, error) {
		d, err := load.StdinBytes(stdin, o)
		if err == nil {
			d.Meta.Path = StdinPath
			if d.Meta.Title == load.StdinTitle {
				d.Meta.Title = StdinPath // the reader says "Opened -."
			}
		}
		return d, err
	}
	return func(path string) (*doc.Document, error) {
			if isStdin(path) {
				return loadStdin(options(path))
			}
			return load.FileOptions(path, options(path))
		}, func(path, password string) (*doc.Document, error) {
			o := options(path)
			o.Password = &password
			if isStdin(path) {
				return loadStdin(o)
			}
			return load.FileOptions(path, o)
		}
}

// signals are the signals that end tw politely: the client killing its
// child, Ctrl-C, a closed terminal.
var signals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}

// OnSignal calls f (once) when one of signals arrives; stop undoes it.
func OnSignal(f func()) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, signals...)
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

// Parse reads a value typed for a setting in the settings list.
func (Settings) Parse(path, text string) (any, error) {
	st, ok := settings.Lookup(path)
	if !ok {
		return nil, settings.ErrUnknown
	}
	return st.Parse(text)
}

// Visible lists the settings of the settings list.
func (Settings) Visible() []core.SettingLabel {
	var out []core.SettingLabel
	for _, st := range settings.Schema() {
		if !st.Internal && st.Kind != settings.KindTable && st.Kind != settings.KindList {
			out = append(out, core.SettingLabel{Path: st.Path, Label: st.Label, Help: st.Help})
		}
	}
	return out
}

var (
	_ core.SettingsEditor = Settings{}
	_ core.SettingsPorter = Settings{}
	_ core.Speaker        = (*speech.Service)(nil)
)

// voiced is the speech service as the reading core sees it: a Speaker that
// knows its voices (the Voices list, favorites, restart_speech).
type voiced struct{ *speech.Service }

var _ core.Voicer = voiced{}

// Voices lists the engine's voices for the Voices list; a
// speech-dispatcher voice names its module ("speechd/flite").
func (v voiced) Voices() ([]core.Voice, error) {
	vs, err := v.Service.Voices()
	if err != nil {
		return nil, err
	}
	out := make([]core.Voice, len(vs))
	for i, x := range vs {
		eng := x.Engine
		if x.Module != "" {
			eng += "/" + x.Module
		}
		name := x.Name
		if x.Variant != "" && !strings.Contains(name, x.Variant) {
			name += " " + x.Variant
		}
		out[i] = core.Voice{ID: x.ID, Name: name, Language: x.Language, Engine: eng, Gender: x.Gender}
	}
	return out, nil
}

// Restart rebuilds the engine.
func (v voiced) Restart() (string, []string, error) {
	notices, err := v.Service.Restart()
	return v.Service.ID(), notices, err
}

// shownReading is the voice when it has no audio device: each reading is
// also handed to show, for the screen and the announcement log. The
// voice's Voices list, samples, notices and restart are its own: they work
// without an audio device too.
type shownReading struct {
	voiced
	show func(d *doc.Document, from, to int)
	said func(text string) // nil: continuous readings are shown as others
	// printer is the interface language's, asked at every use so a change
	// of language is seen at once; nil is English.
	printer func() *i18n.Printer
}

var (
	_ core.Voicer        = shownReading{}
	_ core.NoticeSpeaker = shownReading{}
)

// sayNotice says a notice through v, whole when v can.
func sayNotice(v core.Speaker, text string) {
	if ns, ok := v.(core.NoticeSpeaker); ok {
		ns.SayNotice(text)
		return
	}
	v.Say(text)
}

// ID is the engine's id saying there is no audio device, in the
// interface language: the status bar shows it.
func (s shownReading) ID() string {
	p := i18n.For("en")
	if s.printer != nil {
		p = s.printer()
	}
	return p.Sprintf(msgNoAudio, s.voiced.ID())
}

// msgNoAudio is the engine's id with no audio device ("espeak, no audio").
var msgNoAudio = i18n.Key("%s, no audio")

func (s shownReading) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	s.show(d, from, to)
	s.voiced.Read(d, from, to, word, done)
}

// ReadContinuous reads continuously, each utterance shown as it is read.
func (s shownReading) ReadContinuous(ix *units.Index, from, to int, word func(start, end int), done func(completed bool)) {
	if s.said == nil {
		s.show(ix.Doc, from, to)
		s.voiced.ReadContinuous(ix, from, to, word, done)
		return
	}
	s.voiced.ReadContinuousWith(ix, from, to, speech.Handler{Word: word, Done: done, Said: s.said})
}

// openLog opens textweaver.log in the state folder of home; stdout is only
// for the protocol, and the spec keeps stderr quiet too. The log is the
// first thing a session writes in the home: it makes the home private
// first (see privateHome).
func openLog(home, prefix string, getenv func(string) string) (*log.Logger, io.Closer) {
	dir := docstate.Store{Home: home}.StateDir()
	if privateHome(home) != nil {
		// A file tw cannot tighten does not stop the log.
		os.MkdirAll(dir, atomicfile.PrivateDir)
	}
	if _, err := os.Stat(dir); err == nil {
		if f, err := os.OpenFile(filepath.Join(dir, logName), os.O_CREATE|os.O_APPEND|os.O_WRONLY, atomicfile.PrivateFile); err == nil {
			l := log.New(publicLines{f}, prefix, log.LstdFlags)
			if getenv(envLog) == "debug" {
				l.SetFlags(log.LstdFlags | log.Lmicroseconds | log.Lshortfile)
			}
			return l, f
		}
	}
	return log.New(io.Discard, "", 0), nil
}
