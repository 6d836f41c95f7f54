package load

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load/labels"
	"textfirst/internal/tw/mathspeech"
)

// formatDOCX is the format name of Word documents.
const formatDOCX = "docx"

type docxStyle struct {
	name, basedOn string
	outline       int // -1: none
	numID, ilvl   string
	styleFormat
}

type docxLevel struct {
	start int
	fmt   string
	text  string
}

type docxNum struct {
	levels [9]*docxLevel
	starts [9]int // lvlOverride startOverride (0: none)
}

type docxList struct {
	numID string
	level int
	id    int
}

type docxNoteRef struct {
	endnote bool
	id      string
	n       int
}

// noteNumber returns the number of the note ref (whose n is 0) refers to:
// a note referenced again keeps its first number and is written once.
func (x *docx) noteNumber(ref docxNoteRef) int {
	if n, ok := x.noteNumbers[ref]; ok {
		return n
	}
	if x.noteNumbers == nil {
		x.noteNumbers = map[docxNoteRef]int{}
	}
	n := len(x.notes) + 1
	x.noteNumbers[ref] = n
	ref.n = n
	x.notes = append(x.notes, ref)
	return n
}

type docx struct {
	z        *zipDoc
	b        *builder
	styles   map[string]*docxStyle
	nums     map[string]*docxNum
	counters map[string]*[9]int
	rels     map[string]string

	lists   []docxList
	formats runFormats
	inCell  int
	inNote  bool
	inCode  bool
	notes   []docxNoteRef
	// noteNumbers numbers each note referenced, by its reference with n 0.
	noteNumbers map[docxNoteRef]int
	comments    []string // ids of the comments referred to, in reading order
	review      docxReview
	textBoxes   []*xnode
	fieldDepth  int
	// marked writes tracked changes in the text where they are (Revisions
	// marked): insertions as "[inserted: ...]", deletions as
	// "[deleted: ...]"; otherwise the text is the final one.
	marked bool
}

// loadDOCX loads a Word (Office Open XML) document: headings from "heading N"
// styles, the Title style (level 1) and outline levels; lists from their
// numbering (level ilvl+1, labels from lvlText; an item does not hold its
// nested list); tables (the first row is "header" when the table look or
// the row says so, paragraphs in a cell joined by a space); bold, italic,
// underline and code from direct formatting and character styles;
// hyperlinks (internal ones to bookmarks recorded in Document.Links);
// drawings as their description; footnotes and endnotes numbered together
// in reading order, "[n]" in the text and the notes under a level-2
// "Footnotes" heading at the end; comments as "[cN]" where Word puts
// their reference and "[cN] AUTHOR: text" under a level-2 "Comments"
// heading after the notes (builder.commentsSection; replies are comments
// of their own). Inserted text is read, deleted text is
// not (with Options.Revisions marked, loadDOCXWith writes both where they
// are: "[deleted: ...]", "[inserted: ...]"); both are listed in Meta.Properties ("textweaver.revisions",
// "textweaver.changes"). Title, author and language come from
// docProps/core.xml (each once: the original textweaver doubles them).
func loadDOCX(docPath string, data []byte) (*doc.Document, error) {
	return loadDOCXWith(docPath, data, Options{})
}

