package pdf

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"

	"textfirst/internal/lazyregexp"
)

// font turns the codes of a string shown with it into text and widths.
type font struct {
	twoByte  bool       // Type0 with a two-byte encoding (Identity-H and most CMaps)
	codeLen  *codespace // byte lengths of codes from an embedded CMap, when known
	toUni    map[uint32]string
	simple   [256]string // text of each code of a simple font
	widths   map[uint32]float64
	defWidth float64 // in text space units per 1000
	scale    float64 // glyph space to text space (1/1000, or a Type 3 FontMatrix)
	bold     bool
	italic   bool
	baseFont string
	vertical bool
	// byteWidth is the width of each code of a font of one-byte codes,
	// whose simple then holds each code's text, toUni folded in (see
	// finish); nil for other fonts.
	byteWidth *[256]float64
}

// finish readies a loaded font for decoding: a font of one-byte codes gets
// each code's text and width in tables, read without a map look-up.
func (fo *font) finish() *font {
	if fo.twoByte || fo.codeLen != nil {
		return fo
	}
	w := new([256]float64)
	for c := range 256 {
		if t, ok := fo.toUni[uint32(c)]; ok {
			fo.simple[c] = t
		}
		if x, ok := fo.widths[uint32(c)]; ok {
			w[c] = x
		} else {
			w[c] = fo.defWidth
		}
	}
	fo.byteWidth = w
	return fo
}

type codespace struct{ ranges []csRange }

type csRange struct {
	n      int
	lo, hi uint32
}

// glyph is one code of a shown string.
type glyph struct {
	text  string
	width float64 // horizontal advance in text space (before Tfs scaling), glyph units/1000
	space bool    // the single-byte code 32, which gets word spacing
}

func (fo *font) decode(s string, out []glyph) []glyph {
	if w := fo.byteWidth; w != nil {
		for i := 0; i < len(s); i++ {
			c := s[i]
			out = append(out, glyph{text: fo.simple[c], width: w[c], space: c == 32})
		}
		return out
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		var code uint32
		n := 1
		switch {
		case fo.codeLen != nil:
			n = fo.codeLen.length(b[i:])
		case fo.twoByte:
			n = 2
		}
		if i+n > len(b) {
			n = len(b) - i
		}
		for _, c := range b[i : i+n] {
			code = code<<8 | uint32(c)
		}
		i += n
		g := glyph{space: n == 1 && code == 32}
		if t, ok := fo.toUni[code]; ok {
			g.text = t
		} else if n == 1 {
			g.text = fo.simple[code]
		}
		if w, ok := fo.widths[code]; ok {
			g.width = w
		} else {
			g.width = fo.defWidth
		}
		out = append(out, g)
	}
	return out
}

func (c *codespace) length(b []byte) int {
	for n := 1; n <= 4 && n <= len(b); n++ {
		var v uint32
		for _, x := range b[:n] {
			v = v<<8 | uint32(x)
		}
		for _, r := range c.ranges {
			if r.n == n && v >= r.lo && v <= r.hi {
				return n
			}
		}
	}
	return 1
}

