// Package atomicfile writes files so that a reader (or a crash) sees either
// the old content or the new one, never a mix or a truncated file.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Write replaces path with data: it writes a temporary file in the same
// folder, syncs it, renames it over path and syncs the folder. perm, less
// the process's umask, is used when path does not exist yet (as os.Create
// would); an existing file keeps its permissions.
// When path is a symbolic link, the file it points to is replaced (beside
// it), and the link stays a link.
func Write(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, false)
}

// write is Write; with private, an existing file keeps only those of its
// permissions perm has.
func write(path string, data []byte, perm os.FileMode, private bool) error {
	path, err := Target(path)
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(path); err == nil {
		if private {
			perm &= fi.Mode().Perm()
		} else {
			perm = fi.Mode().Perm()
		}
	} else {
		perm &^= umask
	}
	tmp, err := os.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	name := tmp.Name()
	cleanup := func() { tmp.Close(); os.Remove(name) }
	if _, err := tmp.Write(data); err != nil {
		cleanup()
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := tmp.Chmod(perm); err != nil {
		cleanup()
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		cleanup()
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("atomicfile: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Target follows path through symbolic links (also one that points to a
// file not there yet) and returns the path of the file itself.
func Target(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// tempPattern is the name pattern of the temporary files Write makes
// beside path.
func tempPattern(path string) string { return "." + filepath.Base(path) + ".tmp-*" }

// SweepStale removes the temporary files of Write beside path (a write
// that was killed before its rename leaves one) that are older than age:
// a newer one may belong to a write in progress. It returns how many it
// removed.
func SweepStale(path string, age time.Duration) int {
	dir := filepath.Dir(path)
	prefix := strings.TrimSuffix(tempPattern(path), "*")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < age {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			n++
		}
	}
	return n
}
