package load

import (
	"bytes"
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
)

// Format names of OpenDocument files.
const (
	formatODT = "odt"
	formatODP = "odp"
	formatODS = "ods"
)

type odfStyle struct {
	parent string
	styleFormat
	code      bool
	outline   int
	listStyle string
	// breakBefore is 1 for a paragraph or table style that starts a page
	// (fo:break-before="page"), -1 for one that says it does not, 0 when
	// its parent decides.
	breakBefore int8
}

type odfListLevel struct {
	numbered               bool
	format, prefix, suffix string
	start                  int
}

type odf struct {
	z           *zipDoc
	b           *builder
	styles      map[string]*odfStyle
	listStyles  map[string]map[int]*odfListLevel
	spreadsheet bool

	lists         []odfListState
	formats       runFormats
	currentFormat [4]bool
	inCell        int
	inNote        bool
	inCode        bool
	notes         []*xnode
	annotations   []*xnode
	openRanges    map[string]int // annotation index by office:name, until its annotation-end
	// changes are the tracked changes by id, read when they are written
	// in the text (Revisions marked); nil otherwise.
	changes map[string]odfChange
}

// odfChange is a tracked change of an OpenDocument text: inserted or
// deleted, and a deletion's text.
type odfChange struct {
	deleted bool
	text    string
}

// readChanges reads the tracked changes of an office:text element.
func (o *odf) readChanges(text *xnode) {
	o.changes = map[string]odfChange{}
	tc := text.child("tracked-changes")
	if tc == nil {
		return
	}
	for _, r := range tc.children {
		if r.name != "changed-region" {
			continue
		}
		for _, c := range r.children {
			switch c.name {
			case "insertion":
				o.changes[r.attr("id")] = odfChange{}
			case "deletion":
				var words []string
				for _, p := range c.children {
					if p.name != "change-info" {
						words = append(words, p.textOf())
					}
				}
				o.changes[r.attr("id")] = odfChange{deleted: true, text: collapseSpace(strings.Join(words, " "))}
			}
		}
	}
}

type odfListState struct {
	style string
	count int
}

// loadODF loads OpenDocument text (ODT), presentations (ODP: each slide a
// level-1 heading with its title, or "Slide N", under a page_break marker
// labelled with its number; speaker notes after the slide) and
// spreadsheets (ODS: each sheet a level-1 heading with its name, then a
// table). Text documents read like DOCX: text:h headings with their
// outline level, lists with their labels, tables ("header" rows from
// table-header-rows), bold, italic, underline and code spans from styles,
// links, images as their description, notes as "[n]" gathered under a
// "Footnotes" heading at the end, annotations (comments) as "[cN]" where
// the text they annotate ends (where they stand when they annotate a
// point), gathered under a "Comments" heading after the notes
// (builder.commentsSection), bookmarks as link targets.
func loadODF(docPath string, data []byte) (*doc.Document, error) {
	return loadODFWith(docPath, data, Options{})
}

// loadODFWith is loadODF with o.Revisions: marked writes an OpenDocument
// text's tracked changes where they are, as DOCX's.
func loadODFWith(docPath string, data []byte, opts Options) (*doc.Document, error) {
	z, err := openZip(data)
	if err != nil {
		return nil, err
	}
	if mf, _ := z.read("META-INF/manifest.xml", true); mf != nil && strings.Contains(string(mf), "encryption-data") {
		return nil, &Error{Reason: reasonEncrypted}
	}
	content, err := z.read("content.xml", true)
	if err != nil {
		return nil, err
	}
	if content == nil {
		// A styles-only template has no content; anything else without
		// content.xml is not an OpenDocument file.
		if mt, _ := z.read("mimetype", true); !bytes.HasPrefix(mt, []byte("application/vnd.oasis.opendocument")) {
			return nil, &Error{Reason: reasonCorrupt + " (content.xml is missing)"}
		}
		content = []byte("<document-content/>")
	}
	root, err := parseXML(content)
	if err != nil {
		return nil, err
	}
	o := &odf{z: z, b: newBuilder(len(content) / 8).limitTo(len(data)), styles: map[string]*odfStyle{}, listStyles: map[string]map[int]*odfListLevel{}}
	if sr := z.optionalXML("styles.xml"); sr != nil {
		o.readStyles(sr)
	}
	o.readStyles(root)
	format := formatODT
	if body := root.child("body"); body != nil {
		for _, c := range body.children {
			switch c.name {
			case "text":
				if opts.Revisions == RevisionsMarked {
					o.readChanges(c)
				}
				o.blocks(c)
			case "presentation":
				format = formatODP
				o.presentation(c)
			case "spreadsheet":
				format = formatODS
				o.spreadsheet = true
				o.sheets(c)
			case "drawing":
				format = formatODP
				o.presentation(c)
			}
		}
	}
	o.formats.close(o.b)
	o.noteSection()
	meta := doc.Meta{Format: format, Path: docPath}
	if mr := z.optionalXML("meta.xml"); mr != nil {
		m := mr.child("meta")
		meta.Title = collapseSpace(m.child("title").textOf())
		author := collapseSpace(m.child("initial-creator").textOf())
		if author == "" {
			author = collapseSpace(m.child("creator").textOf())
		}
		meta.Author = strPtr(author)
		meta.Language = strPtr(collapseSpace(m.child("language").textOf()))
	}
	return o.b.document(meta, docPath), nil
}

