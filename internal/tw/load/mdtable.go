package load

import (
	"bytes"
	"slices"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"textfirst/internal/tw/doc"
)

// goldmark builds a node for every table cell and another for its text,
// some 300 bytes a cell once the converter's markers are counted: a
// 1,500 × 1,500 table of 4.5 MB took 1.4 GB and most of twenty seconds.
// Large tables are therefore read by the loader itself, row by row, as
// goldmark reads them (the same cells, the same trimming, the same
// escaped pipes); a cell holding only plain text is written as it is, a
// cell with inline markup is parsed by goldmark on its own, as the one
// cell of a one-column table. FuzzMarkdownTables checks that the result is
// the same as goldmark's.
//
// A table is read this way only where a cut before it and after it
// changes nothing, under the rules of splitMarkdown: it starts after a
// blank line (or at the start) outside any fenced code block, every one of
// its lines starts with "|" (no line can then start another block or
// continue one before it), it ends at a blank line or the end, and the
// document has none of what makes splitMarkdown parse it whole (an HTML
// line, a "]:" that may define a link or a footnote used anywhere, an
// indented code fence).

// fastTableCells is the smallest table (rows × columns) the loader reads
// itself; smaller ones go to goldmark with the rest.
const fastTableCells = 4096

// mdPiece is a part of a Markdown document: parsed by goldmark, or a large
// table read by fastTable.
type mdPiece struct {
	src   []byte
	table bool
}

// cutTables cuts body around its large tables (minCells cells or more).
// It returns body as one piece when there is none, or when the document
// holds anything that makes cutting unsafe.
func cutTables(body []byte, minCells int) []mdPiece {
	whole := []mdPiece{{src: body}}
	var pieces []mdPiece
	start := 0
	var fenceChar byte
	fenceLen := 0
	prevBlank := true
	for off := 0; off < len(body); {
		line, next := lineAt(body, off)
		indent := 0
		for indent < len(line) && indent < 4 && line[indent] == ' ' {
			indent++
		}
		rest := line[indent:]
		switch {
		case fenceLen > 0:
			if indent < 4 && isClosingFence(rest, fenceChar, fenceLen) {
				fenceLen = 0
			}
		case indent < 4 && len(rest) > 0 && rest[0] == '<':
			return whole
		case bytes.Contains(line, []byte("]:")):
			return whole
		case indent < 4 && len(rest) > 0 && (rest[0] == '`' || rest[0] == '~'):
			if c, n := openingFence(rest); n > 0 {
				if indent > 0 {
					return whole
				}
				fenceChar, fenceLen = c, n
			}
		case prevBlank && len(line) > 0 && line[0] == '|':
			if end, cells := tableExtent(body, off); end > off && cells >= minCells {
				// The rest of the scan must still see every line (a "]:"
				// or "<" later on makes the cuts unsafe), but no line of
				// a table is one of those: "]:" and "<" inside cells are
				// checked here.
				if bytes.Contains(body[off:end], []byte("]:")) {
					return whole
				}
				if off > start {
					pieces = append(pieces, mdPiece{src: body[start:off]})
				}
				pieces = append(pieces, mdPiece{src: body[off:end], table: true})
				start = end
				off = end
				prevBlank = false
				continue
			}
		}
		prevBlank = isBlankLine(line) && fenceLen == 0
		off = next
	}
	if len(pieces) == 0 {
		return whole
	}
	if start < len(body) {
		pieces = append(pieces, mdPiece{src: body[start:]})
	}
	return pieces
}

// lineAt returns the line starting at off (without its newline) and the
// offset of the next one.
func lineAt(body []byte, off int) ([]byte, int) {
	end := bytes.IndexByte(body[off:], '\n')
	if end < 0 {
		return body[off:], len(body)
	}
	return body[off : off+end], off + end + 1
}

