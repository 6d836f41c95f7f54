package braille

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/mathspeech"
)

// Layout is the shape of a braille page.
type Layout struct {
	Cells int    // cells per line; 40 when 0
	Lines int    // lines per page; 25 when 0
	Table string // liblouis table; DefaultTable when ""
	// Math is the code formulas are written in, MathNemeth or MathUEB;
	// "" writes them as their words.
	Math string
	// Tables is how table rows are laid out: TablesLinear when "".
	Tables string
}

// The layouts of a table's rows in a BRF file.
const (
	// TablesLinear writes a row on a line of its own, its entries
	// separated by semicolons, runovers in cell 3.
	TablesLinear = "linear"
	// TablesListed writes a row's first entry in cell 1 as the row's
	// heading, then each other entry on a line of its own from cell 3,
	// after its column's heading and a colon; a header row is not
	// written, its headings being repeated with every entry (a table of
	// header rows alone is written as rows).
	TablesListed = "listed"
	// TablesStairstep writes each entry on a line of its own, each two
	// cells right of the one before (cells 1, 3, 5 and 7); a table of
	// more than four columns is listed instead.
	TablesStairstep = "stairstep"
)

// stairstepColumns is the most columns a stairstep table has.
const stairstepColumns = 4

// Settings is what a layout is read from: tw's settings store, or its
// defaults.
type Settings interface {
	Int(path string) int
	String(path string) string
}

// LayoutOf is the braille page, codes and table layout of the braille
// settings (braille.cells_per_line, braille.lines_per_page,
// braille.table, braille.math_code, braille.table_format).
func LayoutOf(s Settings) Layout {
	return Layout{Cells: s.Int("braille.cells_per_line"), Lines: s.Int("braille.lines_per_page"),
		Table: s.String("braille.table"), Math: s.String("braille.math_code"),
		Tables: s.String("braille.table_format")}
}

func (l Layout) withDefaults() Layout {
	if l.Cells <= 0 {
		l.Cells = 40
	}
	if l.Lines <= 0 {
		l.Lines = 25
	}
	if l.Table == "" {
		l.Table = DefaultTable
	}
	l.Cells = max(l.Cells, 12)
	l.Lines = max(l.Lines, 4)
	return l
}

// blockKind is how a block is laid out.
type blockKind uint8

const (
	paragraph   blockKind = iota // first line in cell 3, runovers in cell 1
	item                         // first line in cell 1, runovers in cell 3 (list items, table rows)
	centred                      // a level 1 or 2 heading, centred, a blank line before and after
	sideHeading                  // a deeper heading in cell 5, a blank line before
	entry                        // a table entry, its first line and runovers in the block's own cells
)

// block is one unit of the text to lay out, in print then in braille:
// its pieces, text and formulas in turn.
type block struct {
	kind   blockKind
	pieces []piece
	// first and rest are the indents of an entry's first line and
	// runovers.
	first, rest int
}

// tableRow is a table row of the text: its cells' ranges, whether it
// heads its table, and its table.
type tableRow struct {
	row    doc.Marker
	cells  [][2]int
	header bool
	table  *tableInfo
}

// tableInfo is what a table's rows share: its column headings, how many
// columns its widest row has, and how many rows it has besides its header
// rows.
type tableInfo struct {
	headings []string
	columns  int
	body     int
}

// piece is a run of a block's print, or a formula (whose print is its
// words).
type piece struct {
	print string
	math  *mathspeech.Node
}

