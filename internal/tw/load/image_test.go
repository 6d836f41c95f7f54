package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/load/pdf"
)

// The OCR tests read the original's single.pdf rendered as images: its
// text is known (single.pdf.expected.json), so the word error rate of
// what Tesseract reads can be bounded.

// knownPage is the text of single.pdf, in reading order.
func knownPage(t *testing.T) string {
	t.Helper()
	var want struct{ Text string }
	raw, err := os.ReadFile(filepath.Join(conformanceDir(t), "single.pdf.expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	return want.Text
}

func runTool(t *testing.T, name string, args ...string) {
	t.Helper()
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

var (
	renderOnce sync.Once
	rendered   struct {
		dir string
		err error
	}
)

// renderedPage renders single.pdf at 150 dpi with pdftoppm (poppler-utils):
// page.png (gray) and top.pbm (the top of the page in black and white,
// for the fax scans).
func renderedPage(t *testing.T) string {
	t.Helper()
	renderOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tw-ocr-test-")
		if err != nil {
			rendered.err = err
			return
		}
		src := filepath.Join(conformanceDir(t), "single.pdf")
		if out, err := exec.Command("pdftoppm", "-r", "150", "-gray", "-png", "-singlefile", src, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
			rendered.err = errors.New(string(out))
			return
		}
		// The scans in black and white are of the top of the page only
		// (each recognition of a whole page costs seconds).
		f, err := os.Open(filepath.Join(dir, "page.png"))
		if err != nil {
			rendered.err = err
			return
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			rendered.err = err
			return
		}
		height := strconv.Itoa(blankRowAfter(img, 0.22))
		if out, err := exec.Command("pdftoppm", "-r", "150", "-mono", "-H", height, "-singlefile", src, filepath.Join(dir, "top")).CombinedOutput(); err != nil {
			rendered.err = errors.New(string(out))
			return
		}
		rendered.dir = dir
	})
	if rendered.err != nil {
		t.Fatalf("pdftoppm: %v", rendered.err)
	}
	t.Cleanup(func() {}) // the folder is shared by the tests of this run
	return rendered.dir
}

// topOf is the top fraction of an image: the title, author, first heading
// and first paragraph of the page, to keep each recognition short.
func topOf(t *testing.T, pngPath string, fraction float64) image.Image {
	t.Helper()
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	r := image.Rect(b.Min.X, b.Min.Y, b.Max.X, blankRowAfter(img, fraction))
	out := image.NewGray(r)
	draw.Draw(out, r, img, r.Min, draw.Src)
	return out
}

// blankRowAfter is the first row at or below fraction of the height with
// nothing printed on it: a cut there never goes through a line.
func blankRowAfter(img image.Image, fraction float64) int {
	b := img.Bounds()
	blank := func(y int) bool {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0xC000 {
				return false
			}
		}
		return true
	}
	cut := b.Min.Y + int(float64(b.Dy())*fraction)
	for cut < b.Max.Y && !blank(cut) {
		cut++
	}
	return cut
}

// werOfStart is the word error rate of got against the first n words
// of want.
func werOfStart(want, got string) float64 {
	w, g := testkit.Words(want), testkit.Words(got)
	n := min(len(w), max(len(g), 1))
	return testkit.WER(w[:n], g)
}

