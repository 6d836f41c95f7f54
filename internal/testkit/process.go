package testkit

import (
	"io"
	"os/exec"
	"testing"
)

// StartPiped starts cmd with pipes to its standard input and output and
// returns them; it fails the test when a pipe cannot be made or cmd cannot
// start. Closing stdin and waiting for cmd stay the caller's.
func StartPiped(t testing.TB, cmd *exec.Cmd) (stdin io.WriteCloser, stdout io.ReadCloser) {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if stdout, err = cmd.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return stdin, stdout
}