// blocks cuts the canonical text into blocks: each heading, and each
// non-blank line of the text (a paragraph, a list item, a table row).
// With withMath, a formula is a piece of its own, parsed from its source.
//
// Table rows are laid out as tables says (TablesLinear when ""). A row
// that is not the whole of its line, its cells joined as loaders join
// them, keeps the line layout.
func blocks(d *doc.Document, withMath bool, tables string) []block {
	heads := map[int]doc.Marker{}
	items := map[int]bool{}
	rows := map[int]*tableRow{}
	var formulas []doc.Marker
	var table *tableInfo
	var row *tableRow
	for _, m := range d.All() {
		switch m.Kind {
		case doc.Heading:
			heads[m.Start] = m
		case doc.ListItem:
			items[m.Start] = true
		case doc.Table:
			table = &tableInfo{}
		case doc.TableRow:
			items[m.Start] = true
			if table == nil {
				table = &tableInfo{}
			}
			row = &tableRow{row: m, header: m.Label == doc.HeaderRow, table: table}
			rows[m.Start] = row
			if !row.header {
				table.body++
			}
		case doc.TableCell:
			if row != nil && m.Start >= row.row.Start && m.End <= row.row.End {
				row.cells = append(row.cells, [2]int{m.Start, m.End})
				row.table.columns = max(row.table.columns, len(row.cells))
				if row.header {
					row.table.headings = append(row.table.headings, strings.TrimSpace(d.Slice(m.Start, m.End)))
				}
			}
		case doc.Math:
			if withMath {
				formulas = append(formulas, m)
			}
		}
	}
	var out []block
	fi, taken := 0, 0 // taken: the end of the last formula taken
	// piecesIn cuts [start, end) into its text and the formulas in it,
	// trimmed of the spaces at either end.
	piecesIn := func(start, end int) []piece {
		var pieces []piece
		at := max(start, taken)
		for ; fi < len(formulas) && formulas[fi].Start < end; fi++ {
			m := formulas[fi]
			if m.Start < at { // nested in one already taken
				continue
			}
			pieces = append(pieces, piece{print: d.Slice(at, m.Start)}, piece{print: d.Slice(m.Start, m.End), math: mathspeech.Parse(m.Label, m.Reference)})
			at, taken = m.End, m.End
		}
		if at < end {
			pieces = append(pieces, piece{print: d.Slice(at, end)})
		}
		if len(pieces) == 0 {
			return nil
		}
		pieces[0].print = strings.TrimLeftFunc(pieces[0].print, unicode.IsSpace)
		last := &pieces[len(pieces)-1]
		last.print = strings.TrimRightFunc(last.print, unicode.IsSpace)
		return pieces
	}
	pos := 0
	for _, line := range strings.SplitAfter(d.Text, "\n") {
		start := pos
		pos += utf8.RuneCountInString(line)
		if strings.TrimSpace(line) == "" || taken >= pos {
			continue
		}
		r := rows[start]
		if r != nil && !r.wholeLine(d, line) {
			r = nil // laid out as the line it is, so that nothing of it is lost
		}
		if r != nil && tables != "" && tables != TablesLinear {
			out = append(out, r.entries(tables, piecesIn)...)
			continue
		}
		kind := paragraph
		if h, ok := heads[start]; ok {
			kind = sideHeading
			if h.Level <= 2 {
				kind = centred
			}
		} else if items[start] {
			kind = item
		}
		if r != nil {
			out = append(out, block{kind: item, pieces: r.linear(piecesIn)})
			continue
		}
		out = append(out, block{kind: kind, pieces: piecesIn(start, pos)})
	}
	return out
}

// wholeLine reports whether the row is the whole of line (the text of
// the line it starts), written as every loader writes a row: its cells
// one after the other, joined by doc.CellSeparator. Only then is it laid
// out as a table row.
func (r *tableRow) wholeLine(d *doc.Document, line string) bool {
	if len(r.cells) == 0 || r.cells[0][0] != r.row.Start || r.cells[len(r.cells)-1][1] != r.row.End {
		return false
	}
	sep := utf8.RuneCountInString(doc.CellSeparator)
	for i := 1; i < len(r.cells); i++ {
		if r.cells[i][0] != r.cells[i-1][1]+sep || d.Slice(r.cells[i-1][1], r.cells[i][0]) != doc.CellSeparator {
			return false
		}
	}
	return d.Slice(r.row.Start, r.row.End) == strings.TrimRight(line, "\r\n")
}

