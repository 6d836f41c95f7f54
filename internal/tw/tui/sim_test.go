package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// lines is an announcement log kept in memory.
type lines struct {
	mu  sync.Mutex
	all []string
	buf string
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf += string(p)
	for {
		i := strings.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		l.all = append(l.all, l.buf[:i])
		l.buf = l.buf[i+1:]
	}
	return len(p), nil
}

func (l *lines) last() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.all) == 0 {
		return ""
	}
	return l.all[len(l.all)-1]
}

// sim is a terminal reader on tcell's simulation screen, over the real app
// core with no voice.
type sim struct {
	t   testing.TB
	r   *Reader
	scr tcell.SimulationScreen
	log *lines
	app *core.App
}

func newSim(t testing.TB, name, text string, w, h int, cfg Config) *sim {
	t.Helper()
	// As tw open --no-speech: a reading is shown on the message line.
	return newSimSpeaking(t, name, text, w, h, cfg, func(ev *Events, _ *settings.Store) core.Speaker {
		return textSpeaker{id: "silent", events: ev}
	})
}

// newSimSpeaking is newSim with the app's speaker made by speaker from the
// reader's events and settings.
func newSimSpeaking(t testing.TB, name, text string, w, h int, cfg Config, speaker func(*Events, *settings.Store) core.Speaker) *sim {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	log := &lines{}
	ev := NewEvents(log, nil)
	home := filepath.Join(dir, "home")
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	app := core.New(core.Options{Home: home, Events: ev, Load: load.File, Parse: load.Bytes, Settings: session.Settings{Store: st},
		Speaker: speaker(ev, st)})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	scr := tcell.NewSimulationScreen("UTF-8")
	if err := scr.Init(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(scr.Fini)
	scr.SetSize(w, h)
	cfg.App, cfg.Events, cfg.Screen, cfg.Settings = app, ev, scr, st
	s := &sim{t: t, r: New(cfg), scr: scr, log: log, app: app}
	s.r.Draw()
	return s
}

var defaultCfg = Config{CharacterKeys: true, Highlight: true}

// press handles one key and redraws, as the main loop does.
// set sets a setting in the reader's settings store while it runs.
func (s *sim) set(path string, value any) {
	s.t.Helper()
	if _, err := s.r.cfg.Settings.(*settings.Store).Set(path, value); err != nil {
		s.t.Fatal(err)
	}
}

func (s *sim) press(k tcell.Key, r rune, mod tcell.ModMask) {
	s.r.HandleKey(tcell.NewEventKey(k, r, mod))
	s.r.Draw()
}

func (s *sim) typeText(text string) {
	for _, r := range text {
		s.press(tcell.KeyRune, r, 0)
	}
}

// screen returns the rows of the screen as text.
func (s *sim) screen() []string {
	cells, w, h := s.scr.GetContents()
	out := make([]string, h)
	for y := 0; y < h; y++ {
		var b strings.Builder
		for x := 0; x < w; x++ {
			c := cells[y*w+x]
			if len(c.Runes) == 0 {
				if x > 0 && len(cells[y*w+x-1].Runes) > 0 {
					continue // the second half of a wide character
				}
				b.WriteByte(' ')
				continue
			}
			b.WriteString(string(c.Runes))
		}
		out[y] = strings.TrimRight(b.String(), " ")
	}
	return out
}

// cursorRow returns the screen row the terminal cursor is on.
func (s *sim) cursorRow() (string, int, int) {
	x, y, visible := s.scr.GetCursor()
	if !visible {
		s.t.Fatalf("the terminal cursor is hidden")
	}
	return s.screen()[y], x, y
}

func (s *sim) expectSaid(want string) {
	s.t.Helper()
	if got := s.log.last(); !strings.Contains(got, want) {
		s.t.Errorf("said %q, want it to contain %q", got, want)
	}
}

func sampleText(t testing.TB) string {
	data, err := os.ReadFile("../../../testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestReaderKeys(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	s.expectSaid("Opened A Walk Through the Lighthouse.")
	if got := s.screen()[0]; got != "A Walk Through the Lighthouse" {
		t.Errorf("first row %q", got)
	}
	steps := []struct {
		name     string
		key      tcell.Key
		r        rune
		mod      tcell.ModMask
		said     string
		rowHas   string // the cursor's screen row contains this
		cursorAt int    // the terminal cursor's column, -1 to skip
	}{
		{"next heading without reading", tcell.KeyRune, 'h', 0, "Heading level 2: Getting around", "Getting around", 0},
		{"next sentence", tcell.KeyRune, '.', tcell.ModAlt, "Reading by ear works best in small steps.", "Reading by ear", 0},
		{"next word", tcell.KeyRight, 0, 0, "by", "Reading by ear", 8},
		{"read the sentence, shown for a screen reader", tcell.KeyRune, '.', 0, "Reading by ear works best in small steps.", "Reading by ear", 8},
		{"next line", tcell.KeyDown, 0, 0, "A few keys are worth learning first:", "A few keys", 8},
		{"where am I", tcell.KeyRune, 'W', 0, "percent.", "", -1},
		{"heading level 3", tcell.KeyRune, '3', 0, "Heading level 3: Supplies for one week", "Supplies for one week", 0},
		{"next table row", tcell.KeyDown, 0, 0, "", "Item | Amount | Used for", -1},
	}
	for _, st := range steps {
		s.press(st.key, st.r, st.mod)
		if st.said != "" {
			s.expectSaid(st.said)
		}
		row, x, _ := s.cursorRow()
		if st.rowHas != "" && !strings.Contains(row, st.rowHas) {
			t.Errorf("%s: cursor row %q, want it to show %q", st.name, row, st.rowHas)
		}
		if st.cursorAt >= 0 && x != st.cursorAt {
			t.Errorf("%s: cursor at column %d, want %d", st.name, x, st.cursorAt)
		}
	}
	// The status bar says where we are.
	bar := s.screen()[22]
	if !strings.Contains(bar, "Browse") || !strings.Contains(bar, "Line ") {
		t.Errorf("status bar %q", bar)
	}
	// The message line shows the last announcement.
	if got := s.screen()[23]; !strings.HasPrefix(s.log.last(), got) {
		t.Errorf("message line %q, last announcement %q", got, s.log.last())
	}
}

func TestReaderHelpAndKeys(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	// What does this key do: the next key is described, not run.
	s.press(tcell.KeyF1, 0, tcell.ModShift)
	s.expectSaid("Press a key")
	s.press(tcell.KeyRune, 'h', 0)
	s.expectSaid("h: skip next heading. Navigation.")
	if p, _ := s.app.Position(); p.Char != 0 {
		t.Errorf("the described key moved the cursor to %d", p.Char)
	}
	// Keyboard help lists keys and filters as you type.
	s.press(tcell.KeyRune, '?', 0)
	s.expectSaid("Keyboard help")
	s.typeText("next sent")
	s.expectSaid("next sentence: Alt+Period, Alt+Down. Navigation, 1 of 1")
	if !strings.Contains(strings.Join(s.screen(), "\n"), "Keyboard help (filter: next sent)") {
		t.Errorf("help list not shown:\n%s", strings.Join(s.screen(), "\n"))
	}
	s.press(tcell.KeyEnter, 0, 0) // runs it
	s.expectSaid("Welcome to tw")
	// F9 turns character keys off and on.
	s.press(tcell.KeyF9, 0, 0)
	s.expectSaid("Single-letter keys: off.")
	s.press(tcell.KeyRune, 'h', 0)
	s.expectSaid("Character keys are off")
	s.press(tcell.KeyF9, 0, 0)
	s.expectSaid("Single-letter keys: on.")
	// Voice keys change the settings the app reads.
	s.press(tcell.KeyF8, 0, 0)
	s.expectSaid("Speed study, 200 words per minute.")
	s.press(tcell.KeyRune, '+', 0)
	s.expectSaid("Rate 220 words per minute")
	// An unbound key still answers.
	s.press(tcell.KeyRune, 'x', 0)
	s.expectSaid("x: no command.")
	// The command palette runs a command by name.
	s.press(tcell.KeyF2, 0, 0)
	s.expectSaid("Command")
	s.typeText("say position")
	s.press(tcell.KeyEnter, 0, 0)
	s.expectSaid("Line 3 of")
}

func TestReaderPromptListAndQuit(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	s.press(tcell.KeyRune, '/', 0)
	s.typeText("keeper")
	if got := s.screen()[23]; got != "Find: keeper" {
		t.Errorf("prompt line %q", got)
	}
	if x, y, _ := s.scr.GetCursor(); y != 23 || x != len("Find: keeper") {
		t.Errorf("cursor at %d,%d, want at the prompt's caret", x, y)
	}
	s.press(tcell.KeyEnter, 0, 0)
	s.expectSaid("Match 1 of 3: The keeper's log")
	s.press(tcell.KeyRune, 'm', 0)
	s.expectSaid("Bookmark mark1 set at")
	s.press(tcell.KeyRune, 'M', 0)
	s.expectSaid("1 item")
	if row, _, _ := s.cursorRow(); !strings.Contains(row, "mark1") {
		t.Errorf("the cursor is not on the list's item: %q", row)
	}
	s.press(tcell.KeyEscape, 0, 0)
	s.expectSaid("Cancelled.")
	s.press(tcell.KeyCtrlQ, 0, tcell.ModCtrl)
	s.expectSaid("Quit textweaver? y or n")
	s.press(tcell.KeyRune, 'n', 0)
	s.expectSaid("Cancelled.")
	if s.r.Quit() {
		t.Fatal("quit after n")
	}
	s.press(tcell.KeyCtrlQ, 0, tcell.ModCtrl)
	s.press(tcell.KeyRune, 'y', 0)
	if !s.r.Quit() {
		t.Fatal("did not quit after y")
	}
}

func TestReaderResizeAndWideText(t *testing.T) {
	text := "# Wide\n\n" + strings.Repeat("灯台 lighthouse שלום עולם cafe\u0301 ", 40) + "\n\nEnd."
	s := newSim(t, "wide.md", text, 30, 8, defaultCfg)
	for _, size := range [][2]int{{30, 8}, {17, 6}, {80, 24}, {9, 4}} {
		s.scr.SetSize(size[0], size[1])
		s.press(tcell.KeyRune, '.', tcell.ModAlt)
		_, x, y := s.cursorRow()
		if x >= size[0] || y >= size[1]-2 {
			t.Errorf("at %dx%d the cursor is at %d,%d, outside the text", size[0], size[1], x, y)
		}
		for y := 0; y < size[1]; y++ {
			if _, _, width := s.scr.Get(size[0]-1, y); width > 1 {
				t.Errorf("at %dx%d a wide character hangs off the right edge of row %d", size[0], size[1], y)
			}
		}
	}
	s.press(tcell.KeyEnd, 0, 0)
	s.expectSaid("End of document.")
	if row, _, _ := s.cursorRow(); row != "End." {
		t.Errorf("cursor row %q at the end", row)
	}
}

func TestScreenReaderModeCursor(t *testing.T) {
	cfg := defaultCfg
	cfg.Accessibility = ScreenReader
	s := newSim(t, "sample.md", sampleText(t), 60, 20, cfg)
	s.press(tcell.KeyRune, 'h', 0)
	s.press(tcell.KeyRight, 0, 0)
	s.press(tcell.KeyRight, 0, 0)
	p, _ := s.app.Position()
	row, x, _ := s.cursorRow()
	if p.Word == nil || !strings.HasPrefix(row[x:], p.Word.Text) {
		t.Errorf("the terminal cursor is on %q, the reading position on %+v", row[x:], p.Word)
	}
}

// BenchmarkKeyLatency is key press to updated screen: the key handled by
// the app core and the whole screen drawn and shown.
func BenchmarkKeyLatency(b *testing.B) {
	var big strings.Builder
	for i := 0; big.Len() < 1<<20; i++ {
		fmt.Fprintf(&big, "## Part %d\n\nThe keeper climbed the stairs again. He trimmed the wick, wiped the glass and wrote the weather in the log. Ships passed far out.\n\n", i)
	}
	docs := []struct{ name, file, text string }{
		{"sample", "sample.md", sampleText(b)},
		{"1MB", "big.md", big.String()},
		{"1MB-single-line", "line.txt", strings.Repeat("lighthouse keeper ", 1<<20/18)},
	}
	keys := []*tcell.EventKey{
		tcell.NewEventKey(tcell.KeyRune, '.', tcell.ModAlt),
		tcell.NewEventKey(tcell.KeyRight, 0, 0),
		tcell.NewEventKey(tcell.KeyDown, 0, 0),
		tcell.NewEventKey(tcell.KeyRune, 'h', 0),
	}
	for _, d := range docs {
		b.Run(d.name, func(b *testing.B) {
			s := newSim(b, d.file, d.text, 100, 40, defaultCfg)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%2000 == 1999 {
					s.r.HandleKey(tcell.NewEventKey(tcell.KeyHome, 0, 0))
				}
				s.r.HandleKey(keys[i%len(keys)])
				s.r.Draw()
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/key")
		})
	}
}

// finiCounter is a screen that counts Fini calls.
type finiCounter struct {
	tcell.SimulationScreen
	fini int
}

func (f *finiCounter) Fini() { f.fini++; f.SimulationScreen.Fini() }

func TestLoopRestoresTheTerminalOnPanic(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	scr := &finiCounter{SimulationScreen: s.scr}
	s.r.km = nil // the next key dereferences it: a real panic inside the loop
	saved := false
	var stderr strings.Builder
	scr.InjectKey(tcell.KeyRune, 'h', 0)
	code := Loop(s.r, scr, &stderr, func() { saved = true })
	if code != 1 || scr.fini != 1 || !saved {
		t.Errorf("after a panic: exit %d, Fini called %d times, saved %v", code, scr.fini, saved)
	}
	if !strings.HasPrefix(stderr.String(), "Error: tw open stopped on an internal error") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestLoopPasteAndQuit(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	done := make(chan int)
	go func() { done <- Loop(s.r, s.scr, &strings.Builder{}, nil) }()
	s.scr.InjectKey(tcell.KeyRune, '/', 0)
	s.scr.PostEventWait(tcell.NewEventPaste(true))
	for _, r := range "lamp" {
		s.scr.InjectKey(tcell.KeyRune, r, 0)
	}
	s.scr.PostEventWait(tcell.NewEventPaste(false))
	s.scr.InjectKey(tcell.KeyEnter, 0, 0)
	s.scr.InjectKey(tcell.KeyCtrlQ, 0, tcell.ModCtrl)
	s.scr.InjectKey(tcell.KeyRune, 'y', 0)
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	found := false
	for _, l := range s.log.all {
		found = found || strings.HasPrefix(l, "Match 1 of")
	}
	if !found {
		t.Errorf("the pasted search did not run; said %q", s.log.all)
	}
}

func TestPasteInEditMode(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	s.r.Paste("nothing here")
	s.expectSaid("Pasting works in edit mode")
	s.press(tcell.KeyCtrlE, 0, tcell.ModCtrl)
	s.expectSaid("Edit mode on")
	s.r.Paste("Pasted words. ")
	if d := s.app.Doc(); !strings.Contains(d.Text, "Pasted words. ") {
		t.Errorf("the paste is not in the text:\n%s", d.Text[:200])
	}
	s.r.Draw()
	if !strings.Contains(strings.Join(s.screen(), "\n"), "Pasted words.") {
		t.Errorf("the paste is not on the screen")
	}
}

func TestLineNumbers(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	s.r.run("toggle_line_numbers")
	s.r.Draw()
	s.expectSaid("Line numbers: on.")
	if got := s.screen()[0]; got != " 1 A Walk Through the Lighthouse" {
		t.Errorf("first row with line numbers %q", got)
	}
}

func TestSpeechCursorLayer(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 80, 24, defaultCfg)
	steps := []struct {
		key  tcell.Key
		r    rune
		said string
		row  string
	}{
		{tcell.KeyTab, 0, "Speech Cursor. Line 1: A Walk Through the Lighthouse", "A Walk Through"},
		{tcell.KeyDown, 0, "blank", ""}, // one line at a time, blank ones too
		{tcell.KeyRune, 'j', "Welcome to tw", "Welcome to tw"},
		{tcell.KeyRune, 'k', "blank", ""},                           // k is the speech cursor's, not next link
		{tcell.KeyRune, 'h', "Heading level 2: Getting around", ""}, // browse keys still work
		{tcell.KeyEscape, 0, "Stopped. Speech Cursor off.", ""},     // Escape leaves
		{tcell.KeyRune, 'k', "", ""},                                // back in browse: next link
	}
	for _, st := range steps {
		s.press(st.key, st.r, 0)
		if st.said != "" {
			s.expectSaid(st.said)
		}
		if st.row != "" {
			if row, _, _ := s.cursorRow(); !strings.Contains(row, st.row) {
				t.Errorf("after %v %q the cursor row is %q", st.key, st.r, row)
			}
		}
	}
	if mode, _ := s.app.UIState(); mode != "Browse" {
		t.Errorf("mode %q after Escape", mode)
	}
}

// BenchmarkDraw is the drawing part of a key press alone.
func BenchmarkDraw(b *testing.B) {
	for _, d := range []struct{ name, file, text string }{
		{"sample", "sample.md", sampleText(b)},
		{"1MB-single-line", "line.txt", strings.Repeat("lighthouse keeper ", 1<<20/18)},
	} {
		b.Run(d.name, func(b *testing.B) {
			s := newSim(b, d.file, d.text, 100, 40, defaultCfg)
			for i := 0; i < b.N; i++ {
				s.r.lastCursor = -1 // as after a move
				s.r.Draw()
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/draw")
		})
	}
}

func TestLongAnnouncementShownWhole(t *testing.T) {
	s := newSim(t, "sample.md", sampleText(t), 40, 16, defaultCfg)
	s.press(tcell.KeyDown, 0, 0) // says the whole welcome paragraph line
	rows := s.screen()
	said := s.log.last()
	shown := strings.Join(rows[13:16], " ")
	if !strings.HasPrefix(said, "Welcome to tw") || !strings.HasPrefix(shown, "Welcome to tw, a reader that speaks.") {
		t.Fatalf("said %q, message rows %q", said, rows[13:16])
	}
	if !strings.Contains(rows[12], "Browse") {
		t.Errorf("the status bar is not above the three message rows: %q", rows[12])
	}
	// Short again: one message row.
	s.press(tcell.KeyRight, 0, 0)
	if rows := s.screen(); !strings.Contains(rows[14], "Browse") || rows[15] != s.log.last() {
		t.Errorf("after a short message: %q", rows[13:])
	}
}

// TestOddDocuments moves through documents that are easy to get wrong;
// every key must leave a screen with the cursor in the text area.
func TestOddDocuments(t *testing.T) {
	tests := []struct{ name, file, text string }{
		{"empty", "empty.txt", ""},
		{"only newlines", "blank.txt", "\n\n\n\n"},
		{"control characters", "ctrl.txt", "bell\x07 and\x1b[31m escape\r\nnext line\ttab\n"},
		{"no final newline and one letter", "one.txt", "x"},
		{"right-to-left only", "rtl.txt", "שלום עולם. מה שלומך?\n\nمرحبا بالعالم."},
		{"long unbroken word", "word.txt", strings.Repeat("x", 5000)},
	}
	keys := []struct {
		k   tcell.Key
		r   rune
		mod tcell.ModMask
	}{
		{tcell.KeyRune, '.', tcell.ModAlt}, {tcell.KeyRight, 0, 0}, {tcell.KeyDown, 0, 0}, {tcell.KeyEnd, 0, 0},
		{tcell.KeyRune, 'j', 0}, {tcell.KeyHome, 0, 0}, {tcell.KeyRune, 'h', 0}, {tcell.KeyPgDn, 0, 0},
		{tcell.KeyRune, 'J', 0}, {tcell.KeyLeft, 0, 0}, {tcell.KeyEnter, 0, 0}, {tcell.KeyTab, 0, 0},
		{tcell.KeyDown, 0, 0}, {tcell.KeyEscape, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSim(t, tt.file, tt.text, 30, 10, defaultCfg)
			for _, k := range keys {
				before := len(s.log.all)
				s.press(k.k, k.r, k.mod)
				// Enter reads, which says nothing in an empty document.
				if len(s.log.all) == before && !(k.k == tcell.KeyEnter && strings.TrimSpace(tt.text) == "") {
					t.Errorf("%v %q said nothing", k.k, k.r)
				}
				if x, y, ok := s.scr.GetCursor(); ok && (x >= 30 || y >= 10) {
					t.Errorf("cursor at %d,%d", x, y)
				}
			}
		})
	}
}
