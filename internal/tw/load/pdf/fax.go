package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"golang.org/x/image/ccitt"
)

// Scanned pages are often bilevel images compressed for fax (CCITT Group 3
// and 4) or with JBIG2: both are what scanners and ocrmypdf write. They are
// decoded here to a grey image for OCR; each path is bounded (size, time).

// ErrJBIG2Missing is returned for a JBIG2 page when jbig2dec, the decoder
// tw runs for it, is not installed.
var ErrJBIG2Missing = errors.New("a scanned page is compressed with JBIG2 and jbig2dec is not installed (install the Debian package jbig2dec)")

// maxBilevelPixels bounds a fax or JBIG2 page (its grey copy takes a byte
// a pixel): an A4 page scanned at 600 dots per inch has 3.5 x 10^7.
const maxBilevelPixels = 6e7

// imageParms returns the decode parameters of an image stream's last
// filter (the image codec).
func (f *file) imageParms(s *stream) dict {
	switch p := f.resolve(s.dict["DecodeParms"]).(type) {
	case dict:
		return p
	case array:
		if len(p) > 0 {
			return f.dictOf(p[len(p)-1])
		}
	}
	return nil
}

// ccittImage decodes CCITTFaxDecode data (Group 4, or one-dimensional
// Group 3) into an image where ink is black, as the page shows it.
func (f *file) ccittImage(s *stream, data []byte) (*image.Gray, error) {
	p := f.imageParms(s)
	intParm := func(key string, def int) int {
		if v, ok := f.numOf(p[name(key)]); ok {
			return int(v)
		}
		return def
	}
	boolParm := func(key string) bool {
		b, _ := f.resolve(p[name(key)]).(bool)
		return b
	}
	k := intParm("K", 0)
	cols := intParm("Columns", 1728)
	rows := intParm("Rows", 0)
	if rows <= 0 {
		h, _ := f.numOf(s.dict["Height"])
		rows = int(h)
	}
	if cols <= 0 || rows <= 0 || float64(cols)*float64(rows) > maxBilevelPixels {
		return nil, fmt.Errorf("a fax image of %d x %d pixels", cols, rows)
	}
	sub := ccitt.Group4
	if k >= 0 {
		// K > 0 mixes two-dimensional lines into Group 3, which the
		// decoder does not read; the attempt fails cleanly.
		sub = ccitt.Group3
	}
	img := image.NewGray(image.Rect(0, 0, cols, rows))
	// The decoder gives 0 for black; BlackIs1 says the PDF's samples are
	// the other way round, and DeviceGray shows 0 as black.
	opts := &ccitt.Options{Align: boolParm("EncodedByteAlign"), Invert: boolParm("BlackIs1")}
	if err := ccitt.DecodeIntoGray(img, bytes.NewReader(data), ccitt.MSB, sub, opts); err != nil {
		return nil, fmt.Errorf("fax image: %w", err)
	}
	f.invertIfDecoded(s, img)
	return img, nil
}

// jbig2Timeout bounds one run of jbig2dec.
const jbig2Timeout = 30 * time.Second

// jbig2Image decodes JBIG2Decode data (with its global segments) by
// running jbig2dec, into an image where ink is black.
func (f *file) jbig2Image(s *stream, data []byte) (*image.Gray, error) {
	bin, err := exec.LookPath("jbig2dec")
	if err != nil {
		return nil, ErrJBIG2Missing
	}
	w, _ := f.numOf(s.dict["Width"])
	h, _ := f.numOf(s.dict["Height"])
	if w <= 0 || h <= 0 || w*h > maxBilevelPixels {
		return nil, fmt.Errorf("a JBIG2 image of %v x %v pixels", w, h)
	}
	dir, err := os.MkdirTemp("", "tw-jbig2-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	args := []string{"--embedded", "--format", "png", "--output", filepath.Join(dir, "page.png")}
	if g, ok := f.resolve(f.imageParms(s)["JBIG2Globals"]).(*stream); ok {
		globals, err := f.decode(g, true)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "globals.jb2"), globals, 0o600); err != nil {
			return nil, err
		}
		args = append(args, filepath.Join(dir, "globals.jb2"))
	}
	if err := os.WriteFile(filepath.Join(dir, "page.jb2"), data, 0o600); err != nil {
		return nil, err
	}
	args = append(args, filepath.Join(dir, "page.jb2"))
	ctx, cancel := context.WithTimeout(context.Background(), jbig2Timeout)
	defer cancel()
	if out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("jbig2dec: %v: %s", err, bytes.TrimSpace(out))
	}
	pf, err := os.Open(filepath.Join(dir, "page.png"))
	if err != nil {
		return nil, err
	}
	defer pf.Close()
	decoded, err := png.Decode(pf)
	if err != nil {
		return nil, fmt.Errorf("jbig2dec's page: %w", err)
	}
	// jbig2dec shows ink as black, as the PDF filter's samples (0 black)
	// do through DeviceGray.
	b := decoded.Bounds()
	img := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			img.Set(x, y, decoded.At(x, y))
		}
	}
	f.invertIfDecoded(s, img)
	return img, nil
}

// invertIfDecoded applies an image's Decode array of [1 0], which turns
// its samples round (a common way to show fax data the right way up).
func (f *file) invertIfDecoded(s *stream, img *image.Gray) {
	d, ok := f.resolve(s.dict["Decode"]).(array)
	if !ok || len(d) < 2 {
		return
	}
	lo, _ := f.numOf(d[0])
	hi, _ := f.numOf(d[1])
	if lo > hi {
		for i := range img.Pix {
			img.Pix[i] = 255 - img.Pix[i]
		}
	}
}
