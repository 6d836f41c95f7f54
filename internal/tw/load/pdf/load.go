package pdf

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// Format is Meta.Format of a PDF document.
const Format = "pdf"

// SectionBreak is the marker kind of a bookmark (outline entry).
const SectionBreak = doc.SectionBreak

// recoverPanics turns a panic inside the loader into an error. The fuzz
// target turns it off to see them.
var recoverPanics = true

// Load loads a PDF. An encrypted PDF that needs a password gives
// ErrPasswordRequired.
func Load(path string, data []byte) (*doc.Document, error) {
	return load(path, data, "", false, Options{})
}

// LoadPassword loads an encrypted PDF with a password (user or owner). A
// wrong one gives ErrPasswordIncorrect.
func LoadPassword(path string, data []byte, password string) (*doc.Document, error) {
	return load(path, data, password, true, Options{})
}

// Options tune loading. The zero value is the default.
type Options struct {
	// Progress, when set, is called after each page (done, total).
	Progress func(done, total int)
	// OCR recognises pages without text. Nil uses Tesseract.
	OCR OCRFunc
	// Recognising, when set, is called before each scanned page is
	// recognised (done of total scanned pages so far): OCR takes a second
	// or more a page, and a listener must not wait in silence.
	Recognising func(done, total int)
	// NoOCR leaves scanned pages unread (reading.ocr off).
	NoOCR bool
	// Language is the language of scanned text as Tesseract's codes
	// ("fra", "deu+eng"); "" is the document's own language, else English.
	Language string
}

// LoadOptions is Load with options.
func LoadOptions(path string, data []byte, password string, opts Options) (*doc.Document, error) {
	return load(path, data, password, password != "", opts)
}

func load(path string, data []byte, password string, given bool, opts Options) (d *doc.Document, err error) {
	// The parser is written to stop at every limit; a bug must still not
	// take the program down with it.
	if recoverPanics {
		defer func() {
			if r := recover(); r != nil {
				d, err = nil, fmt.Errorf("damaged PDF (%v)", r)
			}
		}()
	}
	pd, err := open(data, password, given)
	if err != nil {
		return nil, err
	}
	return build(path, pd, opts)
}

func build(path string, pd *pdfDoc, opts Options) (*doc.Document, error) {
	contents, lines, err := readPages(pd, opts.Progress)
	if err != nil {
		return nil, err
	}
	lang := pd.lang()
	ocrLang := opts.Language
	if ocrLang == "" {
		ocrLang = tesseractLang(lang)
	}
	// Pages with no text but a picture are scanned: recognise them,
	// unless OCR is off.
	var scanned []int
	for i, pc := range contents {
		if len(lines[i]) == 0 && len(pc.images) > 0 && !opts.NoOCR {
			scanned = append(scanned, i)
		}
	}
	hocrs := map[ref][]byte{}
	for done, i := range scanned {
		if opts.Recognising != nil {
			opts.Recognising(done, len(scanned))
		}
		ls, err := ocrPage(pd.f, contents[i], ocrLang, opts.OCR, hocrs)
		if err != nil {
			return nil, err
		}
		lines[i] = ls
	}
	notes := 0
	for i, pc := range contents {
		pc.notes = pd.textNotes(pd.pages[i], maxComments-notes)
		notes += len(pc.notes)
	}
	d := assemble(path, lines, contents, pd.labels(), pd.outline(), opts)
	d.Meta.Title = pd.info("Title")
	if d.Meta.Title == "" {
		d.Meta.Title = firstHeading(d)
	}
	if d.Meta.Title == "" && path != "" {
		d.Meta.Title = filepath.Base(path)
	}
	if a := pd.info("Author"); a != "" {
		d.Meta.Author = &a
	}
	if lang != "" {
		d.Meta.Language = &lang
	}
	d.Meta.Properties = map[string]string{"pages": strconv.Itoa(len(contents))}
	return d, nil
}

func firstHeading(d *doc.Document) string {
	for _, m := range d.All() {
		if m.Kind == doc.Heading {
			return d.Slice(m.Start, m.End)
		}
	}
	return ""
}