// Images opened directly are read through OCR, whatever their kind; the
// text is the page's words in order.
func TestImagesAreReadThroughOCR(t *testing.T) {
	dir := renderedPage(t)
	page := knownPage(t)
	top := topOf(t, filepath.Join(dir, "page.png"), 0.22)
	encode := func(enc func(*bytes.Buffer) error) []byte {
		var buf bytes.Buffer
		if err := enc(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	var topPNG bytes.Buffer
	png.Encode(&topPNG, top)
	os.WriteFile(filepath.Join(dir, "top.png"), topPNG.Bytes(), 0o644)
	runTool(t, "cwebp", "-quiet", "-lossless", filepath.Join(dir, "top.png"), "-o", filepath.Join(dir, "top.webp"))
	webp, err := os.ReadFile(filepath.Join(dir, "top.webp"))
	if err != nil {
		t.Fatal(err)
	}
	full, err := os.ReadFile(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		data  []byte
		whole bool // the whole page, else its top
		stdin bool // given on standard input: the content decides
	}{
		{"page.png", full, true, false},
		{"top.tiff", encode(func(b *bytes.Buffer) error { return tiff.Encode(b, top, &tiff.Options{Compression: tiff.Deflate}) }), false, false},
		{"top.gif", encode(func(b *bytes.Buffer) error { return gif.Encode(b, top, nil) }), false, false},
		{"top.bmp", encode(func(b *bytes.Buffer) error { return bmp.Encode(b, top) }), false, false},
		{"top.webp", webp, false, false},
		// A BMP on standard input: its content tells its kind.
		{"stdin", encode(func(b *bytes.Buffer) error { return bmp.Encode(b, top) }), false, true},
		// JPEG data under a name that lies: the data decides.
		{"jpeg-named.png", encode(func(b *bytes.Buffer) error { return jpeg.Encode(b, top, &jpeg.Options{Quality: 90}) }), false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(t.TempDir(), tc.name)
			if err := os.WriteFile(p, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := File(p)
			if tc.stdin {
				d, err = stdinDocument(bytes.NewReader(tc.data), 0, "")
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Meta.Format != formatImage {
				t.Errorf("format %q", d.Meta.Format)
			}
			var wer float64
			if tc.whole {
				wer = testkit.WER(testkit.Words(page), testkit.Words(d.Text))
			} else {
				wer = werOfStart(page, d.Text)
			}
			t.Logf("%s: word error rate %.1f%% (%d words)", tc.name, 100*wer, len(testkit.Words(d.Text)))
			if wer > 0.10 || len(testkit.Words(d.Text)) < 20 {
				t.Fatalf("word error rate %.1f%%; text:\n%s", 100*wer, d.Text)
			}
		})
	}
}

// A scanned PDF whose page is a CCITT Group 4 fax image (what
// tiff2pdf makes of a black-and-white TIFF) is read through OCR; so is the
// Group 4 TIFF itself.
func TestCCITTScans(t *testing.T) {
	dir := renderedPage(t)
	page := knownPage(t)
	work := t.TempDir()
	plain := filepath.Join(work, "plain.tif")
	g4 := filepath.Join(work, "scan.tif")
	scan := filepath.Join(work, "scan.pdf")
	runTool(t, "ppm2tiff", filepath.Join(dir, "top.pbm"), plain)
	runTool(t, "tiffcp", "-c", "g4", plain, g4)
	runTool(t, "tiff2pdf", "-o", scan, g4)
	raw, err := os.ReadFile(scan)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("/CCITTFaxDecode")) {
		t.Fatalf("tiff2pdf did not keep the fax compression")
	}
	for _, p := range []string{scan, g4} {
		t.Run(filepath.Base(p), func(t *testing.T) {
			t.Parallel()
			d, err := File(p)
			if err != nil {
				t.Fatal(err)
			}
			wer := werOfStart(page, d.Text)
			t.Logf("%s: word error rate %.1f%% (%d words)", filepath.Base(p), 100*wer, len(testkit.Words(d.Text)))
			if wer > 0.10 || len(testkit.Words(d.Text)) < 20 {
				t.Fatalf("word error rate %.1f%%; text:\n%s", 100*wer, d.Text)
			}
		})
	}
}

// Without Tesseract an image is refused with the package to install; a
// damaged image is refused as such before any OCR.
func TestImageRefusals(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "a.png")
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, 20, 20)))
	os.WriteFile(good, buf.Bytes(), 0o644)
	bad := filepath.Join(dir, "b.png")
	os.WriteFile(bad, buf.Bytes()[:30], 0o644)

	_, err := File(bad)
	var le *Error
	if !errors.As(err, &le) || le.Reason != pdf.ErrNotImage.Error() {
		t.Errorf("damaged image: %v", err)
	}
	t.Setenv("PATH", t.TempDir()) // no tesseract there
	_, err = File(good)
	if !errors.As(err, &le) || le.Reason != "OCR is not installed (install tesseract-ocr)" {
		t.Errorf("without tesseract: %v", err)
	}
	if !strings.Contains(le.Error(), good) {
		t.Errorf("error does not name the file: %v", le)
	}
}
