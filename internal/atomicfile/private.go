package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The modes of what only its owner may read: the folders and files of a
// private home (settings, reading state, logs, locks).
const (
	PrivateDir  os.FileMode = 0o700
	PrivateFile os.FileMode = 0o600
)

// WritePrivate is Write for a file only its owner may read: made 0600, and
// an existing file that others could read is tightened to it.
func WritePrivate(path string, data []byte) error {
	return write(path, data, PrivateFile, true)
}

// MkdirPrivate makes the folder dir and its missing parents, and makes
// every folder from root down to dir (root and dir included; dir lies
// under root, or is root) readable by its owner only, tightening those
// that exist with a looser mode. Folders above root that exist are left as
// they are, and so is a folder of another owner, which may not be
// changed (the user named it as the home): only making a folder fails.
func MkdirPrivate(root, dir string) error {
	if err := os.MkdirAll(dir, PrivateDir); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	tighten := func(p string) error {
		if err := Tighten(p, PrivateDir); err != nil && !errors.Is(err, fs.ErrPermission) {
			return err
		}
		return nil
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return tighten(dir)
	}
	p := root
	if err := tighten(p); err != nil {
		return err
	}
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		if part == "." {
			continue
		}
		p = filepath.Join(p, part)
		if err := tighten(p); err != nil {
			return err
		}
	}
	return nil
}

// Tighten takes from path's permissions those mode lacks (so 0644 under
// PrivateFile becomes 0600, and 0400 stays). A missing path is no error.
func Tighten(path string, mode os.FileMode) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	perm := fi.Mode().Perm()
	if perm&^mode == 0 {
		return nil
	}
	if err := os.Chmod(path, perm&mode); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	return nil
}
