package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"textfirst/internal/tw/doc"
)

// ErrNoLibreOffice says LibreOffice, which makes PDFs, is not installed.
var ErrNoLibreOffice = errors.New("LibreOffice is not installed (install the Debian package libreoffice-writer)")

// officeCommand is LibreOffice's command, found on PATH.
func officeCommand() (string, error) {
	for _, name := range []string{"soffice", "libreoffice"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoLibreOffice
}

// convert has LibreOffice (headless, with a profile of its own so it runs
// beside a LibreOffice the user has open) convert files, each written as
// filter says ("pdf:writer_pdf_Export", "txt:Text (encoded):UTF8"), and
// returns the outputs in the order of the inputs. Cancelling ctx stops it.
func convert(ctx context.Context, filter string, inputs ...string) ([][]byte, error) {
	office, err := officeCommand()
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "tw-office-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	profile := filepath.Join(work, "profile")
	outDir := filepath.Join(work, "out")
	args := []string{"-env:UserInstallation=" + fileURL(profile), "--headless", "--norestore", "--nolockcheck",
		"--convert-to", filter, "--outdir", outDir}
	for _, in := range inputs {
		abs, err := filepath.Abs(in)
		if err != nil {
			return nil, err
		}
		args = append(args, abs)
	}
	cmd := exec.CommandContext(ctx, office, args...)
	cmd.Env = append(os.Environ(), "HOME="+work) // nothing of the user's own LibreOffice is touched
	killGroup(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	ext, _, _ := strings.Cut(filter, ":")
	results := make([][]byte, len(inputs))
	for i, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in)) + "." + ext
		data, err := os.ReadFile(filepath.Join(outDir, name))
		if err != nil {
			msg := strings.TrimSpace(out.String())
			if runErr != nil {
				msg = runErr.Error() + ": " + msg
			}
			return nil, fmt.Errorf("LibreOffice could not convert %s: %s", filepath.Base(in), firstLines(msg, 3))
		}
		results[i] = data
	}
	return results, nil
}

func fileURL(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return "file://" + p
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	if s = strings.Join(lines, " "); s == "" {
		return "no output"
	}
	return s
}

// pdfFilter asks LibreOffice for a tagged PDF (its structure — headings,
// lists, tables, alt text — readable by screen readers) with the outline
// of the headings as bookmarks.
const pdfFilter = `pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"},"ExportBookmarks":{"type":"boolean","value":"true"},"PDFUACompliance":{"type":"boolean","value":"true"}}`

// PDF writes d as a tagged PDF: the ODT that writeODT writes, laid out by
// LibreOffice. LibreOffice rather than a PDF writer in Go: it shapes every
// script (Arabic, Devanagari, CJK) with the system's fonts, hyphenates,
// breaks pages and tables, and writes tagged PDF (PDF/UA) with the alt
// texts, which a pure-Go writer would each have to do by hand.
func PDF(ctx context.Context, d *doc.Document) ([]byte, error) {
	return writePDF(ctx, d, newBesideFiles(d))
}

// writePDF is PDF with the pictures read by files.
func writePDF(ctx context.Context, d *doc.Document, files *besideFiles) ([]byte, error) {
	if _, err := officeCommand(); err != nil {
		return nil, err
	}
	odt, err := writeODT(d, files)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tw-pdf-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "document.odt")
	if err := os.WriteFile(in, odt, 0o600); err != nil {
		return nil, err
	}
	out, err := convert(ctx, pdfFilter, in)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}
