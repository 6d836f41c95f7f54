package doc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"unicode/utf8"
)

// jsonDoc is the shape of `tw text FILE --to json`. Fields are declared in
// alphabetical order because encoding/json writes them in declaration order
// and the original sorts its keys.
type jsonDoc struct {
	Markers []jsonMarker `json:"markers"`
	Meta    jsonMeta     `json:"meta"`
	Text    string       `json:"text"`
}

type jsonMeta struct {
	Author   *string `json:"author"`
	Format   string  `json:"format"`
	Language *string `json:"language"`
	// Path is always null, as in the original's output: the JSON
	// describes the text, not where it was read from.
	Path       *string           `json:"path"`
	Properties map[string]string `json:"properties,omitempty"`
	Title      string            `json:"title"`
}

type jsonMarker struct {
	Column    int    `json:"column"`
	End       int    `json:"end"`
	Kind      Kind   `json:"kind"`
	Label     string `json:"label,omitempty"`
	Level     int    `json:"level,omitempty"`
	Line      int    `json:"line"`
	Range     [2]int `json:"range"`
	Reference string `json:"reference,omitempty"`
	Start     int    `json:"start"`
	Text      string `json:"text"`
}

// TextJSON renders a document as `tw text FILE --to json` does: an object
// with "markers", "meta" and "text", keys in alphabetical order, indented
// by one space per level, non-ASCII characters written as they are. Each
// marker has its kind, range (also as "start" and "end"), the 1-based line
// and column (in code points) of its start, the text it covers, and its
// label, level and reference when it has them.
func TextJSON(d *Document) ([]byte, error) {
	var buf bytes.Buffer
	if err := WriteTextJSON(&buf, d); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteTextJSON writes what TextJSON gives to w, markers one at a time: a
// table of millions of cells would otherwise hold a second copy of every
// marker (and its text) before the first byte is out. The bytes are what
// encoding/json writes for the whole (jsonDoc).
func WriteTextJSON(w io.Writer, d *Document) error {
	out := bufio.NewWriterSize(w, 64<<10)
	var one bytes.Buffer // one value at a time
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	encode := func(v any, prefix string) error {
		one.Reset()
		enc.SetIndent(prefix, " ")
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := out.Write(one.Bytes()[:one.Len()-1]) // not the encoder's newline
		return err
	}
	buf := out
	buf.WriteString("{\n \"markers\": [")
	lines := newLineCounter(d)
	n := 0
	for _, m := range d.All() {
		if n > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n  ")
		n++
		line, col := lines.at(m.Start)
		if err := encode(jsonMarker{
			Column:    col,
			End:       m.End,
			Kind:      m.Kind,
			Label:     m.Label,
			Level:     m.Level,
			Line:      line,
			Range:     [2]int{m.Start, m.End},
			Reference: m.Reference,
			Start:     m.Start,
			Text:      d.Slice(m.Start, m.End),
		}, "  "); err != nil {
			return err
		}
	}
	if n > 0 {
		buf.WriteString("\n ")
	}
	buf.WriteString("],\n \"meta\": ")
	if err := encode(jsonMeta{
		Author:     d.Meta.Author,
		Format:     d.Meta.Format,
		Language:   d.Meta.Language,
		Properties: d.Meta.Properties,
		Title:      d.Meta.Title,
	}, " "); err != nil {
		return err
	}
	buf.WriteString(",\n \"text\": ")
	if err := encode(d.Text, " "); err != nil {
		return err
	}
	buf.WriteString("\n}")
	return out.Flush()
}

// lineCounter finds the line and column of offsets. Markers are sorted by
// start, so it scans forward from the last answer and goes back to the
// beginning only when asked for an earlier offset.
type lineCounter struct {
	d         *Document
	pos, byte int // the last position asked, and its byte offset
	line, col int // its line and column, 1-based
}

func newLineCounter(d *Document) *lineCounter {
	return &lineCounter{d: d, line: 1, col: 1}
}

func (lc *lineCounter) at(pos int) (line, col int) {
	if pos < 0 {
		pos = 0
	}
	if pos > lc.d.Len() {
		pos = lc.d.Len()
	}
	if pos < lc.pos {
		lc.pos, lc.byte, lc.line, lc.col = 0, 0, 1, 1
	}
	target := lc.d.Byte(pos)
	text := lc.d.Text
	for lc.byte < target {
		r, size := utf8.DecodeRuneInString(text[lc.byte:])
		lc.byte += size
		if r == '\n' {
			lc.line++
			lc.col = 1
		} else {
			lc.col++
		}
	}
	lc.pos = pos
	return lc.line, lc.col
}