// linear is the row's entries as one line, separated by semicolons.
func (r *tableRow) linear(piecesIn func(start, end int) []piece) []piece {
	var out []piece
	for i, c := range r.cells {
		ps := piecesIn(c[0], c[1])
		if len(ps) == 0 {
			continue
		}
		if i > 0 && len(out) > 0 {
			out = append(out, piece{print: "; "})
		}
		out = append(out, ps...)
	}
	if len(out) == 0 {
		out = []piece{{}}
	}
	return joinPrints(out)
}

// entries is the row laid out listed or stairstep: an entry block for
// each of its cells that holds something.
func (r *tableRow) entries(tables string, piecesIn func(start, end int) []piece) []block {
	if tables == TablesStairstep && r.table.columns > stairstepColumns {
		tables = TablesListed
	}
	var out []block
	for i, c := range r.cells {
		ps := piecesIn(c[0], c[1])
		if len(ps) == 0 || len(ps) == 1 && ps[0].math == nil && ps[0].print == "" {
			continue
		}
		switch {
		case tables == TablesStairstep:
			out = append(out, block{kind: entry, pieces: ps, first: 2 * i, rest: 2*i + 2})
		case r.header && r.table.body > 0:
			// Listed: the headings come with every entry of the rows
			// below (a table of headings alone is listed as a row).
		case i == 0:
			out = append(out, block{kind: entry, pieces: ps, first: 0, rest: 2})
		default:
			if !r.header && i < len(r.table.headings) && r.table.headings[i] != "" {
				ps = joinPrints(append([]piece{{print: r.table.headings[i] + ": "}}, ps...))
			}
			out = append(out, block{kind: entry, pieces: ps, first: 2, rest: 4})
		}
	}
	return out
}

// joinPrints joins each run of text pieces into one, so liblouis
// translates a run whole.
func joinPrints(ps []piece) []piece {
	var out []piece
	for _, p := range ps {
		if n := len(out); n > 0 && p.math == nil && out[n-1].math == nil {
			out[n-1].print += p.print
			continue
		}
		out = append(out, p)
	}
	return out
}

// WriteBRF translates d into braille in layout's table and lays it out in
// BRF pages: lines of at most Cells cells ending in CR LF, pages of Lines
// lines ending in a form feed, the braille page number at the right of
// each page's last line. Headings of levels 1 and 2 are centred with a
// blank line before and after, deeper ones start in cell 5; paragraphs
// start in cell 3 with runovers in cell 1; list items and table rows
// start in cell 1 with runovers in cell 3, a table row's entries
// separated by semicolons or laid out as layout's Tables says. A heading
// is never the last line of a page. Formulas are written in layout's math code, or as their
// words when it has none.
func WriteBRF(ctx context.Context, d *doc.Document, layout Layout) ([]byte, error) {
	layout = layout.withDefaults()
	bs := blocks(d, layout.Math != "", layout.Tables)
	var prints []string
	var formulas []*mathspeech.Node
	for _, b := range bs {
		for _, p := range b.pieces {
			if p.math != nil {
				formulas = append(formulas, p.math)
			} else if p.print != "" {
				prints = append(prints, p.print)
			}
		}
	}
	brl, err := Translate(ctx, prints, layout.Table)
	if err != nil {
		return nil, err
	}
	mbrl, err := TranslateMath(ctx, formulas, layout.Math, layout.Table)
	if err != nil {
		return nil, err
	}
	p := &pager{layout: layout}
	for _, b := range bs {
		var line strings.Builder
		for _, pc := range b.pieces {
			switch {
			case pc.math != nil:
				line.WriteString(mbrl[0])
				mbrl = mbrl[1:]
			case pc.print != "":
				line.WriteString(brl[0])
				brl = brl[1:]
			}
		}
		p.block(b, line.String())
	}
	return []byte(p.finish()), nil
}

// pager fills braille pages.
type pager struct {
	layout Layout
	pages  [][]string
	page   []string
}

