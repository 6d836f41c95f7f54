package tui

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
)

// TestEventsShowEveryAnnouncementOfAStep: what one key (or the start)
// makes tw say is all shown, the oldest first, until the next key; the
// log gets one line each.
func TestEventsShowEveryAnnouncementOfAStep(t *testing.T) {
	log := &lines{}
	e := NewEvents(log, nil)
	steps := []struct {
		newStep bool
		says    []string
		want    string
	}{
		{false, []string{"No audio device; reading silently at the speed of speech.", "Opened notes.md."},
			"No audio device; reading silently at the speed of speech. Opened notes.md."},
		{true, []string{"Heading level 2: Methods"}, "Heading level 2: Methods"},
		{true, []string{"1", "2", "3", "4", "5"}, "2 3 4 5"}, // at most maxShown
		{false, []string{"6"}, "3 4 5 6"},
	}
	n := 0
	for i, st := range steps {
		if st.newStep {
			e.BeginStep()
		}
		for _, s := range st.says {
			e.Announce(s, core.Polite)
			n++
		}
		if got, _, _, _ := e.snapshot(); got != st.want {
			t.Errorf("step %d shows %q, want %q", i+1, got, st.want)
		}
	}
	if log.count() != n {
		t.Errorf("the log has %d lines, want %d", log.count(), n)
	}
}

// logAtInit is a simulated terminal that reads the announcement log when
// the reader takes it over, then quits.
type logAtInit struct {
	tcell.SimulationScreen
	log    string
	atInit *string
}

func (s logAtInit) Init() error {
	data, _ := os.ReadFile(s.log)
	*s.atInit = string(data)
	if err := s.SimulationScreen.Init(); err != nil {
		return err
	}
	s.SetSize(80, 24)
	s.InjectKey(tcell.KeyCtrlQ, 0, tcell.ModCtrl)
	s.InjectKey(tcell.KeyRune, 'y', 0)
	return nil
}

// TestTheLogsWaitForTheTerminal: the announcement log says "Opened" only
// once the reader has the terminal, so a program that types on seeing it
// is read by the reader (a terminal in line mode would take Ctrl+Q and
// Ctrl+S as flow control).
func TestTheLogsWaitForTheTerminal(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(file, []byte("# Notes\n\nOne sentence.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "said.log")
	var atInit string
	code, err := Run(Options{File: file, Home: t.TempDir(), NoSpeech: true, Stderr: io.Discard,
		Getenv: func(k string) string { return map[string]string{EnvAnnounceLog: logPath}[k] },
		NewScreen: func() (tcell.Screen, error) {
			return logAtInit{tcell.NewSimulationScreen("UTF-8"), logPath, &atInit}, nil
		}})
	if code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	if atInit != "" {
		t.Errorf("the log said %q before the reader had the terminal", atInit)
	}
	if data, _ := os.ReadFile(logPath); !strings.Contains(string(data), "Opened Notes.") {
		t.Errorf("the log lacks the opening:\n%s", data)
	}
}
