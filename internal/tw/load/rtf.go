package load

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"textfirst/internal/tw/doc"
)

// formatRTF is the format name of RTF documents.
const formatRTF = "rtf"

// rtfMaxDepth bounds the group stack: deeper groups share the state of
// the deepest one kept.
const rtfMaxDepth = 1000

type rtfDest uint8

const (
	destText rtfDest = iota
	destSkip
	destFontTable
	destStyleSheet
	destInfoTitle
	destInfoAuthor
	destFieldInst
	destFootnote
	destListText
	destBookmark
)

type rtfState struct {
	dest                    rtfDest
	bold, italic, underline bool
	info                    bool
	starred                 bool // the group started with \*
	uc                      int
	font                    int
	fontNumber              int // in the font table: the font being defined
	styleNumber             int // in the style sheet: the style being defined
	link                    string
	change                  rtfChange // \revised or \deleted text
}

// rtfChange is a tracked change: text inserted (\revised) or deleted
// (\deleted).
type rtfChange uint8

const (
	rtfUnchanged rtfChange = iota
	rtfInserted
	rtfDeleted
)

// Texts that grow a piece at a time (runs, list labels, bookmarks, title,
// author) are byte slices, appended to in amortised constant time.
type rtfRun struct {
	text                    []byte
	bold, italic, underline bool
	link                    string
	change                  rtfChange
	note                    int // > 0: a footnote reference [note]
	lineBreak               bool
	anchor                  string // a bookmark: a place links lead to
}

type rtfPara struct {
	runs    []rtfRun
	style   int
	outline int // -1 none
	inTable bool
	list    []byte // list label text from \listtext
	ilvl    int
	li      int
}

// property applies a paragraph formatting word of the text to p: \pard
// resets the formatting (the runs and the list label stay), the others set
// the outline level, the table membership, the list level and the left
// indent.
func (p *rtfPara) property(word string, param int) {
	switch word {
	case "pard":
		p.style, p.outline, p.inTable, p.ilvl, p.li = 0, -1, false, 0, 0
	case "outlinelevel":
		p.outline = param
	case "intbl":
		p.inTable = true
	case "ilvl":
		p.ilvl = param
	case "li":
		p.li = param
	}
}

type rtf struct {
	b             *builder
	marked        bool // tracked changes written where they are (Revisions marked)
	stack         []rtfState
	st            rtfState
	depth         int
	codepage      encoding.Encoding
	fontCP        map[int]encoding.Encoding
	styles        map[int]string
	title         []byte
	author        []byte
	bytesBuf      []byte // \'hh bytes waiting to be decoded together
	skipChars     int    // characters to skip after \uN
	fieldInst     strings.Builder
	fieldStack    []string
	bookmark      []byte
	highSurrogate rune

	para      rtfPara
	notes     [][]rtfRun
	noteRuns  []rtfRun
	noteDepth int

	inTable  bool
	tableID  int
	rowID    int
	cellID   int
	cellOpen bool
	rowOpen  bool
	rowCells int
	header   bool

	lists            []int // open list marker ids by level
	formats          runFormats
	pendingStyleName strings.Builder
}

// loadRTF loads Rich Text Format: paragraphs, headings from outline levels and
// "heading N" styles, bold, italic and underline, hyperlink fields, tables
// (\trhdr rows are "header"), lists from \listtext labels (or a leading
// bullet), footnotes (as "[n]" with the notes under "Footnotes" at the
// end), \uN escapes and \'hh bytes in the document's or font's code page.
// Pictures, objects, headers and footers and unknown \* destinations are
// not read. Title and author come from the \info group.
func loadRTF(docPath string, data []byte) (*doc.Document, error) {
	return loadRTFWith(docPath, data, Options{})
}

