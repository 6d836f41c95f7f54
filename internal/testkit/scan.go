package testkit

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// FaxScan makes, in dir, a scanned PDF of the first page of the PDF src as
// a scanner writes one: the page rendered at 150 dots per inch as a
// bilevel image (pdftoppm), compressed as fax Group 4 (tiffcp) and
// wrapped with its fax data kept (tiff2pdf), with no text layer. It returns
// the scan's path. The tools come from poppler-utils and libtiff-tools
// (scripts/deps-pdf.sh).
func FaxScan(t testing.TB, src, dir string) string {
	t.Helper()
	scan := filepath.Join(dir, "scan.pdf")
	for _, s := range [][]string{
		{"pdftoppm", "-r", "150", "-mono", "-tiff", "-f", "1", "-l", "1", "-singlefile", src, filepath.Join(dir, "page")},
		{"tiffcp", "-c", "g4", filepath.Join(dir, "page.tif"), filepath.Join(dir, "fax.tif")},
		{"tiff2pdf", "-o", scan, filepath.Join(dir, "fax.tif")},
	} {
		if msg, err := exec.Command(s[0], s[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", s, err, msg)
		}
	}
	return scan
}
