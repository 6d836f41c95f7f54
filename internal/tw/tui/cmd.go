package tui

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/cli"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

func init() {
	cli.Extra["open"] = Main
}

// AutosaveEvery is how often the place is saved while it changes.
var AutosaveEvery = 30 * time.Second

// Environment variables the terminal reader reads besides TEXTWEAVER_HOME.
const (
	// EnvAnnounceLog names a file that gets one line per announcement.
	EnvAnnounceLog = "TEXTWEAVER_ANNOUNCE_LOG"
	// EnvPositionLog names a file that gets "start end line" for each word
	// heard (the position notifications).
	EnvPositionLog = "TEXTWEAVER_POSITION_LOG"
)

const usageText = `tw open FILE [--no-speech] [--backend ID] [--home DIR]
  The terminal reader: reads FILE aloud and shows the word being heard.
  --no-speech   no voice; readings are shown on the message line
  --backend ID  the speech engine (tw backends lists them)
  --home DIR    settings, places and marks (else $TEXTWEAVER_HOME)
Keys: Enter reads, Escape stops, h and Shift+H headings, Alt+. sentences,
Right and Left words, / finds, m bookmarks, a notes, Ctrl+E edits,
? lists every key, Shift+F1 says what a key does, Ctrl+Q quits.
`

// openArgs is the parsed command line of tw open.
type openArgs struct {
	file, backend, home string
	noSpeech            bool
}

func parseOpenArgs(argv []string) (openArgs, error) {
	var a openArgs
	var pos []string
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		if arg == "--" {
			pos = append(pos, argv[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			pos = append(pos, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch name {
		case "no-speech":
			if hasValue {
				return a, fmt.Errorf("--no-speech takes no value")
			}
			a.noSpeech = true
		case "backend", "home":
			if !hasValue {
				if i+1 >= len(argv) {
					return a, fmt.Errorf("--%s needs a value", name)
				}
				i++
				value = argv[i]
			}
			if name == "backend" {
				a.backend = value
			} else {
				a.home = value
			}
		default:
			return a, fmt.Errorf("unknown option %s", arg)
		}
	}
	if len(pos) != 1 {
		return a, fmt.Errorf("give one document to open")
	}
	a.file = pos[0]
	return a, nil
}

// Main runs `tw open` (and `tw FILE`) and returns the exit code.
func Main(argv []string, env cli.Env) int {
	if len(argv) > 0 && argv[0] == "open" {
		argv = argv[1:]
	}
	for _, arg := range argv {
		if arg == "--help" || arg == "-h" {
			fmt.Fprint(env.Stdout, usageText)
			return 0
		}
	}
	a, err := parseOpenArgs(argv)
	if err != nil {
		fmt.Fprintf(env.Stderr, "Error: tw open: %v. Usage: tw open FILE [--no-speech] [--backend ID] [--home DIR].\n", err)
		return 2
	}
	info, err := os.Stat(a.file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(env.Stderr, "Error: tw open: cannot read %s: no such file. Check the path and try again.\n", a.file)
		return 1
	case err != nil:
		fmt.Fprintf(env.Stderr, "Error: tw open: cannot read %s: %v. Check the path and try again.\n", a.file, err)
		return 1
	case info.IsDir():
		fmt.Fprintf(env.Stderr, "Error: tw open: cannot read %s: is a folder. Give a file, not a folder.\n", a.file)
		return 1
	}
	return run(a, env, tcell.NewScreen)
}

// session is everything one run of the reader owns.
type session struct {
	app     *core.App
	events  *Events
	speech  *cli.Speaker
	speak   func(string)
	closers []io.Closer
}

func (s *session) close() {
	s.app.Close()
	if s.speech != nil {
		s.speech.Close()
	}
	for _, c := range s.closers {
		c.Close()
	}
}

// speaker is the server's speech adapter with the announcements left out
// in hybrid mode, where the screen reader says them.
type speaker struct {
	*cli.Speaker
	announce bool
}

func (p speaker) Say(text string) {
	if p.announce {
		p.Speaker.Say(text)
	}
}

// appSettings is the settings store as the app sees it, wrapped exactly
// as tw serve wraps it (cli.ReaderSettings), with the store kept for
// change callbacks.
type appSettings struct {
	core.Settings
	store *settings.Store
}

func (s *appSettings) OnChange(f func(path string, value any)) { s.store.OnChange(f) }

func openAppend(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
}

// newSession opens settings, speech and the app, as tw serve does, and
// opens the document.
func newSession(a openArgs, env cli.Env) (*session, *appSettings, string, error) {
	home := cli.Home(a.home, env.Getenv)
	s := &session{}
	var announceLog, positionLog io.Writer
	if p := env.Getenv(EnvAnnounceLog); p != "" {
		f, err := openAppend(p)
		if err != nil {
			return nil, nil, "", fmt.Errorf("cannot write the announcement log %s: %v", p, err)
		}
		s.closers = append(s.closers, f)
		announceLog = f
	}
	if p := env.Getenv(EnvPositionLog); p != "" {
		f, err := openAppend(p)
		if err != nil {
			return nil, nil, "", fmt.Errorf("cannot write the position log %s: %v", p, err)
		}
		s.closers = append(s.closers, f)
		positionLog = f
	}
	s.events = NewEvents(announceLog, positionLog)
	logger := log.New(io.Discard, "", 0)
	stateDir := docstate.Store{Home: home}.StateDir()
	if err := os.MkdirAll(stateDir, 0o755); err == nil {
		if f, err := openAppend(filepath.Join(stateDir, "textweaver.log")); err == nil {
			s.closers = append(s.closers, f)
			logger = log.New(f, "tw open: ", log.LstdFlags)
		}
	}
	opts := core.Options{Home: home, Events: s.events, Load: load.File, Parse: load.Bytes, Logger: logger}
	settingsStore, notices := cli.OpenSettings(home, logger)
	var st *appSettings
	mode := SelfVoicing
	if settingsStore != nil {
		st = &appSettings{cli.ReaderSettings(settingsStore), settingsStore}
		opts.Settings = st.Settings
		mode = st.String("accessibility.mode")
	}
	if !a.noSpeech && mode != ScreenReader {
		backend := a.backend
		if backend == "" && st != nil {
			backend = st.String("speech.backend")
		}
		sp, n := cli.OpenSpeaker(backend, opts.Settings, env.Getenv)
		notices = append(notices, n...)
		if sp != nil {
			s.speech = sp
			opts.Speaker = speaker{Speaker: sp, announce: mode == SelfVoicing}
			if mode == SelfVoicing {
				s.speak = sp.Say
			}
			if st != nil {
				st.OnChange(func(path string, _ any) {
					if strings.HasPrefix(path, "speech.") {
						sp.SetParams(cli.SpeechParams(st))
					}
				})
			}
		}
	}
	if opts.Speaker == nil {
		// tw is silent: a reading is shown for the screen reader instead.
		opts.Speaker = textSpeaker{id: "silent", events: s.events}
	}
	s.app = core.New(opts)
	for _, n := range notices {
		s.events.Announce(n, core.Polite)
		if s.speak != nil {
			s.speak(n)
		}
	}
	if err := s.app.Open(a.file); err != nil {
		s.close()
		var le *load.Error
		if errors.As(err, &le) {
			return nil, nil, "", fmt.Errorf("cannot read %s: %s", a.file, le.Reason)
		}
		return nil, nil, "", err
	}
	return s, st, mode, nil
}

// quitEvent asks the loop to save and stop (a signal arrived).
type quitEvent struct{ tcell.EventTime }

// run opens the document first, so that a file that cannot be read is
// reported plainly, then takes over the terminal.
func run(a openArgs, env cli.Env, newScreen func() (tcell.Screen, error)) (code int) {
	s, st, mode, err := newSession(a, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "Error: tw open: %v. Check the file and try again.\n", err)
		return 1
	}
	defer s.close()
	scr, err := newScreen()
	if err == nil {
		err = scr.Init()
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "Error: tw open: cannot use the terminal: %v. Run tw open in a terminal, or tw text %s to print the text.\n", err, a.file)
		return 1
	}
	scr.EnablePaste()
	cfg := Config{App: s.app, Events: s.events, Screen: scr, Speak: s.speak, Accessibility: mode,
		CharacterKeys: true, Highlight: true}
	preset := "default"
	if st != nil {
		cfg.CharacterKeys = st.Bool("keyboard.character_keys")
		cfg.LineNumbers = st.Bool("display.line_numbers")
		cfg.Highlight = st.Bool("highlight.enabled")
		cfg.Settings = st
		preset = st.String("keyboard.preset")
	}
	cfg.Keymap = NewKeymap(preset, cli.Home(a.home, env.Getenv))
	r := New(cfg)
	for _, w := range cfg.Keymap.Warnings {
		r.say(w)
	}

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sig:
			ev := &quitEvent{}
			ev.SetEventNow()
			scr.PostEventWait(ev)
		case <-done:
		}
	}()
	s.app.StartAutosave(AutosaveEvery)

	return Loop(r, scr, env.Stderr, s.app.Save)
}