// loadRTFWith is loadRTF with o.Revisions: deleted text (\deleted) is
// left out, or with marked written as "[deleted: ...]" where it is, and
// inserted text (\revised) as "[inserted: ...]".
func loadRTFWith(docPath string, data []byte, o Options) (*doc.Document, error) {
	if !strings.HasPrefix(string(data[:min(len(data), 6)]), "{\\rtf") {
		return nil, &Error{Reason: reasonCorrupt + " (not RTF: no {\\rtf header)"}
	}
	r := &rtf{b: newBuilder(len(data) / 3).limitTo(len(data)), codepage: charmap.Windows1252, fontCP: map[int]encoding.Encoding{}, styles: map[int]string{}}
	r.st = rtfState{uc: 1, font: -1, fontNumber: -1, styleNumber: -1}
	r.marked = o.Revisions == RevisionsMarked
	r.para.outline = -1
	r.parse(data)
	r.endParagraph(false)
	r.endTable()
	r.closeLists()
	r.noteSection()
	meta := doc.Meta{Format: formatRTF, Path: docPath, Author: strPtr(collapseSpace(string(r.author))), Title: collapseSpace(string(r.title))}
	return r.b.document(meta, docPath), nil
}

func (r *rtf) parse(data []byte) {
	i := 0
	for i < len(data) {
		c := data[i]
		switch c {
		case '{':
			r.flushBytes()
			r.depth++
			if r.depth <= rtfMaxDepth {
				r.stack = append(r.stack, r.st)
			}
			i++
			r.skipChars = 0
			r.st.starred = false
			// "{\*\dest": an optional destination, skipped unless known
			// (\fldinst is read).
			if i+1 < len(data) && data[i] == '\\' && data[i+1] == '*' {
				r.st.dest = destSkip
				r.st.starred = true
				i += 2
			}
		case '}':
			r.flushBytes()
			r.skipChars = 0
			r.endGroup()
			i++
		case '\\':
			if i+1 >= len(data) {
				i++
				continue
			}
			n := data[i+1]
			switch {
			case n == '\'':
				if i+4 <= len(data) && isHex(data[i+2]) && isHex(data[i+3]) {
					if r.skipChars > 0 {
						r.skipChars--
					} else {
						r.bytesBuf = append(r.bytesBuf, unhex(data[i+2])<<4|unhex(data[i+3]))
					}
					i += 4
					continue
				}
				i += 2
			case n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z':
				word, param, hasParam, next := rtfControlWord(data, i+1)
				r.flushBytes()
				r.control(word, param, hasParam)
				i = next
			default:
				r.flushBytes()
				r.symbol(n)
				i += 2
			}
		case '\r', '\n':
			i++
		default:
			j := i
			for j < len(data) && data[j] != '{' && data[j] != '}' && data[j] != '\\' && data[j] != '\r' && data[j] != '\n' {
				j++
			}
			chunk := data[i:j]
			if r.skipChars > 0 {
				k := min(r.skipChars, len(chunk))
				r.skipChars -= k
				chunk = chunk[k:]
			}
			r.flushBytes()
			if len(chunk) > 0 {
				if utf8.Valid(chunk) && !hasHighBytes(chunk) {
					r.text(string(chunk))
				} else {
					r.bytesBuf = append(r.bytesBuf, chunk...)
					r.flushBytes()
				}
			}
			i = j
		}
	}
}

