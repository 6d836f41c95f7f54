package testkit

import (
	"io"
	"os/exec"
	"testing"

	"textfirst/internal/pipecmd"
)

// StartPiped starts cmd with pipes to its standard input and output (see
// pipecmd.Start) and returns them; it fails the test when a pipe cannot be
// made or cmd cannot start. Closing stdin and waiting for cmd stay the
// caller's.
func StartPiped(t testing.TB, cmd *exec.Cmd) (stdin io.WriteCloser, stdout io.ReadCloser) {
	t.Helper()
	stdin, stdout, err := pipecmd.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	return stdin, stdout
}
