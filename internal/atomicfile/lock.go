package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Lock takes an exclusive advisory lock on path+".lock" (created when
// missing, readable by its owner only, as an existing one is made), waiting for another holder to let go, and returns the function
// that releases it. Processes that read, change and write one file take it
// around the whole change, so that no change is lost between them.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, PrivateFile)
	if err != nil {
		return nil, fmt.Errorf("atomicfile: %w", err)
	}
	if err := Tighten(f.Name(), PrivateFile); err != nil {
		f.Close()
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("atomicfile: locking %s: %w", path, err)
	}
	return func() {
		unlockFile(f)
		f.Close()
	}, nil
}

// WithLock makes path's folder (owner only) when missing, and runs fn
// holding path's lock: a read, change and write of path in fn is not
// interleaved with another process's.
func WithLock(path string, fn func() error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	unlock, err := Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	return fn()
}
