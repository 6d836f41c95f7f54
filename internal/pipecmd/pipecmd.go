// Package pipecmd starts programs that are spoken to over their standard
// input and output (a helper, a server on stdio).
package pipecmd

import (
	"fmt"
	"io"
	"os/exec"
)

// Start starts cmd with pipes to its standard input and from its standard
// output and returns them. Closing stdin and waiting for cmd stay the
// caller's.
func Start(cmd *exec.Cmd) (stdin io.WriteCloser, stdout io.ReadCloser, err error) {
	if stdin, err = cmd.StdinPipe(); err != nil {
		return nil, nil, fmt.Errorf("pipecmd: %w", err)
	}
	if stdout, err = cmd.StdoutPipe(); err != nil {
		return nil, nil, fmt.Errorf("pipecmd: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("pipecmd: starting %s: %w", cmd.Path, err)
	}
	return stdin, stdout, nil
}