func (o *odf) readStyles(root *xnode) {
	root.findAll("style", func(n *xnode) {
		s := &odfStyle{parent: n.attr("parent-style-name"), listStyle: n.attr("list-style-name")}
		if v, err := strconv.Atoi(n.attr("default-outline-level")); err == nil {
			s.outline = v
		}
		if tp := n.child("text-properties"); tp != nil {
			switch w := tp.attr("font-weight"); {
			case w == "bold" || w == "bolder" || len(w) == 3 && w >= "600":
				s.bold = 1
			case w != "":
				s.bold = -1
			}
			switch tp.attr("font-style") {
			case "italic", "oblique":
				s.italic = 1
			case "normal":
				s.italic = -1
			}
			switch u := tp.attr("text-underline-style"); u {
			case "":
			case "none":
				s.underline = -1
			default:
				s.underline = 1
			}
		}
		pp := n.child("paragraph-properties")
		if pp == nil {
			pp = n.child("table-properties")
		}
		if pp != nil {
			switch pp.attr("break-before") {
			case "page":
				s.breakBefore = 1
			case "auto", "column":
				s.breakBefore = -1
			}
		}
		name := n.attr("name")
		low := strings.ToLower(strings.ReplaceAll(name, "_20_", " "))
		if strings.Contains(low, "source text") || strings.Contains(low, "preformatted") || strings.Contains(low, "verbatim") {
			s.code = true
		}
		o.styles[name] = s
	})
	root.findAll("list-style", func(n *xnode) {
		levels := map[int]*odfListLevel{}
		n.elements(func(l *xnode) {
			lv, err := strconv.Atoi(l.attr("level"))
			if err != nil {
				return
			}
			ll := &odfListLevel{numbered: l.name == "list-level-style-number", format: l.attr("num-format"), prefix: l.attr("num-prefix"), suffix: l.attr("num-suffix"), start: 1}
			if v, err := strconv.Atoi(l.attr("start-value")); err == nil {
				ll.start = v
			}
			if ll.format == "" {
				ll.numbered = false
			}
			levels[lv] = ll
		})
		o.styles[n.attr("name")] = &odfStyle{}
		o.listStyles[n.attr("name")] = levels
	})
}

// format resolves bold, italic, underline and code of a style chain.
func (o *odf) format(name string) (f [4]bool) {
	var sf styleFormat
	code := false
	for k := 0; name != "" && k < 32; k++ {
		s := o.styles[name]
		if s == nil {
			break
		}
		sf.inherit(s.styleFormat)
		code = code || s.code
		name = s.parent
	}
	return [4]bool{sf.bold > 0, sf.italic > 0, sf.underline > 0, code && !o.inCode}
}

// breaksPage reports whether a paragraph or table of a style starts a
// page.
func (o *odf) breaksPage(name string) bool {
	for k := 0; name != "" && k < 32; k++ {
		s := o.styles[name]
		if s == nil {
			return false
		}
		if s.breakBefore != 0 {
			return s.breakBefore > 0
		}
		name = s.parent
	}
	return false
}

func (o *odf) isCodeParagraph(name string) bool {
	for k := 0; name != "" && k < 32; k++ {
		s := o.styles[name]
		if s == nil {
			return false
		}
		if s.code {
			return true
		}
		name = s.parent
	}
	return false
}

