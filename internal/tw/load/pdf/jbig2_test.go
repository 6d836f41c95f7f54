package pdf

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"textfirst/internal/testkit"
)

// No Debian package writes JBIG2, so the test makes a JBIG2 page the way
// the standard allows with the least code: a generic region coded with
// MMR, which is CCITT Group 4, taken from a real fax-compressed page
// (pdftoppm, ppm2tiff, tiffcp and tiff2pdf make it from single.pdf). The
// decoding is Debian's jbig2dec, for real.

// g4Page renders single.pdf in black and white and returns its CCITT
// Group 4 data, width and height.
func g4Page(t *testing.T) (data []byte, w, h int) {
	t.Helper()
	dir := t.TempDir()
	run := func(name string, args ...string) {
		t.Helper()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	// The top of the page only, cut in the white below a line: each
	// recognition of a whole page costs seconds.
	run("pdftoppm", "-r", "150", "-gray", "-png", "-singlefile", fixture(t, "single.pdf"), filepath.Join(dir, "gray"))
	grayData, err := os.ReadFile(filepath.Join(dir, "gray.png"))
	if err != nil {
		t.Fatal(err)
	}
	gray, err := png.Decode(bytes.NewReader(grayData))
	if err != nil {
		t.Fatal(err)
	}
	cut := gray.Bounds().Dy() * 22 / 100
	for ; cut < gray.Bounds().Dy(); cut++ {
		blank := true
		for x := 0; x < gray.Bounds().Dx() && blank; x++ {
			r, _, _, _ := gray.At(x, cut).RGBA()
			blank = r >= 0xC000
		}
		if blank {
			break
		}
	}
	run("pdftoppm", "-r", "150", "-mono", "-H", strconv.Itoa(cut), "-singlefile", fixture(t, "single.pdf"), filepath.Join(dir, "page"))
	pbm, err := os.ReadFile(filepath.Join(dir, "page.pbm"))
	if err != nil {
		t.Fatal(err)
	}
	img := decodePBM(pbm)
	if img == nil {
		t.Fatal("pdftoppm's PBM does not decode")
	}
	run("ppm2tiff", filepath.Join(dir, "page.pbm"), filepath.Join(dir, "plain.tif"))
	// One strip: the whole page is one Group 4 stream.
	run("tiffcp", "-c", "g4", "-r", "100000", filepath.Join(dir, "plain.tif"), filepath.Join(dir, "g4.tif"))
	run("tiff2pdf", "-o", filepath.Join(dir, "g4.pdf"), filepath.Join(dir, "g4.tif"))
	pdf, err := os.ReadFile(filepath.Join(dir, "g4.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// tiff2pdf gives the length as an indirect object: the data is what
	// lies between "stream" and "endstream" (a line break after it is
	// harmless past the end-of-block code).
	m := regexp.MustCompile(`(?s)/CCITTFaxDecode.*?stream\r?\n(.*?)\r?\nendstream`).FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no CCITT image in tiff2pdf's PDF")
	}
	return m[1], img.Rect.Dx(), img.Rect.Dy()
}

// jbig2Segment is a JBIG2 segment header (one-byte page association, no
// referred-to segments) and its data.
func jbig2Segment(number uint32, kind byte, data []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, number)
	b.WriteByte(kind)
	b.WriteByte(0) // no referred-to segments
	b.WriteByte(1) // page 1
	binary.Write(&b, binary.BigEndian, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

// jbig2MMRPage is an embedded JBIG2 stream (as PDF holds one): page
// information, then an immediate lossless generic region coded with MMR.
func jbig2MMRPage(g4 []byte, w, h int) []byte {
	var page, region bytes.Buffer
	binary.Write(&page, binary.BigEndian, []uint32{uint32(w), uint32(h), 0, 0})
	page.WriteByte(0)                                // flags: white background
	binary.Write(&page, binary.BigEndian, uint16(0)) // no striping
	binary.Write(&region, binary.BigEndian, []uint32{uint32(w), uint32(h), 0, 0})
	region.WriteByte(0) // combination: OR
	region.WriteByte(1) // generic region flags: MMR
	region.Write(g4)
	return append(jbig2Segment(0, 48, page.Bytes()), jbig2Segment(1, 39, region.Bytes())...)
}

// jbig2PDF is a one-page scan whose image is JBIG2.
func jbig2PDF(stream []byte, w, h int) []byte {
	pw, ph := float64(w)*72/150, float64(h)*72/150
	return testkit.PDF([]string{
		"<< /Type /Catalog /Pages 2 0 R /Lang (en-US) >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im 5 0 R >> >> /Contents 4 0 R >>", pw, ph),
		contentObj(fmt.Sprintf("q %.2f 0 0 %.2f 0 0 cm /Im Do Q", pw, ph)),
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0] /Filter /JBIG2Decode /Length %d >>\nstream\n%s\nendstream", w, h, len(stream), stream),
	}, "/Root 1 0 R")
}

// A page scanned as JBIG2 is decoded by jbig2dec and read
// through OCR; without jbig2dec the error names the package.
func TestJBIG2Scan(t *testing.T) {
	g4, w, h := g4Page(t)
	data := jbig2PDF(jbig2MMRPage(g4, w, h), w, h)
	var want struct{ Text string }
	raw, err := os.ReadFile(fixture(t, "single.pdf.expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(raw, &want)

	d, err := Load("scan.pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	got, ref := testkit.Words(d.Text), testkit.Words(want.Text)
	wer := testkit.WER(ref[:min(len(ref), max(len(got), 1))], got)
	t.Logf("JBIG2 scan: word error rate %.1f%% (%d words)", 100*wer, len(got))
	if wer > 0.10 || len(got) < 20 {
		t.Fatalf("word error rate %.1f%%; text:\n%s", 100*wer, d.Text)
	}

	// Tesseract alone on the PATH: no decoder.
	bin := t.TempDir()
	tess, err := exec.LookPath("tesseract")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(tess, filepath.Join(bin, "tesseract")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	if _, err := Load("scan.pdf", data); !errors.Is(err, ErrJBIG2Missing) {
		t.Fatalf("without jbig2dec: %v, want %v", err, ErrJBIG2Missing)
	}
}

// FuzzPBM: jbig2dec's output is read by decodePBM; no input may crash it
// or make it allocate past its bound.
func FuzzPBM(f *testing.F) {
	f.Add([]byte("P4\n8 2\n\x81\xff"))
	f.Add([]byte("P4 # a comment\n# another\n16 1\n\x00\x01"))
	f.Add([]byte("P4\n99999999 99999999\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img := decodePBM(data)
		if img != nil && img.Rect.Dx()*img.Rect.Dy() > 1e8 {
			t.Fatalf("%v pixels", img.Rect)
		}
	})
}
