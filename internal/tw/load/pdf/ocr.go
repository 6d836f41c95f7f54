package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	_ "image/jpeg" // DecodeConfig of JPEG pages

	"textfirst/internal/tw/doc"
)

// ErrOCRMissing is returned for a scanned page or an image when Tesseract
// is not installed.
var ErrOCRMissing = errors.New("OCR is not installed (install tesseract-ocr)")

// OCRFunc recognises the text of an image file (PNG, JPEG or TIFF) in a
// Tesseract language ("eng", "deu+eng") and returns Tesseract's TSV output
// (one row per page, block, paragraph, line and word, with boxes).
type OCRFunc func(imagePath, lang string) ([]byte, error)

// Tesseract runs the `tesseract` command.
func Tesseract(imagePath, lang string) ([]byte, error) {
	bin, err := exec.LookPath("tesseract")
	if err != nil {
		return nil, ErrOCRMissing
	}
	args := []string{imagePath, "stdout"}
	if lang != "" {
		args = append(args, "-l", lang)
	}
	args = append(args, "tsv")
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("tesseract: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

var (
	langsOnce sync.Once
	langs     map[string]bool
)

// tesseractLang maps a document language (BCP 47) to installed Tesseract
// data, English when the language is not installed.
func tesseractLang(tag string) string {
	langsOnce.Do(func() {
		langs = map[string]bool{}
		out, err := exec.Command("tesseract", "--list-langs").Output()
		if err != nil {
			return
		}
		for _, l := range strings.Split(string(out), "\n")[1:] {
			langs[strings.TrimSpace(l)] = true
		}
	})
	codes := map[string]string{"en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "nl": "nld",
		"pt": "por", "sv": "swe", "da": "dan", "no": "nor", "nb": "nor", "fi": "fin", "pl": "pol", "cs": "ces",
		"ru": "rus", "el": "ell", "tr": "tur", "hu": "hun", "ja": "jpn", "zh": "chi_sim", "ko": "kor", "ar": "ara"}
	base := strings.ToLower(strings.SplitN(strings.SplitN(tag, "-", 2)[0], "_", 2)[0])
	if c, ok := codes[base]; ok && langs[c] {
		return c
	}
	if langs["eng"] || len(langs) == 0 {
		return "eng"
	}
	return ""
}

// ocrPage recognises a page that has no text but a picture covering most
// of it (a scan).
func ocrPage(f *file, pc *pageContent, lang string, ocr OCRFunc) ([]*line, error) {
	var best *pageImage
	for i := range pc.images {
		im := &pc.images[i]
		if (im.x1-im.x0)*(im.y1-im.y0) >= 0.3*pc.width*pc.height && (best == nil || (im.x1-im.x0)*(im.y1-im.y0) > (best.x1-best.x0)*(best.y1-best.y0)) {
			best = im
		}
	}
	if best == nil {
		return nil, nil
	}
	if ocr == nil {
		ocr = Tesseract
		if _, err := exec.LookPath("tesseract"); err != nil {
			return nil, ErrOCRMissing
		}
	}
	data, ext, err := f.imageFile(best.s)
	if err != nil || data == nil {
		return nil, nil // an image we cannot decode is left unread
	}
	dir, err := os.MkdirTemp("", "tw-ocr-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "page"+ext)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		return nil, err
	}
	tsv, err := ocr(p, tesseractLang(lang))
	if err != nil {
		return nil, err
	}
	// Image pixels to page space: the image fills its box.
	return tsvLines(tsv, func(w, h float64) (sx, sy, ox, oy float64) {
		return (best.x1 - best.x0) / w, (best.y1 - best.y0) / h, best.x0, best.y1
	}), nil
}

// imageFile turns an image XObject into a file Tesseract reads: JPEG data
// as it is, other images decoded to PNG.
func (f *file) imageFile(s *stream) ([]byte, string, error) {
	data, err := f.decode(s, true)
	if err != nil {
		return nil, "", err
	}
	last := name("")
	switch x := f.resolve(s.dict["Filter"]).(type) {
	case name:
		last = x
	case array:
		if len(x) > 0 {
			last = f.nameOf(x[len(x)-1])
		}
	}
	switch last {
	case "DCTDecode", "DCT":
		return data, ".jpg", nil
	case "JPXDecode":
		return data, ".jp2", nil
	case "CCITTFaxDecode", "CCF", "JBIG2Decode":
		return nil, "", nil
	}
	w, _ := f.numOf(s.dict["Width"])
	h, _ := f.numOf(s.dict["Height"])
	bpc, _ := f.numOf(s.dict["BitsPerComponent"])
	if w <= 0 || h <= 0 || w*h > 1e8 {
		return nil, "", nil
	}
	comps := 1
	cs := f.resolve(s.dict["ColorSpace"])
	var palette []byte
	switch x := cs.(type) {
	case name:
		switch x {
		case "DeviceRGB", "RGB", "CalRGB":
			comps = 3
		case "DeviceCMYK", "CMYK":
			comps = 4
		}
	case array:
		if len(x) > 0 {
			switch f.nameOf(x[0]) {
			case "ICCBased":
				if st, ok := f.resolve(x[1]).(*stream); ok {
					if n, ok := f.numOf(st.dict["N"]); ok {
						comps = int(n)
					}
				}
			case "CalRGB", "Lab":
				comps = 3
			case "Indexed":
				if len(x) == 4 {
					switch p := f.resolve(x[3]).(type) {
					case string:
						palette = []byte(p)
					case *stream:
						palette, _ = f.decode(p, true)
					}
				}
			}
		}
	}
	if b, ok := f.resolve(s.dict["ImageMask"]).(bool); ok && b {
		bpc = 1
	}
	W, H, B := int(w), int(h), int(bpc)
	if B != 1 && B != 8 {
		return nil, "", nil
	}
	rowLen := (W*comps*B + 7) / 8
	if len(data) < rowLen*H {
		return nil, "", nil
	}
	img := image.NewGray(image.Rect(0, 0, W, H))
	for y := range H {
		row := data[y*rowLen : (y+1)*rowLen]
		for x := range W {
			var v byte
			switch {
			case B == 1:
				if row[x/8]&(0x80>>(x%8)) != 0 {
					v = 255
				}
			case palette != nil:
				i := int(row[x]) * 3
				if i+2 < len(palette) {
					v = byte((int(palette[i])*299 + int(palette[i+1])*587 + int(palette[i+2])*114) / 1000)
				}
			case comps == 3:
				v = byte((int(row[3*x])*299 + int(row[3*x+1])*587 + int(row[3*x+2])*114) / 1000)
			case comps == 4:
				k := int(row[4*x+3])
				v = byte(255 - min(255, (int(row[4*x])+int(row[4*x+1])+int(row[4*x+2]))/3+k))
			default:
				v = row[x*comps]
			}
			img.SetGray(x, y, color.Gray{v})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), ".png", nil
}

// tsvLines makes lines from Tesseract's TSV words. place gives the scale
// and origin that turn pixels (y down) into page space (y up).
func tsvLines(tsv []byte, place func(w, h float64) (sx, sy, ox, oy float64)) []*line {
	type word struct {
		x, top, w, h float64
		text         string
	}
	type key struct{ block, par, line int }
	groups := map[key][]word{}
	var order []key
	sx, sy, ox, oy := 1.0, 1.0, 0.0, 0.0
	for _, row := range strings.Split(string(tsv), "\n") {
		c := strings.Split(row, "\t")
		if len(c) < 12 {
			continue
		}
		lvl, err := strconv.Atoi(c[0])
		if err != nil {
			continue
		}
		num := func(i int) float64 { v, _ := strconv.ParseFloat(c[i], 64); return v }
		if lvl == 1 {
			sx, sy, ox, oy = place(max(1, num(8)), max(1, num(9)))
			continue
		}
		text := strings.TrimSpace(c[11])
		if lvl != 5 || text == "" {
			continue
		}
		k := key{int(num(2)), int(num(3)), int(num(4))}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], word{num(6), num(7), num(8), num(9), text})
	}
	var out []*line
	for _, k := range order {
		ws := groups[k]
		sort.Slice(ws, func(i, j int) bool { return ws[i].x < ws[j].x })
		var chars []char
		// The line's height in pixels, from its words' boxes: the x-height
		// and descenders vary, so take the tallest word.
		bottom, height := 0.0, 0.0
		for _, w := range ws {
			bottom = max(bottom, w.top+w.h)
			height = max(height, w.h)
		}
		size := height * sy * 0.85
		y := oy - bottom*sy
		for i, w := range ws {
			if i > 0 {
				chars = append(chars, char{text: " ", x: ox + (ws[i-1].x+ws[i-1].w)*sx, y: y, w: 0.1, size: size, space: true})
			}
			chars = append(chars, char{text: w.text, x: ox + w.x*sx, y: y, w: w.w * sx, size: size})
		}
		if l := makeLine(chars); l != nil {
			// All of a recognised line has one size, rounded like a font's.
			l.size = float64(int(l.size + 0.5))
			for i := range l.spans {
				l.spans[i].size = l.size
			}
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].y > out[j].y })
	return out
}

