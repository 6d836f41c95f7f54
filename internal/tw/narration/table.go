package narration

import (
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/units"
)

// table narrates a table: "Table with N columns: A, B, C." from its header
// row, then each other row as "Row 1: A is x, B is y." ("Row 1 of 5: " at
// high verbosity, the cells alone at low), from the row holding pos on.
// It returns the table's end.
func (n *narrator) table(t doc.Marker, pos int) int {
	from := max(n.from, pos)
	// skip is a row outside the range, or one that began in what this
	// narration already said (a table overlapping the block before it).
	skip := func(r doc.Marker) bool {
		return r.End <= from || r.Start >= n.to || pos > n.from && r.Start < pos
	}
	var headers []doc.Marker
	var rows []doc.Marker
	last := t.Start
	for _, r := range n.ix.Within(doc.TableRow, t.Start, t.End) {
		if r.Start < last {
			continue // overlaps the row before: read once
		}
		last = max(r.End, r.Start+1)
		if r.Label == doc.HeaderRow && headers == nil && len(rows) == 0 {
			headers = n.cells(r)
			if t.Start >= from && n.v != Low {
				n.tableStart(t, r, headers)
				continue
			}
			if skip(r) {
				continue
			}
			n.say(units.Range{Start: r.Start, End: r.End}, n.row(r, nil, 0, 0))
			continue
		}
		rows = append(rows, r)
	}
	if headers == nil && len(rows) > 0 && t.Start >= from && n.v != Low {
		n.tableStart(t, rows[0], nil)
	}
	for i, r := range rows {
		if skip(r) {
			continue
		}
		n.say(units.Range{Start: r.Start, End: r.End}, n.row(r, headers, i+1, len(rows)))
	}
	return t.End
}

// tableStart says how many columns a table has, and their headers when
// the row first is its header row (headers not nil).
func (n *narrator) tableStart(t, first doc.Marker, headers []doc.Marker) {
	if headers == nil {
		cols := len(n.cells(first))
		n.say(units.Range{Start: t.Start, End: t.Start}, compose(n.p, t.Start, i18n.Key("Table with %d columns."), cols))
		return
	}
	var names [][]Piece
	for _, h := range headers {
		if r := n.trim(units.Range{Start: h.Start, End: h.End}); r.Len() > 0 {
			names = append(names, []Piece{n.docPiece(r.Start, r.End)})
		}
	}
	said := compose(n.p, first.Start, i18n.Key("Table with %d columns: %s."), len(headers), join(n.p, names))
	n.say(units.Range{Start: first.Start, End: first.End}, said)
}

// row is what a table row says: each cell after its column's header, and
// the row's number (at low verbosity, the cells alone). i is the row's
// number among the table's rows that are not its header, of total.
//
// A row that began before the range (a reading resumed inside it) is said
// from the range's start on, with no number: the cells before it are left
// out, and the cell holding it is said from there, without its header.
func (n *narrator) row(r doc.Marker, headers []doc.Marker, i, total int) []Piece {
	var cells [][]Piece
	partial := r.Start < n.from
	for j, c := range n.cells(r) {
		if partial && c.End <= n.from && c.Start < n.from {
			continue
		}
		cr := n.trim(units.Range{Start: max(c.Start, n.from), End: c.End})
		var value []Piece
		if cr.Len() > 0 {
			value = n.text(cr)
		}
		if n.v == Low || i == 0 || c.Start < n.from {
			if len(value) > 0 {
				cells = append(cells, value)
			}
			continue
		}
		header := ""
		if j < len(headers) {
			header = strings.Join(strings.Fields(n.d.Slice(headers[j].Start, headers[j].End)), " ")
		}
		switch {
		case header != "" && len(value) > 0:
			cells = append(cells, compose(n.p, cr.Start, i18n.Key("%s is %s"), repeated(header, cr.Start), value))
		case header != "":
			cells = append(cells, compose(n.p, cr.Start, i18n.Key("%s is blank"), repeated(header, cr.Start)))
		case len(value) > 0:
			cells = append(cells, value)
		default:
			cells = append(cells, compose(n.p, cr.Start, i18n.Key("blank")))
		}
	}
	body := join(n.p, cells)
	switch {
	case n.v == Low || i == 0 || partial:
		return body
	case n.v == High:
		return compose(n.p, r.Start, i18n.Key("Row %d of %d: %s."), i, total, body)
	}
	return compose(n.p, r.Start, i18n.Key("Row %d: %s."), i, body)
}

// cells are the cells of row r, an empty cell at the row's end included.
func (n *narrator) cells(r doc.Marker) []doc.Marker {
	ms := n.ix.Kind(doc.TableCell)
	var out []doc.Marker
	for i := ms.Search(func(m doc.Marker) bool { return m.Start >= r.Start }); i < ms.Len(); i++ {
		m := ms.At(i)
		if m.Start > r.End || (m.Start == r.End && m.End > m.Start) {
			break
		}
		if m.End <= r.End && (len(out) == 0 || m.Start >= out[len(out)-1].End && m != out[len(out)-1]) {
			out = append(out, m)
		}
	}
	return out
}
