package pdf

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"sync"
)

// char is one glyph placed on the page, in page space (y grows upwards).
type char struct {
	text       string
	x, y       float64 // baseline start
	w          float64 // advance
	size       float64 // effective font size
	bold, ital bool
	space      bool // a space glyph
	raised     bool // a small raised glyph moved onto the line below
}

type rule struct{ x0, x1, y float64 }

// linkAnnot is a link annotation: an area of the page and its target (a URI,
// or "#page=N" for a place in the document, which dest gives; dest is nil
// for a URI).
type linkAnnot struct {
	x0, y0, x1, y1 float64
	ref            string
	dest           *destination
}

type pageImage struct {
	x0, y0, x1, y1 float64
	s              *stream
}

// pageContent is what a page shows.
type pageContent struct {
	links  []linkAnnot
	notes  []textNote
	chars  []char
	rules  []rule
	images []pageImage
	width  float64
	height float64
	x0, y0 float64 // the media box's lower left corner
}

type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return x*m[0] + y*m[2] + m[4], x*m[1] + y*m[3] + m[5]
}

type gstate struct {
	ctm                        matrix
	font                       *font
	size, cs, ws, th, tl, rise float64
	render                     int
}

// Limits of one page's interpretation.
const (
	maxOpsPerPage   = 5_000_000
	maxCharsPerPage = 2_000_000
	maxFormDepth    = 12
)

type interp struct {
	f      *file
	out    *pageContent
	fonts  *fontSet
	ops    int
	path   []float64 // current subpath points for rules
	err    error
	glyphs []glyph
	// operands holds the elements of the last operand array (a TJ's
	// strings and positions).
	operands array
}

// runPage interprets a page's content streams, appending its glyphs to
// chars (a buffer for them, empty).
func (f *file) runPage(pg dict, fonts *fontSet, chars []char) (*pageContent, error) {
	out := &pageContent{width: 612, height: 792, chars: chars}
	if mb := f.arrayOf(inherited(f, pg, "CropBox")); len(mb) == 4 {
		setBox(f, out, mb)
	} else if mb := f.arrayOf(inherited(f, pg, "MediaBox")); len(mb) == 4 {
		setBox(f, out, mb)
	}
	res := f.dictOf(inherited(f, pg, "Resources"))
	var data []byte
	switch c := f.resolve(pg["Contents"]).(type) {
	case *stream:
		d, err := f.decode(c, true)
		if err != nil {
			return nil, err
		}
		data = d
	case array:
		d, err := f.joinContents(c)
		if err != nil {
			return nil, err
		}
		data = d
	}
	in := &interp{f: f, out: out, fonts: fonts}
	gs := gstate{ctm: identity, th: 1}
	if rot, ok := f.numOf(inherited(f, pg, "Rotate")); ok {
		switch ((int(rot) % 360) + 360) % 360 {
		case 90:
			gs.ctm = matrix{0, -1, 1, 0, -out.y0, out.x0 + out.width}
			out.width, out.height = out.height, out.width
			out.x0, out.y0 = 0, 0
		case 180:
			gs.ctm = matrix{-1, 0, 0, -1, out.x0 + out.width + out.x0, out.y0 + out.height + out.y0}
		case 270:
			gs.ctm = matrix{0, 1, -1, 0, out.y0 + out.height, -out.x0}
			out.width, out.height = out.height, out.width
			out.x0, out.y0 = 0, 0
		}
	}
	in.run(data, res, gs, 0)
	return out, in.err
}

func setBox(f *file, out *pageContent, mb array) {
	var v [4]float64
	for i := range 4 {
		v[i], _ = f.numOf(mb[i])
	}
	if v[2] < v[0] {
		v[0], v[2] = v[2], v[0]
	}
	if v[3] < v[1] {
		v[1], v[3] = v[3], v[1]
	}
	if v[2]-v[0] > 1 && v[3]-v[1] > 1 {
		out.x0, out.y0, out.width, out.height = v[0], v[1], v[2]-v[0], v[3]-v[1]
	}
}