// room is how many lines the page has left for text: its last line holds
// the page number.
func (p *pager) room() int { return p.layout.Lines - 1 - len(p.page) }

func (p *pager) newPage() {
	p.pages = append(p.pages, p.page)
	p.page = nil
}

// blank adds a blank line, unless the page is empty or ends in one.
func (p *pager) blank() {
	if len(p.page) == 0 || p.page[len(p.page)-1] == "" {
		return
	}
	if p.room() <= 0 {
		p.newPage()
		return
	}
	p.page = append(p.page, "")
}

func (p *pager) line(s string) {
	if p.room() <= 0 {
		p.newPage()
	}
	p.page = append(p.page, s)
}

func (p *pager) block(b block, brl string) {
	cells := p.layout.Cells
	switch b.kind {
	case centred:
		lines := wrap(brl, cells-6, 0, 0)
		p.blank()
		if p.room() < len(lines)+2 {
			p.newPage()
		}
		for _, l := range lines {
			p.line(strings.Repeat(" ", (cells-len(l))/2) + l)
		}
		p.blank()
	case sideHeading:
		lines := wrap(brl, cells, 4, 4)
		p.blank()
		if p.room() < len(lines)+1 {
			p.newPage()
		}
		for _, l := range lines {
			p.line(l)
		}
	case item:
		for _, l := range wrap(brl, cells, 0, 2) {
			p.line(l)
		}
	case entry:
		for _, l := range wrap(brl, cells, b.first, b.rest) {
			p.line(l)
		}
	default:
		for _, l := range wrap(brl, cells, 2, 0) {
			p.line(l)
		}
	}
}

// finish numbers the pages and joins them.
func (p *pager) finish() string {
	if len(p.page) > 0 {
		p.newPage()
	}
	var b strings.Builder
	for i, page := range p.pages {
		for len(page) < p.layout.Lines-1 {
			page = append(page, "")
		}
		num := PageNumber(i + 1)
		page = append(page, strings.Repeat(" ", p.layout.Cells-len(num))+num)
		for _, l := range page {
			b.WriteString(strings.TrimRight(l, " "))
			b.WriteString("\r\n")
		}
		b.WriteString("\f")
	}
	return b.String()
}

// PageNumber is a braille page number in braille ASCII: the number sign
// and the digits as the letters a to j ("#a" for 1, "#aj" for 10).
func PageNumber(n int) string { return "#" + digitLetters(strconv.Itoa(n)) }

// wrap breaks braille into lines of at most width cells, the first
// indented first cells and the others rest cells, at spaces; a word
// longer than a line is cut.
func wrap(brl string, width, first, rest int) []string {
	var lines []string
	indent := first
	cur := ""
	flush := func() {
		lines = append(lines, strings.Repeat(" ", indent)+cur)
		indent, cur = rest, ""
	}
	for _, w := range strings.Fields(brl) {
		for indent+len(w) > width && cur == "" {
			n := max(width-indent, 1)
			cur = w[:n]
			w = w[n:]
			flush()
		}
		if w == "" {
			continue
		}
		switch {
		case cur == "":
			cur = w
		case indent+len(cur)+1+len(w) <= width:
			cur += " " + w
		default:
			flush()
			for indent+len(w) > width {
				n := max(width-indent, 1)
				cur = w[:n]
				w = w[n:]
				flush()
			}
			cur = w
		}
	}
	if cur != "" || len(lines) == 0 {
		flush()
	}
	return lines
}

type layoutKey struct{}

// WithLayout is ctx carrying the braille layout a BRF export uses (the
// braille settings of whoever asked for the export).
func WithLayout(ctx context.Context, l Layout) context.Context {
	return context.WithValue(ctx, layoutKey{}, l)
}

// LayoutFrom is the layout ctx carries, or the default one.
func LayoutFrom(ctx context.Context) Layout {
	l, _ := ctx.Value(layoutKey{}).(Layout)
	return l
}
