package cli

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// readPassword writes prompt to out (the terminal tty itself, but for
// tests) and reads a line from tty unechoed, as getpass
// does: echo is off (and what was typed before the prompt is discarded)
// before the prompt is written, so nothing typed once the prompt can be
// seen is shown; echo comes back afterwards, and the line ends.
func readPassword(tty *os.File, out io.Writer, prompt string) ([]byte, error) {
	fd := int(tty.Fd())
	old, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return nil, fmt.Errorf("cli: terminal settings: %w", err)
	}
	quiet := *old
	quiet.Lflag &^= unix.ECHO
	quiet.Lflag |= unix.ICANON | unix.ISIG
	quiet.Iflag |= unix.ICRNL
	if err := unix.IoctlSetTermios(fd, unix.TCSETSF, &quiet); err != nil {
		return nil, fmt.Errorf("cli: turning echo off: %w", err)
	}
	defer func() {
		unix.IoctlSetTermios(fd, unix.TCSETSF, old)
		io.WriteString(out, "\n")
	}()
	io.WriteString(out, prompt)
	// Echo is already off: ReadPassword's own switching changes nothing.
	return term.ReadPassword(fd)
}
