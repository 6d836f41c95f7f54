package pdf

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"strings"
	"testing"
)

// TestInflateUntil: what inflateUntil gives is the start of the whole
// data, through the first occurrence of the marker when it lies past the
// first byte, and the whole data otherwise; with or without a zlib header.
func TestInflateUntil(t *testing.T) {
	long := strings.Repeat("/a 1 def\n", 20000) // past a read of the decompressor
	for _, tc := range []struct{ name, data string }{
		{"marker", "%!PS-AdobeFont dup 65 /A put eexec \x00\x01binary eexec"},
		{"marker far", long + "eexec" + long},
		{"marker at the start", "eexec dup 65 /A put " + long + " eexec " + long},
		{"no marker", long},
		{"empty", ""},
	} {
		for _, header := range []bool{true, false} {
			var b bytes.Buffer
			var w interface {
				Write([]byte) (int, error)
				Close() error
			}
			if header {
				w = zlib.NewWriter(&b)
			} else {
				w, _ = flate.NewWriter(&b, flate.DefaultCompression)
			}
			w.Write([]byte(tc.data))
			w.Close()
			got, err := inflateUntil(b.Bytes(), 1<<30, []byte("eexec"))
			if err != nil {
				t.Fatal(err)
			}
			full, _ := inflate(b.Bytes(), 1<<30)
			if string(full) != tc.data {
				t.Fatalf("%s: inflate gives %d bytes, want %d", tc.name, len(full), len(tc.data))
			}
			want := len(tc.data)
			if i := strings.Index(tc.data, "eexec"); i > 0 {
				want = i + len("eexec")
			}
			if !bytes.HasPrefix(full, got) || len(got) < want {
				t.Errorf("%s (zlib header %v): %d bytes, not the data's first %d or more", tc.name, header, len(got), want)
			}
			if i := strings.Index(tc.data, "eexec"); i <= 0 && len(got) != len(tc.data) {
				t.Errorf("%s (zlib header %v): %d bytes, want all %d", tc.name, header, len(got), len(tc.data))
			}
		}
	}
}