// assemble analyses the lines of every page and writes the document.
func assemble(path string, lines [][]*line, contents []*pageContent, labels []string, outline []bookmark, opts Options) *doc.Document {
	n := len(lines)
	lines = dropRunning(lines, contents)
	// References go in once running heads are gone: a note is never
	// placed on a line left out, nor changes what a running head reads.
	notes := 0
	for i, pc := range contents {
		attachNotes(lines[i], pc.notes, notes)
		notes += len(pc.notes)
	}
	st := docStats(lines)
	var all []*block
	pageBlocks_ := make([][]*block, n)
	pageNotes := make([][]*block, n)
	titles := bookmarkTitles(outline, n)
	for i := range lines {
		body, notes := splitNotes(lines[i], contents[i], st)
		pageBlocks_[i] = pageBlocks(orderRegions(body, contents[i]), i, st, titles[i])
		if len(notes) > 0 {
			pageNotes[i] = noteBlocks(notes, i)
		}
		all = append(all, pageBlocks_[i]...)
	}
	headingLevels(all, st)

	w := newWriter(n)
	var last *block // the last body block written
	var pending []*block
	var placed []placedBlock
	flushNotes := func() {
		for _, nb := range pending {
			s, e := w.note(nb)
			placed = append(placed, placedBlock{nb, s, e})
		}
		pending = nil
	}
	for i := range n {
		for _, b := range pageBlocks_[i] {
			if b.cont && last != nil && (last.kind == bPara) && b.kind == bPara && !b.indented && continues(last, b) {
				w.continuePara(b)
				placed[len(placed)-1].end = w.n
				continue
			}
			flushNotes()
			s, e := w.block(b)
			placed = append(placed, placedBlock{b, s, e})
			last = b
		}
		pending = append(pending, pageNotes[i]...)
	}
	flushNotes()
	onPage := byPage(placed)
	w.sections(outline, placed, onPage)
	for i := range n {
		s, e := w.pageStart[i], w.pageEnd[i]
		if s < 0 {
			s, e = w.pageAt(i), w.pageAt(i)
		}
		w.markers = append(w.markers, doc.Marker{Kind: doc.PageBreak, Start: s, End: e, Label: labels[i]})
	}
	var comments []textNote
	for _, pc := range contents {
		comments = append(comments, pc.notes...)
	}
	w.comments(comments)
	d := doc.New(w.sb.String(), doc.Meta{Format: Format, Path: path}, w.markers)
	if len(w.internal) > 0 {
		d.Links = make(map[int]int, len(w.internal))
		for start, t := range w.internal {
			d.Links[start] = w.landing(t, onPage)
		}
	}
	if path != "" {
		d.Meta.Title = filepath.Base(path)
	}
	return d
}

// continues says whether paragraph b, first on a page or column, carries on
// paragraph last.
func continues(last, b *block) bool {
	if len(b.segs) == 0 || len(last.segs) == 0 || endsWithLeader(last.text()) {
		return false
	}
	if b.ital != last.ital || b.size != last.size && abs(int(b.size-last.size)) >= 1 {
		return false
	}
	first, _ := utf8.DecodeRuneInString(b.segs[0].text)
	return !endsSentence(last.text()) || unicode.IsLower(first)
}

type placedBlock struct {
	b          *block
	start, end int
}

// writer assembles the canonical text and markers.
type writer struct {
	sb        strings.Builder
	n         int
	markers   []doc.Marker
	pageStart []int
	pageEnd   []int
	lastPage  int
	lastLink  int // the last link marker, -1 when none
	// internal are the link markers that lead into the document, by
	// start, with their destinations.
	internal map[int]destination
}

func newWriter(pages int) *writer {
	w := &writer{pageStart: make([]int, pages), pageEnd: make([]int, pages), lastLink: -1}
	for i := range w.pageStart {
		w.pageStart[i], w.pageEnd[i] = -1, -1
	}
	return w
}

// pageAt is where an empty page sits: after the text of the pages before.
func (w *writer) pageAt(i int) int {
	for k := i - 1; k >= 0; k-- {
		if w.pageEnd[k] >= 0 {
			return w.pageEnd[k]
		}
	}
	return 0
}

func (w *writer) raw(s string) {
	w.sb.WriteString(s)
	w.n += utf8.RuneCountInString(s)
}

// text writes s as text of a page (-1: the page written last).
func (w *writer) text(s string, page int) (int, int) {
	if page < 0 {
		page = w.lastPage
	}
	start := w.n
	w.raw(s)
	if page < len(w.pageStart) {
		if w.pageStart[page] < 0 {
			w.pageStart[page] = start
		}
		w.pageEnd[page] = w.n
	}
	w.lastPage = page
	return start, w.n
}

func (w *writer) sep(s string) {
	if w.n > 0 {
		w.raw(s)
	}
}

