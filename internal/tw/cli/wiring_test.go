package cli_test

// One wiring path: tw serve and the terminal reader are built by package
// session, and a user sees that — the same settings warnings from both.

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/tui"
)

// quitting is a simulated terminal on which the user quits at once.
type quitting struct{ tcell.SimulationScreen }

func (q quitting) Init() error {
	if err := q.SimulationScreen.Init(); err != nil {
		return err
	}
	q.SetSize(80, 24)
	q.InjectKey(tcell.KeyCtrlQ, 0, tcell.ModCtrl)
	q.InjectKey(tcell.KeyRune, 'y', 0)
	return nil
}

func TestServeAndReaderAnnounceTheSameWarnings(t *testing.T) {
	dir := notesDir(t)
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, "settings.toml"), []byte("[speech]\nrate = \"fast\"\nvolume = 500\n[display]\ntheme = 7\n"), 0o644)

	// tw serve: the warnings are announcement notifications.
	code, stdout, stderr := run(t, "", nil, "serve", "--stdio", "--no-speech", "--home", home)
	if code != 0 || stderr != "" {
		t.Fatalf("serve: exit %d, %q", code, stderr)
	}
	var served []string
	for _, m := range parseLines(t, stdout) {
		if m.Method == "announcement" {
			served = append(served, m.Params.Text)
		}
	}

	// The terminal reader: the announcement log, up to the opening.
	logPath := filepath.Join(t.TempDir(), "said.log")
	code, err := tui.Run(tui.Options{File: filepath.Join(dir, "notes.md"), Home: home, NoSpeech: true, Stderr: io.Discard,
		Getenv:    func(k string) string { return map[string]string{tui.EnvAnnounceLog: logPath}[k] },
		NewScreen: func() (tcell.Screen, error) { return quitting{tcell.NewSimulationScreen("UTF-8")}, nil }})
	if code != 0 || err != nil {
		t.Fatalf("the reader: exit %d, %v", code, err)
	}
	data, _ := os.ReadFile(logPath)
	var read []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "Opened ") {
			break
		}
		read = append(read, l)
	}
	if len(served) != 3 || !slices.Equal(served, read) {
		t.Fatalf("serve announced %q\nthe reader %q", served, read)
	}
	for _, w := range served {
		if !strings.HasPrefix(w, "settings.toml: ") {
			t.Errorf("not a settings warning: %q", w)
		}
	}
}

// TestServeSignalClosesSpeech: a signal ends tw serve the way the end of
// its input does — the place saved and speech closed, so a WAV file being
// written is completed (os.Exit in the signal handler used to skip that).
func TestServeSignalClosesSpeech(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			dir, home := notesDir(t), t.TempDir()
			wav := filepath.Join(t.TempDir(), "heard.wav")
			serveUntilSignal(t, dir, []string{"TEXTWEAVER_SPEECH_SINK=wav:" + wav}, sig, req(1, "read", `{"what":"sentence","from":14}`), func(line string) bool {
				return strings.Contains(line, `"playback"`) && strings.Contains(line, `"stopped"`)
			}, "--backend", "espeak", "--home", home, "--open", "notes.md")
			data, err := os.ReadFile(wav)
			if err != nil {
				t.Fatalf("no WAV file after %v: %v", sig, err)
			}
			if len(data) < 44+2000 || string(data[:4]) != "RIFF" || int(binary.LittleEndian.Uint32(data[40:44])) != len(data)-44 {
				t.Fatalf("an unfinished WAV file after %v: %d bytes, header %q", sig, len(data), data[:min(44, len(data))])
			}
			_, out, _ := run(t, "", nil, "marks", filepath.Join(dir, "notes.md"), "--home", home)
			if !strings.HasPrefix(out, "Place: line 3,") {
				t.Fatalf("the place was not saved on %v: %q", sig, out)
			}
		})
	}
}
