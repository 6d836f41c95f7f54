package tui

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

// These tests drive the real tw binary in a real terminal (tmux): keys go
// in with send-keys, the screen comes back with capture-pane, and what was
// said is read from the announcement log.

func TestMain(m *testing.M) { testkit.Main(m) }

// twBinary builds tw once per test run.
func twBinary(t *testing.T) string { return testkit.Binary(t, "tw") }

// term is one tmux server with one window running a command.
type term struct {
	t    *testing.T
	sock string
}

func needTmux(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is not installed; run scripts/deps-tui.sh")
	}
}

// startTerm runs command (a shell line) in a w×h tmux window.
func startTerm(t *testing.T, w, h int, command string) *term {
	t.Helper()
	needTmux(t)
	tm := &term{t: t, sock: filepath.Join(t.TempDir(), "tmux.sock")}
	tm.tmux("-f", "/dev/null", "new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "-s", "tw", command)
	t.Cleanup(func() { exec.Command("tmux", "-S", tm.sock, "kill-server").Run() })
	return tm
}

func (tm *term) tmux(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.sock}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (tm *term) keys(keys ...string) { tm.tmux(append([]string{"send-keys", "-t", "tw"}, keys...)...) }
func (tm *term) text(s string)       { tm.tmux("send-keys", "-t", "tw", "-l", s) }
func (tm *term) screen() string      { return tm.tmux("capture-pane", "-p", "-t", "tw") }

// styled is the screen with its colors and attributes, as SGR escape
// codes.
func (tm *term) styled() string { return tm.tmux("capture-pane", "-e", "-p", "-t", "tw") }

// cursor returns the terminal cursor's position.
func (tm *term) cursor() (x, y int) {
	fmt.Sscanf(tm.tmux("display-message", "-p", "-t", "tw", "#{cursor_x} #{cursor_y}"), "%d %d", &x, &y)
	return x, y
}

func (tm *term) waitScreen(what string, ok func(string) bool) string {
	tm.t.Helper()
	return tm.poll(what, 10*time.Millisecond, ok)
}

// poll captures the screen every interval until ok accepts it.
func (tm *term) poll(what string, interval time.Duration, ok func(string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := tm.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("waited for %s; the screen is:\n%s", what, s)
		}
		time.Sleep(interval)
	}
}

// announcements reads an announcement log.
type announcements struct {
	t    *testing.T
	path string
	seen int
}