// loadFont reads a font dictionary.
func (f *file) loadFont(fd dict) *font {
	fo := &font{scale: 0.001, defWidth: 500, widths: map[uint32]float64{}}
	sub := f.nameOf(fd["Subtype"])
	fo.baseFont = string(f.nameOf(fd["BaseFont"]))
	desc := f.dictOf(fd["FontDescriptor"])
	if sub == "Type0" {
		if d := f.arrayOf(fd["DescendantFonts"]); len(d) > 0 {
			cid := f.dictOf(d[0])
			desc = f.dictOf(cid["FontDescriptor"])
			if fo.baseFont == "" {
				fo.baseFont = string(f.nameOf(cid["BaseFont"]))
			}
			fo.defWidth = 1000
			if dw, ok := f.numOf(cid["DW"]); ok {
				fo.defWidth = dw
			}
			f.cidWidths(fo, f.arrayOf(cid["W"]))
		}
		fo.twoByte = true
		switch e := f.resolve(fd["Encoding"]).(type) {
		case name:
			fo.vertical = strings.HasSuffix(string(e), "-V")
		case *stream:
			if data, err := f.decode(e, true); err == nil {
				cs := parseCMap(data, nil)
				if len(cs.ranges) > 0 {
					fo.codeLen = cs
				}
			}
		}
	} else {
		f.simpleEncoding(fo, fd, desc, sub)
		first, _ := f.numOf(fd["FirstChar"])
		ws := f.arrayOf(fd["Widths"])
		for i, w := range ws {
			if x, ok := f.numOf(w); ok && i < 65536 {
				fo.widths[uint32(int(first)+i)] = x
			}
		}
		if mw, ok := f.numOf(desc["MissingWidth"]); ok && mw > 0 {
			fo.defWidth = mw
		} else if len(ws) == 0 {
			fo.defWidth = standardWidth(fo.baseFont)
		}
		if sub == "Type3" {
			if m := f.arrayOf(fd["FontMatrix"]); len(m) == 6 {
				if a, ok := f.numOf(m[0]); ok && a != 0 {
					fo.scale = a
				}
			}
		}
	}
	if s, ok := f.resolve(fd["ToUnicode"]).(*stream); ok {
		if data, err := f.decode(s, true); err == nil {
			fo.toUni = map[uint32]string{}
			cs := parseCMap(data, fo.toUni)
			if fo.twoByte && fo.codeLen == nil && len(cs.ranges) > 0 {
				// A one-byte Type0 encoding shows in the ToUnicode code space.
				allOne := true
				for _, r := range cs.ranges {
					allOne = allOne && r.n == 1
				}
				if allOne {
					fo.codeLen = cs
				}
			}
		}
	}
	bf := strings.ToLower(fo.baseFont)
	if i := strings.IndexByte(bf, '+'); i == 6 {
		bf = bf[7:]
	}
	fo.bold = strings.Contains(bf, "bold") || strings.Contains(bf, "black") || strings.Contains(bf, "heavy") || strings.Contains(bf, "semibold") || strings.Contains(bf, "demi")
	fo.italic = strings.Contains(bf, "italic") || strings.Contains(bf, "oblique")
	if desc != nil {
		flags, _ := f.numOf(desc["Flags"])
		if int64(flags)&(1<<18) != 0 {
			fo.bold = true
		}
		if int64(flags)&(1<<6) != 0 {
			fo.italic = true
		}
		if w, ok := f.numOf(desc["FontWeight"]); ok && w >= 600 {
			fo.bold = true
		}
		if a, ok := f.numOf(desc["ItalicAngle"]); ok && a != 0 {
			fo.italic = true
		}
	}
	return fo.finish()
}

func (f *file) cidWidths(fo *font, w array) {
	for i := 0; i < len(w); {
		first, ok := f.numOf(w[i])
		if !ok || i+1 >= len(w) {
			return
		}
		if a := f.arrayOf(w[i+1]); a != nil {
			for k, x := range a {
				if v, ok := f.numOf(x); ok && len(fo.widths) < 1<<20 {
					fo.widths[uint32(int(first)+k)] = v
				}
			}
			i += 2
			continue
		}
		if i+2 >= len(w) {
			return
		}
		last, _ := f.numOf(w[i+1])
		v, _ := f.numOf(w[i+2])
		if last-first > 65536 {
			last = first + 65536
		}
		for c := int(first); c <= int(last) && len(fo.widths) < 1<<20; c++ {
			fo.widths[uint32(c)] = v
		}
		i += 3
	}
}

// standardWidth is an average advance for the standard 14 fonts, which
// PDFs may use without widths.
func standardWidth(base string) float64 {
	b := strings.ToLower(base)
	switch {
	case strings.Contains(b, "courier"):
		return 600
	case strings.Contains(b, "times"):
		return 450
	}
	return 520
}

func (f *file) simpleEncoding(fo *font, fd, desc dict, sub name) {
	base := "StandardEncoding"
	symbolic := false
	if desc != nil {
		flags, _ := f.numOf(desc["Flags"])
		symbolic = int64(flags)&4 != 0 && int64(flags)&32 == 0
	}
	if sub == "TrueType" || symbolic {
		base = "WinAnsiEncoding"
	}
	var diffs array
	switch e := f.resolve(fd["Encoding"]).(type) {
	case name:
		base = string(e)
	case dict:
		if b := f.nameOf(e["BaseEncoding"]); b != "" {
			base = string(b)
		}
		diffs = f.arrayOf(e["Differences"])
	}
	for c := range 256 {
		fo.simple[c] = baseEncoding(base, byte(c))
	}
	// An embedded Type 1 font without an encoding in its dictionary uses
	// its own (the "dup 58 /period put" lines of its clear text part).
	if _, has := fd["Encoding"]; (!has || symbolic) && sub == "Type1" && desc != nil {
		if ff, ok := f.resolve(desc["FontFile"]).(*stream); ok {
			// Only the clear text part before "eexec" is read.
			if data, err := f.decodeUntil(ff, []byte("eexec")); err == nil {
				builtinEncoding(fo, data)
			}
		}
	}
	code := 0
	for _, d := range diffs {
		switch x := f.resolve(d).(type) {
		case int64:
			code = int(x)
		case float64:
			code = int(x)
		case name:
			if code >= 0 && code < 256 {
				fo.simple[code] = glyphText(string(x))
			}
			code++
		}
	}
}

