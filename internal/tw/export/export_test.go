package export

// The writers of each format and the LibreOffice conversion, for the tests
// of package export_test (Write is how other packages reach them).
var (
	DOCX     = writeDOCX
	ODT      = writeODT
	HTML     = writeHTML
	Markdown = writeMarkdown
	EPUB     = writeEPUB
	Convert  = convert
)
