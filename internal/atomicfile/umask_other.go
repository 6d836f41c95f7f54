//go:build !unix

package atomicfile

import "os"

// umask: systems without one give files the mode asked for.
var umask os.FileMode
