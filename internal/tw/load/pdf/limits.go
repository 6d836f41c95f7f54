package pdf

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"strconv"
	"time"
)

// maxImagePixels bounds every image that reaches a decoder or OCR: an
// image opened directly, each page of a TIFF, each image of a PDF page
// whatever its filter (a 600 dpi A3 scan is about 70 million pixels).
const maxImagePixels = 150_000_000

// maxTIFFPages bounds the pages of a TIFF given to OCR.
const maxTIFFPages = 2000

// Limits of the external tools: Tesseract and jbig2dec each run with a
// time limit, an address-space limit where prlimit (util-linux) is
// installed, and their output read up to a cap.
var (
	tesseractTimeout = 5 * time.Minute
	jbig2Timeout     = 30 * time.Second
)

const (
	toolMemory  = 2 << 30   // bytes of address space
	jbig2Memory = 512 << 20 // jbig2dec's own allocation limit (-M)
	maxHOCR     = 64 << 20
	maxPBM      = maxImagePixels/8 + 64 // a page of maxImagePixels, and its header
)

// errTooManyPixels is why an image is not decoded or recognised.
type errTooManyPixels struct{ w, h float64 }

func (e errTooManyPixels) Error() string {
	return fmt.Sprintf("too large an image (%.0f × %.0f pixels)", e.w, e.h)
}

// checkPixels refuses an image of w × h pixels that is empty or larger
// than maxImagePixels.
func checkPixels(w, h float64) error {
	if !(w > 0 && h > 0) || w*h > maxImagePixels {
		return errTooManyPixels{w, h}
	}
	return nil
}

// errToolLimit is returned when a tool runs past its time or output
// limit.
var errToolLimit = errors.New("ran past its time or output limit")

// runTool runs bin with args under a time limit and, where prlimit is
// installed, an address-space limit of toolMemory; it returns the tool's
// standard output, of which it reads at most maxOut bytes (more stops the
// tool with errToolLimit).
func runTool(timeout time.Duration, maxOut int64, env []string, bin string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	name := bin
	if p, err := exec.LookPath("prlimit"); err == nil {
		name, args = p, append([]string{"--as=" + strconv.Itoa(toolMemory), "--", bin}, args...)
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	// A child the tool started may hold the pipes past its end.
	cmd.WaitDelay = time.Second
	var stderr bytes.Buffer
	out := &cappedBuffer{max: maxOut, full: cancel}
	cmd.Stdout, cmd.Stderr = out, &stderr
	err := cmd.Run()
	switch {
	case out.over, ctx.Err() != nil:
		return nil, fmt.Errorf("%s: %w", bin, errToolLimit)
	case err != nil:
		return nil, fmt.Errorf("%w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out.b.Bytes(), nil
}

// cappedBuffer keeps up to max bytes; past them it calls full (which stops
// the tool writing) and refuses the rest.
type cappedBuffer struct {
	b    bytes.Buffer
	max  int64
	over bool
	full func()
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if int64(c.b.Len()+len(p)) > c.max {
		c.over = true
		c.full()
		return 0, errToolLimit
	}
	return c.b.Write(p)
}

// checkImageData checks an image file's size before it is decoded or
// recognised: every page of a TIFF, else what image.DecodeConfig reads.
func checkImageData(data []byte, kind string) error {
	if kind == "tiff" {
		return checkTIFFPages(data)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return checkPixels(float64(cfg.Width), float64(cfg.Height))
}

// checkTIFFPages walks the chain of a TIFF's image file directories and
// checks the size of each page (tags ImageWidth and ImageLength), and
// their number.
func checkTIFFPages(data []byte) error {
	if len(data) < 8 {
		return ErrNotImage
	}
	var bo binary.ByteOrder
	switch string(data[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return ErrNotImage
	}
	seen := map[uint32]bool{}
	off := bo.Uint32(data[4:8])
	for pages := 0; off != 0; pages++ {
		if pages == maxTIFFPages {
			return fmt.Errorf("too many pages in the image (over %d)", maxTIFFPages)
		}
		if seen[off] || int64(off)+2 > int64(len(data)) {
			return ErrNotImage // a loop, or a directory past the end
		}
		seen[off] = true
		n := int(bo.Uint16(data[off:]))
		end := int64(off) + 2 + 12*int64(n)
		if end+4 > int64(len(data)) {
			return ErrNotImage
		}
		var w, h float64
		for i := range n {
			e := data[int(off)+2+12*i:]
			var v float64
			switch bo.Uint16(e[2:]) { // the field type
			case 3: // SHORT
				v = float64(bo.Uint16(e[8:]))
			case 4: // LONG
				v = float64(bo.Uint32(e[8:]))
			}
			switch bo.Uint16(e) {
			case 256:
				w = v
			case 257:
				h = v
			}
		}
		if err := checkPixels(w, h); err != nil {
			return fmt.Errorf("page %d: %w", pages+1, err)
		}
		off = bo.Uint32(data[end:])
	}
	return nil
}

// environ is the environment of Tesseract: one thread, unless the user
// chose otherwise (its threads cost more than they give on a busy
// machine: one thread is several times faster there, and as fast when
// idle).
func environ() []string {
	env := os.Environ()
	if os.Getenv("OMP_THREAD_LIMIT") == "" {
		env = append(env, "OMP_THREAD_LIMIT=1")
	}
	return env
}

// checkJBIG2Page checks the page size an embedded JBIG2 stream (PDF's
// form: segments without a file header) declares in its first page
// information segment, before jbig2dec allocates the page. A stream it
// cannot follow, or a striped page of unknown height, passes: jbig2dec's
// output is capped too.
func checkJBIG2Page(data []byte) error {
	for p := 0; p+6 <= len(data); {
		number := binary.BigEndian.Uint32(data[p:])
		flags := data[p+4]
		p += 5
		count := int(data[p] >> 5)
		if count == 7 {
			if p+4 > len(data) {
				return nil
			}
			count = int(binary.BigEndian.Uint32(data[p:]) & 0x1FFFFFFF)
			p += 4 + (count+8)/8
		} else {
			p++
		}
		refSize := 4
		switch {
		case number <= 256:
			refSize = 1
		case number <= 65536:
			refSize = 2
		}
		p += count * refSize
		if flags&0x40 != 0 {
			p += 4
		} else {
			p++
		}
		if p < 0 || p+4 > len(data) {
			return nil
		}
		length := binary.BigEndian.Uint32(data[p:])
		p += 4
		if flags&0x3F == 48 { // page information
			if p+8 > len(data) {
				return nil
			}
			w, h := binary.BigEndian.Uint32(data[p:]), binary.BigEndian.Uint32(data[p+4:])
			if h == 0xFFFFFFFF {
				return nil
			}
			return checkPixels(float64(w), float64(h))
		}
		if length == 0xFFFFFFFF || int64(p)+int64(length) > int64(len(data)) {
			return nil // an unknown length (an immediate generic region), or cut short
		}
		p += int(length)
	}
	return nil
}
