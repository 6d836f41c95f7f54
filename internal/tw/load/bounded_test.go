package load

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// endless is a file that never ends: text, forever.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], "abc \n")
	}
	return n, nil
}

// A sparse file just under 1 GiB is refused as binary on its first bytes,
// not after reading a gigabyte.
func TestSparseFileIsRefusedOnItsFirstBytes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sparse.txt")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSize - 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var loadErr error
	if n := allocated(func() { _, loadErr = File(p) }); n > 1<<20 {
		t.Fatalf("refusing a sparse file allocated %d bytes", n)
	}
	var le *Error
	if !errors.As(loadErr, &le) || le.Reason != ReasonBinary {
		t.Fatalf("got %v, want %q", loadErr, ReasonBinary)
	}
}

// Reading is bounded whatever the file says of its size.
func TestReadDocumentIsBounded(t *testing.T) {
	cases := []struct {
		name     string
		r        io.Reader
		size     int64
		reason   string
		maxAlloc uint64
	}{
		{"size says 0, never ends", endless{}, 0, ReasonEndless, 2*maxUnsized + 1<<20},
		{"binary after its first bytes is read on", io.MultiReader(strings.NewReader(strings.Repeat("a", 2*sniffSize)),
			strings.NewReader("\x00")), 0, "", 1 << 20},
		{"NUL at the start, never ends", io.MultiReader(strings.NewReader("\x00"), endless{}), 0, ReasonBinary, 64 << 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var reason string
			if n := allocated(func() { _, reason = readDocument(c.r, c.size, isBinary) }); n > c.maxAlloc {
				t.Fatalf("allocated %d bytes, want at most %d", n, c.maxAlloc)
			}
			if reason != c.reason {
				t.Fatalf("reason %q, want %q", reason, c.reason)
			}
		})
	}
}

// Devices are refused before anything is read from them.
func TestDevicesAreRefused(t *testing.T) {
	for _, p := range []string{"/dev/zero", "/dev/urandom", "/dev/null"} {
		_, err := File(p)
		var le *Error
		if !errors.As(err, &le) || le.Reason != ReasonNotRegular {
			t.Fatalf("%s: got %v, want %q", p, err, ReasonNotRegular)
		}
	}
}

// A /proc file says its size is 0 and has content: it loads, read with a
// cap.
func TestProcFileLoads(t *testing.T) {
	d, err := File("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Text, "Name:") {
		t.Fatalf("text %q", d.Text)
	}
}
