package pdf

import (
	"path/filepath"
	"testing"
)

// debianManuals are pdfTeX manuals Debian ships (scripts/deps-pdf.sh
// installs them); bench/tw/pdf.sh times them against pdftotext.
var debianManuals = []string{
	"/usr/share/doc/libtasn1-doc/libtasn1.pdf",
	"/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf",
	"/usr/share/doc/bash/bashref.pdf",
}

// BenchmarkDebianManuals: a whole Load of each manual.
func BenchmarkDebianManuals(b *testing.B) {
	for _, path := range debianManuals {
		b.Run(filepath.Base(path), func(b *testing.B) {
			data := readDebianPDF(b, path)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Load(path, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
