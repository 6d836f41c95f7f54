//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// WritePrivate makes a new file 0600 and takes from an existing one the
// permissions others have; Write keeps an existing file's mode.
func TestWritePrivate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		existing os.FileMode // 0: no file yet
		want     os.FileMode
	}{
		{"new", 0, 0o600},
		{"world-readable", 0o644, 0o600},
		{"group-readable", 0o640, 0o600},
		{"read-only for its owner", 0o400, 0o400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "state.json")
			if tc.existing != 0 {
				if err := os.WriteFile(p, []byte("old"), tc.existing); err != nil {
					t.Fatal(err)
				}
				os.Chmod(p, tc.existing)
			}
			if err := WritePrivate(p, []byte("new")); err != nil {
				t.Fatal(err)
			}
			if got := mode(t, p); got != tc.want {
				t.Errorf("mode %v, want %v", got, tc.want)
			}
			if data, _ := os.ReadFile(p); string(data) != "new" {
				t.Errorf("content %q", data)
			}
		})
	}
}

// MkdirPrivate makes and tightens the folders from root down to dir, and
// leaves the folder above root as it is.
func TestMkdirPrivate(t *testing.T) {
	above := t.TempDir()
	os.Chmod(above, 0o755)
	root := filepath.Join(above, "home")
	if err := os.MkdirAll(filepath.Join(root, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(root, 0o755)
	os.Chmod(filepath.Join(root, "data"), 0o775)
	dir := filepath.Join(root, "data", "state", "documents")
	if err := MkdirPrivate(root, dir); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{root, filepath.Join(root, "data"), filepath.Join(root, "data", "state"), dir} {
		if got := mode(t, p); got != PrivateDir {
			t.Errorf("%s: mode %v, want %v", p, got, PrivateDir)
		}
	}
	if got := mode(t, above); got != 0o755 {
		t.Errorf("the folder above the home became %v", got)
	}
}

// A lock file is private too, also one an older version left readable.
func TestLockFileIsPrivate(t *testing.T) {
	p := filepath.Join(t.TempDir(), "doc.json")
	os.WriteFile(p+".lock", nil, 0o644)
	os.Chmod(p+".lock", 0o644)
	unlock, err := Lock(p)
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	if got := mode(t, p+".lock"); got != PrivateFile {
		t.Errorf("lock file mode %v, want %v", got, PrivateFile)
	}
}

// A new file written for the user (an export) has the mode asked for less
// the umask, as os.Create gives; an existing one keeps its mode.
func TestWriteHonoursTheUmask(t *testing.T) {
	saved := umask
	defer func() { umask = saved }()
	umask = 0o077
	p := filepath.Join(t.TempDir(), "book.epub")
	if err := Write(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := mode(t, p); got != 0o600 {
		t.Errorf("new file under umask 077: %v, want 0600", got)
	}
	os.Chmod(p, 0o644)
	if err := Write(p, []byte("y"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := mode(t, p); got != 0o644 {
		t.Errorf("existing file: %v, want its 0644 kept", got)
	}
}