func (w *writer) segs(segs []seg, page int, styles bool) (int, int) {
	start := -1
	for i, s := range segs {
		if i > 0 {
			w.raw(s.join)
		}
		p := s.page
		if page < 0 {
			p = -1
		}
		a := w.segText(s, p)
		if start < 0 {
			start = a
		}
		if styles {
			w.runs(s, a)
		} else {
			w.links(s, a)
		}
		w.commentMarkers(s, a)
	}
	return start, w.n
}

// runs adds bold and italic markers for the styled parts of a line, and
// its links.
func (w *writer) runs(s seg, at int) {
	add := func(runs [][2]int, k doc.Kind) {
		for _, r := range runs {
			if r[0] >= r[1] || r[1] > len(s.text) {
				continue
			}
			a, b := s.pos(at, r[0], false), s.pos(at, r[1], true)
			// Merge with a run of the previous line of the same block.
			if m := len(w.markers) - 1; m >= 0 && w.markers[m].Kind == k && w.markers[m].End+1 >= a && r[0] == 0 && w.markers[m].End <= a {
				w.markers[m].End = b
				continue
			}
			w.markers = append(w.markers, doc.Marker{Kind: k, Start: a, End: b})
		}
	}
	add(s.boldRuns, doc.Bold)
	add(s.italRuns, doc.Italic)
	w.links(s, at)
}

// links adds the link markers of a line: a heading's and a note's too,
// which carry no style markers.
func (w *writer) links(s seg, at int) {
	for _, r := range s.links {
		if r.a >= r.b || r.b > len(s.text) {
			continue
		}
		a, b := s.pos(at, r.a, false), s.pos(at, r.b, true)
		// A link that runs on from the previous line is one marker.
		if m := w.lastLink; m >= 0 && m < len(w.markers) && w.markers[m].Reference == r.ref && w.markers[m].End+1 >= a && r.a == 0 {
			w.markers[m].End = b
			continue
		}
		w.lastLink = len(w.markers)
		w.markers = append(w.markers, doc.Marker{Kind: doc.Link, Start: a, End: b, Reference: r.ref})
		if r.dest != nil {
			if w.internal == nil {
				w.internal = map[int]destination{}
			}
			w.internal[a] = *r.dest
		}
	}
}

func (w *writer) block(b *block) (int, int) {
	w.sep("\n\n")
	switch b.kind {
	case bHeading:
		idx := len(w.markers)
		w.markers = append(w.markers, doc.Marker{Kind: doc.Heading, Level: b.level})
		s, e := w.segs(b.segs, 0, false)
		w.markers[idx].Start, w.markers[idx].End = s, e
		return s, e
	case bPara, bImage:
		idx := len(w.markers)
		w.markers = append(w.markers, doc.Marker{Kind: doc.Paragraph})
		if b.kind == bImage {
			w.markers = append(w.markers, doc.Marker{Kind: doc.Image})
		}
		s, e := w.segs(b.segs, 0, b.kind == bPara)
		w.markers[idx].Start, w.markers[idx].End = s, e
		if b.kind == bImage {
			w.markers[idx+1].Start, w.markers[idx+1].End = s, e
		}
		return s, e
	case bList:
		idx := len(w.markers)
		w.markers = append(w.markers, doc.Marker{Kind: doc.List, Level: 1})
		start := w.n
		for i, it := range b.items {
			if i > 0 {
				w.raw("\n")
			}
			k := len(w.markers)
			w.markers = append(w.markers, doc.Marker{Kind: doc.ListItem, Level: 1, Label: it.label})
			s, e := w.segs(it.segs, 0, true)
			w.markers[k].Start, w.markers[k].End = s, e
		}
		w.markers[idx].Start, w.markers[idx].End = start, w.n
		return start, w.n
	case bTable:
		idx := len(w.markers)
		w.markers = append(w.markers, doc.Marker{Kind: doc.Table})
		start := w.n
		for r, row := range b.rows {
			if r > 0 {
				w.raw("\n")
			}
			k := len(w.markers)
			label := ""
			if r == 0 && b.header {
				label = doc.HeaderRow
			}
			w.markers = append(w.markers, doc.Marker{Kind: doc.TableRow, Label: label})
			rs := w.n
			for c, cell := range row {
				if c > 0 {
					w.raw(doc.CellSeparator)
				}
				s, e := w.text(cell, b.rowPage[r])
				w.markers = append(w.markers, doc.Marker{Kind: doc.TableCell, Start: s, End: e})
			}
			w.markers[k].Start, w.markers[k].End = rs, w.n
		}
		w.markers[idx].Start, w.markers[idx].End = start, w.n
		return start, w.n
	}
	return w.n, w.n
}

