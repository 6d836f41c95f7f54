package cli_test

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"

	"textfirst/internal/testkit"
)

// On a terminal, tw text and tw info show a document's control characters
// (an HTML title or text that would set the window title or the
// clipboard); through a pipe the text is unchanged.
func TestControlCharactersShownOnATerminal(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	html := "<html><head><title>T\x1b]0;owned\x07</title></head><body><p>Text \x1b]52;c;ZXZpbA==\x07 here.</p></body></html>"
	testkit.WriteFile(t, page, html)
	for _, args := range [][]string{{"text", page}, {"info", page}} {
		t.Run(args[0], func(t *testing.T) {
			if s := onTerminal(t, args...); strings.Contains(s, "\x1b") || !strings.Contains(s, "^[]") {
				t.Errorf("tw %s on a terminal showed %q; want ^[ for ESC and no escape sequence", args[0], s)
			}
			out, err := exec.Command(testkit.Binary(t, "tw"), args...).Output()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), "\x1b]") {
				t.Errorf("tw %s through a pipe gave %q; want the text unchanged", args[0], out)
			}
		})
	}
}

// onTerminal runs tw with its output on a pseudo-terminal and returns all
// the terminal showed.
func onTerminal(t *testing.T, args ...string) string {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	cmd := exec.Command(testkit.Binary(t, "tw"), args...)
	cmd.Stdout, cmd.Stderr = tty, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	var shown bytes.Buffer
	read := make(chan struct{})
	go func() {
		// Reading ends when the last holder of the terminal (tw) exits.
		io.Copy(&shown, ptmx)
		close(read)
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	<-read
	return shown.String()
}