// openBlock starts the text paragraph or heading c on a line of its own,
// after a page break when its style asks for one, and reports true; in a
// cell, a note or a list, where paragraphs are read inline, it reads c
// inline and reports false.
func (o *odf) openBlock(c *xnode) bool {
	if o.inCell > 0 || o.inNote || len(o.lists) > 0 {
		o.inlinePara(c)
		return false
	}
	o.b.paragraphBreak()
	if o.breaksPage(c.attr("style-name")) {
		o.b.pageBreak()
	}
	return true
}

func (o *odf) blocks(n *xnode) {
	b := o.b
	for _, c := range n.children {
		switch c.name {
		case "h":
			level := 1
			if v, err := strconv.Atoi(c.attr("outline-level")); err == nil && v > 0 {
				level = min(v, 10)
			}
			if !o.openBlock(c) {
				continue
			}
			id := b.openMarker(doc.Marker{Kind: doc.Heading, Level: level})
			o.inline(c)
			o.formats.close(o.b)
			b.closeMarker(id)
			b.paragraphBreak()
		case "p":
			if !o.openBlock(c) {
				continue
			}
			kind := doc.Paragraph
			level := 0
			if o.isCodeParagraph(c.attr("style-name")) {
				kind, level = doc.Code, 1
				o.inCode = true
			}
			id := b.openMarker(doc.Marker{Kind: kind, Level: level})
			o.inline(c)
			o.formats.close(o.b)
			o.inCode = false
			b.closeMarker(id)
			b.paragraphBreak()
		case "list":
			o.list(c)
		case "table":
			if o.inCell == 0 && !o.inNote && o.breaksPage(c.attr("style-name")) {
				b.pageBreak()
			}
			o.table(c)
		case "section", "index-body", "table-of-content", "alphabetical-index", "illustration-index", "text-box", "deletion":
			if c.name == "deletion" {
				continue
			}
			o.blocks(c)
		case "frame":
			o.frame(c)
		case "bookmark", "bookmark-start":
			b.anchor(c.attr("name"))
		case "soft-page-break":
			if o.inCell == 0 && !o.inNote {
				b.pageBreak()
			}
		}
	}
}

func (o *odf) inlinePara(p *xnode) {
	if len(o.lists) > 0 && o.inCell == 0 && !o.inNote {
		o.b.lineBreak()
	} else {
		o.b.space()
	}
	o.inline(p)
	o.formats.close(o.b)
	o.b.space()
}

func (o *odf) list(n *xnode) {
	b := o.b
	if o.inCell > 0 || o.inNote {
		for _, it := range n.children {
			o.blocks(it)
		}
		return
	}
	style := n.attr("style-name")
	if style == "" && len(o.lists) > 0 {
		style = o.lists[len(o.lists)-1].style
	}
	if len(o.lists) == 0 {
		b.paragraphBreak()
	} else {
		b.lineBreak()
	}
	o.lists = append(o.lists, odfListState{style: style})
	level := len(o.lists)
	lid := b.openMarker(doc.Marker{Kind: doc.List, Level: level})
	for _, it := range n.children {
		if it.name != "list-item" && it.name != "list-header" {
			continue
		}
		st := &o.lists[len(o.lists)-1]
		label := ""
		if it.name == "list-item" {
			if v, err := strconv.Atoi(it.attr("start-value")); err == nil {
				st.count = v - 1
			}
			st.count++
			if lv := o.listStyles[style][level]; lv != nil && lv.numbered {
				if st.count == 1 && lv.start != 1 {
					st.count = lv.start
				}
				label = lv.prefix + formatNumber(st.count, lv.format) + lv.suffix
			}
		}
		b.lineBreak()
		iid := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: level, Label: label})
		first := true
		for _, c := range it.children {
			switch c.name {
			case "p", "h":
				if !first {
					b.space()
				}
				o.inline(c)
				o.formats.close(o.b)
				first = false
			case "list":
				o.list(c)
			default:
				if c.name != "" {
					o.blocks(&xnode{children: []*xnode{c}})
				}
			}
		}
		b.closeMarker(iid)
	}
	b.closeMarker(lid)
	o.lists = o.lists[:len(o.lists)-1]
	if len(o.lists) == 0 {
		b.paragraphBreak()
	} else {
		b.lineBreak()
	}
}