// note writes a footnote: a paragraph and a footnote marker over it.
func (w *writer) note(b *block) (int, int) {
	w.sep("\n\n")
	idx := len(w.markers)
	ref := ""
	if m := noteRe.FindStringSubmatch(b.text()); m != nil {
		ref = m[1]
	}
	w.markers = append(w.markers, doc.Marker{Kind: doc.Paragraph}, doc.Marker{Kind: doc.Footnote, Level: 1, Reference: ref})
	s, e := w.segs(b.segs, -1, false)
	w.markers[idx].Start, w.markers[idx].End = s, e
	w.markers[idx+1].Start, w.markers[idx+1].End = s, e
	return s, e
}

// continuePara carries the paragraph written last on with b's lines.
func (w *writer) continuePara(b *block) {
	segs := b.segs
	// The paragraph marker is the last one opened for a paragraph.
	for k := len(w.markers) - 1; k >= 0; k-- {
		if w.markers[k].Kind == doc.Paragraph {
			s := w.sb.String()
			join := " "
			r, _ := utf8.DecodeRuneInString(segs[0].text)
			if strings.HasSuffix(s, "-") && unicode.IsLower(r) {
				before, _ := utf8.DecodeLastRuneInString(s[:len(s)-1])
				if unicode.IsLetter(before) {
					w.sb.Reset()
					w.sb.WriteString(s[:len(s)-1])
					w.n--
					if pe := w.lastPage; w.pageEnd[pe] > w.n {
						w.pageEnd[pe] = w.n
					}
					join = ""
				}
			}
			w.raw(join)
			for i, sg := range segs {
				if i > 0 {
					w.raw(sg.join)
				}
				a := w.segText(sg, sg.page)
				w.runs(sg, a)
				w.commentMarkers(sg, a)
			}
			w.markers[k].End = w.n
			return
		}
	}
}

// landing is where a destination leads in the text: the block on its page
// whose top is nearest at or below the destination's top (in any column),
// the page's first block when the top is not given, else the page's start.
// onPage holds the placed blocks of each page, in reading order.
func (w *writer) landing(t destination, onPage map[int][]placedBlock) int {
	best, bestTop := -1, 0.0
	for _, p := range onPage[t.page] {
		if t.y < 0 {
			return p.start
		}
		if p.b.top <= t.y+1 && (best < 0 || p.b.top > bestTop) {
			best, bestTop = p.start, p.b.top
		}
	}
	if best >= 0 {
		return best
	}
	if t.page < len(w.pageStart) && w.pageStart[t.page] >= 0 {
		return w.pageStart[t.page]
	}
	return w.pageAt(min(t.page, len(w.pageStart)))
}

// byPage groups placed blocks by their page, keeping their order.
func byPage(placed []placedBlock) map[int][]placedBlock {
	out := map[int][]placedBlock{}
	for _, p := range placed {
		out[p.b.page] = append(out[p.b.page], p)
	}
	return out
}

// sections adds a section_break marker for each bookmark, from its heading
// (or the block at its target: landing) to the next bookmark of the same or a
// higher level.
// onPage is placed grouped by page (byPage).
func (w *writer) sections(bms []bookmark, placed []placedBlock, onPage map[int][]placedBlock) {
	if len(bms) == 0 {
		return
	}
	starts := make([]int, len(bms))
	for i, bm := range bms {
		starts[i] = -1
		norm := titleKey(bm.title)
		// The heading with the bookmark's title on its page, else the block
		// at its target.
		candidates := placed
		if bm.page >= 0 {
			candidates = onPage[bm.page]
		}
		for _, p := range candidates {
			if p.b.kind == bHeading && titleKey(p.b.text()) == norm {
				starts[i] = p.start
				break
			}
		}
		if starts[i] < 0 && bm.page >= 0 && bm.page < len(w.pageStart) {
			starts[i] = w.landing(bm.destination, onPage)
		}
	}
	for i, bm := range bms {
		if starts[i] < 0 {
			continue
		}
		end := w.n
		for k := i + 1; k < len(bms); k++ {
			if bms[k].level <= bm.level && starts[k] >= starts[i] {
				// End with the last block before the next section.
				end = starts[i]
				for _, p := range placed {
					if p.end <= starts[k] && p.end > end {
						end = p.end
					}
				}
				break
			}
		}
		w.markers = append(w.markers, doc.Marker{Kind: SectionBreak, Start: starts[i], End: end, Level: bm.level, Label: bm.title})
	}
}
