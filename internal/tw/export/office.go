package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image"
	_ "image/gif" // image.DecodeConfig learns the size of GIF pictures
	_ "image/jpeg"
	_ "image/png"
	"mime"
	"path"
	"strings"

	"textfirst/internal/tw/doc"
)

// This file holds what the DOCX and ODT writers share: the pictures they
// pack, the inline formatting they carry down the tree and a
// deterministic zip.

// dosEpoch is the date stamped on every entry of the DOCX and ODT files,
// 1980-01-01 (zip's own epoch: a zero is not a valid DOS date), so the same
// document gives the same bytes.
const dosEpoch = 1<<5 | 1

// zipEntry is a file in an office package.
type zipEntry struct {
	name  string
	data  []byte
	store bool // stored uncompressed (an ODF mimetype must be)
}

// zipFiles packs entries in the order given, with fixed times and no extra
// fields, so the output depends on the content only.
func zipFiles(entries []zipEntry) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, e := range entries {
		// The DOS date fields, not Modified: Modified adds an extended
		// time stamp field, which an ODF mimetype entry must not have.
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, ModifiedDate: dosEpoch}
		if e.store {
			h.Method = zip.Store
		}
		w, err := z.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// picture is an image file packed into the output.
type picture struct {
	name          string // the name inside the package, "image1.png"
	media         string // its MIME type
	data          []byte
	width, height int // pixels
}

// pictures finds the image files a document refers to. Only images lying
// beside the document (relative paths under its folder) that Go can size
// are packed; the others are written as their alt text.
type pictures struct {
	files *besideFiles
	bySrc map[string]*picture
	list  []*picture
}

func newPictures(files *besideFiles) *pictures {
	return &pictures{files: files, bySrc: map[string]*picture{}}
}

// get returns the picture src names, or nil when it is not packed.
func (p *pictures) get(src string) *picture {
	if pic, ok := p.bySrc[src]; ok {
		return pic
	}
	p.bySrc[src] = nil
	if !p.files.local(src) {
		return nil
	}
	ext := strings.ToLower(path.Ext(src))
	media := strings.Split(mime.TypeByExtension(ext), ";")[0]
	switch media {
	case "image/png", "image/jpeg", "image/gif":
	default:
		return nil
	}
	data, ok := p.files.read(src)
	if !ok {
		return nil
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil
	}
	if ext == ".jpg" {
		ext = ".jpeg"
	}
	pic := &picture{name: fmt.Sprintf("image%d%s", len(p.list)+1, ext), media: media, data: data, width: cfg.Width, height: cfg.Height}
	p.bySrc[src] = pic
	p.list = append(p.list, pic)
	return pic
}

// size is the picture's size in EMUs (914400 an inch) at 96 pixels an inch,
// shrunk to fit a 6-inch text column.
func (pic *picture) size() (cx, cy int64) {
	cx, cy = int64(pic.width)*9525, int64(pic.height)*9525
	if limit := int64(6 * 914400); cx > limit {
		cy = cy * limit / cx
		cx = limit
	}
	return max(cx, 1), max(cy, 1)
}

// inlineWriter writes the inline pieces of a paragraph in one office
// format (see writeInline).
type inlineWriter interface {
	// run writes text with formatting s; inLink is true for a link's text.
	run(t string, s style, inLink bool)
	image(m doc.Marker, s style)
	// openLink starts a link to ref; false when the format writes no link
	// for it, and its text is written as plain runs.
	openLink(ref string) bool
	closeLink()
}

var (
	_ inlineWriter = (*docxWriter)(nil)
	_ inlineWriter = (*odtWriter)(nil)
)

