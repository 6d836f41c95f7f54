package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"image"
	"image/color"
	_ "image/gif"  // images opened directly
	_ "image/jpeg" // DecodeConfig of JPEG pages
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"

	_ "golang.org/x/image/bmp"
	"golang.org/x/image/ccitt"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
)

// ErrOCRMissing is returned for a scanned page or an image when Tesseract
// is not installed.
var ErrOCRMissing = errors.New("OCR is not installed (install tesseract-ocr)")

// OCRFunc recognises the text of an image file (PNG, JPEG or TIFF) in a
// Tesseract language ("eng", "deu+eng") and returns Tesseract's hOCR output
// (the page, its lines with baseline and size, and their words with boxes).
type OCRFunc func(imagePath, lang string) ([]byte, error)

// Tesseract runs the `tesseract` command, under the limits of runTool
// (tesseractTimeout, toolMemory, maxHOCR).
func Tesseract(imagePath, lang string) ([]byte, error) {
	bin, err := exec.LookPath("tesseract")
	if err != nil {
		return nil, ErrOCRMissing
	}
	args := []string{imagePath, "stdout"}
	if lang != "" {
		args = append(args, "-l", lang)
	}
	args = append(args, "hocr")
	out, err := runTool(tesseractTimeout, maxHOCR, environ(), bin, args...)
	if err != nil {
		return nil, fmt.Errorf("tesseract: %w", err)
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
// of it (a scan). hocrs keeps what each image object was recognised as,
// by its object number: pages that show the same image are recognised
// once, whichever of the page readers (see readPages) read them.
func ocrPage(f *file, pc *pageContent, lang string, ocr OCRFunc, hocrs map[ref][]byte) ([]*line, error) {
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
	tsv, ok := hocrs[best.s.ref]
	if !ok {
		var err error
		if tsv, err = recognise(f, best.s, lang, ocr); err != nil {
			return nil, err
		}
		hocrs[best.s.ref] = tsv
	}
	if tsv == nil {
		return nil, nil
	}
	// Image pixels to page space: the image fills its box.
	return hocrLines(tsv, func(w, h float64) (sx, sy, ox, oy float64) {
		return (best.x1 - best.x0) / w, (best.y1 - best.y0) / h, best.x0, best.y1
	}), nil
}

// recognise is the hOCR of the image s, or nil for an image that cannot
// be decoded or is too large (left unread).
func recognise(f *file, s *stream, lang string, ocr OCRFunc) ([]byte, error) {
	data, ext, err := f.imageFile(s)
	if errors.Is(err, ErrJBIG2Missing) {
		return nil, err
	}
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
	return ocr(p, lang)
}

// imageFile turns an image XObject into a file Tesseract reads: JPEG data
// as it is, other images decoded to PNG. An image larger than
// maxImagePixels, by its dictionary or by its JPEG header, is not decoded
// (nil data).
func (f *file) imageFile(s *stream) ([]byte, string, error) {
	w, _ := f.numOf(s.dict["Width"])
	h, _ := f.numOf(s.dict["Height"])
	if checkPixels(w, h) != nil {
		return nil, "", nil
	}
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
		if checkImageData(data, "jpeg") != nil {
			return nil, "", nil // its own header may say more than the dictionary
		}
		return data, ".jpg", nil
	case "JPXDecode":
		return data, ".jp2", nil
	case "CCITTFaxDecode", "CCF":
		return f.ccittImage(s, data)
	case "JBIG2Decode":
		return f.jbig2Image(s, data)
	}
	bpc, _ := f.numOf(s.dict["BitsPerComponent"])
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

// ccittImage decodes a CCITT fax image (the usual compression of scanned
// black-and-white pages) to PNG: Group 4 (K < 0) and Group 3 one-
// dimensional (K = 0); Group 3 with two-dimensional lines (K > 0), which
// the decoder lacks, is left unread.
func (f *file) ccittImage(s *stream, data []byte) ([]byte, string, error) {
	parms := f.filterParms(s, "CCITTFaxDecode", "CCF")
	num := func(key string, def float64) float64 {
		if v, ok := f.numOf(parms[name(key)]); ok {
			return v
		}
		return def
	}
	k := num("K", 0)
	sf := ccitt.Group4
	switch {
	case k == 0:
		sf = ccitt.Group3
	case k > 0:
		return nil, "", nil
	}
	w := num("Columns", 1728)
	h := num("Rows", 0)
	if h <= 0 {
		h, _ = f.numOf(s.dict["Height"])
	}
	if checkPixels(w, h) != nil {
		return nil, "", nil
	}
	opts := &ccitt.Options{}
	if b, ok := f.resolve(parms["EncodedByteAlign"]).(bool); ok && b {
		opts.Align = true
	}
	img := image.NewGray(image.Rect(0, 0, int(w), int(h)))
	if err := ccitt.DecodeIntoGray(img, bytes.NewReader(data), ccitt.MSB, sf, opts); err != nil {
		return nil, "", nil // a damaged scan is left unread, as other images
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), ".png", nil
}

// ErrJBIG2Missing is returned for a page scanned as JBIG2 when the
// decoder is not installed.
var ErrJBIG2Missing = errors.New("the page is a JBIG2 scan and its decoder is not installed (install jbig2dec)")

// jbig2Image decodes a JBIG2 page image (with its global segments, if
// any) with Debian's jbig2dec command, to PNG. jbig2dec runs under the
// limits of runTool (jbig2Timeout, and its output read up to one page of
// maxImagePixels), as a few bytes can declare a page of gigabytes.
func (f *file) jbig2Image(s *stream, data []byte) ([]byte, string, error) {
	bin, err := exec.LookPath("jbig2dec")
	if err != nil {
		return nil, "", ErrJBIG2Missing
	}
	dir, err := os.MkdirTemp("", "tw-jbig2-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	args := []string{"-q", "-e", "-M", strconv.Itoa(jbig2Memory), "-t", "pbm", "-o", "-"}
	if g, ok := f.resolve(f.filterParms(s, "JBIG2Decode")["JBIG2Globals"]).(*stream); ok {
		globals, err := f.decode(g, true)
		if err == nil && len(globals) > 0 {
			p := filepath.Join(dir, "globals.jb2")
			if err := os.WriteFile(p, globals, 0o600); err != nil {
				return nil, "", err
			}
			args = append(args, p)
		}
	}
	if checkJBIG2Page(data) != nil {
		return nil, "", nil // left unread, as other images too large
	}
	p := filepath.Join(dir, "page.jb2")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		return nil, "", err
	}
	args = append(args, p)
	pbm, err := runTool(jbig2Timeout, maxPBM, os.Environ(), bin, args...)
	if err != nil {
		return nil, "", nil // a damaged or oversized scan is left unread, as other images
	}
	img := decodePBM(pbm)
	if img == nil {
		return nil, "", nil
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), ".png", nil
}

// decodePBM reads a binary PBM ("P4": 1 bits are black) as gray, or nil.
func decodePBM(data []byte) *image.Gray {
	// The header: "P4", width and height, separated by white space
	// (comments start with "#"), then one white space character.
	fields := make([]int, 0, 2)
	i := 2
	if !bytes.HasPrefix(data, []byte("P4")) {
		return nil
	}
	for len(fields) < 2 && i < len(data) {
		switch c := data[i]; {
		case c == '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c >= '0' && c <= '9':
			n := 0
			for i < len(data) && data[i] >= '0' && data[i] <= '9' && n < 1e8 {
				n = n*10 + int(data[i]-'0')
				i++
			}
			fields = append(fields, n)
			continue
		}
		i++
	}
	i++ // the single white space after the height
	if len(fields) < 2 || i > len(data) {
		return nil
	}
	w, h := fields[0], fields[1]
	rowLen := (w + 7) / 8
	if checkPixels(float64(w), float64(h)) != nil || len(data)-i < rowLen*h {
		return nil
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		row := data[i+y*rowLen:]
		for x := range w {
			v := byte(255)
			if row[x/8]&(0x80>>(x%8)) != 0 {
				v = 0
			}
			img.Pix[y*img.Stride+x] = v
		}
	}
	return img
}

// filterParms is the DecodeParms dictionary of a stream's filter named
// one of names (DecodeParms may be one dictionary or an array matching
// Filter).
func (f *file) filterParms(s *stream, names ...string) dict {
	switch fl := f.resolve(s.dict["Filter"]).(type) {
	case name:
		return f.dictOf(f.resolve(s.dict["DecodeParms"]))
	case array:
		pa, _ := f.resolve(s.dict["DecodeParms"]).(array)
		for i, v := range fl {
			for _, n := range names {
				if f.nameOf(v) == name(n) && i < len(pa) {
					return f.dictOf(pa[i])
				}
			}
		}
	}
	return nil
}

var (
	hocrPageRe = lazyregexp.New(`class=['"]ocr_page['"][^>]*title=['"][^'"]*bbox (\d+) (\d+) (\d+) (\d+)`)
	hocrLineRe = lazyregexp.New(`class=['"](?:ocr_line|ocr_caption|ocr_header|ocr_textfloat)['"][^>]*title=['"]bbox (\d+) (\d+) (\d+) (\d+); baseline ([-\d.]+) ([-\d.]+); x_size ([\d.]+)`)
	hocrWordRe = lazyregexp.New(`class=['"]ocrx_word['"][^>]*title=['"]bbox (\d+) (\d+) (\d+) (\d+)[^>]*>(.*?)</span>`)
	tagRe      = lazyregexp.New(`<[^>]*>`)
)

// hocrLines makes lines from Tesseract's hOCR. place gives the scale and
// origin that turn pixels (y down) into page space (y up).
func hocrLines(hocr []byte, place func(w, h float64) (sx, sy, ox, oy float64)) []*line {
	atof := func(b []byte) float64 { v, _ := strconv.ParseFloat(string(b), 64); return v }
	sx, sy, ox, oy := 1.0, 1.0, 0.0, 0.0
	if m := hocrPageRe.FindSubmatch(hocr); m != nil {
		sx, sy, ox, oy = place(max(1, atof(m[3])), max(1, atof(m[4])))
	}
	locs := hocrLineRe.FindAllSubmatchIndex(hocr, -1)
	var out []*line
	for i, loc := range locs {
		end := len(hocr)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		g := func(k int) float64 { return atof(hocr[loc[2*k]:loc[2*k+1]]) }
		x0, y1 := g(1), g(4)
		slope, off, xsize := g(5), g(6), g(7)
		var chars []char
		for _, w := range hocrWordRe.FindAllSubmatch(hocr[loc[1]:end], -1) {
			text := strings.TrimSpace(html.UnescapeString(tagRe.ReplaceAllString(string(w[5]), "")))
			if text == "" {
				continue
			}
			wx0, wx1 := atof(w[1]), atof(w[3])
			base := y1 + off + slope*(wx0-x0)
			y := oy - base*sy
			size := xsize * sy * 0.75
			if len(chars) > 0 {
				prev := chars[len(chars)-1]
				chars = append(chars, char{text: " ", x: prev.x + prev.w, y: y, w: 0.1, size: size, space: true})
			}
			chars = append(chars, char{text: text, x: ox + wx0*sx, y: y, w: (wx1 - wx0) * sx, size: size})
		}
		if len(chars) == 0 {
			continue
		}
		// One baseline for the line.
		for k := range chars {
			chars[k].y = chars[0].y
		}
		if l := makeLine(chars); l != nil {
			out = append(out, l)
		}
	}
	// Recognised line heights vary with ascenders and descenders: lines
	// near the usual height get the usual size, so that a paragraph's short
	// last line stays in it; headings, much larger, keep theirs.
	if len(out) > 0 {
		sizes := make([]float64, len(out))
		for i, l := range out {
			sizes[i] = l.size
		}
		sort.Float64s(sizes)
		med := sizes[len(sizes)/2]
		for _, l := range out {
			if math.Abs(l.size-med) < 0.3*med {
				l.size = med
				for i := range l.spans {
					l.spans[i].size = med
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].y > out[j].y })
	return out
}

// ImageExtensions are the images LoadImage reads.
var ImageExtensions = []string{".png", ".jpg", ".jpeg", ".tif", ".tiff", ".gif", ".bmp", ".webp"}

// ErrNotImage is returned for image files that cannot be decoded.
var ErrNotImage = errors.New("not a readable image (damaged, or of an unknown kind)")

// LoadImage recognises the text of an image (PNG, JPEG, TIFF, GIF, BMP,
// WebP) with Tesseract, giving a document of one page, with paragraphs
// rebuilt as for a scanned PDF page. The image is checked before any
// recognition; GIF, BMP and WebP, which Tesseract may not read, are given
// to it as PNG.
func LoadImage(path string, data []byte) (*doc.Document, error) {
	return loadImage(path, data, Tesseract)
}

// isTesseract reports whether ocr is the Tesseract command (which needs
// the program installed), not a stand-in.
func isTesseract(ocr OCRFunc) bool {
	return reflect.ValueOf(ocr).Pointer() == reflect.ValueOf(Tesseract).Pointer()
}

func loadImage(path string, data []byte, ocr OCRFunc) (*doc.Document, error) {
	cfg, kind, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, ErrNotImage
	}
	if err := checkPixels(float64(cfg.Width), float64(cfg.Height)); err != nil {
		return nil, err
	}
	if kind == "tiff" {
		// Tesseract reads every page of a TIFF: each is checked.
		if err := checkTIFFPages(data); err != nil {
			return nil, err
		}
	}
	if _, err := exec.LookPath("tesseract"); err != nil && (ocr == nil || isTesseract(ocr)) {
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
	ext := "." + kind // what the data is, whatever the name says
	switch kind {
	case "jpeg":
		ext = ".jpg"
	case "tiff", "png":
	default:
		img, _, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, ErrNotImage
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return nil, err
		}
		data, ext = buf.Bytes(), ".png"
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
	ls := hocrLines(tsv, func(w, h float64) (sx, sy, ox, oy float64) {
		pc.width, pc.height = w, h
		return 1, 1, 0, h
	})
	d := assemble(path, [][]*line{ls}, []*pageContent{pc}, []string{"1"}, nil, Options{})
	d.Meta.Format = "image"
	return d, nil
}