func (a *announcements) lines() []string {
	data, _ := os.ReadFile(a.path)
	s := strings.TrimSuffix(string(data), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// expect waits for a new announcement containing want and returns it;
// announcements before it (the echo of typed letters) are passed over.
func (a *announcements) expect(want string) string {
	a.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ls := a.lines()
		for i := a.seen; i < len(ls); i++ {
			if strings.Contains(ls[i], want) {
				a.seen = i + 1
				return ls[i]
			}
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("waited for the announcement %q; said since the last step: %q", want, ls[min(a.seen, len(ls)):])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// screenRow returns screen row y.
func screenRow(screen string, y int) string {
	rows := strings.Split(screen, "\n")
	if y < len(rows) {
		return rows[y]
	}
	return ""
}

// twSession is tw open running in tmux with its own home and announcement
// log.
type twSession struct {
	*term
	said      *announcements
	dir, home string
}

// startTw runs `tw open ARGS` in a w×h tmux window from dir, with env
// (KEY=value words) before it.
func startTw(t *testing.T, w, h int, dir, env, args string) *twSession {
	t.Helper()
	home := filepath.Join(dir, "home")
	logPath := filepath.Join(dir, "said.log")
	cmd := fmt.Sprintf("cd %s && TEXTWEAVER_HOME=%s TEXTWEAVER_ANNOUNCE_LOG=%s %s %s open %s; echo EXIT=$?; sleep 60",
		dir, home, logPath, env, twBinary(t), args)
	return &twSession{term: startTerm(t, w, h, cmd), said: &announcements{t: t, path: logPath}, dir: dir, home: home}
}

// startSample runs `tw open --no-speech sample.md` as startTw does, on a
// copy of the sample document in a new folder.
func startSample(t *testing.T, w, h int, env string) *twSession {
	t.Helper()
	return startSampleWith(t, w, h, "", env, "--no-speech sample.md")
}

// startSampleWith runs `tw open ARGS` as startTw does, from a new folder
// holding a copy of the sample document and, when settings is not "", a
// home whose settings.toml is settings.
func startSampleWith(t *testing.T, w, h int, settings, env, args string) *twSession {
	t.Helper()
	dir := t.TempDir()
	copySample(t, dir)
	if settings != "" {
		homeWith(t, dir, "settings.toml", settings)
	}
	return startTw(t, w, h, dir, env, args)
}

// startVoiced starts the reader, w by h, on a file called name holding
// text, with a home whose settings.toml is settings, speaking with the
// real espeak-ng into the clock sink, which stands for an audio device
// that test machines lack (with none, tw would rightly show what it
// reads: see TestTmuxNoAudioDevice). It waits for the document and espeak
// in the status bar, and returns the log of the positions heard.
func startVoiced(t *testing.T, w, h int, name, text, settings string) (s *twSession, positions string) {
	t.Helper()
	dir := t.TempDir()
	file := testkit.WriteFile(t, filepath.Join(dir, name), text)
	homeWith(t, dir, "settings.toml", settings)
	positions = filepath.Join(dir, "position.log")
	s = startTw(t, w, h, dir, "TEXTWEAVER_SPEECH_SINK=clock TEXTWEAVER_POSITION_LOG="+positions, file)
	s.said.expect("Opened " + name + ".")
	s.waitScreen("espeak in the status bar", func(sc string) bool { return strings.Contains(sc, "| espeak ") })
	return s, positions
}

func (s *twSession) quit() {
	s.t.Helper()
	s.keys("C-q")
	s.said.expect("Quit textweaver? y or n")
	s.keys("y")
	s.waitScreen("tw to exit", func(sc string) bool { return strings.Contains(sc, "EXIT=0") })
}

// step is one input to the reader and the announcement it must bring:
// text is typed (when not empty), then key is pressed (when not empty),
// then an announcement containing want is waited for (when not empty).
type step struct{ text, key, want string }

// press runs the steps in order.
func (s *twSession) press(steps []step) {
	s.t.Helper()
	for _, st := range steps {
		if st.text != "" {
			s.text(st.text)
		}
		if st.key != "" {
			s.keys(st.key)
		}
		if st.want != "" {
			s.said.expect(st.want)
		}
	}
}

// homeWith makes dir/home holding a file called name (a settings.toml or
// a keymap.toml) with text, and returns the home's path.
func homeWith(t *testing.T, dir, name, text string) string {
	t.Helper()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.WriteFile(t, filepath.Join(home, name), text)
	return home
}

func copySample(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "sample.md")
	if err := os.WriteFile(path, []byte(sampleText(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTmuxReadingSession(t *testing.T) {
	tw := twBinary(t)
	dir := t.TempDir()
	file := copySample(t, dir)
	home := filepath.Join(dir, "home")
	run := func() (*term, *announcements) {
		s := startTw(t, 80, 24, dir, "", "--no-speech sample.md")
		return s.term, s.said
	}
	tm, said := run()
	said.expect("Opened A Walk Through the Lighthouse.")
	tm.waitScreen("the title", func(s string) bool { return screenRow(s, 0) == "A Walk Through the Lighthouse" })
	if title := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "tw", "#{pane_title}")); title != "tw: A Walk Through the Lighthouse" {
		t.Errorf("window title %q", title)
	}

	// cursorOn checks the terminal cursor sits on the text the reader is at.
	cursorOn := func(step, text string) {
		t.Helper()
		s := tm.waitScreen(step, func(s string) bool {
			x, y := tm.cursor()
			r := []rune(screenRow(s, y))
			return x <= len(r) && strings.HasPrefix(string(r[x:]), text)
		})
		_ = s
	}
	tm.keys("h")
	said.expect("Heading level 2: Getting around")
	cursorOn("the heading", "Getting around")

	tm.keys("M-.")
	said.expect("Reading by ear works best in small steps.")
	cursorOn("the sentence", "Reading by ear")

	tm.keys("Right")
	if got := said.expect("by"); got != "by" {
		t.Errorf("the next word said %q", got)
	}
	cursorOn("the word", "by ear")

	tm.keys("/")
	said.expect("Find")
	tm.text("keeper")
	tm.waitScreen("the find prompt", func(s string) bool { return screenRow(s, 23) == "Find: keeper" })
	tm.keys("Enter")
	said.expect("Match 1 of 3: The keeper's log")
	cursorOn("the match", "keeper's log")

	tm.keys("m")
	said.expect("Bookmark mark1 set at")

	tm.keys("M-.")
	said.expect("The old keeper wrote a line in his log every evening.")
	tm.keys("Enter") // read on: without a voice, the text is shown for a screen reader
	said.expect("The old keeper wrote a line in his log every evening. He noted the wind,")
	tm.keys("a")
	said.expect("ote") // the note prompt's label
	tm.text("check the lamp")
	tm.keys("Enter")
	said.expect("check the lamp")

	tm.keys("?")
	said.expect("Keyboard help")
	tm.text("add bookm")
	said.expect("add bookmark: m. Bookmarks and notes")
	tm.keys("Escape")
	said.expect("Keyboard help closed.")

	// Key latency through a real terminal: key sent to screen changed.
	var took []time.Duration
	for i := 0; i < 10; i++ {
		before := tm.screen()
		start := time.Now()
		tm.keys("Right")
		tm.poll("the screen to change", 0, func(s string) bool { return s != before })
		took = append(took, time.Since(start))
	}
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	t.Logf("key to screen through tmux: median %v, worst %v (tmux round trips included)", took[len(took)/2], took[len(took)-1])
	if took[len(took)/2] > 500*time.Millisecond {
		t.Errorf("key to screen median %v", took[len(took)/2])
	}

	// Edit mode: type at the cursor and save.
	tm.keys("C-e")
	said.expect("Edit mode on")
	tm.text("Very ")
	said.expect("space")
	tm.waitScreen("the typed text", func(s string) bool { return strings.Contains(s, "Very ") })
	tm.keys("C-s")
	said.expect("Saved sample.md")
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), "Very ") {
		t.Errorf("the saved file lacks the typed text:\n%s", data)
	}

	// Quit, answering the question.
	tm.keys("C-q")
	said.expect("Quit textweaver? y or n")
	tm.waitScreen("the question", func(s string) bool { return screenRow(s, 23) == "Quit textweaver? y or n" })
	tm.keys("y")
	s := tm.waitScreen("tw to exit", func(s string) bool { return strings.Contains(s, "EXIT=0") })
	if strings.Contains(s, "Lighthouse |") {
		t.Errorf("the terminal was not restored:\n%s", s)
	}
	if alt := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "tw", "#{alternate_on}")); alt != "0" {
		t.Errorf("still on the alternate screen after exit")
	}

	// The place, the bookmark and the note were saved.
	out, err := exec.Command(tw, "marks", file, "--home", home).CombinedOutput()
	if err != nil {
		t.Fatalf("tw marks: %v\n%s", err, out)
	}
	for _, want := range []string{"mark1", "check the lamp"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("tw marks does not list %q:\n%s", want, out)
		}
	}
	exec.Command("tmux", "-S", tm.sock, "kill-server").Run()

	// Opening again resumes there.
	before := len(said.lines())
	tm, said = run()
	said.seen = before
	said.expect("Resumed at")
	tm.keys("C-q")
	said.expect("Quit textweaver? y or n")
	tm.keys("y")
	tm.waitScreen("tw to exit", func(s string) bool { return strings.Contains(s, "EXIT=0") })
}