func hasHighBytes(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// rtfControlWord reads a control word at data[i:] (letters, an optional
// signed number, an optional space delimiter) and returns where it ends.
func rtfControlWord(data []byte, i int) (word string, param int, hasParam bool, next int) {
	j := i
	for j < len(data) && (data[j] >= 'a' && data[j] <= 'z' || data[j] >= 'A' && data[j] <= 'Z') && j-i < 32 {
		j++
	}
	word = string(data[i:j])
	k := j
	if k < len(data) && data[k] == '-' {
		k++
	}
	d := k
	for d < len(data) && data[d] >= '0' && data[d] <= '9' && d-k < 10 {
		d++
	}
	if d > k {
		v, _ := strconv.Atoi(string(data[j:d]))
		param, hasParam = v, true
		j = d
	}
	if j < len(data) && data[j] == ' ' {
		j++
	}
	return word, param, hasParam, j
}

func (r *rtf) endGroup() {
	prev := r.st
	if r.depth > 0 {
		if r.depth <= rtfMaxDepth && len(r.stack) > 0 {
			r.st = r.stack[len(r.stack)-1]
			r.stack = r.stack[:len(r.stack)-1]
		}
		r.depth--
	}
	switch {
	case prev.dest == destFieldInst && r.st.dest != destFieldInst:
		inst := strings.TrimSpace(r.fieldInst.String())
		r.fieldInst.Reset()
		if rest, ok := strings.CutPrefix(inst, "HYPERLINK"); ok {
			target := strings.TrimSpace(rest)
			if strings.HasPrefix(target, "\\l ") {
				target = "#" + strings.Trim(strings.TrimSpace(target[3:]), "\"")
			}
			if f := strings.Fields(target); len(f) > 0 {
				target = strings.Trim(f[0], "\"")
			}
			if len(r.fieldStack) > 0 && target != "" {
				r.fieldStack[len(r.fieldStack)-1] = target
			}
		}
	case prev.dest == destBookmark && r.st.dest != destBookmark:
		if name := strings.TrimSpace(string(r.bookmark)); name != "" {
			r.para.runs = append(r.para.runs, rtfRun{anchor: name})
		}
		r.bookmark = r.bookmark[:0]
	case prev.dest == destFootnote && r.st.dest != destFootnote:
		r.endParagraphInto(&r.noteRuns)
		r.notes = append(r.notes, r.noteRuns)
		r.noteRuns = nil
	case prev.dest == destStyleSheet:
		if r.st.dest == destStyleSheet && prev.styleNumber >= 0 {
			name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(r.pendingStyleName.String()), ";"))
			r.styles[prev.styleNumber] = name
		}
		r.pendingStyleName.Reset()
	}
}

