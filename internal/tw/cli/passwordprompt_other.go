//go:build !linux

package cli

import (
	"io"
	"os"

	"golang.org/x/term"
)

// readPassword writes prompt to out (the terminal tty itself, but for
// tests) and reads a line from tty unechoed.
func readPassword(tty *os.File, out io.Writer, prompt string) ([]byte, error) {
	io.WriteString(out, prompt)
	defer io.WriteString(out, "\n")
	return term.ReadPassword(int(tty.Fd()))
}