func TestTmuxRefusesBadFiles(t *testing.T) {
	tw := twBinary(t)
	dir := t.TempDir()
	binary := filepath.Join(dir, "image.bin")
	if err := os.WriteFile(binary, []byte("\x00\x01\x02PNG\x00\x00\xff"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"open", filepath.Join(dir, "missing.md")}, 1, "no such file"},
		{[]string{"open", dir}, 1, "is a folder"},
		{[]string{"open"}, 2, "give one document"},
		{[]string{"open", "--bogus", "x"}, 2, "unknown option --bogus"},
		{[]string{filepath.Join(dir, "missing.md")}, 1, "no such file"}, // tw FILE
		{[]string{"open", binary}, 1, "binary"},
		{[]string{"open", "--no-speech", binary + "x"}, 1, "no such file"},
		{[]string{"open", "--no-speech", copySample(t, dir)}, 1, "cannot use the terminal"},
		{[]string{"open", "--help"}, 0, "tw open FILE"},
	}
	for _, tt := range tests {
		cmd := exec.Command(tw, tt.args...)
		// No terminal at all: the file's problem must still be the one told.
		cmd.Env = append(os.Environ(), "TEXTWEAVER_HOME="+filepath.Join(dir, "home"), "TERM=")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != tt.code || !strings.Contains(string(out), tt.msg) || (code != 0) != strings.HasPrefix(string(out), "Error: ") {
			t.Errorf("tw %s: exit %d, %q; want exit %d and an error saying %q", strings.Join(tt.args, " "), code, out, tt.code, tt.msg)
		}
	}
}

