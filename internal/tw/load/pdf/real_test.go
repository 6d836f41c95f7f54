package pdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// knownParagraphs is the source text of the documents LibreOffice makes:
// long words, so that lines hyphenate.
func knownParagraphs() []string {
	sentences := []string{
		"Comprehensive accessibility considerations fundamentally transform educational opportunities for students who experience difficulties with conventional printed materials.",
		"Synthesized speech, synchronized highlighting and individualized navigation collectively strengthen understanding throughout extraordinarily demanding assignments.",
		"Independent readers particularly appreciate uninterrupted concentration, because characteristically complicated documents otherwise overwhelm their attention.",
		"Administrators occasionally underestimate institutional responsibilities regarding alternative representations of instructional publications.",
		"Meanwhile, organizational commitments toward universal availability encourage manufacturers to reconsider inaccessible conventions deliberately.",
		"Nevertheless, interdisciplinary collaboration between technologists and educators remains indispensable for sustainable improvements everywhere.",
	}
	var out []string
	for p := range 12 {
		var s []string
		for k := range 4 {
			s = append(s, sentences[(p+k*5)%len(sentences)])
		}
		if p == 2 {
			s = append(s, "See "+linkText+" for more.")
		}
		out = append(out, fmt.Sprintf("Paragraph number %s begins here. ", spell(p+1))+strings.Join(s, " "))
	}
	return out
}

func spell(n int) string {
	return []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}[n]
}

const (
	linkText = "the reading guide"
	linkURI  = "https://example.org/reading"
)

const noteText = "This footnote explains the sources consulted for the second paragraph."