// loadDOCXWith is loadDOCX with o.Revisions.
func loadDOCXWith(docPath string, data []byte, o Options) (*doc.Document, error) {
	z, err := openOOXML(data)
	if err != nil {
		return nil, err
	}
	main := "word/document.xml"
	ooxmlRelationships(z, "", func(n *xnode) {
		if strings.HasSuffix(n.attr("Type"), "/officeDocument") {
			main = resolvePath("", n.attr("Target"))
		}
	})
	body, root, err := z.readXML(main)
	if err != nil {
		return nil, err
	}
	x := &docx{z: z, b: newBuilder(len(body) / 8).limitTo(len(data)), styles: map[string]*docxStyle{}, nums: map[string]*docxNum{}, counters: map[string]*[9]int{}, rels: map[string]string{}}
	x.marked = o.Revisions == RevisionsMarked
	dir := main[:strings.LastIndex(main, "/")+1]
	x.readStyles(dir + "styles.xml")
	x.readNumbering(dir + "numbering.xml")
	ooxmlRelationships(z, main, func(n *xnode) { x.rels[n.attr("Id")] = n.attr("Target") })
	footnotes := x.readNotes(dir+"footnotes.xml", "footnote")
	endnotes := x.readNotes(dir+"endnotes.xml", "endnote")
	comments := x.readNotes(dir+"comments.xml", "comment")

	if bd := root.child("body"); bd != nil {
		x.blocks(bd)
	}
	x.closeLists()
	x.inNote = true
	x.b.notesSection(len(x.notes), func(i int) string { return strconv.Itoa(x.notes[i].n) }, func(i int) {
		ref := x.notes[i]
		n := footnotes[ref.id]
		if ref.endnote {
			n = endnotes[ref.id]
		}
		if n != nil {
			x.review.part = dir + "footnotes.xml"
			if ref.endnote {
				x.review.part = dir + "endnotes.xml"
			}
			x.blocks(n)
		}
		x.formats.close(x.b)
	})
	x.review.part = dir + "comments.xml"
	x.b.commentsSection(len(x.comments), func(i int) string {
		return collapseSpace(comments[x.comments[i]].attr("author"))
	}, func(i int) {
		if n := comments[x.comments[i]]; n != nil {
			x.blocks(n)
		}
		x.formats.close(x.b)
	})
	text, markers := x.b.finish()
	meta := doc.Meta{Format: formatDOCX, Path: docPath}
	meta.Title = ooxmlCore(z, &meta)
	meta.Properties = x.review.properties(x.b, x.marked, comments)
	return x.b.documentOf(text, markers, meta, docPath), nil
}

func (x *docx) readStyles(name string) {
	root := x.z.optionalXML(name)
	if root == nil {
		return
	}
	root.findAll("style", func(n *xnode) {
		s := &docxStyle{outline: -1}
		s.name = n.child("name").attr("val")
		s.basedOn = n.child("basedOn").attr("val")
		if ppr := n.child("pPr"); ppr != nil {
			if ol := ppr.child("outlineLvl"); ol != nil {
				if v, err := strconv.Atoi(ol.attr("val")); err == nil {
					s.outline = v
				}
			}
			if np := ppr.child("numPr"); np != nil {
				s.numID = np.child("numId").attr("val")
				s.ilvl = np.child("ilvl").attr("val")
			}
		}
		if rpr := n.child("rPr"); rpr != nil {
			s.bold = onOff(rpr.child("b"))
			s.italic = onOff(rpr.child("i"))
			s.underline = onOff(rpr.child("u"))
		}
		x.styles[n.attr("styleId")] = s
	})
}

// onOff reads a toggle property (bold, italic, underline: any underline
// but "none" is on): absent 0, on 1, off -1.
func onOff(n *xnode) int8 {
	if n == nil {
		return 0
	}
	switch n.attr("val") {
	case "0", "false", "off", "none":
		return -1
	}
	return 1
}

func (x *docx) readNumbering(name string) {
	root := x.z.optionalXML(name)
	if root == nil {
		return
	}
	abstract := map[string]*[9]*docxLevel{}
	root.findAll("abstractNum", func(n *xnode) {
		var lv [9]*docxLevel
		n.findAll("lvl", func(l *xnode) {
			i, err := strconv.Atoi(l.attr("ilvl"))
			if err != nil || i < 0 || i > 8 {
				return
			}
			st := 1
			if v, err := strconv.Atoi(l.child("start").attr("val")); err == nil {
				st = v
			}
			lv[i] = &docxLevel{start: st, fmt: l.child("numFmt").attr("val"), text: l.child("lvlText").attr("val")}
		})
		abstract[n.attr("abstractNumId")] = &lv
	})
	root.findAll("num", func(n *xnode) {
		num := &docxNum{}
		if lv := abstract[n.child("abstractNumId").attr("val")]; lv != nil {
			num.levels = *lv
		}
		n.findAll("lvlOverride", func(o *xnode) {
			i, err := strconv.Atoi(o.attr("ilvl"))
			if err != nil || i < 0 || i > 8 {
				return
			}
			if v, err := strconv.Atoi(o.child("startOverride").attr("val")); err == nil {
				num.starts[i] = v
			}
		})
		x.nums[n.attr("numId")] = num
	})
}

func (x *docx) readNotes(name, element string) map[string]*xnode {
	out := map[string]*xnode{}
	root := x.z.optionalXML(name)
	if root == nil {
		return out
	}
	root.findAll(element, func(n *xnode) {
		switch n.attr("type") {
		case "separator", "continuationSeparator", "continuationNotice":
			return
		}
		out[n.attr("id")] = n
	})
	return out
}