// maxRepeat bounds table:number-columns-repeated and rows-repeated: a
// spreadsheet repeats an empty cell to column 16384.
const maxRepeat = 64

func (o *odf) table(t *xnode) {
	b := o.b
	if o.inCell > 0 || o.inNote {
		innerTable(t, &o.inCell, o.inlinePara)
		return
	}
	type row struct {
		n      *xnode
		header bool
	}
	var rows []row
	var collect func(n *xnode, header bool)
	collect = func(n *xnode, header bool) {
		for _, c := range n.children {
			switch c.name {
			case "table-row":
				rep := 1
				if v, err := strconv.Atoi(c.attr("number-rows-repeated")); err == nil && v > 1 {
					rep = min(v, maxRepeat)
				}
				if blankRow(c) {
					continue
				}
				for range rep {
					rows = append(rows, row{c, header})
				}
			case "table-header-rows":
				collect(c, true)
			case "table-rows", "table-row-group":
				collect(c, header)
			}
		}
	}
	collect(t, false)
	if len(rows) == 0 {
		return
	}
	b.paragraphBreak()
	tid := b.openMarker(doc.Marker{Kind: doc.Table})
	for _, r := range rows {
		var cells []*xnode
		for _, c := range r.n.children {
			if c.name != "table-cell" && c.name != "covered-table-cell" {
				continue
			}
			rep := 1
			if v, err := strconv.Atoi(c.attr("number-columns-repeated")); err == nil && v > 1 {
				rep = min(v, maxRepeat)
			}
			for range rep {
				cells = append(cells, c)
			}
		}
		for len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1].textOf()) == "" && o.spreadsheet {
			cells = cells[:len(cells)-1]
		}
		if len(cells) == 0 {
			continue
		}
		b.cellRow(r.header, cells, &o.inCell, &o.formats, o.blocks)
	}
	b.closeMarker(tid)
	b.paragraphBreak()
}

// frame reads an image as its description (else title) and a text box as
// its blocks.
func (o *odf) frame(f *xnode) {
	if tb := f.child("text-box"); tb != nil {
		o.blocks(tb)
		return
	}
	alt := collapseSpace(f.child("desc").textOf())
	if alt == "" {
		alt = collapseSpace(f.child("title").textOf())
	}
	if alt == "" {
		if im := f.child("image"); im != nil {
			alt = collapseSpace(im.child("desc").textOf())
		}
	}
	if alt == "" {
		return
	}
	ref := ""
	if im := f.child("image"); im != nil {
		ref = im.attr("href")
	}
	o.formats.close(o.b)
	id := o.b.openMarker(doc.Marker{Kind: doc.Image, Reference: ref})
	o.b.inlineText(alt)
	o.b.closeMarker(id)
}

