package pdf

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// FuzzImage: no image opened directly may crash the loader or make it
// decode more than its pixel bound; what reaches OCR is a PNG, JPEG or
// TIFF file. OCR is a stand-in here (Tesseract is slow).
func FuzzImage(f *testing.F) {
	img := image.NewGray(image.Rect(0, 0, 8, 8))
	img.SetGray(3, 3, color.Gray{0})
	for _, enc := range []func(*bytes.Buffer) error{
		func(b *bytes.Buffer) error { return png.Encode(b, img) },
		func(b *bytes.Buffer) error { return jpeg.Encode(b, img, nil) },
		func(b *bytes.Buffer) error { return gif.Encode(b, img, nil) },
		func(b *bytes.Buffer) error { return bmp.Encode(b, img) },
		func(b *bytes.Buffer) error { return tiff.Encode(b, img, &tiff.Options{Compression: tiff.Deflate}) },
	} {
		var buf bytes.Buffer
		if err := enc(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	hocr := []byte(`<div class='ocr_page' title='image "x"; bbox 0 0 8 8'><span class='ocr_line' title="bbox 0 0 8 8; baseline 0 0; x_size 8"><span class='ocrx_word' title='bbox 0 0 8 8'>word</span></span></div>`)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := loadImage("fuzz.png", data, func(path string, lang string) ([]byte, error) {
			return hocr, nil
		})
		if err == nil && d.Text != "word" {
			t.Fatalf("text %q", d.Text)
		}
	})
}
