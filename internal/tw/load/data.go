package load

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
)

// Format names of data files.
const (
	formatCSV  = "csv"
	formatTSV  = "tsv"
	formatJSON = "json"
)

// maxTableCells bounds the cells read from a sheet (CSV, TSV, XLSX, ODS):
// past it, the rest is left out and a last paragraph says how many rows
// were not shown. Each cell is a marker; a million of them is already
// 70 MB.
const maxTableCells = 500_000

// loadCSV loads comma-separated values as one table whose first row is the
// header; TSV (tab-separated) likewise.
func loadCSV(path string, data []byte) (*doc.Document, error) {
	return delimited(path, data, ',', formatCSV)
}

// loadTSV loads tab-separated values as one table.
func loadTSV(path string, data []byte) (*doc.Document, error) {
	return delimited(path, data, '\t', formatTSV)
}

func delimited(path string, data []byte, comma rune, format string) (*doc.Document, error) {
	src := decode(data)
	r := csv.NewReader(bytes.NewReader(src))
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = true
	b := newBuilder(len(src) + len(src)/2).limitTo(len(data))
	t := newSheet(b)
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				continue
			}
			break
		}
		if !t.row(rec) {
			// Count what is left without keeping it.
			for {
				if _, err := r.Read(); errors.Is(err, io.EOF) {
					break
				} else if err != nil {
					var pe *csv.ParseError
					if !errors.As(err, &pe) {
						break
					}
				}
				t.skipped++
			}
			break
		}
	}
	t.end()
	text, markers := b.finish()
	return doc.New(text, doc.Meta{Title: baseName(path), Format: format, Path: path}, markers), nil
}

// sheet writes a table row by row within the cell budget.
type sheet struct {
	b       *builder
	id      int
	open    bool
	rows    int
	cells   int
	skipped int
	header  bool // the first row is the header
}

func newSheet(b *builder) *sheet { return &sheet{b: b, header: true} }

// row adds a row; false when the budget is spent (the row is not added).
func (s *sheet) row(cells []string) bool {
	n := len(cells)
	for n > 0 && strings.TrimSpace(cells[n-1]) == "" {
		n--
	}
	if n == 0 {
		return true
	}
	if s.cells+n > maxTableCells {
		s.skipped++
		return false
	}
	b := s.b
	if !s.open {
		b.paragraphBreak()
		s.id = b.openMarker(doc.Marker{Kind: doc.Table})
		s.open = true
	}
	b.tableRow(s.rows == 0 && s.header, n, func(i int) { b.inlineText(cells[i]) })
	s.rows++
	s.cells += n
	return true
}

func (s *sheet) end() {
	if s.open {
		s.b.closeMarker(s.id)
		s.open = false
	}
	s.b.paragraphBreak()
	if s.skipped > 0 {
		id := s.b.openMarker(doc.Marker{Kind: doc.Paragraph})
		s.b.inlineText("(" + strconv.Itoa(s.skipped) + " more rows not shown.)")
		s.b.closeMarker(id)
		s.b.paragraphBreak()
	}
	s.rows, s.cells, s.skipped = 0, 0, 0
}

// maxJSONDepth bounds the nesting read; deeper values are summarized.
const maxJSONDepth = 64

// loadJSON loads JSON as a readable outline: an object's members are lines
// "key: value", a member holding an object or array is a heading (level
// by depth, at most 6) followed by its content; an array of plain values
// is a list, an array of objects or arrays gives a heading "Item N" to
// each. JSON that does not parse reads as plain text.
func loadJSON(path string, data []byte) (*doc.Document, error) {
	src := decode(data)
	if !json.Valid(src) {
		d, err := loadText(path, data)
		if d != nil {
			d.Meta.Format = formatJSON
		}
		return d, err
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	b := newBuilder(len(src)).limitTo(len(data))
	j := &jsonOutline{b: b, dec: dec}
	tok, err := dec.Token()
	if err == nil {
		j.value(tok, 0, "")
	}
	text, markers := b.finish()
	return doc.New(text, doc.Meta{Title: baseName(path), Format: formatJSON, Path: path}, markers), nil
}

type jsonOutline struct {
	b   *builder
	dec *json.Decoder
}

func scalarText(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		if v {
			return "true"
		}
		return "false"
	case json.Number:
		return v.String()
	case string:
		if v == "" {
			return `""`
		}
		return v
	}
	return ""
}

// value writes the value that starts with tok, under the heading key when
// it is a container.
func (j *jsonOutline) value(tok json.Token, depth int, key string) {
	b := j.b
	d, isDelim := tok.(json.Delim)
	if !isDelim {
		b.paragraphBreak()
		id := b.openMarker(doc.Marker{Kind: doc.Paragraph})
		if key != "" {
			b.inlineText(key + ": ")
		}
		b.inlineText(scalarText(tok))
		b.closeMarker(id)
		b.paragraphBreak()
		return
	}
	if key != "" {
		b.paragraphBreak()
		b.heading(min(depth, 6), key)
	}
	if depth > maxJSONDepth {
		// Too deep: skip the rest of this value.
		j.skip(1)
		return
	}
	switch d {
	case '{':
		lines := -1
		for j.dec.More() {
			kt, err := j.dec.Token()
			if err != nil {
				return
			}
			k, _ := kt.(string)
			vt, err := j.dec.Token()
			if err != nil {
				return
			}
			if _, c := vt.(json.Delim); c {
				if lines >= 0 {
					b.closeMarker(lines)
					lines = -1
				}
				j.value(vt, depth+1, k)
				continue
			}
			// Plain members are lines of one paragraph.
			if lines < 0 {
				b.paragraphBreak()
				lines = b.openMarker(doc.Marker{Kind: doc.Paragraph})
			} else {
				b.lineBreak()
			}
			b.inlineText(k + ": " + scalarText(vt))
		}
		if lines >= 0 {
			b.closeMarker(lines)
		}
		b.paragraphBreak()
		j.dec.Token() // '}'
	case '[':
		list := -1
		n := 0
		for j.dec.More() {
			vt, err := j.dec.Token()
			if err != nil {
				return
			}
			n++
			if _, c := vt.(json.Delim); c {
				if list >= 0 {
					b.closeMarker(list)
					list = -1
					b.paragraphBreak()
				}
				j.value(vt, depth+1, "Item "+strconv.Itoa(n))
				continue
			}
			if list < 0 {
				b.paragraphBreak()
				list = b.openMarker(doc.Marker{Kind: doc.List, Level: 1})
			}
			b.lineBreak()
			id := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: 1})
			b.inlineText(scalarText(vt))
			b.closeMarker(id)
		}
		if list >= 0 {
			b.closeMarker(list)
		}
		b.paragraphBreak()
		j.dec.Token() // ']'
	}
}

// skip reads tokens until depth open containers are closed.
func (j *jsonOutline) skip(depth int) {
	for depth > 0 {
		t, err := j.dec.Token()
		if err != nil {
			return
		}
		if d, ok := t.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
}
