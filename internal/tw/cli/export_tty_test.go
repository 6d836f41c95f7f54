//go:build unix

package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"textfirst/internal/testkit"
)

// ttyRun starts tw with its standard error on a pseudo-terminal (and its
// standard output on a pipe); it returns the command and what the terminal
// shows so far.
func ttyRun(t *testing.T, args ...string) (*exec.Cmd, func() string, *bytes.Buffer) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd := exec.Command(testkit.Binary(t, "tw"), args...)
	cmd.Stdout = &out
	cmd.Stderr = tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	t.Cleanup(func() { ptmx.Close() })
	return cmd, shownOn(ptmx), &out
}

// shownOn reads what a pseudo-terminal shows, in the background, until it
// closes; the function returned gives all of it so far.
func shownOn(ptmx *os.File) func() string {
	var mu sync.Mutex
	var shown bytes.Buffer
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			shown.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return shown.String()
	}
}

func longBook(t *testing.T, dir string, paragraphs int) string {
	var b strings.Builder
	for i := range paragraphs {
		if i%10 == 0 {
			b.WriteString("# Chapter\n\n")
		}
		b.WriteString("This paragraph is here to make the book long enough to stop half way through. It says little.\n\n")
	}
	path := testkit.WriteFile(t, filepath.Join(dir, "book.md"), b.String())
	return path
}

func TestExportAudioProgressOnTerminalOnly(t *testing.T) {
	dir := t.TempDir()
	book := longBook(t, dir, 3)
	cmd, shown, _ := ttyRun(t, "export-audio", book, "--out", filepath.Join(dir, "b.mp3"), "--backend", "espeak")
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	got := shown()
	for _, want := range []string{"\rSynthesising [", "\rSynthesising [####################] 100%", "\rEncoding MP3 [####################] 100%\r\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the terminal shows %q, not %q", got, want)
		}
	}
	// On a pipe: no bar, nothing on stderr.
	var errb bytes.Buffer
	c := exec.Command(testkit.Binary(t, "tw"), "export-audio", book, "--out", filepath.Join(dir, "c.mp3"), "--backend", "espeak")
	c.Stderr = &errb
	if err := c.Run(); err != nil || errb.Len() != 0 {
		t.Errorf("on a pipe: %v, stderr %q", err, errb.String())
	}
}

// Ctrl-C (SIGINT) while speaking or while encoding stops the export and
// leaves no file: nothing but the book in the folder.
func TestExportAudioInterruptLeavesNoFile(t *testing.T) {
	for _, tc := range []struct{ out, phase string }{
		{"x.wav", "Synthesising"},
		{"x.m4b", "Synthesising"},
		{"x.m4b", "Encoding M4B"},
	} {
		t.Run(tc.out+" "+tc.phase, func(t *testing.T) {
			dir := t.TempDir()
			book := longBook(t, dir, 60)
			cmd, shown, out := ttyRun(t, "export-audio", book, "--out", filepath.Join(dir, tc.out), "--backend", "espeak", "--subtitles", "srt")
			deadline := time.Now().Add(60 * time.Second)
			for !strings.Contains(shown(), tc.phase) && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
			cmd.Process.Signal(syscall.SIGINT)
			err := cmd.Wait()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Fatalf("exit %v; stdout %q; terminal %q", err, out, shown())
			}
			time.Sleep(100 * time.Millisecond)
			if want := "Error: tw export-audio: stopped; nothing written to " + filepath.Join(dir, tc.out) + "."; !strings.Contains(shown(), want) {
				t.Errorf("terminal %q lacks %q", shown(), want)
			}
			left, _ := os.ReadDir(dir)
			if len(left) != 1 || left[0].Name() != "book.md" {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}