func (o *odf) inline(n *xnode) {
	b := o.b
	for _, c := range n.children {
		switch c.name {
		case "soft-page-break":
			if o.inCell == 0 && !o.inNote {
				b.pageBreak()
			}
		case "":
			if o.inCode {
				if strings.TrimSpace(c.text) != "" {
					b.literal(collapseSpace(c.text))
				}
				continue
			}
			if strings.TrimSpace(c.text) == "" {
				if c.text != "" {
					b.space()
				}
				continue
			}
			o.formats.set(o.b, o.currentFormat)
			b.inlineText(c.text)
		case "span":
			saved := o.currentFormat
			o.currentFormat = o.format(c.attr("style-name"))
			o.inline(c)
			o.currentFormat = saved
		case "a":
			o.formats.close(o.b)
			href := c.attr("href")
			id := b.openMarker(doc.Marker{Kind: doc.Link, Reference: href})
			if strings.HasPrefix(href, "#") && len(href) > 1 {
				b.linkTo(id, urlUnescape(href[1:]))
			}
			o.inline(c)
			o.formats.close(o.b)
			b.closeMarker(id)
		case "s":
			n := 1
			if v, err := strconv.Atoi(c.attr("c")); err == nil && v > 1 {
				n = min(v, 64)
			}
			if o.inCode {
				b.literal(strings.Repeat(" ", n))
			} else {
				b.space()
			}
		case "tab":
			if o.inCode {
				b.literal("\t")
			} else {
				b.space()
			}
		case "line-break":
			if o.inCell > 0 || o.inNote {
				b.space()
			} else {
				b.lineBreak()
			}
		case "note":
			if o.inNote {
				continue
			}
			o.formats.close(o.b)
			o.notes = append(o.notes, c.child("note-body"))
			label := strconv.Itoa(len(o.notes))
			b.noteRef(label, label)
		case "frame":
			o.frame(c)
		case "bookmark", "bookmark-start", "reference-mark", "reference-mark-start":
			b.anchor(c.attr("name"))
		case "annotation":
			if o.inNote {
				continue
			}
			o.formats.close(o.b)
			o.annotations = append(o.annotations, c)
			if name := c.attr("name"); name != "" {
				if o.openRanges == nil {
					o.openRanges = map[string]int{}
				}
				o.openRanges[name] = len(o.annotations) - 1
			} else {
				b.commentRef(len(o.annotations) - 1)
			}
		case "annotation-end":
			if i, ok := o.openRanges[c.attr("name")]; ok && !o.inNote {
				delete(o.openRanges, c.attr("name"))
				o.formats.close(o.b)
				b.commentRef(i)
			}
		case "change", "change-start":
			if ch, ok := o.changes[c.attr("change-id")]; ok && ch.deleted == (c.name == "change") {
				o.formats.close(o.b)
				if ch.deleted {
					if ch.text != "" {
						b.markChange("deleted")
						b.inlineText(ch.text)
						b.endChange()
					}
				} else {
					b.markChange("inserted")
				}
			}
		case "change-end":
			if ch, ok := o.changes[c.attr("change-id")]; ok && !ch.deleted {
				o.formats.close(o.b)
				b.endChange()
			}
		case "tracked-changes", "note-citation", "deletion":
		default:
			if c.name != "" {
				o.inline(c)
			}
		}
	}
}

// noteSection writes the notes section, then the comments section.
func (o *odf) noteSection() {
	o.inNote = true
	o.b.notesSection(len(o.notes), noteNumber, func(i int) {
		if n := o.notes[i]; n != nil {
			o.blocks(n)
		}
		o.formats.close(o.b)
	})
	o.b.commentsSection(len(o.annotations), func(i int) string {
		return collapseSpace(o.annotations[i].child("creator").textOf())
	}, func(i int) {
		o.blocks(o.annotations[i])
		o.formats.close(o.b)
	})
	o.inNote = false
}

// presentation reads the slides of an ODP.
func (o *odf) presentation(p *xnode) {
	b := o.b
	slide := 0
	for _, pg := range p.children {
		if pg.name != "page" {
			continue
		}
		slide++
		b.paragraphBreak()
		pb := b.openMarker(doc.Marker{Kind: doc.PageBreak, Label: strconv.Itoa(slide)})
		title := ""
		var titleFrame *xnode
		for _, f := range pg.children {
			if f.name == "frame" && f.attr("class") == "title" {
				title = collapseSpace(f.textOf())
				titleFrame = f
				break
			}
		}
		if title == "" {
			title = "Slide " + strconv.Itoa(slide)
		}
		b.heading(1, title)
		for _, f := range pg.children {
			if f == titleFrame || f.name == "notes" || f.name == "" {
				continue
			}
			switch f.name {
			case "frame":
				o.frame(f)
			case "custom-shape", "rect", "ellipse", "g":
				o.blocks(f)
			}
			b.paragraphBreak()
		}
		if notes := pg.child("notes"); notes != nil {
			var txt []*xnode
			notes.findAll("text-box", func(tb *xnode) { txt = append(txt, tb) })
			for _, tb := range txt {
				if strings.TrimSpace(tb.textOf()) == "" {
					continue
				}
				b.paragraphBreak()
				id := b.openMarker(doc.Marker{Kind: doc.Paragraph})
				b.inlineText("Notes:")
				o.inCell++
				o.blocks(tb)
				o.inCell--
				o.formats.close(o.b)
				b.closeMarker(id)
			}
		}
		b.closeMarker(pb)
	}
}

// sheets reads the sheets of an ODS, each a heading and a table.
func (o *odf) sheets(s *xnode) {
	b := o.b
	for _, t := range s.children {
		if t.name != "table" {
			continue
		}
		b.paragraphBreak()
		b.heading(1, t.attr("name"))
		o.table(t)
	}
}