// style returns a style and its ancestors, nearest first (at most 32).
func (x *docx) styleChain(id string) []*docxStyle {
	var out []*docxStyle
	for id != "" && len(out) < 32 {
		s := x.styles[id]
		if s == nil {
			break
		}
		out = append(out, s)
		id = s.basedOn
	}
	return out
}

// blocks reads the block content of a body, cell, note, text box or
// content control.
func (x *docx) blocks(n *xnode) {
	for _, c := range n.children {
		switch c.name {
		case "p":
			x.paragraph(c)
		case "tbl":
			x.table(c)
		case "sdt", "AlternateContent":
			if in := wrapped(c); in != nil {
				x.blocks(in)
			}
		case "customXml", "ins", "moveTo", "smartTag":
			x.blocks(c)
		case "bookmarkStart":
			x.bookmark(c)
		case "commentRangeStart":
			if !x.inNote {
				x.b.anchor(commentStartAnchor + c.attr("id"))
			}
		case "commentRangeEnd":
			if !x.inNote {
				x.review.commentEnd(c.attr("id"), x.b.runes)
			}
		}
	}
}

func (x *docx) bookmark(n *xnode) {
	if name := n.attr("name"); name != "" && name != "_GoBack" {
		x.b.anchor(name)
	}
}

func (x *docx) closeLists() {
	for len(x.lists) > 0 {
		x.b.closeMarker(x.lists[len(x.lists)-1].id)
		x.lists = x.lists[:len(x.lists)-1]
	}
}

// paragraphKind works out what a paragraph is from its properties and
// style: heading level (0 none), list numbering, code.
func (x *docx) paragraphKind(p *xnode) (heading int, numID string, ilvl int, code bool) {
	ppr := p.child("pPr")
	styleID := ppr.child("pStyle").attr("val")
	chain := x.styleChain(styleID)
	outline := -1
	if ol := ppr.child("outlineLvl"); ol != nil {
		if v, err := strconv.Atoi(ol.attr("val")); err == nil {
			outline = v
		}
	}
	if len(chain) > 0 {
		name := strings.ToLower(chain[0].name)
		if lv, ok := strings.CutPrefix(name, "heading "); ok {
			if v, err := strconv.Atoi(lv); err == nil && v >= 1 {
				heading = v
			}
		}
		if name == "title" {
			heading = 1
		}
		switch strings.ReplaceAll(name, " ", "") {
		case "sourcecode", "htmlpreformatted", "code", "plaintext":
			code = true
		}
		if outline < 0 {
			for _, s := range chain {
				if s.outline >= 0 {
					outline = s.outline
					break
				}
			}
		}
	}
	if heading == 0 && outline >= 0 && outline < 9 {
		heading = outline + 1
	}
	heading = min(heading, 9)
	ilvlS := ""
	if np := ppr.child("numPr"); np != nil {
		numID = np.child("numId").attr("val")
		ilvlS = np.child("ilvl").attr("val")
	}
	if numID == "" {
		for _, s := range chain {
			if s.numID != "" {
				numID = s.numID
				if ilvlS == "" {
					ilvlS = s.ilvl
				}
				break
			}
		}
	}
	if numID == "0" {
		numID = ""
	}
	ilvl, _ = strconv.Atoi(ilvlS)
	ilvl = max(0, min(ilvl, 8))
	return
}

func (x *docx) paragraph(p *xnode) {
	b := x.b
	heading, numID, ilvl, code := x.paragraphKind(p)
	if x.inCell > 0 || x.inNote {
		b.space()
		x.inline(p)
		x.formats.close(x.b)
		b.space()
		x.afterParagraph()
		return
	}
	if numID != "" && heading == 0 && !code {
		x.listItem(p, numID, ilvl)
		x.afterParagraph()
		return
	}
	x.closeLists()
	b.paragraphBreak()
	if ppr := p.child("pPr"); ppr != nil && onOff(ppr.child("pageBreakBefore")) > 0 {
		b.pageBreak()
	}
	var id int
	switch {
	case heading > 0:
		id = b.openMarker(doc.Marker{Kind: doc.Heading, Level: heading})
	case code:
		id = b.openMarker(doc.Marker{Kind: doc.Code, Level: 1})
		x.inCode = true
	default:
		id = b.openMarker(doc.Marker{Kind: doc.Paragraph})
	}
	x.inline(p)
	x.formats.close(x.b)
	x.inCode = false
	b.closeMarker(id)
	b.paragraphBreak()
	x.afterParagraph()
}

