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
// or not; neither installed fails the test (scripts/deps-pdf.sh installs
// them).
func readDebianPDF(t testing.TB, path string) []byte {
	t.Helper()
	if data, err := os.ReadFile(path); err == nil {
		return data
	}
	gz, err := os.ReadFile(path + ".gz")
	if err != nil {
		t.Fatalf("%s is not installed (scripts/deps-pdf.sh)", path)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// loadDebianPDF loads a PDF a Debian documentation package ships.
func loadDebianPDF(t *testing.T, path string) *doc.Document {
	t.Helper()
	d, err := Load(path, readDebianPDF(t, path))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDebianManualLinks: every internal link of Debian's pdfTeX manuals
// (texinfo's named destinations) leads into the page it names.
// libtasn1-doc and bash-doc are installed by scripts/deps-pdf.sh.
func TestDebianManualLinks(t *testing.T) {
	cases := []struct {
		path     string
		minLinks int
	}{
		{"/usr/share/doc/libtasn1-doc/libtasn1.pdf", 75}, // its 78 link annotations, 3 of them URIs
		{"/usr/share/doc/bash/bashref.pdf", 900},
	}
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			d := loadDebianPDF(t, tc.path)
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

// TestDebianManualBookmarks: the bookmarks of Debian's manuals start at
// headings, though their titles leave out the section numbers ("ASN.1
// syntax" for "2.1 ASN.1 syntax", texinfo) or the markup ("resetdirs /"
// for "<reset-dirs />", DocBook). fontconfig ships its user manual;
// libtasn1-doc and nettle-dev are in scripts/deps-pdf.sh.
func TestDebianManualBookmarks(t *testing.T) {
	cases := []struct {
		path    string
		atLeast float64 // the share of bookmarks at a heading
	}{
		{"/usr/share/doc/libtasn1-doc/libtasn1.pdf", 1},
		{"/usr/share/doc/nettle-dev/nettle.pdf", 1},
		{"/usr/share/doc/fontconfig/fontconfig-user.pdf", 0.95},
	}
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			d := loadDebianPDF(t, tc.path)
			heads := map[int]bool{}
			for _, m := range d.MarkersOf(doc.Heading) {
				heads[m.Start] = true
			}
			var missed []string
			sections := d.MarkersOf(SectionBreak)
			for _, m := range sections {
				if !heads[m.Start] {
					missed = append(missed, m.Label)
				}
			}
			share := 1 - float64(len(missed))/float64(max(1, len(sections)))
			t.Logf("%s: %d bookmarks, %d not at a heading", tc.path, len(sections), len(missed))
			if len(sections) == 0 || share < tc.atLeast {
				t.Errorf("%d of %d bookmarks not at a heading: %q", len(missed), len(sections), missed)
			}
		})
	}
}

func TestTitleKey(t *testing.T) {
	for _, tc := range []struct{ title, line string }{
		{"ASN.1 syntax", "2.1 ASN.1 syntax"},
		{"1 Introduction", "1  introduction"},
		{"A Copying Information", "Appendix A Copying Information"},
		{"resetdirs /", "<reset-dirs />"},
		{"SHA3-224", "7.1.1.5 SHA3-224"},
	} {
		if a, b := titleKey(tc.title), titleKey(tc.line); a != b {
			t.Errorf("titleKey(%q) = %q, titleKey(%q) = %q; want them equal", tc.title, a, tc.line, b)
		}
	}
	if titleKey("Methods") == titleKey("Results") {
		t.Error("titleKey makes different titles equal")
	}
}

// TestDebianManPageHeadings: bash's manual page as groff prints it (bash's
// own package) has its sections as headings, and no heading made of
// symbols alone (its history section sets "ˆ ˆ ˆ" large).
func TestDebianManPageHeadings(t *testing.T) {
	d := loadDebianPDF(t, "/usr/share/doc/bash/bash.pdf")
	heads := d.MarkersOf(doc.Heading)
	if len(heads) < 100 {
		t.Errorf("%d headings, want its sections", len(heads))
	}
	for _, m := range heads {
		if text := d.Slice(m.Start, m.End); !hasWord(text) {
			t.Errorf("heading %q at %d has no word", text, m.Start)
		}
	}
}
