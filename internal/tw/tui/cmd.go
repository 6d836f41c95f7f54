package tui

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/session"
)

// Environment variables the terminal reader reads besides TEXTWEAVER_HOME.
const (
	// EnvAnnounceLog names a file that gets one line per announcement.
	EnvAnnounceLog = "TEXTWEAVER_ANNOUNCE_LOG"
	// EnvPositionLog names a file that gets "start end line" for each word
	// heard (the position notifications).
	EnvPositionLog = "TEXTWEAVER_POSITION_LOG"
)

// Keys is the short list of keys `tw open --help` gives.
const Keys = `Keys: Enter reads, Escape stops, h and Shift+H headings, Alt+. sentences,
Right and Left words, / finds, m bookmarks, a notes, Ctrl+E edits,
? lists every key, Shift+F1 says what a key does, Ctrl+Q quits.
F10 (or Alt and a menu's letter) opens the menus; F1 opens the user guide.`

// Options say what the terminal reader opens and how.
type Options struct {
	File string
	// Data, when not nil, is the document's content (read from standard
	// input); File then only names it.
	Data []byte
	// Format, when not "", is File's input format (tw open --from).
	Format        string
	Backend, Home string
	NoSpeech      bool
	Getenv        func(string) string
	Stderr        io.Writer
	// NewScreen makes the screen; nil uses the terminal (/dev/tty, so the
	// keys come from the terminal even when standard input was a file).
	NewScreen func() (tcell.Screen, error)
}

// TerminalError is a terminal the reader cannot use.
type TerminalError struct{ Err error }

func (e *TerminalError) Error() string { return "cannot use the terminal: " + e.Err.Error() }

// reader is everything one run of the reader owns besides the session.
type runState struct {
	sess    *session.Session
	events  *Events
	closers []io.Closer
	logs    []*heldLog
}

// A heldLog keeps what is written to it until it is released: the
// announcement and position logs say nothing of a session that has not yet
// taken over the terminal, so that a program that waits for "Opened" in
// the log and then types finds the keys read by the reader, not by a
// terminal still in line mode (where Ctrl+Q and Ctrl+S are flow control).
type heldLog struct {
	mu   sync.Mutex
	w    io.Writer
	held []byte
	open bool
}

func (h *heldLog) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.open {
		h.held = append(h.held, p...)
		return len(p), nil
	}
	return h.w.Write(p)
}

// release writes what was held and lets later writes through.
func (h *heldLog) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.open = true
	h.w.Write(h.held)
	h.held = nil
}

func (r *runState) close() {
	if r.sess != nil {
		r.sess.Close()
	}
	for _, c := range r.closers {
		c.Close()
	}
}

func openAppend(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
}

// open builds the session (as tw serve does, in package session) and
// opens the document.
func open(o Options) (*runState, error) {
	r := &runState{}
	var announceLog, positionLog io.Writer
	if p := o.Getenv(EnvAnnounceLog); p != "" {
		f, err := openAppend(p)
		if err != nil {
			return nil, fmt.Errorf("cannot write the announcement log %s: %w", p, err)
		}
		r.closers = append(r.closers, f)
		h := &heldLog{w: f}
		r.logs = append(r.logs, h)
		announceLog = h
	}
	if p := o.Getenv(EnvPositionLog); p != "" {
		f, err := openAppend(p)
		if err != nil {
			r.close()
			return nil, fmt.Errorf("cannot write the position log %s: %w", p, err)
		}
		r.closers = append(r.closers, f)
		h := &heldLog{w: f}
		r.logs = append(r.logs, h)
		positionLog = h
	}
	r.events = NewEvents(announceLog, positionLog)
	r.sess = session.Open(session.Options{Home: o.Home, Getenv: o.Getenv, Events: r.events, LogPrefix: "tw open: ", Localized: true,
		NoSpeech: o.NoSpeech, Backend: o.Backend, Modes: true, Stdin: o.Data, Format: o.Format, FormatOf: o.File,
		// tw is silent: a reading is shown for the screen reader instead.
		Silent: textSpeaker{id: "silent", events: r.events},
		// With no audio device the voice reads silently: show what it reads.
		ShowReading: func(d *doc.Document, from, to int) { showReading(r.events, d, from, to) },
		// and a continuous reading an utterance at a time, its structure said.
		ShowSaid: func(text string) { showSaid(r.events, text) }})
	// An encrypted document opens its password prompt: the reader starts
	// with it open.
	if err := r.sess.Start(o.File); err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

// quitEvent asks the loop to save and stop (a signal arrived).
type quitEvent struct{ tcell.EventTime }

// Run runs the reader and returns the exit code. It opens the document
// first, so that a file that cannot be read is reported plainly (as the
// error: a *load.Error, a *TerminalError, or another), then takes over the
// terminal.
func Run(o Options) (int, error) {
	if o.Getenv == nil {
		o.Getenv = func(string) string { return "" }
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	if o.NewScreen == nil {
		o.NewScreen = tcell.NewScreen
	}
	r, err := open(o)
	if err != nil {
		return 1, err
	}
	defer r.close()
	scr, err := o.NewScreen()
	if err == nil {
		err = scr.Init()
	}
	if err != nil {
		return 1, &TerminalError{err}
	}
	scr.EnablePaste()
	for _, h := range r.logs {
		h.release() // as the events' own writes, a failing log is not fatal
	}
	sess := r.sess
	cfg := Config{App: sess.App, Events: r.events, Screen: scr, Accessibility: sess.Mode,
		CharacterKeys: true, Highlight: true}
	// The reader's own announcements follow the accessibility mode, which
	// cycle_access_mode changes while tw runs.
	cfg.Speak = sess.Say
	cfg.Mode = sess.CurrentMode
	if st := sess.Settings; st != nil {
		cfg.CharacterKeys = st.Bool("keyboard.character_keys")
		cfg.LineNumbers = st.Bool("display.show_line_numbers")
		cfg.Highlight = st.Bool("highlight.enabled")
		cfg.Settings = st
	}
	cfg.Keymap = sess.Keys()
	cfg.Home = sess.Home
	rd := New(cfg)
	for _, w := range cfg.Keymap.Notices() {
		rd.say(rd.tr(w.Key, w.Args...))
	}
	if st := sess.Settings; st != nil && st.Bool("app.first_run") {
		rd.say(rd.welcome())
		if _, err := st.Set("app.first_run", false); err != nil {
			rd.say(rd.tr("The welcome will be given again: %v", err))
		}
	}

	stop := session.OnSignal(func() {
		ev := &quitEvent{}
		ev.SetEventNow()
		scr.PostEventWait(ev)
	})
	defer stop()
	sess.StartAutosave()
	return Loop(rd, scr, o.Stderr, sess.App.Save), nil
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
