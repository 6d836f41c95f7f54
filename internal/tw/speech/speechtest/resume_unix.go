//go:build !windows

package speechtest

import (
	"os"
	"syscall"
)

// resume continues a process a test stopped with SIGSTOP.
func resume(p *os.Process) { p.Signal(syscall.SIGCONT) }
