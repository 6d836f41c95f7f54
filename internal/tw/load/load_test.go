//go:build unix

package load

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestFormatOf(t *testing.T) {
	cases := map[string]string{
		"a.md": "markdown", "A.MARKDOWN": "markdown", "x.mdown": "markdown", "x.mkd": "markdown",
		"p.html": "html", "p.HTM": "html", "p.xhtml": "html",
		"n.txt": "text", "n.log": "text", "README": "text", "x.md.bak": "text", "dir.md/file": "text",
	}
	for path, want := range cases {
		if got := FormatOf(path); got != want {
			t.Errorf("FormatOf(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestText(t *testing.T) {
	runLoaderCases(t, []loaderCase{
		{name: "kept as written, final newline too", path: "n.txt", in: "# Not a heading\n\n*not* bold\n", text: "# Not a heading\n\n*not* bold\n", title: "n.txt", markers: []string{}},
		{name: "CRLF and CR", in: "a\r\nb\rc\r\n", text: "a\nb\nc\n"},
		{name: "byte order mark", in: "\uFEFFhi", text: "hi"},
		{name: "UTF-16 little endian", in: "\xFF\xFEh\x00\xe9\x00", text: "hé"},
		{name: "UTF-16 big endian", in: "\xFE\xFF\x00h\x00i", text: "hi"},
		{name: "invalid bytes become U+FFFD", in: "a\xffb", text: "a\uFFFDb"},
		{name: "empty", path: "e.txt", in: "", text: "", title: "e.txt", markers: []string{}},
	}, loadText)
}

func TestFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notes := write("notes.md", []byte("# Notes\n\nHello.\n"))
	empty := write("empty.txt", nil)
	nul := write("image.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
	latin1 := write("old.txt", []byte("caf\xe9 cr\xe8me"))
	late := write("late.txt", append([]byte(strings.Repeat("a", sniffSize+10)), 0xff))
	cut := write("cut.txt", append([]byte(strings.Repeat("a", sniffSize-1)), "é and more"...))
	utf16 := write("wide.txt", []byte("\xFF\xFEh\x00i\x00"))
	sub := filepath.Join(dir, "folder.md")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.txt")
	if f, err := os.Create(huge); err != nil {
		t.Fatal(err)
	} else {
		// Sparse: takes no room on the disk.
		if err := f.Truncate(MaxSize + 1); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	fifo := filepath.Join(dir, "pipe.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("loads and records the absolute path", func(t *testing.T) {
		t.Chdir(dir)
		d, err := File("notes.md")
		if err != nil {
			t.Fatal(err)
		}
		if d.Meta.Path != notes || d.Meta.Format != "markdown" || d.Meta.Title != "Notes" || d.Text != "Notes\n\nHello." {
			t.Fatalf("got path %q format %q title %q text %q", d.Meta.Path, d.Meta.Format, d.Meta.Title, d.Text)
		}
	})
	t.Run("empty file is an empty document", func(t *testing.T) {
		d, err := File(empty)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != "" || d.Len() != 0 || d.Meta.Title != "empty.txt" {
			t.Fatalf("got %q title %q", d.Text, d.Meta.Title)
		}
	})
	t.Run("invalid UTF-8 after the first 8 KiB is replaced", func(t *testing.T) {
		d, err := File(late)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(d.Text, "a\uFFFD") {
			t.Fatalf("text ends %q", d.Text[len(d.Text)-8:])
		}
	})
	t.Run("a character cut by the 8 KiB window is not binary", func(t *testing.T) {
		if _, err := File(cut); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("UTF-16 with a byte order mark is text", func(t *testing.T) {
		d, err := File(utf16)
		if err != nil || d.Text != "hi" {
			t.Fatalf("got %v, %v", d, err)
		}
	})

	errorCases := []struct {
		name, path, reason string
		is                 error
	}{
		{"missing", filepath.Join(dir, "missing.md"), "no such file", fs.ErrNotExist},
		{"missing folder on the way", filepath.Join(notes, "x.md"), "no such file", fs.ErrNotExist},
		{"folder", sub, "is a folder", nil},
		// A PNG name is an image, read through OCR: what is not one
		// is refused as such.
		{"NUL bytes", nul, "not a readable image (damaged, or of an unknown kind)", nil},
		{"invalid UTF-8 at the start", latin1, "binary file, not a document", nil},
		{"named pipe", fifo, "not a regular file", nil},
		{"over 1 GiB", huge, "too large (over 1 GiB)", nil},
	}
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := File(tc.path)
			if err == nil {
				t.Fatalf("loaded %q, want an error", d.Text)
			}
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not a *load.Error", err)
			}
			if le.Reason != tc.reason || le.Path != tc.path {
				t.Fatalf("got path %q reason %q, want %q %q", le.Path, le.Reason, tc.path, tc.reason)
			}
			if err.Error() != tc.path+": "+tc.reason {
				t.Fatalf("Error() = %q", err.Error())
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("errors.Is(%v, %v) = false", err, tc.is)
			}
		})
	}

	t.Run("permission denied", func(t *testing.T) {
		// Root reads any file, so the classification is checked on the
		// error the system gives a non-root user.
		if got := reasonOf(&fs.PathError{Op: "open", Path: "x", Err: syscall.EACCES}); got != ReasonPermission {
			t.Fatalf("EACCES gives %q", got)
		}
		if got := reasonOf(&fs.PathError{Op: "read", Path: "x", Err: syscall.EIO}); got != "cannot be read (input/output error)" {
			t.Fatalf("EIO gives %q", got)
		}
		if os.Geteuid() == 0 {
			return
		}
		p := write("secret.txt", []byte("x"))
		if err := os.Chmod(p, 0); err != nil {
			t.Fatal(err)
		}
		_, err := File(p)
		var le *Error
		if !errors.As(err, &le) || le.Reason != ReasonPermission || !errors.Is(err, fs.ErrPermission) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestBytes(t *testing.T) {
	cases := []struct {
		path, in, text, format string
	}{
		{"a.md", "# T\n\n*x*\n", "T\n\nx", "markdown"},
		{"a.html", "<p>x &amp; y</p>", "x & y", "html"},
		{"a.txt", "*x*\n", "*x*\n", "text"},
		{"a.csv", "a,b\n", "a | b", "csv"},
		{"a.log", "a,b\n", "a,b\n", "text"},
	}
	for _, tc := range cases {
		d, err := Bytes(tc.path, []byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != tc.text || d.Meta.Format != tc.format || d.Meta.Path != tc.path {
			t.Errorf("Bytes(%q) = %q %q %q", tc.path, d.Text, d.Meta.Format, d.Meta.Path)
		}
	}
	if _, err := Bytes("x.md", []byte("a\x00b")); err == nil || err.Error() != "x.md: binary file, not a document" {
		t.Errorf("binary bytes: %v", err)
	}
}

func TestIsBinary(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		binary bool
	}{
		{"text", "plain text\n", false},
		{"empty", "", false},
		{"NUL", "a\x00b", true},
		{"invalid UTF-8", "\xc3\x28", true},
		{"many control characters", strings.Repeat("\x01\x02x", 10), true},
		{"escape sequences and form feeds", "\x1b[1mbold\x1b[0m\f\n", false},
		{"UTF-16 BOM", "\xFF\xFEa\x00", false},
		{"PDF", "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", true},
	}
	for _, tc := range cases {
		if got := isBinary([]byte(tc.in)); got != tc.binary {
			t.Errorf("%s: isBinary = %v, want %v", tc.name, got, tc.binary)
		}
	}
}

// Every kind the document model knows has its number in the builder.
func TestKindNumbers(t *testing.T) {
	for i, k := range kinds {
		if i > 0 && int(kindNumber(k)) != i {
			t.Errorf("kindNumber(%q) = %d, want %d", k, kindNumber(k), i)
		}
	}
}
