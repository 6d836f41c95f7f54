package pdf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

// countingOCR is an OCRFunc that recognises nothing and counts its calls.
func countingOCR(calls *atomic.Int32) OCRFunc {
	return func(string, string) ([]byte, error) {
		calls.Add(1)
		return []byte(`<div class='ocr_page' title='image "x"; bbox 0 0 100 100'></div>`), nil
	}
}

// jpegHeader is the start of a baseline JPEG of w × h pixels (SOI, JFIF
// APP0 and SOF0): enough for image.DecodeConfig, nothing to decode.
func jpegHeader(w, h int) []byte {
	b := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}
	b = append(b, 0xFF, 0xC0, 0, 11, 8)
	b = binary.BigEndian.AppendUint16(b, uint16(h))
	b = binary.BigEndian.AppendUint16(b, uint16(w))
	return append(append(b, 1, 1, 0x11, 0, 0xFF, 0xD9), make([]byte, 32)...)
}

// scanPDF is a PDF of pages that each show the image object 5 over the
// whole page, with no text: a scan.
func scanPDF(pages int, image string) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", contentObj("q 612 0 0 792 0 0 cm /Im Do Q"), "", image}
	var kids []string
	for range pages {
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im 5 0 R >> >> /Contents 3 0 R >>")
		kids = append(kids, fmt.Sprintf("%d 0 R", len(objs)))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), pages)
	objs[3] = "<< >>"
	return testkit.PDF(objs, "/Root 1 0 R")
}

// Every image of a scanned PDF page is checked for size before it reaches
// OCR, whatever its filter and whatever its dictionary says; pages showing
// the same image object are recognised once.
func TestPDFImagesCheckedAndRecognisedOnce(t *testing.T) {
	jpeg := func(w, h, dw, dh int) string {
		data := jpegHeader(w, h)
		return fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream", dw, dh, len(data), data)
	}
	raw := func(w, h int) string {
		return fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\nabcd\nendstream", w, h)
	}
	for _, tc := range []struct {
		name  string
		pages int
		image string
		calls int32
	}{
		{"a 16000 × 16000 JPEG", 1, jpeg(16000, 16000, 16000, 16000), 0},
		{"a 16000 × 16000 JPEG its dictionary calls small", 1, jpeg(16000, 16000, 100, 100), 0},
		{"a raw image of 20000 × 20000", 1, raw(20000, 20000), 0},
		{"a CCITT image of 20000 × 20000", 1, "<< /Type /XObject /Subtype /Image /Width 20000 /Height 20000 /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 20000 /Rows 20000 >> /Length 4 >>\nstream\nabcd\nendstream", 0},
		{"a JPEG 2000 of 20000 × 20000", 1, "<< /Type /XObject /Subtype /Image /Width 20000 /Height 20000 /Filter /JPXDecode /Length 4 >>\nstream\nabcd\nendstream", 0},
		{"a small JPEG on 50 pages", 50, jpeg(100, 100, 100, 100), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls atomic.Int32
			if _, err := LoadOptions("scan.pdf", scanPDF(tc.pages, tc.image), "", Options{OCR: countingOCR(&calls)}); err != nil {
				t.Fatal(err)
			}
			if got := calls.Load(); got != tc.calls {
				t.Errorf("OCR ran %d times, want %d", got, tc.calls)
			}
		})
	}
}

// tiffPages is a TIFF whose pages have the sizes given (their directories
// only: enough for the check, which must refuse before any decoding).
func tiffPages(sizes ...[2]uint32) []byte {
	b := []byte{'I', 'I', 42, 0, 8, 0, 0, 0}
	for i, s := range sizes {
		b = binary.LittleEndian.AppendUint16(b, 2)
		for tag, v := range []uint32{256: s[0], 257: s[1]} {
			if tag < 256 {
				continue
			}
			b = binary.LittleEndian.AppendUint16(b, uint16(tag))
			b = binary.LittleEndian.AppendUint16(b, 4) // LONG
			b = binary.LittleEndian.AppendUint32(b, 1)
			b = binary.LittleEndian.AppendUint32(b, v)
		}
		next := uint32(0)
		if i+1 < len(sizes) {
			next = uint32(len(b) + 4)
		}
		b = binary.LittleEndian.AppendUint32(b, next)
	}
	return b
}

