package cli

import (
	"testing"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// The prompt is written with echo already off (so a password typed as soon
// as the prompt shows is never shown), the password is read, and echo is
// back on afterwards.
func TestReadPasswordEchoOffBeforePrompt(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	go func() { // what the terminal shows, never read back here
		buf := make([]byte, 512)
		for {
			if _, err := ptmx.Read(buf); err != nil {
				return
			}
		}
	}()
	echoing := func() bool {
		tios, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
		if err != nil {
			t.Errorf("terminal settings: %v", err)
			return true
		}
		return tios.Lflag&unix.ECHO != 0
	}
	if !echoing() {
		t.Fatal("a new pseudo-terminal does not echo: nothing to test")
	}
	prompted := make(chan bool, 2)
	out := writerFunc(func(p []byte) (int, error) {
		if string(p) == "Password: " {
			prompted <- echoing()
		}
		return tty.Write(p)
	})
	type result struct {
		pw  string
		err error
	}
	done := make(chan result, 1)
	go func() {
		pw, err := readPassword(tty, out, "Password: ")
		done <- result{string(pw), err}
	}()
	if <-prompted {
		t.Error("echo was on when the prompt was written")
	}
	ptmx.Write([]byte("sesame\r"))
	r := <-done
	if r.err != nil || r.pw != "sesame" {
		t.Errorf("readPassword = %q, %v; want sesame", r.pw, r.err)
	}
	if !echoing() {
		t.Error("echo is still off after the password was read")
	}
}