// fodt writes a LibreOffice flat document: a heading per four paragraphs,
// a running header, page numbers in the footer, a footnote in the second
// paragraph, hyphenation on, and the given number of columns.
func fodt(columns int) string {
	var body strings.Builder
	for i, p := range knownParagraphs() {
		if i%4 == 0 {
			fmt.Fprintf(&body, `<text:h text:style-name="H1" text:outline-level="1">Section %s of the text</text:h>`, spell(i/4+1))
		}
		if i == 1 {
			p += `<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p text:style-name="Footnote">` + noteText + `</text:p></text:note-body></text:note>`
		}
		p = strings.Replace(p, linkText, `<text:a xlink:type="simple" xlink:href="`+linkURI+`">`+linkText+`</text:a>`, 1)
		fmt.Fprintf(&body, `<text:p text:style-name="Body">%s</text:p>`, p)
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>Known Text</dc:title><dc:creator>Test Writer</dc:creator><dc:language>en-US</dc:language></office:meta>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:hyphenation-ladder-count="no-limit"/><style:text-properties fo:language="en" fo:country="US" fo:hyphenate="true" fo:hyphenation-remain-char-count="2" fo:hyphenation-push-char-count="2" fo:font-size="11pt"/></style:default-style>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.25cm" fo:text-align="justify"/><style:text-properties fo:hyphenate="true"/></style:style>
<style:style style:name="Footnote" style:family="paragraph"><style:text-properties fo:font-size="9pt"/></style:style>
<style:style style:name="H1" style:family="paragraph" style:default-outline-level="1"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="16pt" fo:font-weight="bold" fo:hyphenate="false"/></style:style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"><style:columns fo:column-count="` + fmt.Sprint(columns) + `" fo:column-gap="1cm"/><style:footnote-sep style:width="0.018cm" style:distance-before-sep="0.1cm" style:distance-after-sep="0.1cm" style:line-style="solid" style:adjustment="left" style:rel-width="25%" style:color="#000000"/></style:page-layout-properties><style:header-style/><style:footer-style/></style:page-layout>
</office:automatic-styles>
<office:master-styles>
<style:master-page style:name="Standard" style:page-layout-name="pm1">
<style:header><text:p>Journal of Known Texts, Volume Nine</text:p></style:header>
<style:footer><text:p><text:page-number text:select-page="current">1</text:page-number></text:p></style:footer>
</style:master-page>
</office:master-styles>
<office:body><office:text>` + body.String() + `</office:text></office:body></office:document>`
}

// knownWords is the source's words in reading order: each section's
// heading and paragraphs, the footnote after the paragraph it belongs to.
func knownWords() []string {
	var s []string
	for i, p := range knownParagraphs() {
		if i%4 == 0 {
			s = append(s, fmt.Sprintf("Section %s of the text", spell(i/4+1)))
		}
		s = append(s, p)
	}
	return testkit.Words(strings.Join(s, " "))
}

var (
	officeOnce sync.Once
	officeDir  string
	officeErr  error
)

// officeSources are the flat documents officePDFs converts, by file name.
func officeSources() map[string]string {
	return map[string]string{"cols1.fodt": fodt(1), "cols2.fodt": fodt(2), "outline.fodt": outlineFodt(), "annotated.fodt": annotatedFodt}
}

// officePDFs converts the officeSources with one LibreOffice run (it is
// slow to start), annotations exported as PDF text annotations, and
// returns their folder.
func officePDFs(t *testing.T) string {
	officeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tw-pdf-office-")
		if err != nil {
			officeErr = err
			return
		}
		officeDir = dir
		args := []string{"--headless", "-env:UserInstallation=file://" + dir + "/profile", "--convert-to", `pdf:writer_pdf_Export:{"ExportNotes":{"type":"boolean","value":"true"}}`, "--outdir", dir}
		for name, src := range officeSources() {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
				officeErr = err
				return
			}
			args = append(args, filepath.Join(dir, name))
		}
		cmd := exec.Command("soffice", args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			officeErr = fmt.Errorf("soffice: %v\n%s", err, out)
		}
		keep(officeDir, "cols1.pdf", "cols2.pdf", "outline.pdf", "annotated.pdf")
		if k := os.Getenv("TW_PDF_KEEP"); k != "" {
			os.WriteFile(filepath.Join(k, "known.txt"), []byte(strings.Join(knownWords(), " ")), 0o644)
		}
	})
	if officeErr != nil {
		t.Fatal(officeErr)
	}
	return officeDir
}

// TestLibreOfficePDFs: PDFs LibreOffice makes from a known text, in one
// and two columns with a running header, page numbers, a footnote and
// hyphenation, read back in order.
func TestLibreOfficePDFs(t *testing.T) {
	dir := officePDFs(t)
	ref := knownWords()
	for _, name := range []string{"cols1.pdf", "cols2.pdf"} {
		t.Run(name, func(t *testing.T) {
			d := loadFile(t, filepath.Join(dir, name))
			// The note follows the paragraph running on at the foot of its
			// page, which depends on the layout: its place is checked
			// below, its words are left out here.
			got := testkit.Words(strings.Replace(d.Text, noteText, "", 1))
			e := testkit.WER(ref, got)
			t.Logf("%s: word error rate %.4f (%d words, %d read)", name, e, len(ref), len(got))
			if e > 0.01 {
				t.Errorf("word error rate %.4f over 1%%\ntext: %s", e, d.Text)
			}
			if strings.Contains(d.Text, "Journal of Known Texts") {
				t.Errorf("the running header is read")
			}
			if d.Meta.Title != "Known Text" || testkit.Deref(d.Meta.Language) != "en-US" {
				t.Errorf("meta = %q %q", d.Meta.Title, testkit.Deref(d.Meta.Language))
			}
			// Page navigation: one page_break per page, in order, labelled
			// 1, 2, ...; the headings are headings and bookmarks.
			pages := d.MarkersOf(doc.PageBreak)
			if len(pages) < 2 {
				t.Fatalf("%d pages, want at least 2", len(pages))
			}
			for i, p := range pages {
				if p.Label != fmt.Sprint(i+1) {
					t.Errorf("page %d label %q", i, p.Label)
				}
				if i > 0 && p.Start < pages[i-1].End {
					t.Errorf("page %d starts at %d, before page %d ends (%d)", i, p.Start, i-1, pages[i-1].End)
				}
			}
			var heads, sections []string
			for _, m := range d.All() {
				switch m.Kind {
				case doc.Heading:
					heads = append(heads, d.Slice(m.Start, m.End))
				case SectionBreak:
					sections = append(sections, m.Label)
					if !strings.HasPrefix(d.Slice(m.Start, m.End), m.Label) {
						t.Errorf("section %q starts with %q", m.Label, trunc(d.Slice(m.Start, m.End)))
					}
				}
			}
			want := "Section one of the text|Section two of the text|Section three of the text"
			if strings.Join(heads, "|") != want || strings.Join(sections, "|") != want {
				t.Errorf("headings %q, sections %q", heads, sections)
			}
			// The hyperlink; LibreOffice also links the footnote call to its note.
			var links []doc.Marker
			for _, l := range d.MarkersOf(doc.Link) {
				if !strings.HasPrefix(l.Reference, "#page=") {
					links = append(links, l)
				}
			}
			if len(links) != 1 || links[0].Reference != linkURI || d.Slice(links[0].Start, links[0].End) != linkText {
				t.Errorf("links: %v", links)
				for _, l := range links {
					t.Logf("link %q -> %s", d.Slice(l.Start, l.End), l.Reference)
				}
			}
			notes := d.MarkersOf(doc.Footnote)
			if len(notes) != 1 || !strings.Contains(d.Slice(notes[0].Start, notes[0].End), noteText) {
				t.Errorf("footnotes: %v", notes)
			}
			if !strings.Contains(d.Text, "extraordinarily") || strings.Contains(d.Text, "extraordi- narily") {
				t.Errorf("hyphenated words are not joined")
			}
		})
	}
}

// imagePDF wraps a grayscale image into a PDF page of its own (a scan).
func imagePDF(img image.Image) []byte {
	b := img.Bounds()
	var raw bytes.Buffer
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			raw.WriteByte(byte((r*299 + g*587 + bl*114) / 1000 >> 8))
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw.Bytes())
	zw.Close()
	w, h := float64(b.Dx())*72/150, float64(b.Dy())*72/150
	content := fmt.Sprintf("q %.2f 0 0 %.2f 0 0 cm /Im Do Q", w, h)
	return testkit.PDF([]string{
		"<< /Type /Catalog /Pages 2 0 R /Lang (en-US) >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im 5 0 R >> >> /Contents 4 0 R >>", w, h),
		contentObj(content),
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", b.Dx(), b.Dy(), z.Len(), z.String()),
	}, "/Root 1 0 R")
}

// firstPageImage renders the first page of the PDF at path as a scanner
// would see it (pdftoppm, 150 dpi, gray): its PNG file and its image.
func firstPageImage(t *testing.T, path string) ([]byte, image.Image) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page")
	if msg, err := exec.Command("pdftoppm", "-r", "150", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile", path, out).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out + ".png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return data, img
}

// TestScannedPage renders the first page of the one-column PDF to an image
// (pdftoppm), makes a scanned PDF of it and reads it back through OCR; the
// same image opened directly reads the same.
func TestScannedPage(t *testing.T) {
	dir := officePDFs(t)
	pngData, img := firstPageImage(t, filepath.Join(dir, "cols1.pdf"))
	text := loadFile(t, filepath.Join(dir, "cols1.pdf"))
	first := text.MarkersOf(doc.PageBreak)[0]
	ref := testkit.Words(text.Slice(first.Start, first.End))
	scanPDF := imagePDF(img)
	if k := os.Getenv("TW_PDF_KEEP"); k != "" {
		os.WriteFile(filepath.Join(k, "scan.pdf"), scanPDF, 0o644)
		os.WriteFile(filepath.Join(k, "scan.png"), pngData, 0o644)
	}
	scan, err := Load("scan.pdf", scanPDF)
	if err != nil {
		t.Fatal(err)
	}
	// One page alone cannot show that its header runs on every page.
	scanText := strings.Replace(scan.Text, "Journal of Known Texts, Volume Nine", "", 1)
	e := testkit.WER(ref, testkit.Words(scanText))
	t.Logf("scanned page: word error rate %.4f against the text layer (%d words)", e, len(ref))
	if e > 0.08 {
		t.Errorf("OCR word error rate %.4f over 8%%\n%s", e, scan.Text)
	}
	if len(scan.MarkersOf(doc.Heading)) == 0 || len(scan.MarkersOf(doc.PageBreak)) != 1 {
		t.Errorf("no heading or page marker in the recognised page")
	}
	im, err := LoadImage("page.png", pngData)
	if err != nil {
		t.Fatal(err)
	}
	if e := testkit.WER(ref, testkit.Words(strings.Replace(im.Text, "Journal of Known Texts, Volume Nine", "", 1))); e > 0.08 {
		t.Errorf("LoadImage word error rate %.4f", e)
	}
}

func TestOCRMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	// A real image: a damaged one is refused as damaged before any OCR.
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 4)))
	_, err := LoadImage("x.png", buf.Bytes())
	if err == nil || err.Error() != "OCR is not installed (install tesseract-ocr)" {
		t.Errorf("err = %v", err)
	}
}

// keep copies files the tests made into $TW_PDF_KEEP, for
// bench/tw/pdf.sh.
func keep(dir string, names ...string) {
	k := os.Getenv("TW_PDF_KEEP")
	if k == "" {
		return
	}
	for _, n := range names {
		if data, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
			os.WriteFile(filepath.Join(k, n), data, 0o644)
		}
	}
}

// TestMain removes the LibreOffice files (and its profile) after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if officeDir != "" {
		os.RemoveAll(officeDir)
	}
	os.Exit(code)
}
