package pdf

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// readDebianPDF reads a PDF a Debian documentation package ships, gzipped
// or not; ok is false when neither is installed.
func readDebianPDF(t *testing.T, path string) (data []byte, ok bool) {
	t.Helper()
	if data, err := os.ReadFile(path); err == nil {
		return data, true
	}
	gz, err := os.ReadFile(path + ".gz")
	if err != nil {
		return nil, false
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	data, err = io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data, true
}

// TestDebianManualLinks: every internal link of Debian's pdfTeX manuals
// (texinfo's named destinations) leads into the page it names.
// libtasn1-doc and bash-doc are in scripts/deps-pdf.sh; bash-doc's manual
// is checked when it is installed.
func TestDebianManualLinks(t *testing.T) {
	cases := []struct {
		path     string
		required bool
		minLinks int
	}{
		{"/usr/share/doc/libtasn1-doc/libtasn1.pdf", true, 75}, // its 78 link annotations, 3 of them URIs
		{"/usr/share/doc/bash/bashref.pdf", false, 900},
	}
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			data, ok := readDebianPDF(t, tc.path)
			if !ok && tc.required {
				t.Fatalf("%s is not installed (scripts/deps-pdf.sh)", tc.path)
			}
			if !ok {
				t.Skipf("%s is not installed (bash-doc, scripts/deps-pdf.sh)", tc.path)
			}
			d, err := Load(tc.path, data)
			if err != nil {
				t.Fatal(err)
			}
			pages := d.Pages()
			internal, landed := 0, 0
			for _, m := range d.MarkersOf(doc.Link) {
				n, err := strconv.Atoi(strings.TrimPrefix(m.Reference, "#page="))
				if err != nil {
					continue
				}
				internal++
				to, ok := d.LinkTarget(m)
				if !ok {
					continue
				}
				if p := pages[n-1]; to < p.Start || to > p.End {
					t.Errorf("link %q (%s) leads to %d, outside page %d [%d, %d)", d.Slice(m.Start, m.End), m.Reference, to, n, p.Start, p.End)
					continue
				}
				landed++
			}
			t.Logf("%s: %d internal links, %d land on their page", tc.path, internal, landed)
			if internal < tc.minLinks || landed != internal {
				t.Errorf("%d internal links (want at least %d), %d land", internal, tc.minLinks, landed)
			}
		})
	}
}