// afterParagraph reads the text boxes met in the paragraph.
func (x *docx) afterParagraph() {
	if len(x.textBoxes) == 0 {
		return
	}
	boxes := x.textBoxes
	x.textBoxes = nil
	for _, tb := range boxes {
		x.blocks(tb)
	}
}

func (x *docx) listItem(p *xnode, numID string, ilvl int) {
	b := x.b
	level := ilvl + 1
	for len(x.lists) > 0 && x.lists[len(x.lists)-1].level > level {
		b.closeMarker(x.lists[len(x.lists)-1].id)
		x.lists = x.lists[:len(x.lists)-1]
	}
	if n := len(x.lists); n > 0 && x.lists[n-1].level == level && x.lists[n-1].numID != numID && level == 1 {
		x.closeLists()
	}
	if len(x.lists) == 0 {
		b.paragraphBreak()
	} else {
		b.lineBreak()
	}
	if n := len(x.lists); n == 0 || x.lists[n-1].level < level {
		id := b.openMarker(doc.Marker{Kind: doc.List, Level: level})
		x.lists = append(x.lists, docxList{numID: numID, level: level, id: id})
	}
	id := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: level, Label: x.listLabel(numID, ilvl)})
	x.inline(p)
	x.formats.close(x.b)
	b.closeMarker(id)
	b.lineBreak()
}

// listLabel counts the item and returns its label ("" for bullets).
func (x *docx) listLabel(numID string, ilvl int) string {
	num := x.nums[numID]
	if num == nil {
		return ""
	}
	c := x.counters[numID]
	if c == nil {
		c = &[9]int{}
		x.counters[numID] = c
	}
	startOf := func(i int) int {
		if num.starts[i] != 0 {
			return num.starts[i]
		}
		if lv := num.levels[i]; lv != nil {
			return lv.start
		}
		return 1
	}
	if c[ilvl] == 0 {
		c[ilvl] = startOf(ilvl)
	} else {
		c[ilvl]++
	}
	for i := ilvl + 1; i < 9; i++ {
		c[i] = 0
	}
	lv := num.levels[ilvl]
	if lv == nil || lv.fmt == "bullet" || lv.fmt == "none" || lv.fmt == "" {
		return ""
	}
	var out strings.Builder
	t := lv.text
	for i := 0; i < len(t); i++ {
		if t[i] == '%' && i+1 < len(t) && t[i+1] >= '1' && t[i+1] <= '9' {
			k := int(t[i+1] - '1')
			v := c[k]
			if v == 0 {
				v = startOf(k)
			}
			f := "decimal"
			if num.levels[k] != nil {
				f = num.levels[k].fmt
			}
			out.WriteString(formatNumber(v, f))
			i++
			continue
		}
		out.WriteByte(t[i])
	}
	return strings.TrimSpace(out.String())
}

// formatNumber writes n in a Word or ODF numbering format.
func formatNumber(n int, f string) string {
	switch f {
	case "lowerLetter", "a":
		return letters(n, 'a')
	case "upperLetter", "A":
		return letters(n, 'A')
	case "lowerRoman", "i":
		return strings.ToLower(labels.Roman(n))
	case "upperRoman", "I":
		return labels.Roman(n)
	case "decimalZero":
		if n < 10 {
			return "0" + strconv.Itoa(n)
		}
	}
	return strconv.Itoa(n)
}

func letters(n int, base byte) string {
	if n <= 0 {
		return strconv.Itoa(n)
	}
	// Word repeats the letter: a … z, aa … zz.
	k := (n-1)/26 + 1
	return strings.Repeat(string(rune(base+byte((n-1)%26))), min(k, 10))
}

func (x *docx) table(t *xnode) {
	b := x.b
	if x.inCell > 0 || x.inNote {
		innerTable(t, &x.inCell, x.paragraph)
		return
	}
	x.closeLists()
	b.paragraphBreak()
	// Word breaks the page before a table by its first paragraph's
	// pageBreakBefore.
	if first := t.find("p"); first != nil && onOff(first.child("pPr").child("pageBreakBefore")) > 0 {
		b.pageBreak()
	}
	headerFirst := false
	if look := t.child("tblPr").child("tblLook"); look != nil {
		if fr := look.attr("firstRow"); fr == "1" || fr == "true" || fr == "on" {
			headerFirst = true
		} else if fr == "" {
			if v, err := strconv.ParseUint(look.attr("val"), 16, 32); err == nil && v&0x20 != 0 {
				headerFirst = true
			}
		}
	}
	rows := wordChildren(t, "tr")
	if !slices.ContainsFunc(rows, func(tr *xnode) bool { return !blankRow(tr) && len(wordChildren(tr, "tc")) > 0 }) {
		return
	}
	tid := b.openMarker(doc.Marker{Kind: doc.Table})
	row := 0
	for _, tr := range rows {
		cells := wordChildren(tr, "tc")
		if len(cells) == 0 {
			continue
		}
		row++
		if blankRow(tr) {
			continue
		}
		header := row == 1 && headerFirst || onOff(tr.child("trPr").child("tblHeader")) > 0
		b.cellRow(header, cells, &x.inCell, &x.formats, x.blocks)
	}
	b.closeMarker(tid)
	b.paragraphBreak()
	x.afterParagraph()
}

