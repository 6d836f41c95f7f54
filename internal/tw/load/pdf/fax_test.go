package pdf

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// faxPDF renders the first page of the one-column LibreOffice PDF as a
// bilevel TIFF (pdftoppm), compresses it with tiffcp (compression is
// "g4", or "g3:1d"), and wraps it in a PDF with tiff2pdf, which keeps the
// fax data as a CCITTFaxDecode stream, as scanners write them. It returns
// that PDF and the words of the page's text layer.
func faxPDF(t *testing.T, compression string) ([]byte, []string) {
	t.Helper()
	dir := officePDFs(t)
	tmp := t.TempDir()
	run := func(name string, args ...string) {
		t.Helper()
		if msg, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, msg)
		}
	}
	run("pdftoppm", "-r", "150", "-mono", "-tiff", "-f", "1", "-l", "1", "-singlefile", filepath.Join(dir, "cols1.pdf"), filepath.Join(tmp, "page"))
	run("tiffcp", "-c", compression, "-r", "100000", filepath.Join(tmp, "page.tif"), filepath.Join(tmp, "fax.tif"))
	run("tiff2pdf", "-o", filepath.Join(tmp, "fax.pdf"), filepath.Join(tmp, "fax.tif"))
	data, err := os.ReadFile(filepath.Join(tmp, "fax.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("/CCITTFaxDecode")) {
		t.Fatalf("tiff2pdf did not keep the fax data")
	}
	text := loadFile(t, filepath.Join(dir, "cols1.pdf"))
	first := text.MarkersOf(doc.PageBreak)[0]
	return data, testkit.Words(strings.Replace(text.Slice(first.Start, first.End), "Journal of Known Texts, Volume Nine", "", 1))
}

// checkScan loads a scanned PDF and compares its recognised words with ref.
func checkScan(t *testing.T, name string, data []byte, ref []string) {
	t.Helper()
	d, err := Load(name, data)
	if err != nil {
		t.Fatal(err)
	}
	e := testkit.WER(ref, testkit.Words(strings.Replace(d.Text, "Journal of Known Texts, Volume Nine", "", 1)))
	t.Logf("%s: word error rate %.4f against the text layer (%d words)", name, e, len(ref))
	if e > 0.08 {
		t.Errorf("%s: word error rate %.4f over 8%%\n%s", name, e, d.Text)
	}
	if len(d.MarkersOf(doc.PageBreak)) != 1 {
		t.Errorf("%s: no page marker", name)
	}
}

// TestFaxScans: scanned pages compressed as fax (CCITT Group 4, and Group 3
// one-dimensional) are decoded and recognised.
func TestFaxScans(t *testing.T) {
	for _, c := range []string{"g4", "g3:1d"} {
		t.Run(c, func(t *testing.T) {
			data, ref := faxPDF(t, c)
			checkScan(t, "fax.pdf", data, ref)
		})
	}
}

// faxStream returns the data and size of the first CCITTFaxDecode image of
// a PDF.
func faxStream(t *testing.T, data []byte) (raw []byte, w, h int) {
	t.Helper()
	f, err := newFile(data)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n < 100; n++ {
		s, ok := f.object(n).(*stream)
		if ok && f.nameOf(s.dict["Filter"]) == "CCITTFaxDecode" {
			wf, _ := f.numOf(s.dict["Width"])
			hf, _ := f.numOf(s.dict["Height"])
			return s.raw, int(wf), int(hf)
		}
	}
	t.Fatal("no fax image in the PDF")
	return nil, 0, 0
}

// jbig2Embedded wraps Group 4 (MMR) data as a JBIG2 stream as PDF embeds
// it: a page information segment and one immediate lossless generic
// region coded with MMR, which is T.6 coding (JBIG2 standard, 7.4.6 and
// 7.4.8). No JBIG2 encoder is packaged by Debian; this is how
// a real encoder stores a page it codes with MMR.
func jbig2Embedded(g4 []byte, w, h int) []byte {
	var b bytes.Buffer
	u32 := func(v int) { binary.Write(&b, binary.BigEndian, uint32(v)) }
	// Segment 0: page information (type 48), on page 1.
	u32(0)
	b.WriteByte(48)
	b.WriteByte(0) // refers to no segment
	b.WriteByte(1) // page 1
	u32(19)
	u32(w)
	u32(h)
	u32(0)
	u32(0)
	b.WriteByte(0) // flags: default pixel 0
	b.Write([]byte{0, 0})
	// Segment 1: immediate lossless generic region (type 39), MMR coded.
	u32(1)
	b.WriteByte(39)
	b.WriteByte(0)
	b.WriteByte(1)
	u32(17 + 1 + len(g4))
	u32(w)
	u32(h)
	u32(0)
	u32(0)
	b.WriteByte(0) // combination operator OR
	b.WriteByte(1) // generic region flags: MMR
	b.Write(g4)
	return b.Bytes()
}

// TestJBIG2Scan: a scanned page compressed with JBIG2 is decoded with
// jbig2dec and recognised. The fax data of the page becomes the JBIG2
// region; it codes the ink as white (tiff2pdf sets BlackIs1 for it), which
// the image's Decode array of [1 0] turns round, as PDF writers do.
func TestJBIG2Scan(t *testing.T) {
	data, ref := faxPDF(t, "g4")
	g4, w, h := faxStream(t, data)
	jb := jbig2Embedded(g4, w, h)
	pw, ph := float64(w)*72/150, float64(h)*72/150
	pdf := makePDF([]string{
		"<< /Type /Catalog /Pages 2 0 R /Lang (en-US) >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im 5 0 R >> >> /Contents 4 0 R >>", pw, ph),
		contentObj(fmt.Sprintf("q %.2f 0 0 %.2f 0 0 cm /Im Do Q", pw, ph)),
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0] /Filter /JBIG2Decode /Length %d >>\nstream\n%s\nendstream", w, h, len(jb), jb),
	}, "/Root 1 0 R")
	checkScan(t, "jbig2.pdf", pdf, ref)

	// Without jbig2dec the page is refused with the package to install.
	bin := t.TempDir()
	if err := os.Symlink(mustLookPath(t, "tesseract"), filepath.Join(bin, "tesseract")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	if _, err := Load("jbig2.pdf", pdf); err == nil || !strings.Contains(err.Error(), "install the Debian package jbig2dec") {
		t.Errorf("without jbig2dec: err = %v", err)
	}
}

func mustLookPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed (scripts/deps-pdf.sh installs it)", name)
	}
	return p
}

// FuzzFax feeds the fax decoder arbitrary data and parameters: a damaged
// scan must give an error, never a crash or unbounded work.
func FuzzFax(f *testing.F) {
	f.Add([]byte{0x26, 0xa0, 0x1f, 0xff, 0x00, 0x10}, 16, 8, -1, false)
	f.Add([]byte{0x00, 0x01, 0x4d, 0x80, 0x00}, 40, 3, 0, true)
	f.Add([]byte{}, 1728, 1, 1, false)
	f.Fuzz(func(t *testing.T, data []byte, w, h, k int, align bool) {
		if w <= 0 || h <= 0 || w > 4096 || h > 4096 {
			return
		}
		s := &stream{dict: dict{"Width": int64(w), "Height": int64(h),
			"DecodeParms": dict{"K": int64(k), "Columns": int64(w), "Rows": int64(h), "EncodedByteAlign": align}}}
		img, err := (&file{}).ccittImage(s, data)
		if err == nil && (img.Bounds().Dx() != w || img.Bounds().Dy() != h) {
			t.Fatalf("image of %v for %d x %d", img.Bounds(), w, h)
		}
	})
}