// control handles a control word.
func (r *rtf) control(word string, param int, hasParam bool) {
	st := &r.st
	if r.skipChars > 0 && st.dest == destText {
		// A control word in the fallback of \uN counts as one character.
		r.skipChars--
		return
	}
	if st.dest == destSkip {
		switch {
		case word == "fldinst":
		case st.starred && (word == "footnote" || word == "bkmkstart"):
		case (word == "title" || word == "author") && st.info:
		default:
			return
		}
	}
	if st.dest == destFieldInst && word == "l" {
		r.fieldInst.WriteString(" \\l ")
		return
	}
	switch word {
	// Destinations.
	case "fonttbl":
		st.dest = destFontTable
	case "stylesheet":
		st.dest = destStyleSheet
	case "colortbl", "pict", "object", "header", "footer", "headerl", "headerr", "headerf", "footerl",
		"footerr", "footerf", "info", "xe", "tc", "themedata", "colorschememapping", "datastore",
		"latentstyles", "listtable", "listoverridetable", "rsidtbl", "generator", "xmlnstbl", "nonshppict",
		"bkmkend", "annotation", "atnid", "atnauthor", "revtbl", "filetbl", "pgdsctbl", "docvar", "userprops", "template":
		st.dest = destSkip
		st.info = word == "info"
	case "title":
		if st.info {
			st.dest = destInfoTitle
		} else {
			st.dest = destSkip
		}
	case "author":
		if st.info {
			st.dest = destInfoAuthor
		} else {
			st.dest = destSkip
		}
	case "fldinst":
		st.dest = destFieldInst
	case "field":
		r.fieldStack = append(r.fieldStack, "")
	case "fldrslt":
		if n := len(r.fieldStack); n > 0 {
			if r.fieldStack[n-1] != "" {
				st.link = r.fieldStack[n-1]
			}
			r.fieldStack = r.fieldStack[:n-1]
		}
	case "footnote":
		if r.parentDest() == destText {
			r.para.runs = append(r.para.runs, rtfRun{note: len(r.notes) + 1})
			st.dest = destFootnote
		} else {
			st.dest = destSkip
		}
	case "listtext":
		if st.dest == destText {
			st.dest = destListText
			r.para.list = nil
		}
	case "bkmkstart":
		if r.parentDest() == destText {
			st.dest = destBookmark
		} else {
			st.dest = destSkip
		}
	case "ansicpg":
		if e := codePage(param); e != nil {
			r.codepage = e
		}
	case "mac":
		r.codepage = charmap.Macintosh
	case "pc":
		r.codepage = charmap.CodePage437
	case "pca":
		r.codepage = charmap.CodePage850
	case "f":
		if st.dest == destFontTable {
			st.fontNumber = param
		} else {
			st.font = param
		}
	case "fcharset":
		if st.dest == destFontTable && st.fontNumber >= 0 {
			if e := charsetEncoding(param); e != nil {
				r.fontCP[st.fontNumber] = e
			}
		}
	case "s":
		if st.dest == destStyleSheet {
			st.styleNumber = param
		} else if st.dest == destText {
			r.para.style = param
		}
	case "cs", "ds", "ts":
		if st.dest == destStyleSheet {
			st.styleNumber = -1
		}
	case "uc":
		st.uc = max(0, min(param, 8))
	case "u":
		v := param
		if v < 0 {
			v += 65536
		}
		r.unicode(rune(v))
		r.skipChars = st.uc
	// Character formatting.
	case "b":
		st.bold = !hasParam || param != 0
	case "i":
		st.italic = !hasParam || param != 0
	case "ul", "uld", "uldb", "uldash", "ulth", "ulw", "ulwave":
		st.underline = !hasParam || param != 0
	case "ulnone":
		st.underline = false
	case "plain":
		st.bold, st.italic, st.underline, st.change = false, false, false, rtfUnchanged
	case "revised", "deleted":
		change := rtfInserted
		if word == "deleted" {
			change = rtfDeleted
		}
		if !hasParam || param != 0 {
			st.change = change
		} else if st.change == change {
			st.change = rtfUnchanged
		}
	case "v":
		if st.dest == destText || st.dest == destFootnote {
			if !hasParam || param != 0 {
				st.dest = destSkip
			}
		}
	// Paragraphs.
	case "par":
		if st.dest == destText {
			r.endParagraph(false)
		} else if st.dest == destFootnote {
			r.endParagraphInto(&r.noteRuns)
		}
	case "pard", "outlinelevel", "intbl", "ilvl", "li":
		if st.dest == destText {
			r.para.property(word, param)
		}
	case "line":
		r.addRun(rtfRun{lineBreak: true})
	case "tab", "emspace", "enspace", "qmspace":
		r.text(" ")
	case "emdash":
		r.text("—")
	case "endash":
		r.text("–")
	case "lquote":
		r.text("‘")
	case "rquote":
		r.text("’")
	case "ldblquote":
		r.text("“")
	case "rdblquote":
		r.text("”")
	case "bullet":
		r.text("•")
	case "cell", "nestcell":
		if st.dest == destText {
			r.endParagraph(true)
			r.endCell()
		}
	case "row", "nestrow":
		if st.dest == destText {
			r.endParagraph(true)
			r.endRow()
		}
	case "trowd":
		if st.dest == destText {
			r.header = false
		}
	case "trhdr":
		r.header = true
	case "sect", "page":
		if st.dest == destText {
			r.endParagraph(false)
		}
	case "chftn":
		// The note's own number: written by the loader.
	}
}

// parentDest is the destination of the enclosing group.
func (r *rtf) parentDest() rtfDest {
	if n := len(r.stack); n > 0 && r.depth <= rtfMaxDepth {
		return r.stack[n-1].dest
	}
	return r.st.dest
}

func (r *rtf) symbol(c byte) {
	if r.skipChars > 0 {
		r.skipChars--
		return
	}
	switch c {
	case '\\', '{', '}':
		r.text(string(c))
	case '~':
		r.text("\u00a0")
	case '_':
		r.text("-")
	case '-':
	case '\n', '\r':
		if r.st.dest == destText {
			r.endParagraph(false)
		}
	case '*':
	case 't':
	}
}

