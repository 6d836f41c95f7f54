package load

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

func gzipped(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(data)
	w.Close()
	return buf.Bytes()
}

// TestGzippedDocuments: a file compressed by gzip opens as the file it
// holds, by the name without .gz (Markdown as Markdown, text as text); a
// tar inside is listed as an archive; what is not gzip, is cut short, or
// unpacks to far more than the file could hold is refused with a reason.
func TestGzippedDocuments(t *testing.T) {
	notes := tarOf(t, map[string]string{"notes.md": "# Hi\n\n"})
	md := gzipped(t, []byte("# Harbour\n\nThe tide comes in.\n"))
	tests := []struct {
		name   string
		data   []byte
		format string
		text   string
		reason string
	}{
		{"guide.md.gz", md, "markdown", "Harbour\n\nThe tide comes in.", ""},
		{"NEWS.gz", gzipped(t, []byte("Version 5.2\n\nMany fixes.\n")), FormatText, "Version 5.2\n\nMany fixes.", ""},
		{"bundle.gz", gzipped(t, notes), formatArchive, "notes.md", ""},
		{"plain.txt.gz", []byte("not gzip at all"), "", "", reasonCorrupt},
		{"cut.md.gz", md[:len(md)/2], "", "", reasonCorrupt},
		{"bomb.txt.gz", gzipped(t, bytes.Repeat([]byte("a"), gunzipFloor+1)), "", "", reasonZipBomb},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.name)
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := File(path)
			if tc.reason != "" {
				if err == nil || !strings.Contains(err.Error(), tc.reason) {
					t.Fatalf("err %v, want %q", err, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Meta.Format != tc.format || !strings.Contains(d.Text, tc.text) {
				t.Errorf("format %q, text %q; want %q with %q", d.Meta.Format, d.Text, tc.format, tc.text)
			}
			if tc.format == "markdown" && len(d.MarkersOf(doc.Heading)) != 1 {
				t.Errorf("the Markdown's heading is lost: %+v", d.MarkersOf(doc.Heading))
			}
		})
	}
}

// TestGzippedDebianManuals: Debian's compressed manuals (a PDF, a LaTeX
// source, a changelog) open as the files they hold, with the same text as
// those files unpacked.
func TestGzippedDebianManuals(t *testing.T) {
	for _, p := range []string{
		"/usr/share/doc/bzip2/manual.pdf.gz",
		"/usr/share/doc/texlive-doc/latex/base/clsguide.tex.gz",
		"/usr/share/doc/bash/NEWS.gz",
	} {
		t.Run(filepath.Base(p), func(t *testing.T) {
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatalf("%v (scripts/deps-formats.sh installs it)", err)
			}
			inner, err := gunzip(raw)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Bytes(strings.TrimSuffix(p, ".gz"), inner)
			if err != nil {
				t.Fatal(err)
			}
			got, err := File(p)
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != want.Text || got.Meta.Format != want.Meta.Format || len(got.Text) < 1000 {
				t.Errorf("%s: %d characters as %s, unpacked %d as %s", p, len(got.Text), got.Meta.Format, len(want.Text), want.Meta.Format)
			}
		})
	}
}

// FuzzGzipped: whatever a .gz file holds, it opens or is refused with a
// reason, never a panic, and never unpacks past its bound.
func FuzzGzipped(f *testing.F) {
	f.Add(gzipped(f, []byte("# Title\n\nText.\n")), "guide.md.gz")
	f.Add(gzipped(f, []byte("plain\n")), "NEWS.gz")
	f.Add([]byte{0x1f, 0x8b, 0x08, 0x00}, "cut.txt.gz")
	f.Add(gzipped(f, bytes.Repeat([]byte("ab"), 4096)), "x.gz")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		if !strings.HasSuffix(name, ".gz") || strings.ContainsAny(name, "/\x00") {
			return
		}
		d, err := loadArchive(name, data)
		if err != nil {
			var le *Error
			if !errors.As(err, &le) || le.Reason == "" {
				t.Fatalf("%v: not an *Error with a reason", err)
			}
			return
		}
		if d == nil || len(d.Text) > max(gunzipFloor, gunzipRatio*len(data)) {
			t.Fatalf("%d characters from %d bytes", len(d.Text), len(data))
		}
	})
}
