package pdf

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// TestDebianManual reads a PDF no one here wrote: the bzip2 manual that
// Debian's bzip2-doc ships (scripts/deps-pdf.sh). Every page is there and
// labelled, the chapters are headings, and the words come in the order
// Poppler's pdftotext gives them (a single-column book, where its order is
// right), running headers and page numbers aside.
func TestDebianManual(t *testing.T) {
	data := readDebianPDF(t, "/usr/share/doc/bzip2/manual.pdf")
	d, err := Load("manual.pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	pages := d.MarkersOf(doc.PageBreak)
	if len(pages) != 38 {
		t.Errorf("%d pages, want 38", len(pages))
	}
	var heads []string
	for _, m := range d.MarkersOf(doc.Heading) {
		heads = append(heads, d.Slice(m.Start, m.End))
	}
	all := strings.Join(heads, "|")
	for _, h := range []string{"1. Introduction", "2. How to use bzip2", "2.1. NAME", "3. Programming with libbzip2", "4. Miscellanea"} {
		if !strings.Contains(all, h) {
			t.Errorf("no heading %q in %q", h, all)
		}
	}
	// The first twelve pages: a title page, the licence, the contents, and
	// chapters with lists, a table and code.
	cmd := exec.Command("pdftotext", "-enc", "UTF-8", "-l", "12", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	ref, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	// pdftotext keeps running headers and line-end hyphens: take the
	// headers out and join the hyphens before comparing.
	refText := strings.ReplaceAll(string(ref), "-\n", "")
	for _, h := range []string{"How to use bzip2", "Programming with libbzip2", "Miscellanea", "bzip2 and libbzip2, version 1.0.8"} {
		refText = strings.ReplaceAll(refText, "\n"+h+"\n", "\n")
	}
	e := testkit.WER(testkit.Words(refText), testkit.Words(d.Slice(0, pages[11].End)))
	t.Logf("bzip2 manual: %d pages, %d headings, word error rate %.4f against pdftotext", len(pages), len(heads), e)
	if e > 0.05 {
		t.Errorf("word error rate %.4f against pdftotext", e)
	}
}