func (r *rtf) unicode(c rune) {
	// A surrogate pair arrives as two \u words.
	if c >= 0xD800 && c <= 0xDBFF {
		r.highSurrogate = c
		return
	}
	if c >= 0xDC00 && c <= 0xDFFF && r.highSurrogate != 0 {
		c = 0x10000 + (r.highSurrogate-0xD800)<<10 + (c - 0xDC00)
	}
	r.highSurrogate = 0
	if c >= 0xD800 && c <= 0xDFFF || c == 0 {
		c = utf8.RuneError
	}
	r.text(string(c))
}

func (r *rtf) flushBytes() {
	if len(r.bytesBuf) == 0 {
		return
	}
	enc := r.codepage
	if e, ok := r.fontCP[r.st.font]; ok {
		enc = e
	}
	out, err := enc.NewDecoder().Bytes(r.bytesBuf)
	if err != nil {
		out = []byte(strings.ToValidUTF8(string(r.bytesBuf), "\uFFFD"))
	}
	r.bytesBuf = r.bytesBuf[:0]
	r.text(string(out))
}

// runsFor returns where text of the current destination goes.
func (r *rtf) runsFor() *[]rtfRun {
	switch r.st.dest {
	case destText:
		return &r.para.runs
	case destFootnote:
		return &r.noteRuns
	}
	return nil
}

func (r *rtf) addRun(run rtfRun) {
	if runs := r.runsFor(); runs != nil {
		*runs = append(*runs, run)
	}
}

func (r *rtf) text(s string) {
	if s == "" {
		return
	}
	switch r.st.dest {
	case destText, destFootnote:
		st := &r.st
		if st.change == rtfDeleted && !r.marked {
			return // the final text
		}
		runs := r.runsFor()
		if n := len(*runs); n > 0 {
			last := &(*runs)[n-1]
			if last.note == 0 && last.anchor == "" && !last.lineBreak && last.bold == st.bold && last.italic == st.italic && last.underline == st.underline && last.link == st.link && last.change == st.change {
				last.text = append(last.text, s...)
				return
			}
		}
		*runs = append(*runs, rtfRun{text: []byte(s), bold: st.bold, italic: st.italic, underline: st.underline, link: st.link, change: st.change})
	case destListText:
		r.para.list = append(r.para.list, s...)
	case destBookmark:
		r.bookmark = append(r.bookmark, s...)
	case destInfoTitle:
		r.title = append(r.title, s...)
	case destInfoAuthor:
		r.author = append(r.author, s...)
	case destFieldInst:
		r.fieldInst.WriteString(s)
	case destStyleSheet:
		if r.st.styleNumber >= 0 || r.depth > 0 {
			r.pendingStyleName.WriteString(s)
		}
	}
}

func (r *rtf) endParagraphInto(runs *[]rtfRun) {
	if len(*runs) > 0 {
		*runs = append(*runs, rtfRun{text: []byte(" ")})
	}
}

// headingLevel is the level of a paragraph (0: not a heading).
func (r *rtf) headingLevel(p *rtfPara) int {
	name := strings.ToLower(r.styles[p.style])
	if lv, ok := strings.CutPrefix(name, "heading "); ok {
		if v, err := strconv.Atoi(lv); err == nil && v > 0 {
			return min(v, 9)
		}
	}
	if name == "title" {
		return 1
	}
	if p.outline >= 0 && p.outline < 9 {
		return p.outline + 1
	}
	return 0
}