// LoadImage recognises the text of an image (PNG, JPEG, TIFF) with
// Tesseract, giving a document of one page, with paragraphs rebuilt as for
// a scanned PDF page.
func LoadImage(path string, data []byte) (*doc.Document, error) {
	return loadImage(path, data, Tesseract)
}

func loadImage(path string, data []byte, ocr OCRFunc) (*doc.Document, error) {
	if _, err := exec.LookPath("tesseract"); err != nil && ocr == nil {
		return nil, ErrOCRMissing
	}
	if ocr == nil {
		ocr = Tesseract
	}
	dir, err := os.MkdirTemp("", "tw-ocr-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ext := strings.ToLower(filepath.Ext(path))
	if ext == "" {
		ext = ".png"
	}
	p := filepath.Join(dir, "image"+ext)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		return nil, err
	}
	tsv, err := ocr(p, tesseractLang(""))
	if err != nil {
		return nil, err
	}
	pc := &pageContent{width: 612, height: 792}
	ls := tsvLines(tsv, func(w, h float64) (sx, sy, ox, oy float64) {
		pc.width, pc.height = w, h
		return 1, 1, 0, h
	})
	d := assemble(path, [][]*line{ls}, []*pageContent{pc}, []string{"1"}, nil, Options{})
	d.Meta.Format = "image"
	return d, nil
}