// writeInline writes inline pieces with the formatting s plus their own:
// code as its text in code style, images by w, and a link's text inside
// the link (a link inside a link is only its text).
func writeInline(d *doc.Document, w inlineWriter, ps []piece, s style, inLink bool) {
	for _, p := range ps {
		if p.child == nil {
			w.run(p.text, s, inLink)
			continue
		}
		n := p.child
		m := n.m
		switch {
		case m.Kind == doc.Code:
			w.run(d.Slice(m.Start, m.End), s.with(doc.Code), inLink)
		case m.Kind == doc.Image:
			w.image(m, s)
		case m.Kind == doc.Link && !inLink && w.openLink(m.Reference):
			writeInline(d, w, pieces(d, n), s, true)
			w.closeLink()
		default:
			writeInline(d, w, pieces(d, n), s.with(m.Kind), inLink)
		}
	}
}

// style is the inline formatting in force: what the markers around a piece
// of text say.
type style struct {
	bold, italic, strike, underline, code bool
}

func (s style) with(k doc.Kind) style {
	switch k {
	case doc.Bold:
		s.bold = true
	case doc.Italic:
		s.italic = true
	case doc.Strikethrough:
		s.strike = true
	case doc.Underline:
		s.underline = true
	case doc.Code:
		s.code = true
	}
	return s
}

// xmlEsc escapes text for an XML element or attribute, dropping the
// control characters XML 1.0 cannot hold.
func xmlEsc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r < 0xE000:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// firstItemNumber is the number a numbered list starts at and the text
// after its numbers ("." or ")"), read from its first item's label.
func firstItemNumber(n *node) (start int, suffix string) {
	start, suffix = 1, "."
	for _, c := range n.children {
		if c.m.Kind != doc.ListItem {
			continue
		}
		l := c.m.Label
		if strings.HasSuffix(l, ")") {
			suffix = ")"
		}
		v := 0
		digits := strings.TrimRight(l, ".)")
		for _, ch := range digits {
			if ch < '0' || ch > '9' || v > 1e6 {
				return start, suffix
			}
			v = v*10 + int(ch-'0')
		}
		if digits != "" {
			start = v
		}
		return start, suffix
	}
	return start, suffix
}

// linkTargets maps the offsets internal links ("#name") lead to (as the
// loader resolved them) to the names, so the writers can put a bookmark
// there: the links then work in the word processor and read back.
func linkTargets(d *doc.Document) map[int][]string {
	out := map[int][]string{}
	seen := map[string]bool{}
	for _, m := range d.MarkersOf(doc.Link) {
		name, ok := strings.CutPrefix(m.Reference, "#")
		if !ok || name == "" || seen[name] {
			continue
		}
		if pos, ok := d.LinkTarget(m); ok {
			seen[name] = true
			out[pos] = append(out[pos], name)
		}
	}
	return out
}

// itemLines walks a list item: the lines of its text (its inline text,
// its paragraphs and headings, and the lines of other blocks in it: a
// table a line per row) go to text, gathered until a nested list, which
// goes to list. text is never called with no lines.
func itemLines(d *doc.Document, n *node, text func([][]piece), list func(*node)) {
	var parts [][]piece
	var run []piece
	flush := func() {
		if len(run) > 0 {
			parts = append(parts, run)
			run = nil
		}
		if len(parts) > 0 {
			text(parts)
			parts = nil
		}
	}
	for _, p := range pieces(d, n) {
		if p.child == nil || !isBlock(p.child.m) {
			run = append(run, p)
			continue
		}
		if p.child.m.Kind == doc.List {
			flush()
			list(p.child)
			continue
		}
		if len(run) > 0 {
			parts = append(parts, run)
			run = nil
		}
		if k := p.child.m.Kind; k == doc.Paragraph || k == doc.Heading {
			parts = append(parts, pieces(d, p.child))
		} else {
			parts = append(parts, blockLines(d, p.child)...)
		}
	}
	flush()
}

// blockLines is a block inside a list item as lines of inline pieces: a
// table's rows, else the block itself.
func blockLines(d *doc.Document, n *node) [][]piece {
	if n.m.Kind != doc.Table {
		return [][]piece{{{child: n}}}
	}
	var out [][]piece
	for _, row := range n.children {
		out = append(out, pieces(d, row))
	}
	return out
}