// TestTmuxScreenReaderResizeHangup runs `tw FILE` in screen-reader mode with
// the keys of a keymap.toml: silent, the terminal cursor on the reading
// position through a resize, and the place saved when the terminal hangs
// up.
func TestTmuxScreenReaderResizeHangup(t *testing.T) {
	tw := twBinary(t)
	dir := t.TempDir()
	file := copySample(t, dir)
	home := homeWith(t, dir, "settings.toml", "[accessibility]\nmode = \"screen-reader\"\n")
	// The user's keys: x moves by heading instead of h; k cannot become
	// next sentence, as it is already next link.
	keymap := "skip_next_heading = [\"x\", \"Alt+H\"]\nnext_sentence = [\"k\"]\n"
	if err := os.WriteFile(filepath.Join(home, "keymap.toml"), []byte(keymap), 0o644); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "said.log")
	tm := startTerm(t, 80, 24, fmt.Sprintf("TEXTWEAVER_HOME=%s TEXTWEAVER_ANNOUNCE_LOG=%s %s %s; sleep 60", home, logPath, tw, file))
	said := &announcements{t: t, path: logPath}
	said.expect("Opened A Walk Through the Lighthouse.")
	said.expect("keymap.toml: k is already next link; next sentence keeps its keys.")
	tm.keys("h")
	said.expect("h: no command.")
	tm.waitScreen("silent speech in the status bar", func(s string) bool { return strings.Contains(screenRow(s, 22), "| silent ") })
	onHeading := func(s string) bool {
		x, y := tm.cursor()
		r := []rune(screenRow(s, y))
		return x < len(r) && strings.HasPrefix(string(r[x:]), "Other languages")
	}
	tm.keys("x", "x", "x", "x", "x", "x")
	said.expect("Heading level 2: Other languages")
	tm.waitScreen("the cursor on the heading", onHeading)

	tm.tmux("resize-window", "-t", "tw", "-x", "40", "-y", "12")
	s := tm.waitScreen("the text wrapped to 40 columns", func(s string) bool {
		return strings.Contains(s, "Other languages") && onHeading(s)
	})
	for i, r := range strings.Split(s, "\n") {
		if w := widthOf(r); w > 40 {
			t.Errorf("row %d is %d cells wide after resizing to 40: %q", i, w, r)
		}
	}

	// Hang up: the terminal goes away and tw saves the place on its way out.
	state := filepath.Join(home, "data", "state")
	const place = "Place: line 41," // the heading's line
	if out, _ := exec.Command(tw, "marks", file, "--home", home).CombinedOutput(); strings.Contains(string(out), place) {
		t.Fatalf("the place was saved before the hangup:\n%s", out)
	}
	exec.Command("tmux", "-S", tm.sock, "kill-server").Run()
	deadline := time.Now().Add(10 * time.Second)
	for {
		out, _ := exec.Command(tw, "marks", file, "--home", home).CombinedOutput()
		if strings.Contains(string(out), place) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the place was not saved on hangup; tw marks says:\n%s(state in %s)", out, state)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTmuxOpenStdin: `tw open -` reads the document from standard input,
// then takes the keys from the terminal.
func TestTmuxOpenStdin(t *testing.T) {
	tw := twBinary(t)
	dir := t.TempDir()
	logPath := filepath.Join(dir, "said.log")
	tm := startTerm(t, 80, 24, fmt.Sprintf("printf 'Piped text here.\\n\\nSecond paragraph.\\n' | TEXTWEAVER_HOME=%s TEXTWEAVER_ANNOUNCE_LOG=%s %s open - --no-speech; echo EXIT=$?; sleep 60",
		filepath.Join(dir, "home"), logPath, tw))
	said := &announcements{t: t, path: logPath}
	said.expect("Opened -.")
	tm.waitScreen("the piped text", func(s string) bool { return strings.HasPrefix(s, "Piped text here.\n\nSecond paragraph.") })
	tm.keys("C-q")
	said.expect("Quit textweaver? y or n")
	tm.keys("y")
	tm.waitScreen("tw to exit", func(s string) bool { return strings.Contains(s, "EXIT=0") })
}
