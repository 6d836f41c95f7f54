package doc

import (
	"iter"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// A table of 1,500 × 1,500 cells has 2.25 million cell markers: 72 bytes
// each, 160 MB for a 4.5 MB file. A loader can instead leave out the cells
// of a row whose text is nothing but its cells joined by " | " (no cell
// holds a "|" or any marker of its own) and build the document with NewDerived: the
// document then gives those cells from the row's text when asked, the
// same markers in the same order, for no memory at all.

// derivedRow is a table row whose cells are derived from its text.
type derivedRow struct {
	at     int // index of the row in Document.markers
	before int // derived cells of the rows before this one
	cells  int
}

// rowCells caches the cell ranges of one derived row.
type rowCells struct {
	row    int     // index into Document.rows
	starts []int32 // start of each cell; its end is the next start - 3, or the row's end
}

// CellSeparator joins the cells of a table row in the canonical text;
// every loader writes a row as its cells joined by it.
const CellSeparator = " | "

// HeaderRow is the label of a table row that heads its table.
const HeaderRow = "header"

// NewDerived is New for a loader that stored no cell markers for some
// table rows: derived holds their indexes in markers. Their cells are
// their text split at each " | " (no cell may hold a "|" or a marker). A
// row whose cells would not sit right after it in document order (rows of
// empty cells at one place) gets its cells stored as markers instead.
func NewDerived(text string, meta Meta, markers []Marker, derived []int) *Document {
	d := &Document{Text: text, Meta: meta}
	d.idx = buildRuneIndex(text)
	isDerived := make(map[int]bool, len(derived))
	for _, i := range derived {
		if i >= 0 && i < len(markers) && markers[i].Kind == TableRow {
			isDerived[i] = true
		}
	}
	for {
		// Sort a permutation, to know where the derived rows went.
		perm := make([]int32, len(markers))
		for i := range perm {
			perm[i] = int32(i)
		}
		// Loaders mostly give markers in document order already: a look
		// at each neighbour spares the sort then.
		if !slices.IsSortedFunc(markers, compareMarkers) {
			sort.SliceStable(perm, func(a, b int) bool {
				return compareMarkers(markers[perm[a]], markers[perm[b]]) < 0
			})
		}
		d.markers, d.rows = makeMarkerList(markers), nil
		for _, p := range perm {
			d.markers.add(markers[p])
		}
		// unsafe holds the cells to store, by the index of their row.
		unsafe := map[int][]Marker{}
		before := 0
		for i, p := range perm {
			if !isDerived[int(p)] {
				continue
			}
			row := d.markers.at(i)
			n, last := 0, Marker{}
			for start, end := range d.cellsOf(row) {
				n++
				last = Marker{Kind: TableCell, Start: start, End: end}
			}
			if i+1 < d.markers.len() {
				if next := d.markers.at(i + 1); !(last.Start < next.Start || last.Start == next.Start && last.End > next.End) {
					delete(isDerived, int(p))
					for start, end := range d.cellsOf(row) {
						unsafe[int(p)] = append(unsafe[int(p)], Marker{Kind: TableCell, Start: start, End: end})
					}
					continue
				}
			}
			d.rows = append(d.rows, derivedRow{at: i, before: before, cells: n})
			before += n
		}
		if len(unsafe) == 0 {
			d.markers.seal()
			return d
		}
		// The cells go right after their row, where a loader storing
		// them would have put them: the order of markers that sort
		// alike is the order they were given in.
		grown := make([]Marker, 0, len(markers)+len(unsafe))
		moved := make(map[int]bool, len(isDerived))
		for i, m := range markers {
			if isDerived[i] {
				moved[len(grown)] = true
			}
			grown = append(grown, m)
			grown = append(grown, unsafe[i]...)
		}
		markers, isDerived = grown, moved
	}
}

// NumMarkers is the number of markers, derived cells included.
func (d *Document) NumMarkers() int {
	n := d.markers.len()
	if k := len(d.rows); k > 0 {
		n += d.rows[k-1].before + d.rows[k-1].cells
	}
	return n
}

// Marker returns marker i (0 <= i < NumMarkers()) in document order.
func (d *Document) Marker(i int) Marker {
	if len(d.rows) == 0 {
		return d.markers.at(i)
	}
	// The last derived row whose own index is before i.
	r := sort.Search(len(d.rows), func(r int) bool { return d.rows[r].at+d.rows[r].before >= i }) - 1
	if r < 0 {
		return d.markers.at(i)
	}
	row := d.rows[r]
	first := row.at + row.before + 1
	if i < first+row.cells {
		return d.cell(r, i-first)
	}
	return d.markers.at(i - row.before - row.cells)
}

// cell is cell k of derived row r.
func (d *Document) cell(r, k int) Marker {
	c := d.cellCache.Load()
	if c == nil || c.row != r {
		c = &rowCells{row: r, starts: d.cellStarts(d.markers.at(d.rows[r].at))}
		d.cellCache.Store(c)
	}
	row := d.markers.at(d.rows[r].at)
	end := row.End
	if k+1 < len(c.starts) {
		end = int(c.starts[k+1]) - len(CellSeparator)
	}
	return Marker{Kind: TableCell, Start: int(c.starts[k]), End: end}
}

// cellStarts is the start of each cell of a derived row.
func (d *Document) cellStarts(row Marker) []int32 {
	var starts []int32
	for start := range d.cellsOf(row) {
		starts = append(starts, int32(start))
	}
	return starts
}

// cellsOf yields the start and end of each cell of a derived row.
func (d *Document) cellsOf(row Marker) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		text := d.Slice(row.Start, row.End)
		pos := row.Start
		for {
			i := strings.Index(text, CellSeparator)
			if i < 0 {
				yield(pos, row.End)
				return
			}
			n := utf8.RuneCountInString(text[:i])
			if !yield(pos, pos+n) {
				return
			}
			pos += n + len(CellSeparator)
			text = text[i+len(CellSeparator):]
		}
	}
}

// All yields every marker with its index, in document order.
func (d *Document) All() iter.Seq2[int, Marker] {
	return func(yield func(int, Marker) bool) {
		next := 0 // the next derived row
		i := 0
		for at, m := range d.markers.each {
			if !yield(i, m) {
				return
			}
			i++
			if next < len(d.rows) && d.rows[next].at == at {
				next++
				for start, end := range d.cellsOf(m) {
					if !yield(i, Marker{Kind: TableCell, Start: start, End: end}) {
						return
					}
					i++
				}
			}
		}
	}
}

// Markers returns a copy of every marker in document order. It costs a
// marker's size for every derived cell: code that only reads them one by
// one uses All.
func (d *Document) Markers() []Marker {
	if len(d.rows) == 0 {
		return d.markers.all()
	}
	out := make([]Marker, 0, d.NumMarkers())
	for _, m := range d.All() {
		out = append(out, m)
	}
	return out
}
