package export

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"textfirst/internal/tw/braille"
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
	FormatBRF      Format = "brf"
)

// info is f's entry in formatTable.
func (f Format) info() (formatInfo, bool) {
	for _, fi := range formatTable {
		if fi.format == f {
			return fi, true
		}
	}
	return formatInfo{}, false
}

// Binary reports whether f is a binary format (not for a terminal).
func (f Format) Binary() bool {
	fi, _ := f.info()
	return fi.binary
}

// Ext is the usual file extension of f, with its dot.
func (f Format) Ext() string {
	if fi, ok := f.info(); ok {
		return fi.exts[0]
	}
	return "." + string(f)
}

// formatInfo is what export knows of a format: the names --to takes for
// it, the file extensions that ask for it (the first is its usual one),
// whether it is binary (not for a terminal), and its writer, which reads
// the files the document refers to through files.
type formatInfo struct {
	format Format
	names  []string
	exts   []string
	binary bool
	write  func(ctx context.Context, d *doc.Document, files *besideFiles) ([]byte, error)
}

// unpacked adapts a writer that packs no files.
func unpacked(write func(ctx context.Context, d *doc.Document) ([]byte, error)) func(context.Context, *doc.Document, *besideFiles) ([]byte, error) {
	return func(ctx context.Context, d *doc.Document, _ *besideFiles) ([]byte, error) { return write(ctx, d) }
}

// formatTable lists the formats in the order help texts name them.
var formatTable = []formatInfo{
	{FormatText, []string{"text", "txt", "plain"}, []string{".txt", ".text"}, false, unpacked(writeText)},
	{FormatMarkdown, []string{"markdown", "md"}, []string{".md", ".markdown"}, false,
		unpacked(func(_ context.Context, d *doc.Document) ([]byte, error) { return writeMarkdown(d), nil })},
	{FormatHTML, []string{"html", "htm"}, []string{".html", ".htm", ".xhtml"}, false,
		unpacked(func(_ context.Context, d *doc.Document) ([]byte, error) { return writeHTML(d), nil })},
	{FormatJSON, []string{"json"}, []string{".json"}, false, unpacked(writeJSON)},
	{FormatEPUB, []string{"epub", "epub3"}, []string{".epub"}, true,
		func(_ context.Context, d *doc.Document, files *besideFiles) ([]byte, error) {
			return writeEPUB(d, time.Now(), files)
		}},
	{FormatDOCX, []string{"docx", "word"}, []string{".docx"}, true,
		func(_ context.Context, d *doc.Document, files *besideFiles) ([]byte, error) {
			return writeDOCX(d, files)
		}},
	{FormatODT, []string{"odt", "opendocument"}, []string{".odt"}, true,
		func(_ context.Context, d *doc.Document, files *besideFiles) ([]byte, error) {
			return writeODT(d, files)
		}},
	{FormatPDF, []string{"pdf"}, []string{".pdf"}, true, writePDF},
	// Braille through liblouis, laid out as braille.LayoutFrom(ctx) says.
	{FormatBRF, []string{"brf", "braille"}, []string{".brf"}, false,
		unpacked(func(ctx context.Context, d *doc.Document) ([]byte, error) {
			return braille.WriteBRF(ctx, d, braille.LayoutFrom(ctx))
		})},
}

// Formats lists the formats in the order help texts name them.
var Formats = func() []Format {
	out := make([]Format, len(formatTable))
	for i, fi := range formatTable {
		out[i] = fi.format
	}
	return out
}()

// Extensions lists the file extensions FormatOf knows, as messages name
// them.
const Extensions = ".txt, .md, .html, .json, .epub, .docx, .odt, .pdf or .brf"

// ParseFormat reads a --to value.
func ParseFormat(s string) (Format, error) {
	name := strings.ToLower(s)
	for _, fi := range formatTable {
		if slices.Contains(fi.names, name) {
			return fi.format, nil
		}
	}
	return "", fmt.Errorf("cannot convert to %q", s)
}

// FormatOf is the format a file name asks for by its extension.
func FormatOf(path string) (Format, bool) {
	ext := strings.ToLower(filepath.Ext(path))
	for _, fi := range formatTable {
		if slices.Contains(fi.exts, ext) {
			return fi.format, true
		}
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
	data, _, err := WriteReporting(ctx, d, f)
	return data, err
}

// WriteReporting is WriteContext that also tells which image files beside
// the document it found but left out (written as their alt text), and why:
// a link out of the document's folder, a device or FIFO, a file too large
// or unreadable. A missing image file is not reported.
func WriteReporting(ctx context.Context, d *doc.Document, f Format) ([]byte, []LeftOut, error) {
	fi, ok := f.info()
	if !ok {
		return nil, nil, fmt.Errorf("cannot convert to %q", f)
	}
	files := newBesideFiles(d)
	data, err := fi.write(ctx, d, files)
	return data, files.leftOut, err
}

// writeText writes the canonical text, ending in a line break.
func writeText(_ context.Context, d *doc.Document) ([]byte, error) {
	// Room for the final line break at once: appending to a full slice
	// would copy a large text a second time.
	data := make([]byte, len(d.Text), len(d.Text)+1)
	copy(data, d.Text)
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	return data, nil
}

// writeJSON writes the document as the text-and-markers JSON, ending in a
// line break.
func writeJSON(_ context.Context, d *doc.Document) ([]byte, error) {
	data, err := doc.TextJSON(d)
	return append(data, '\n'), err
}