// runFormat is the formatting of a run: bold, italic, underline, code.
func (x *docx) runFormat(r *xnode) (bold, italic, underline, code bool) {
	rpr := r.child("rPr")
	if rpr == nil {
		return
	}
	f := styleFormat{onOff(rpr.child("b")), onOff(rpr.child("i")), onOff(rpr.child("u"))}
	for _, s := range x.styleChain(rpr.child("rStyle").attr("val")) {
		f.inherit(s.styleFormat)
		switch strings.ReplaceAll(strings.ToLower(s.name), " ", "") {
		case "verbatimchar", "htmlcode", "sourcecode", "code", "inlinecode":
			code = true
		}
	}
	return f.bold > 0, f.italic > 0, f.underline > 0, code && !x.inCode
}

// inline reads the runs of a paragraph (or of a hyperlink, an insertion,
// a field, ...).
func (x *docx) inline(n *xnode) {
	b := x.b
	for _, c := range n.children {
		switch c.name {
		case "r":
			x.run(c)
		case "hyperlink":
			x.formats.close(x.b)
			ref := ""
			key := ""
			if rid := c.attr("r:id"); rid != "" {
				ref = x.rels[rid]
			} else if rid := c.attr("id"); rid != "" && c.attr("anchor") == "" {
				ref = x.rels[rid]
			}
			if a := c.attr("anchor"); a != "" {
				if ref == "" {
					ref = "#" + a
				}
				key = a
			}
			id := b.openMarker(doc.Marker{Kind: doc.Link, Reference: ref})
			if key != "" {
				b.linkTo(id, key)
			}
			x.inline(c)
			x.formats.close(x.b)
			b.closeMarker(id)
		case "ins", "moveTo":
			x.formats.close(x.b)
			if x.marked {
				b.markChange("inserted")
			}
			span := b.openSpan()
			x.inline(c)
			x.formats.close(x.b)
			b.closeMarker(span)
			if x.marked {
				b.endChange()
			}
			x.review.change(c, "inserted", collapseSpace(textOfKind(c, "t")), span)
		case "del", "moveFrom":
			raw := textOfKind(c, "delText") + textOfKind(c, "t")
			text := collapseSpace(raw)
			span := -1
			if x.marked && text != "" {
				x.formats.close(x.b)
				if strings.TrimLeftFunc(raw, unicode.IsSpace) != raw {
					b.space()
				}
				b.markChange("deleted")
				span = b.openSpan()
				b.inlineText(text)
				b.closeMarker(span)
				b.endChange()
				if strings.TrimRightFunc(raw, unicode.IsSpace) != raw {
					b.space()
				}
			}
			x.review.change(c, "deleted", text, span)
			if span < 0 {
				x.review.changes[len(x.review.changes)-1].Range.Start = b.runes
				x.review.changes[len(x.review.changes)-1].Range.End = b.runes
			}
		case "commentRangeStart":
			if !x.inNote {
				b.anchor(commentStartAnchor + c.attr("id"))
			}
		case "commentRangeEnd":
			if !x.inNote {
				x.review.commentEnd(c.attr("id"), b.runes)
			}
		case "smartTag", "customXml", "fldSimple", "dir", "bdo":
			x.inline(c)
		case "sdt", "AlternateContent":
			if in := wrapped(c); in != nil {
				x.inline(in)
			}
		case "bookmarkStart":
			x.bookmark(c)
		case "oMath", "oMathPara":
			b.formula(mathspeech.OMML, c.source(), nil)
		}
	}
}

// textOfKind joins the text of the descendants named name.
func textOfKind(n *xnode, name string) string {
	var s strings.Builder
	n.findAll(name, func(t *xnode) { s.WriteString(t.textOf()) })
	return s.String()
}