var dupRe = lazyregexp.New(`dup\s+(\d{1,3})\s*/([^\s/\[\]{}()<>]+)\s+put`)

func builtinEncoding(fo *font, data []byte) {
	if i := bytes.Index(data, []byte("eexec")); i > 0 {
		data = data[:i]
	}
	if !bytes.Contains(data, []byte("/Encoding")) || bytes.Contains(data, []byte("/Encoding StandardEncoding")) {
		return
	}
	for _, m := range dupRe.FindAllSubmatch(data, -1) {
		c, _ := strconv.Atoi(string(m[1]))
		if c < 256 {
			if t := glyphText(string(m[2])); t != "" {
				fo.simple[c] = t
			}
		}
	}
}

var (
	win1252 = charmap.Windows1252
	macRom  = charmap.Macintosh
)

func baseEncoding(enc string, c byte) string {
	if c < 32 && enc != "Symbol" {
		if c == 9 || c == 10 || c == 13 {
			return " "
		}
		return ""
	}
	switch enc {
	case "MacRomanEncoding":
		return string(macRom.DecodeByte(c))
	case "StandardEncoding":
		switch c {
		case 0x27:
			return "\u2019"
		case 0x60:
			return "\u2018"
		}
		if c < 0x7f {
			return string(rune(c))
		}
		if s, ok := standardHigh[c]; ok {
			return s
		}
		return ""
	}
	if c == 0x7f || c == 0x81 || c == 0x8d || c == 0x8f || c == 0x90 || c == 0x9d {
		return ""
	}
	if c == 0xA0 || c == 0xAD && enc == "WinAnsiEncoding" {
		if c == 0xAD {
			return "-"
		}
		return " "
	}
	return string(win1252.DecodeByte(c))
}

var standardHigh = map[byte]string{
	0xa1: "¡", 0xa2: "¢", 0xa3: "£", 0xa4: "⁄", 0xa5: "¥", 0xa6: "ƒ", 0xa7: "§", 0xa8: "¤", 0xa9: "'",
	0xaa: "“", 0xab: "«", 0xac: "‹", 0xad: "›", 0xae: "ﬁ", 0xaf: "ﬂ", 0xb1: "–", 0xb2: "†", 0xb3: "‡",
	0xb4: "·", 0xb6: "¶", 0xb7: "•", 0xb8: "‚", 0xb9: "„", 0xba: "”", 0xbb: "»", 0xbc: "…", 0xbd: "‰",
	0xbf: "¿", 0xc1: "`", 0xc2: "´", 0xc3: "ˆ", 0xc4: "˜", 0xc5: "¯", 0xc6: "˘", 0xc7: "˙", 0xc8: "¨",
	0xca: "˚", 0xcb: "¸", 0xcd: "˝", 0xce: "˛", 0xcf: "ˇ", 0xd0: "—", 0xe1: "Æ", 0xe3: "ª", 0xe8: "Ł",
	0xe9: "Ø", 0xea: "Œ", 0xeb: "º", 0xf1: "æ", 0xf5: "ı", 0xf8: "ł", 0xf9: "ø", 0xfa: "œ", 0xfb: "ß",
}