// inherited looks a page attribute up the page tree.
func inherited(f *file, pg dict, key name) any {
	for range maxDepth {
		if v, ok := pg[key]; ok {
			return v
		}
		pg = f.dictOf(pg["Parent"])
		if pg == nil {
			return nil
		}
	}
	return nil
}

func (in *interp) font(res dict, n name) *font {
	fd := in.f.dictOf(res["Font"])
	r := fd[n]
	key := any(r)
	if rr, ok := r.(ref); ok {
		key = rr
	} else {
		key = fmt.Sprintf("%p/%s", res, n)
	}
	if fo, ok := in.fonts.local[key]; ok {
		return fo
	}
	d := in.f.dictOf(r)
	var fo *font
	switch rr, isRef := key.(ref); {
	case d != nil && isRef && in.fonts.shared != nil:
		fo = in.fonts.shared.get(rr, func() *font { return in.f.loadFont(d) })
	case d != nil:
		fo = in.f.loadFont(d)
	default:
		fo = &font{scale: 0.001, defWidth: 500, widths: map[uint32]float64{}}
		for c := range 256 {
			fo.simple[c] = baseEncoding("WinAnsiEncoding", byte(c))
		}
		fo.finish()
	}
	in.fonts.local[key] = fo
	return fo
}

// fontSet holds the fonts a page reader loaded, by font object (or by
// resource dictionary and name, for a font written inside one), and the
// fonts all page readers share. A font does not change once loaded.
type fontSet struct {
	local  map[any]*font
	shared *sharedFonts // nil when no other reader shares fonts
}

func newFontSet(shared *sharedFonts) *fontSet {
	return &fontSet{local: map[any]*font{}, shared: shared}
}

// sharedFonts are the fonts of font objects, each loaded once for all page
// readers. It is safe for concurrent use.
type sharedFonts struct {
	mu sync.Mutex
	m  map[ref]*sharedFont
}

type sharedFont struct {
	once sync.Once
	fo   *font
}

// get is the font of object r, loaded by load the first time it is asked
// for; a reader asking while another loads it waits for it.
func (s *sharedFonts) get(r ref, load func() *font) *font {
	s.mu.Lock()
	if s.m == nil {
		s.m = map[ref]*sharedFont{}
	}
	e := s.m[r]
	if e == nil {
		e = &sharedFont{}
		s.m[r] = e
	}
	s.mu.Unlock()
	e.once.Do(func() { e.fo = load() })
	return e.fo
}