// isBlankLine is a line of spaces and tabs only: blank to goldmark too.
func isBlankLine(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// isMdSpace is goldmark's white space (util.IsSpace).
func isMdSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func trimMdSpace(b []byte) []byte {
	for len(b) > 0 && isMdSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isMdSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// tableExtent looks for a table at off, whose line starts with "|": a
// header row, a delimiter row with as many columns, then rows that each
// start with "|", up to a blank line or the end. It returns where the
// table ends (the start of the blank line, or the end of body) and its
// cells, or off when there is no such table.
func tableExtent(body []byte, off int) (end, cells int) {
	header, next := lineAt(body, off)
	if next >= len(body) {
		return off, 0
	}
	delim, next := lineAt(body, next)
	if len(delim) == 0 || delim[0] != '|' {
		return off, 0
	}
	cols := delimiterColumns(delim)
	if cols == 0 || countCells(header, cols, true) != cols {
		return off, 0
	}
	rows := 1
	pos := next
	for pos < len(body) {
		line, after := lineAt(body, pos)
		if isBlankLine(line) {
			break
		}
		if line[0] != '|' {
			return off, 0
		}
		rows++
		pos = after
	}
	if pos > len(body) {
		pos = len(body)
	}
	return pos, rows * cols
}

// delimiterColumns is the number of columns of a delimiter row
// ("|---|:-:|"), or 0 when line is not one; as goldmark's parseDelimiter.
func delimiterColumns(line []byte) int {
	allDash := true
	for _, c := range line {
		if c != '-' {
			allDash = false
		}
		if !(isMdSpace(c) || c == '-' || c == '|' || c == ':') {
			return 0
		}
	}
	if allDash {
		return 0
	}
	cols := bytes.Split(line, []byte{'|'})
	if len(trimMdSpace(cols[0])) == 0 {
		cols = cols[1:]
	}
	if len(cols) > 0 && len(trimMdSpace(cols[len(cols)-1])) == 0 {
		cols = cols[:len(cols)-1]
	}
	for _, col := range cols {
		col = trimMdSpace(col)
		col = bytes.TrimPrefix(col, []byte{':'})
		col = bytes.TrimSuffix(col, []byte{':'})
		if len(col) == 0 || len(bytes.Trim(col, "-")) != 0 {
			return 0
		}
	}
	return len(cols)
}

// rowCells calls cell for each cell of a row as goldmark's parseRow cuts
// it: the content trimmed of white space, cells past cols dropped (but in
// the header), missing ones given as nil.
func rowCells(line []byte, cols int, header bool, cell func(raw []byte)) {
	line = trimMdSpace(line)
	pos, limit := 0, len(line)
	if len(line) > 0 && line[pos] == '|' {
		pos++
	}
	if len(line) > 0 && line[limit-1] == '|' {
		limit--
	}
	i := 0
	for ; pos < limit; i++ {
		if i >= cols && !header {
			return
		}
		closure := pos
		for ; closure < limit; closure++ {
			if line[closure] == '|' && (closure == 0 || line[closure-1] != '\\') {
				break
			}
		}
		cell(trimMdSpace(line[pos:closure]))
		pos = closure + 1
	}
	for ; i < cols; i++ {
		cell(nil)
	}
}

func countCells(line []byte, cols int, header bool) int {
	n := 0
	rowCells(line, cols, header, func([]byte) { n++ })
	return n
}

// plainCell reports whether a cell's text has nothing goldmark's inline
// parsers act on: it is then one text node of itself.
func plainCell(raw []byte) bool {
	for _, c := range raw {
		switch c {
		case '\\', '`', '*', '_', '[', ']', '!', '<', '>', '&', '~', '|':
			return false
		}
	}
	return true
}

// fastTable converts a table cut by cutTables, as node converts the
// goldmark table it stands for.
func (c *mdConverter) fastTable(src []byte) {
	header, next := lineAt(src, 0)
	delim, next := lineAt(src, next)
	cols := delimiterColumns(delim)
	// Room for the table's and rows' markers at once: growing by appends
	// would allocate several times the final size. Cells of rows of plain
	// text get no markers: the document derives them from the row's text.
	rows := bytes.Count(src, []byte{'\n'}) + 1
	c.b.markers = slices.Grow(c.b.markers, 1+rows)
	c.blockBreak()
	tid := c.b.openMarker(doc.Marker{Kind: doc.Table})
	row := func(line []byte, isHeader bool) {
		c.cellIndex = 0
		rid := c.b.openRow(isHeader)
		plain := true
		rowCells(line, cols, isHeader, func(raw []byte) { plain = plain && plainCell(raw) })
		if plain {
			rowCells(line, cols, isHeader, c.derivedCell)
			c.b.deriveCells(rid)
		} else {
			rowCells(line, cols, isHeader, c.fastCell)
		}
		c.b.closeMarker(rid)
	}
	row(header, true)
	for pos := next; pos < len(src); {
		line, after := lineAt(src, pos)
		row(line, false)
		pos = after
	}
	c.b.closeMarker(tid)
	c.blockBreak()
}

// derivedCell writes a cell of plain text as fastCell does, without its
// marker: the row's cells are derived from its text (doc.NewDerived).
func (c *mdConverter) derivedCell(raw []byte) {
	if c.cellIndex > 0 {
		c.b.cellSeparator()
	}
	c.cellIndex++
	c.b.flush() // as openHere: an empty cell still has a place
	c.b.inlineBytes(raw)
}

func (c *mdConverter) fastCell(raw []byte) {
	id := c.b.openCell(c.cellIndex)
	c.cellIndex++
	c.html.inCell = true
	switch {
	case len(raw) == 0:
	case plainCell(raw):
		c.b.inlineBytes(raw)
	default:
		c.parsedCell(raw)
	}
	c.html.inCell = false
	c.b.closeMarker(id)
}

// parsedCell converts a cell with inline markup: goldmark parses it as the
// only cell of a one-column table, which it reads exactly as the same cell
// in a larger one.
func (c *mdConverter) parsedCell(raw []byte) {
	mini := make([]byte, 0, len(raw)+8)
	mini = append(append(append(mini, '|'), raw...), "|\n|-|\n"...)
	root := markdownParser().Parse(text.NewReader(mini))
	var cell ast.Node
	if t, ok := root.FirstChild().(*east.Table); ok {
		if h, ok := t.FirstChild().(*east.TableHeader); ok {
			cell = h.FirstChild()
		}
	}
	if cell == nil {
		// Not expected: a line starting with "|" and a delimiter row are
		// always a table.
		c.b.inlineBytes(raw)
		return
	}
	saved := c.src
	c.src = mini
	c.children(cell)
	c.src = saved
}
