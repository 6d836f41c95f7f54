//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// umask is the process's file mode creation mask, read once at start (the
// only way to read it sets it, so it is read before any goroutine of the
// program makes a file).
var umask = func() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}()