// endParagraph writes the paragraph collected so far.
func (r *rtf) endParagraph(cellEnd bool) {
	p := r.para
	r.para.runs = nil
	r.para.list = nil
	b := r.b
	empty := true
	for _, run := range p.runs {
		if len(bytes.TrimSpace(run.text)) > 0 || run.note > 0 {
			empty = false
		}
	}
	if p.inTable || cellEnd {
		if empty {
			return
		}
		r.startRow()
		if !r.cellOpen {
			r.cellID = b.openCell(r.rowCells)
			r.cellOpen = true
		} else {
			b.space()
		}
		r.writeRuns(p.runs)
		return
	}
	if empty {
		// Bookmarks of an empty paragraph belong to the next text.
		for _, run := range p.runs {
			if run.anchor != "" {
				b.anchor(run.anchor)
			}
		}
		return
	}
	r.endTable()
	// A list item: a \listtext label, or a paragraph starting with a bullet
	// and a tab (Pandoc's RTF).
	label, isItem := "", false
	if len(p.list) > 0 {
		isItem = true
		label = strings.TrimSpace(strings.Trim(string(p.list), "\t \u00a0"))
	} else if len(p.runs) > 0 {
		t := string(p.runs[0].text)
		trimmed := strings.TrimLeft(t, " ")
		for _, bullet := range []string{"•", "·", "◦", "▪", "-"} {
			if rest, ok := strings.CutPrefix(trimmed, bullet+" "); ok && p.li > 0 {
				isItem = true
				p.runs[0].text = []byte(rest)
				break
			}
		}
		if !isItem && p.li > 0 {
			if k := strings.IndexAny(trimmed, ".)"); k > 0 && k <= 3 && strings.HasPrefix(trimmed[k+1:], " ") {
				if _, err := strconv.Atoi(trimmed[:k]); err == nil {
					isItem = true
					label = trimmed[:k+1]
					p.runs[0].text = []byte(trimmed[k+2:])
				}
			}
		}
	}
	if isItem {
		switch label {
		case "•", "·", "◦", "▪", "-", "o", "§", "\uf0b7", "\uf0a7":
			label = ""
		}
		level := p.ilvl + 1
		if len(p.list) == 0 && p.li > 360 {
			level = p.li / 360
		}
		level = max(1, min(level, 9))
		for len(r.lists) > level {
			b.closeMarker(r.lists[len(r.lists)-1])
			r.lists = r.lists[:len(r.lists)-1]
		}
		if len(r.lists) == 0 {
			b.paragraphBreak()
		} else {
			b.lineBreak()
		}
		for len(r.lists) < level {
			r.lists = append(r.lists, b.openMarker(doc.Marker{Kind: doc.List, Level: len(r.lists) + 1}))
		}
		id := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: level, Label: label})
		r.writeRuns(p.runs)
		b.closeMarker(id)
		b.lineBreak()
		return
	}
	r.closeLists()
	b.paragraphBreak()
	m := doc.Marker{Kind: doc.Paragraph}
	if lv := r.headingLevel(&p); lv > 0 {
		m = doc.Marker{Kind: doc.Heading, Level: lv}
	}
	id := b.openMarker(m)
	if m.Kind == doc.Heading {
		// A heading's own bold or size is how it looks, not emphasis.
		for i := range p.runs {
			p.runs[i].bold, p.runs[i].italic, p.runs[i].underline = false, false, false
		}
	}
	r.writeRuns(p.runs)
	b.closeMarker(id)
	b.paragraphBreak()
}

func (r *rtf) closeLists() {
	for len(r.lists) > 0 {
		r.b.closeMarker(r.lists[len(r.lists)-1])
		r.lists = r.lists[:len(r.lists)-1]
	}
}

// writeRuns writes runs with their formatting, links and note references.
func (r *rtf) writeRuns(runs []rtfRun) {
	b := r.b
	link := ""
	linkID := -1
	closeLink := func() {
		if linkID >= 0 {
			r.formats.close(r.b)
			b.closeMarker(linkID)
			linkID = -1
		}
	}
	change := rtfUnchanged // the change being written (marked)
	setChange := func(to rtfChange) {
		if !r.marked || to == change {
			return
		}
		r.formats.close(r.b)
		if change != rtfUnchanged {
			b.endChange()
		}
		switch to {
		case rtfInserted:
			b.markChange("inserted")
		case rtfDeleted:
			b.markChange("deleted")
		}
		change = to
	}
	for _, run := range runs {
		if len(run.text) > 0 {
			setChange(run.change)
		}
		if run.link != link {
			closeLink()
			link = run.link
			if link != "" {
				r.formats.close(r.b)
				linkID = b.openMarker(doc.Marker{Kind: doc.Link, Reference: link})
				if strings.HasPrefix(link, "#") && len(link) > 1 {
					b.linkTo(linkID, link[1:])
				}
			}
		}
		switch {
		case run.anchor != "":
			b.anchor(run.anchor)
		case run.note > 0:
			r.formats.close(r.b)
			label := strconv.Itoa(run.note)
			b.noteRef(label, label)
		case run.lineBreak:
			if r.inTable || r.noteDepth > 0 {
				b.space()
			} else {
				b.lineBreak()
			}
		case len(bytes.TrimSpace(run.text)) == 0:
			b.space()
		default:
			r.formats.set(r.b, [4]bool{run.bold, run.italic, run.underline, false})
			b.inlineBytes(run.text)
		}
	}
	setChange(rtfUnchanged)
	closeLink()
	r.formats.close(r.b)
}