func (x *docx) run(r *xnode) {
	b := x.b
	bold, italic, underline, code := x.runFormat(r)
	formatted := false
	format := func() {
		if !formatted {
			x.formats.set(x.b, [4]bool{bold, italic, underline, code})
			formatted = true
		}
	}
	for _, c := range r.children {
		switch c.name {
		case "t":
			if c.textOf() == "" {
				continue
			}
			if x.inCode {
				b.literal(c.textOf())
				continue
			}
			if strings.TrimSpace(c.textOf()) == "" {
				b.space()
				continue
			}
			format()
			b.inlineText(c.textOf())
		case "tab", "ptab":
			if x.inCode {
				b.literal("\t")
			} else {
				b.space()
			}
		case "br", "cr":
			if x.inCell > 0 || x.inNote {
				b.space()
			} else {
				b.lineBreak()
				if c.attr("type") == "page" {
					b.pageBreak()
				}
			}
		case "lastRenderedPageBreak":
			if x.inCell == 0 && !x.inNote {
				b.pageBreak()
			}
		case "noBreakHyphen":
			format()
			b.inlineText("-")
		case "sym":
			if v, err := strconv.ParseUint(c.attr("char"), 16, 32); err == nil && v >= 0x20 && v < 0xF000 {
				format()
				b.inlineText(string(rune(v)))
			}
		case "commentReference":
			if x.inNote {
				continue
			}
			x.formats.close(x.b)
			x.comments = append(x.comments, c.attr("id"))
			b.commentRef(len(x.comments) - 1)
			x.review.commentRef(c.attr("id"), b.runes)
		case "footnoteReference", "endnoteReference":
			if x.inNote {
				continue
			}
			x.formats.close(x.b)
			label := strconv.Itoa(x.noteNumber(docxNoteRef{endnote: c.name == "endnoteReference", id: c.attr("id")}))
			b.noteRef(label, label)
		case "drawing", "pict", "object":
			x.drawing(c)
		case "AlternateContent":
			if ch := c.child("Choice"); ch != nil {
				x.run(choiceRun(r, ch))
			}
		}
	}
}

// wrapped is the content read of a wrapper element: a content control's
// (w:sdt) w:sdtContent, an mc:AlternateContent's Choice or else its
// Fallback; nil when there is none.
func wrapped(c *xnode) *xnode {
	if c.name == "sdt" {
		return c.child("sdtContent")
	}
	if ch := c.child("Choice"); ch != nil {
		return ch
	}
	return c.child("Fallback")
}

// choiceRun is the run that an mc:Choice inside run r stands for: r's
// properties (when it has any) followed by the choice's content.
func choiceRun(r, choice *xnode) *xnode {
	children := make([]*xnode, 0, len(choice.children)+1)
	if rpr := r.child("rPr"); rpr != nil {
		children = append(children, rpr)
	}
	return &xnode{name: "r", children: append(children, choice.children...)}
}

// drawing reads a picture as its description (else title); text boxes
// inside are read after the paragraph.
func (x *docx) drawing(d *xnode) {
	d.findAll("txbxContent", func(tb *xnode) { x.textBoxes = append(x.textBoxes, tb) })
	alt := ""
	if dp := d.find("docPr"); dp != nil {
		alt = collapseSpace(dp.attr("descr"))
		if alt == "" {
			alt = collapseSpace(dp.attr("title"))
		}
	}
	if alt == "" {
		if im := d.find("imagedata"); im != nil {
			alt = collapseSpace(im.attr("title"))
		}
	}
	if alt == "" {
		if sh := d.find("shape"); sh != nil {
			alt = collapseSpace(sh.attr("alt"))
		}
	}
	if alt == "" {
		return
	}
	x.formats.close(x.b)
	id := x.b.openMarker(doc.Marker{Kind: doc.Image})
	x.b.inlineText(alt)
	x.b.closeMarker(id)
}

// wordChildren returns n's children named name, looking through content
// controls (w:sdt) and custom XML, which wrap rows and cells as they wrap
// paragraphs.
func wordChildren(n *xnode, name string) []*xnode {
	var out []*xnode
	var walk func(n *xnode)
	walk = func(n *xnode) {
		if n == nil {
			return
		}
		for _, c := range n.children {
			switch c.name {
			case name:
				out = append(out, c)
			case "sdt":
				walk(c.child("sdtContent"))
			case "customXml":
				walk(c)
			}
		}
	}
	walk(n)
	return out
}
