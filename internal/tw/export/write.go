package export

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"textfirst/internal/tw/doc"
)

// Format is a document format export writes.
type Format string

const (
	FormatText     Format = "text"
	FormatMarkdown Format = "markdown"
	FormatHTML     Format = "html"
	FormatJSON     Format = "json"
	FormatEPUB     Format = "epub"
	FormatDOCX     Format = "docx"
	FormatODT      Format = "odt"
	FormatPDF      Format = "pdf"
)

// Formats lists the formats in the order help texts name them.
var Formats = []Format{FormatText, FormatMarkdown, FormatHTML, FormatJSON, FormatEPUB, FormatDOCX, FormatODT, FormatPDF}

// Extensions lists the file extensions FormatOf knows, as messages name
// them.
const Extensions = ".txt, .md, .html, .json, .epub, .docx, .odt or .pdf"

// Binary reports whether f is a binary format (not for a terminal).
func (f Format) Binary() bool {
	return f == FormatEPUB || f == FormatDOCX || f == FormatODT || f == FormatPDF
}

// Ext is the usual file extension of f, with its dot.
func (f Format) Ext() string {
	switch f {
	case FormatText:
		return ".txt"
	case FormatMarkdown:
		return ".md"
	}
	return "." + string(f)
}

// ParseFormat reads a --to value.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "text", "txt", "plain":
		return FormatText, nil
	case "markdown", "md":
		return FormatMarkdown, nil
	case "html", "htm":
		return FormatHTML, nil
	case "json":
		return FormatJSON, nil
	case "epub", "epub3":
		return FormatEPUB, nil
	case "docx", "word":
		return FormatDOCX, nil
	case "odt", "opendocument":
		return FormatODT, nil
	case "pdf":
		return FormatPDF, nil
	}
	return "", fmt.Errorf("cannot convert to %q", s)
}

// FormatOf is the format a file name asks for by its extension.
func FormatOf(path string) (Format, bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".txt", ".text":
		return FormatText, true
	case ".md", ".markdown":
		return FormatMarkdown, true
	case ".html", ".htm", ".xhtml":
		return FormatHTML, true
	case ".json":
		return FormatJSON, true
	case ".epub":
		return FormatEPUB, true
	case ".docx":
		return FormatDOCX, true
	case ".odt":
		return FormatODT, true
	case ".pdf":
		return FormatPDF, true
	}
	return "", false
}

// Write renders d in format f.
func Write(d *doc.Document, f Format) ([]byte, error) {
	return WriteContext(context.Background(), d, f)
}

// WriteContext renders d in format f; cancelling ctx stops a PDF's
// LibreOffice.
func WriteContext(ctx context.Context, d *doc.Document, f Format) ([]byte, error) {
	switch f {
	case FormatText:
		// Room for the final line break at once: appending to a full
		// slice would copy a large text a second time.
		data := make([]byte, len(d.Text), len(d.Text)+1)
		copy(data, d.Text)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			data = append(data, '\n')
		}
		return data, nil
	case FormatMarkdown:
		return writeMarkdown(d), nil
	case FormatHTML:
		return writeHTML(d), nil
	case FormatJSON:
		data, err := doc.TextJSON(d)
		return append(data, '\n'), err
	case FormatEPUB:
		return writeEPUB(d, time.Now())
	case FormatDOCX:
		return writeDOCX(d)
	case FormatODT:
		return writeODT(d)
	case FormatPDF:
		return PDF(ctx, d)
	}
	return nil, fmt.Errorf("cannot convert to %q", f)
}