// glyphNames maps the glyph names that are not a letter, a uniXXXX name or
// a letter with an accent (composed below) to their text.
var glyphNames = map[string]string{
	"space": " ", "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
	"ampersand": "&", "quotesingle": "'", "quoteright": "’", "quoteleft": "‘", "parenleft": "(",
	"parenright": ")", "asterisk": "*", "plus": "+", "comma": ",", "hyphen": "-", "minus": "−",
	"period": ".", "slash": "/", "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4",
	"five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "colon": ":", "semicolon": ";",
	"less": "<", "equal": "=", "greater": ">", "question": "?", "at": "@", "bracketleft": "[",
	"backslash": "\\", "bracketright": "]", "asciicircum": "^", "underscore": "_", "grave": "`",
	"braceleft": "{", "bar": "|", "braceright": "}", "asciitilde": "~", "bullet": "•",
	"endash": "–", "emdash": "—", "quotedblleft": "“", "quotedblright": "”", "quotesinglbase": "‚",
	"quotedblbase": "„", "ellipsis": "…", "fi": "fi", "fl": "fl", "ff": "ff", "ffi": "ffi", "ffl": "ffl",
	"dagger": "†", "daggerdbl": "‡", "section": "§", "paragraph": "¶", "copyright": "©",
	"registered": "®", "trademark": "™", "degree": "°", "periodcentered": "·", "guillemotleft": "«",
	"guillemotright": "»", "guilsinglleft": "‹", "guilsinglright": "›", "nbspace": " ",
	"sfthyphen": "-", "softhyphen": "-", "germandbls": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
	"oslash": "ø", "Oslash": "Ø", "dotlessi": "ı", "lslash": "ł", "Lslash": "Ł", "eth": "ð", "Eth": "Ð",
	"thorn": "þ", "Thorn": "Þ", "multiply": "×", "divide": "÷", "plusminus": "±", "currency": "¤",
	"cent": "¢", "sterling": "£", "yen": "¥", "Euro": "€", "euro": "€", "florin": "ƒ", "perthousand": "‰",
	"exclamdown": "¡", "questiondown": "¿", "ordfeminine": "ª", "ordmasculine": "º", "mu": "µ",
	"onehalf": "½", "onequarter": "¼", "threequarters": "¾", "brokenbar": "¦", "logicalnot": "¬",
	"macron": "¯", "acute": "´", "cedilla": "¸", "dieresis": "¨", "circumflex": "ˆ", "tilde": "˜",
	"arrowright": "→", "arrowleft": "←", "fraction": "⁄", "lessequal": "≤", "greaterequal": "≥",
	"notequal": "≠", "infinity": "∞", "copyrightserif": "©", "onesuperior": "¹", "twosuperior": "²",
	"threesuperior": "³", "ring": "˚", "caron": "ˇ", "breve": "˘", "dotaccent": "˙", "ogonek": "˛",
	"hungarumlaut": "˝", "visiblespace": "␣", "bulletoperator": "∙", "middot": "·",
	"circlecopyrt": circleGlyph,
}

var accents = map[string]rune{
	"acute": 0x301, "grave": 0x300, "circumflex": 0x302, "dieresis": 0x308, "tilde": 0x303,
	"ring": 0x30A, "cedilla": 0x327, "caron": 0x30C, "macron": 0x304, "breve": 0x306,
	"ogonek": 0x328, "dotaccent": 0x307, "hungarumlaut": 0x30B, "commaaccent": 0x326,
}

// glyphText gives the text of a glyph name (Adobe Glyph List conventions).
func glyphText(n string) string {
	if i := strings.IndexByte(n, '.'); i > 0 {
		n = n[:i]
	}
	if strings.Contains(n, "_") {
		var sb strings.Builder
		for _, p := range strings.Split(n, "_") {
			sb.WriteString(glyphText(p))
		}
		return sb.String()
	}
	if t, ok := glyphNames[n]; ok {
		return t
	}
	if len(n) == 1 {
		return n
	}
	if strings.HasPrefix(n, "uni") && len(n) >= 7 && (len(n)-3)%4 == 0 {
		var units []uint16
		for i := 3; i+4 <= len(n); i += 4 {
			v, err := strconv.ParseUint(n[i:i+4], 16, 16)
			if err != nil {
				return ""
			}
			units = append(units, uint16(v))
		}
		return string(utf16.Decode(units))
	}
	if n[0] == 'u' && len(n) >= 5 && len(n) <= 7 {
		if v, err := strconv.ParseUint(n[1:], 16, 32); err == nil && v < 0x110000 {
			return string(rune(v))
		}
	}
	// A letter with an accent: "eacute", "Ccedilla".
	for acc, mark := range accents {
		if strings.HasSuffix(n, acc) && len(n) == len(acc)+1 {
			return norm.NFC.String(n[:1] + string(mark))
		}
	}
	return ""
}