func (in *interp) run(data []byte, res dict, gs gstate, depth int) {
	if depth > maxFormDepth {
		return
	}
	l := &lexer{b: data}
	var args []any
	bufferedArray := false // an array in args is in in.operands
	var stack []gstate
	var tm, tlm matrix
	for {
		if in.err != nil {
			return
		}
		t := l.token()
		if t == nil {
			return
		}
		kw, isOp := t.(keyword)
		if !isOp || kw == "[" || kw == "<<" {
			switch {
			case kw == "[" && !bufferedArray:
				// An operand array lives until its operator: its
				// elements go in one buffer page after page (a second
				// array before the operator gets its own).
				a, err := l.arrayFrom(in.operands[:0], 0)
				if err != nil {
					return
				}
				in.operands, bufferedArray = a[:0], true
				t = a
			case kw == "[":
				a, err := l.arrayFrom(nil, 0)
				if err != nil {
					return
				}
				t = a
			case isOp:
				l.pos -= len(kw)
				v, err := l.object(0)
				if err != nil {
					return
				}
				t = v
			}
			if len(args) < 64 {
				args = append(args, t)
			}
			continue
		}
		in.ops++
		if in.ops > maxOpsPerPage {
			in.err = fmt.Errorf("a page has more than %d operators: %w", maxOpsPerPage, ErrLimit)
			return
		}
		n := func(i int) float64 {
			if i < len(args) {
				v, _ := num(args[i])
				return v
			}
			return 0
		}
		switch kw {
		case "q":
			if len(stack) < 256 {
				stack = append(stack, gs)
			}
		case "Q":
			if len(stack) > 0 {
				gs = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		case "cm":
			if len(args) == 6 {
				gs.ctm = matrix{n(0), n(1), n(2), n(3), n(4), n(5)}.mul(gs.ctm)
			}
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(args) == 2 {
				if fn, ok := args[0].(name); ok {
					gs.font = in.font(res, fn)
				}
				gs.size = n(1)
			}
		case "Tc":
			gs.cs = n(0)
		case "Tw":
			gs.ws = n(0)
		case "Tz":
			gs.th = n(0) / 100
		case "TL":
			gs.tl = n(0)
		case "Ts":
			gs.rise = n(0)
		case "Tr":
			gs.render = int(n(0))
		case "Td":
			tlm = matrix{1, 0, 0, 1, n(0), n(1)}.mul(tlm)
			tm = tlm
		case "TD":
			gs.tl = -n(1)
			tlm = matrix{1, 0, 0, 1, n(0), n(1)}.mul(tlm)
			tm = tlm
		case "Tm":
			if len(args) == 6 {
				tlm = matrix{n(0), n(1), n(2), n(3), n(4), n(5)}
				tm = tlm
			}
		case "T*":
			tlm = matrix{1, 0, 0, 1, 0, -gs.tl}.mul(tlm)
			tm = tlm
		case "Tj", "'", "\"", "TJ":
			if kw == "'" || kw == "\"" {
				if kw == "\"" && len(args) == 3 {
					gs.ws, gs.cs = n(0), n(1)
				}
				tlm = matrix{1, 0, 0, 1, 0, -gs.tl}.mul(tlm)
				tm = tlm
			}
			if len(args) == 0 {
				break
			}
			if kw == "TJ" {
				a, _ := args[0].(array)
				for _, e := range a {
					switch e := e.(type) {
					case string:
						in.show(e, &gs, &tm)
					default:
						if v, ok := num(e); ok {
							tx := -v / 1000 * gs.size * gs.th
							tm = matrix{1, 0, 0, 1, tx, 0}.mul(tm)
						}
					}
				}
			} else if s, ok := args[len(args)-1].(string); ok {
				in.show(s, &gs, &tm)
			}
		case "m":
			in.path = append(in.path[:0], n(0), n(1))
		case "l":
			if len(in.path) >= 2 {
				x0, y0 := in.path[len(in.path)-2], in.path[len(in.path)-1]
				if math.Abs(n(1)-y0) < 0.5 && math.Abs(n(0)-x0) > 20 {
					ax, ay := gs.ctm.apply(x0, y0)
					bx, by := gs.ctm.apply(n(0), n(1))
					if math.Abs(ay-by) < 1 {
						in.addRule(rule{math.Min(ax, bx), math.Max(ax, bx), ay})
					}
				}
				in.path = append(in.path[:0], n(0), n(1))
			}
		case "re":
			if math.Abs(n(3)) < 2.5 && math.Abs(n(2)) > 20 {
				ax, ay := gs.ctm.apply(n(0), n(1))
				bx, _ := gs.ctm.apply(n(0)+n(2), n(1))
				in.addRule(rule{math.Min(ax, bx), math.Max(ax, bx), ay})
			}
		case "Do":
			if len(args) == 1 {
				if xn, ok := args[0].(name); ok {
					in.doXObject(res, xn, gs, depth)
				}
			}
		case "BI":
			// Skip an inline image: its data runs from ID to EI.
			i := bytes.Index(l.b[l.pos:], []byte("ID"))
			if i < 0 {
				return
			}
			l.pos += i + 3
			for l.pos+2 <= len(l.b) {
				j := bytes.Index(l.b[l.pos:], []byte("EI"))
				if j < 0 {
					return
				}
				l.pos += j + 2
				if (l.pos >= len(l.b) || isSpace(l.b[l.pos])) && isSpace(l.b[l.pos-3]) {
					break
				}
			}
		}
		args, bufferedArray = args[:0], false
	}
}

// joinContents decodes a page's content streams and joins them, each
// followed by a line break. A stream listed again is decoded once. A page
// whose contents decode to more than f.maxStream in all (one stream
// listed many times) is refused.
func (f *file) joinContents(streams array) ([]byte, error) {
	var parts [][]byte
	decoded := map[*stream][]byte{}
	size := 0
	for _, x := range streams {
		s, ok := f.resolve(x).(*stream)
		if !ok {
			continue
		}
		d, seen := decoded[s]
		if !seen {
			var err error
			if d, err = f.decode(s, true); err != nil {
				return nil, err
			}
			decoded[s] = d
		}
		size += len(d) + 1
		if size > f.maxStream {
			return nil, fmt.Errorf("a page's contents decode to more than %d MB: %w", f.maxStream>>20, ErrLimit)
		}
		parts = append(parts, d)
	}
	data := make([]byte, 0, size)
	for _, d := range parts {
		data = append(append(data, d...), '\n')
	}
	return data, nil
}

func (in *interp) addRule(r rule) {
	if len(in.out.rules) < 10000 {
		in.out.rules = append(in.out.rules, r)
	}
}

func (in *interp) doXObject(res dict, xn name, gs gstate, depth int) {
	xo := in.f.dictOf(res["XObject"])
	s, ok := in.f.resolve(xo[xn]).(*stream)
	if !ok {
		return
	}
	switch in.f.nameOf(s.dict["Subtype"]) {
	case "Image":
		x0, y0 := gs.ctm.apply(0, 0)
		x1, y1 := gs.ctm.apply(1, 1)
		if len(in.out.images) < 1000 {
			in.out.images = append(in.out.images, pageImage{math.Min(x0, x1), math.Min(y0, y1), math.Max(x0, x1), math.Max(y0, y1), s})
		}
	case "Form":
		data, err := in.f.decode(s, true)
		if err != nil {
			return
		}
		if m := in.f.arrayOf(s.dict["Matrix"]); len(m) == 6 {
			var mm matrix
			for i := range 6 {
				mm[i], _ = in.f.numOf(m[i])
			}
			gs.ctm = mm.mul(gs.ctm)
		}
		r := in.f.dictOf(s.dict["Resources"])
		if r == nil {
			r = res
		}
		in.run(data, r, gs, depth+1)
	}
}

// show places the glyphs of a string.
func (in *interp) show(s string, gs *gstate, tm *matrix) {
	fo := gs.font
	if fo == nil {
		fo = in.font(dict{}, "")
		gs.font = fo
	}
	in.glyphs = fo.decode(s, in.glyphs[:0])
	for _, g := range in.glyphs {
		trm := matrix{gs.size * gs.th, 0, 0, gs.size, 0, gs.rise}.mul(*tm).mul(gs.ctm)
		adv := g.width*fo.scale*gs.size + gs.cs
		if g.space {
			adv += gs.ws
		}
		adv *= gs.th
		x, y := trm[4], trm[5]
		// The effective size is the length of the glyph's vertical vector.
		size := math.Hypot(trm[2], trm[3])
		ex, _ := (matrix{1, 0, 0, 1, adv, 0}.mul(*tm).mul(gs.ctm)).apply(0, 0)
		w := ex - x
		if g.text != "" && len(in.out.chars) < maxCharsPerPage {
			in.out.chars = append(in.out.chars, char{
				text: g.text, x: x, y: y, w: w, size: size,
				bold: fo.bold || gs.render == 2, ital: fo.italic, space: strings.TrimSpace(g.text) == "",
			})
		}
		*tm = matrix{1, 0, 0, 1, adv, 0}.mul(*tm)
	}
}
