package export

import (
	"time"

	"textfirst/internal/tw/doc"
)

// The writers of each format and the LibreOffice conversion, for the tests
// of package export_test (Write is how other packages reach them).
var (
	HTML     = writeHTML
	Markdown = writeMarkdown
	Convert  = convert
)

func DOCX(d *doc.Document) ([]byte, error) { return writeDOCX(d, newBesideFiles(d)) }
func ODT(d *doc.Document) ([]byte, error)  { return writeODT(d, newBesideFiles(d)) }
func EPUB(d *doc.Document, modified time.Time) ([]byte, error) {
	return writeEPUB(d, modified, newBesideFiles(d))
}