// Limits of a ToUnicode CMap. A code's text longer than maxMappedRunes is
// ignored, as MuPDF ignores one-to-many mappings beyond its cap; once the
// mappings read hold maxCMapRunes code points in all, the rest are ignored.
// Real fonts map a code to a ligature of a few letters, and a CJK font's
// 65,536 codes to one or two code points each.
const (
	maxMappedRunes = 256
	maxCMapRunes   = 1 << 22
)

// cmapTexts collects the text of each code of a ToUnicode CMap within the
// limits above.
type cmapTexts struct {
	uni   map[uint32]string
	runes int
}

// full reports whether no more mappings are read.
func (m *cmapTexts) full() bool {
	return m.uni == nil || len(m.uni) >= 1<<20 || m.runes >= maxCMapRunes
}

// set maps code to text unless text is beyond the length limit.
func (m *cmapTexts) set(code uint32, text string) {
	n := utf8.RuneCountInString(text)
	if n > maxMappedRunes {
		return
	}
	m.runes += n
	m.uni[code] = text
}

// parseCMap reads the code space and (when uni is not nil) the bfchar and
// bfrange mappings of a CMap, within the limits above.
func parseCMap(data []byte, uni map[uint32]string) *codespace {
	cs := &codespace{}
	m := &cmapTexts{uni: uni}
	l := &lexer{b: data}
	for {
		t := l.token()
		if t == nil {
			return cs
		}
		kw, ok := t.(keyword)
		if !ok {
			continue
		}
		switch kw {
		case "begincodespacerange":
			for {
				a, ok1 := l.token().(string)
				b, ok2 := l.token().(string)
				if !ok1 || !ok2 {
					break
				}
				if len(a) >= 1 && len(a) <= 4 {
					cs.ranges = append(cs.ranges, csRange{len(a), codeOf(a), codeOf(b)})
				}
			}
		case "beginbfchar":
			for !m.full() {
				a, ok1 := l.token().(string)
				if !ok1 {
					break
				}
				switch b := l.token().(type) {
				case string:
					m.set(codeOf(a), utf16Text(b))
				case name:
					m.set(codeOf(a), glyphText(string(b)))
				}
			}
		case "beginbfrange":
			for !m.full() {
				a, ok1 := l.token().(string)
				b, ok2 := l.token().(string)
				if !ok1 || !ok2 {
					break
				}
				lo, hi := codeOf(a), codeOf(b)
				if hi < lo || hi-lo > 65535 {
					continue
				}
				save := l.pos
				switch t := l.token().(type) {
				case string:
					u := []rune(utf16Text(t))
					if len(u) == 0 || len(u) > maxMappedRunes {
						continue
					}
					prefix := string(u[:len(u)-1])
					for c := uint64(lo); c <= uint64(hi) && !m.full(); c++ {
						m.set(uint32(c), prefix+string(u[len(u)-1]+rune(c-uint64(lo))))
					}
				case keyword:
					if t != "[" {
						l.pos = save
						continue
					}
					for c := lo; ; c++ {
						x := l.token()
						if s, ok := x.(string); ok {
							if c <= hi && !m.full() {
								m.set(c, utf16Text(s))
							}
							continue
						}
						break
					}
				}
			}
		}
	}
}

func codeOf(s string) uint32 {
	var v uint32
	for i := 0; i < len(s) && i < 4; i++ {
		v = v<<8 | uint32(s[i])
	}
	return v
}

func utf16Text(s string) string {
	units := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		units = append(units, uint16(s[i])<<8|uint16(s[i+1]))
	}
	if len(s)%2 == 1 {
		units = append(units, uint16(s[len(s)-1]))
	}
	return string(utf16.Decode(units))
}

// textString decodes a PDF text string (Info values, outline titles):
// UTF-16BE with a byte order mark, UTF-8 with one, or PDFDocEncoding.
func textString(s string) string {
	if strings.HasPrefix(s, "\xfe\xff") {
		return utf16Text(s[2:])
	}
	if strings.HasPrefix(s, "\xef\xbb\xbf") {
		return strings.ToValidUTF8(s[3:], "\uFFFD")
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x80:
			sb.WriteByte(c)
		case c >= 0xa1:
			sb.WriteRune(rune(c))
		default:
			sb.WriteString(baseEncoding("WinAnsiEncoding", c))
		}
	}
	return sb.String()
}