func TestCheckTIFFPages(t *testing.T) {
	loop := tiffPages([2]uint32{10, 10})
	binary.LittleEndian.PutUint32(loop[len(loop)-4:], 8) // back to the first
	for _, tc := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"one small page", tiffPages([2]uint32{100, 100}), true},
		{"a huge second page", tiffPages([2]uint32{100, 100}, [2]uint32{20000, 20000}), false},
		{"an empty page", tiffPages([2]uint32{100, 0}), false},
		{"a loop", loop, false},
		{"cut short", tiffPages([2]uint32{100, 100})[:12], false},
	} {
		if err := checkTIFFPages(tc.data); (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// A TIFF whose second page is too large never reaches OCR.
func TestLoadImageChecksEveryTIFFPage(t *testing.T) {
	var calls atomic.Int32
	data := tiffPages([2]uint32{8, 8}, [2]uint32{16000, 16000})
	_, err := loadImage("scan.tiff", data, countingOCR(&calls))
	var big errTooManyPixels
	if !errors.As(err, &big) || calls.Load() != 0 {
		t.Errorf("err %v, OCR ran %d times", err, calls.Load())
	}
}

// runTool stops a tool at its time limit and when its output passes the
// cap; within them it gives the output.
func TestRunToolLimits(t *testing.T) {
	for _, tool := range []string{"sh", "head"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runTool(10*time.Second, 10, nil, "sh", "-c", "printf hello"); err != nil || string(out) != "hello" {
		t.Errorf("within limits: %q, %v", out, err)
	}
	start := time.Now()
	if _, err := runTool(200*time.Millisecond, 10, nil, "sh", "-c", "sleep 30"); !errors.Is(err, errToolLimit) {
		t.Errorf("past the time limit: %v", err)
	}
	if time.Since(start) > 20*time.Second {
		t.Errorf("the tool was not stopped at its time limit")
	}
	if _, err := runTool(time.Minute, 1<<20, nil, "head", "-c", "1000000000", "/dev/zero"); !errors.Is(err, errToolLimit) {
		t.Errorf("past the output cap: %v", err)
	}
}

// A 41-byte JBIG2 stream declaring a 60000 × 60000 page (450 MB as PBM)
// is left unread, refused by its page information before jbig2dec runs
// (whose output is capped too, see TestRunToolLimits).
func TestJBIG2PageOfGigabytes(t *testing.T) {
	if _, err := exec.LookPath("jbig2dec"); err != nil {
		t.Fatalf("jbig2dec is not installed (bash scripts/deps-pdf.sh installs it): %v", err)
	}
	var page bytes.Buffer
	binary.Write(&page, binary.BigEndian, []uint32{60000, 60000, 0, 0})
	page.WriteByte(0)
	binary.Write(&page, binary.BigEndian, uint16(0))
	stream := append(jbig2Segment(0, 48, page.Bytes()), jbig2Segment(1, 49, nil)...)
	if len(stream) != 41 {
		t.Fatalf("the stream is %d bytes", len(stream))
	}
	img := fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode /Length %d >>\nstream\n%s\nendstream", len(stream), stream)
	var calls atomic.Int32
	if _, err := LoadOptions("scan.pdf", scanPDF(1, img), "", Options{OCR: countingOCR(&calls)}); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 0 {
		t.Errorf("OCR ran on the page of gigabytes")
	}
	if err := checkJBIG2Page(stream); err == nil {
		t.Errorf("the page of 60000 × 60000 pixels passes the check before jbig2dec")
	}
	small := append(jbig2Segment(0, 48, append(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, 100), 100), make([]byte, 11)...)), jbig2Segment(1, 49, nil)...)
	if err := checkJBIG2Page(small); err != nil {
		t.Errorf("a page of 100 × 100: %v", err)
	}
}
