//go:build unix

package export_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

// besideFolder makes a document folder whose Markdown refers to images: a
// real PNG, a link to it inside the folder, a link to /etc/passwd, a FIFO,
// a link to /dev/zero, and a file that is missing. It returns the loaded
// document's path.
func besideFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	owl, err := os.ReadFile(filepath.Join("testdata", "owl.png"))
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "owl.png"), owl, 0o644))
	must(os.Symlink("owl.png", filepath.Join(dir, "same.png")))
	must(os.Symlink("/etc/passwd", filepath.Join(dir, "key.png")))
	must(syscall.Mkfifo(filepath.Join(dir, "fifo.png"), 0o644))
	must(os.Symlink("/dev/zero", filepath.Join(dir, "zero.png")))
	md := "# Pictures\n\n![owl](owl.png) ![same](same.png) ![key](key.png) ![fifo](fifo.png) ![zero](zero.png) ![gone](gone.png)\n"
	path := filepath.Join(dir, "doc.md")
	must(os.WriteFile(path, []byte(md), 0o644))
	return path
}

// The writers pack only regular files inside the document's folder: a
// link out, a FIFO and a link to a device are left out (the export ends,
// without their bytes), each reported once with its reason; a missing
// file is not reported.
func TestWritersReadOnlyRegularFilesInTheFolder(t *testing.T) {
	path := besideFolder(t)
	d, err := load.File(path)
	if err != nil {
		t.Fatal(err)
	}
	passwd, err := os.ReadFile("/etc/passwd")
	if err != nil || len(passwd) < 16 {
		t.Skip("no /etc/passwd to look for")
	}
	owl, _ := os.ReadFile(filepath.Join("testdata", "owl.png"))
	want := []export.LeftOut{
		{Src: "key.png", Reason: export.ReasonOutsideFolder},
		{Src: "fifo.png", Reason: export.ReasonNotRegular},
		{Src: "zero.png", Reason: export.ReasonOutsideFolder},
	}
	for _, f := range []export.Format{export.FormatEPUB, export.FormatDOCX, export.FormatODT} {
		t.Run(string(f), func(t *testing.T) {
			type result struct {
				data    []byte
				leftOut []export.LeftOut
				err     error
			}
			done := make(chan result, 1)
			go func() {
				data, leftOut, err := export.WriteReporting(context.Background(), d, f)
				done <- result{data, leftOut, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(time.Minute): // a FIFO opened for reading waits for ever
				t.Fatal("the export hangs")
			}
			if r.err != nil {
				t.Fatal(r.err)
			}
			files, _ := unzip(t, r.data)
			packed := 0
			for name, data := range files {
				if bytes.Contains(data, passwd[:16]) {
					t.Errorf("%s holds /etc/passwd", name)
				}
				if bytes.Equal(data, owl) {
					packed++
				}
			}
			if packed != 2 {
				t.Errorf("the owl is packed %d times, want twice (owl.png, and same.png, a link inside the folder)", packed)
			}
			if !slices.Equal(r.leftOut, want) {
				t.Errorf("left out %v, want %v", r.leftOut, want)
			}
		})
	}
}

// A FIFO or a device inside the folder itself is refused as not regular.
func TestWritersRefuseSpecialFilesInTheFolder(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../pipe.png", filepath.Join(sub, "up.png")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(sub, "doc.md")
	os.WriteFile(path, []byte("![a](up.png)\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "doc.md"), []byte("![a](pipe.png) ![b](sub/up.png)\n"), 0o644)
	for _, tc := range []struct {
		path string
		want []export.LeftOut
	}{
		{path, []export.LeftOut{{Src: "up.png", Reason: export.ReasonOutsideFolder}}},
		{filepath.Join(dir, "doc.md"), []export.LeftOut{{Src: "pipe.png", Reason: export.ReasonNotRegular}, {Src: "sub/up.png", Reason: export.ReasonNotRegular}}},
	} {
		d, err := load.File(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		_, leftOut, err := export.WriteReporting(context.Background(), d, export.FormatEPUB)
		if err != nil || !slices.Equal(leftOut, tc.want) {
			t.Errorf("%s: left out %v (%v), want %v", tc.path, leftOut, err, tc.want)
		}
	}
}
