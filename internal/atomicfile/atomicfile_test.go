package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWriteReplacesAndKeepsMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := Write(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "two" {
		t.Fatalf("content %q", got)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v", fi.Mode())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

func TestWriteIntoMissingFolderFails(t *testing.T) {
	if err := Write(filepath.Join(t.TempDir(), "no", "a.txt"), []byte("x"), 0o600); err == nil {
		t.Fatal("want an error")
	}
}

// Writing a symbolic link replaces the file it points to; the link stays.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "real", "doc.md")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink("real/doc.md", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link is no longer a link: %v %v", fi.Mode(), err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Fatalf("the target holds %q", got)
	}
}

// Stale temporary files of a killed write are swept; a fresh one and
// other files are left alone.
func TestSweepStale(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.md")
	old := filepath.Join(dir, ".doc.md.tmp-123")
	fresh := filepath.Join(dir, ".doc.md.tmp-456")
	other := filepath.Join(dir, ".other.md.tmp-789")
	for _, p := range []string{doc, old, fresh, other} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-time.Hour)
	os.Chtimes(old, long, long)
	os.Chtimes(other, long, long)
	if n := SweepStale(doc, 10*time.Minute); n != 1 {
		t.Fatalf("swept %d", n)
	}
	for p, want := range map[string]bool{doc: true, old: false, fresh: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Fatalf("%s exists: %v, want %v", p, err == nil, want)
		}
	}
}