func (r *rtf) startRow() {
	b := r.b
	if !r.inTable {
		r.closeLists()
		b.paragraphBreak()
		r.tableID = b.openMarker(doc.Marker{Kind: doc.Table})
		r.inTable = true
	}
	if !r.rowOpen {
		r.rowID = b.openRow(r.header)
		r.rowOpen = true
		r.rowCells = 0
	}
}

func (r *rtf) endCell() {
	r.startRow()
	if !r.cellOpen {
		r.cellID = r.b.openCell(r.rowCells)
	}
	r.formats.close(r.b)
	r.b.closeMarker(r.cellID)
	r.cellOpen = false
	r.rowCells++
}

func (r *rtf) endRow() {
	if !r.rowOpen {
		return
	}
	if r.cellOpen {
		r.endCell()
	}
	r.b.closeMarker(r.rowID)
	r.rowOpen = false
}

func (r *rtf) endTable() {
	if !r.inTable {
		return
	}
	if r.cellOpen {
		r.endCell()
	}
	r.endRow()
	r.b.closeMarker(r.tableID)
	r.inTable = false
	r.b.paragraphBreak()
}

func (r *rtf) noteSection() {
	r.noteDepth++
	r.b.notesSection(len(r.notes), noteNumber, func(i int) { r.writeRuns(r.notes[i]) })
	r.noteDepth--
}

// codePage maps a Windows code page number to its encoding.
func codePage(cp int) encoding.Encoding {
	switch cp {
	case 437:
		return charmap.CodePage437
	case 850:
		return charmap.CodePage850
	case 852:
		return charmap.CodePage852
	case 866:
		return charmap.CodePage866
	case 874:
		return charmap.Windows874
	case 932:
		return japanese.ShiftJIS
	case 936:
		return simplifiedchinese.GBK
	case 949:
		return korean.EUCKR
	case 950:
		return traditionalchinese.Big5
	case 1250:
		return charmap.Windows1250
	case 1251:
		return charmap.Windows1251
	case 1252:
		return charmap.Windows1252
	case 1253:
		return charmap.Windows1253
	case 1254:
		return charmap.Windows1254
	case 1255:
		return charmap.Windows1255
	case 1256:
		return charmap.Windows1256
	case 1257:
		return charmap.Windows1257
	case 1258:
		return charmap.Windows1258
	case 10000:
		return charmap.Macintosh
	case 65001:
		return encoding.Nop
	}
	return nil
}

// charsetEncoding maps an RTF \fcharset to its encoding (nil: the
// document's code page; 2, Symbol, is read as it is).
func charsetEncoding(cs int) encoding.Encoding {
	for _, c := range charsetCodePages {
		if c.charset == cs {
			return codePage(c.codePage)
		}
	}
	return nil
}

// charsetCodePages gives the Windows code page of each \fcharset read
// in a code page of its own (a table of constants: nothing to build when
// the program starts).
var charsetCodePages = [...]struct{ charset, codePage int }{
	{0, 1252}, {77, 10000}, {128, 932}, {129, 949}, {134, 936}, {136, 950}, {161, 1253}, {162, 1254},
	{163, 1258}, {177, 1255}, {178, 1256}, {186, 1257}, {204, 1251}, {222, 874}, {238, 1250},
}