// Loop runs the reader until it quits, drawing after every event. The
// terminal is put back on every way out, a panic included: then the place
// is saved with save, the error goes to stderr and the exit code is 1.
func Loop(r *Reader, scr tcell.Screen, stderr io.Writer, save func()) (code int) {
	defer func() {
		if p := recover(); p != nil {
			scr.Fini()
			if save != nil {
				save()
			}
			fmt.Fprintf(stderr, "Error: tw open stopped on an internal error: %v. Your place was saved; please report this with what follows.\n%s", p, debug.Stack())
			code = 1
			return
		}
		scr.Fini()
	}()
	r.Draw()
	for !r.Quit() {
		switch ev := scr.PollEvent().(type) {
		case nil:
			return 0
		case *tcell.EventKey:
			if r.pasting {
				r.pasted.WriteString(pasteText(ev))
				continue
			}
			r.HandleKey(ev)
		case *tcell.EventPaste:
			if ev.Start() {
				r.pasting = true
				r.pasted.Reset()
				continue
			}
			r.pasting = false
			r.Paste(r.pasted.String())
		case *tcell.EventResize:
			scr.Sync()
		case *quitEvent:
			return 0
		}
		if !r.Quit() {
			r.Draw()
		}
	}
	return 0
}

// pasteText is the text a key stands for inside a bracketed paste.
func pasteText(ev *tcell.EventKey) string {
	switch ev.Key() {
	case tcell.KeyRune:
		return string(ev.Rune())
	case tcell.KeyEnter:
		return "\n"
	case tcell.KeyTab:
		return "\t"
	}
	return ""
}
