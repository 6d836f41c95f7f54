package docxreview

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Comment is a new comment to write: who wrote it and when (ISO 8601),
// its text (each line a paragraph), and the text of the document it is on
// (Anchor, whitespace counting as one space) with which occurrence of
// that text it is, from 0.
type Comment struct {
	Author     string `json:"author"`
	Date       string `json:"date"`
	Text       string `json:"text"`
	Anchor     string `json:"anchor"`
	Occurrence int    `json:"occurrence"`
}

// textMap is the visible text of a part, whitespace collapsed, with the
// place in the part of each of its bytes.
type textMap struct {
	text  strings.Builder
	where []spot // by byte of text
}

// spot is where a byte of the visible text comes from: an offset in the
// part inside the text of the w:t element elem, and the length of the
// source character (an entity is longer than its character).
type spot struct {
	at, size int
	elem     int
}

// visibleText maps the text a reader sees in the part t: w:t text outside
// deletions, a tab or break as a space, a space between paragraphs.
func visibleText(t *tree) *textMap {
	m := &textMap{}
	space := func(at int) {
		if s := m.text.String(); s != "" && !strings.HasSuffix(s, " ") {
			m.text.WriteByte(' ')
			m.where = append(m.where, spot{at: at, elem: -1})
		}
	}
	for i, e := range t.elems {
		switch e.local {
		case "p":
			space(e.start)
		case "tab", "br", "cr":
			if e.parent >= 0 && t.elems[e.parent].local == "r" {
				space(e.start)
			}
		case "t":
			if e.open == e.end || t.ancestor(i, "del", "moveFrom") {
				continue
			}
			src := t.src[e.open:e.close]
			for k := 0; k < len(src); {
				ch, n := entityAt(src, k)
				if n == 0 {
					r, size := utf8.DecodeRuneInString(src[k:])
					ch, n = string(r), size
				}
				if strings.TrimSpace(ch) == "" {
					space(e.open + k)
				} else {
					m.text.WriteString(ch)
					for range len(ch) {
						m.where = append(m.where, spot{at: e.open + k, size: n, elem: i})
					}
				}
				k += n
			}
		}
	}
	return m
}

// find is where the occurrence-th occurrence of anchor (from 0) is in the
// visible text, as byte offsets [start, end); the last occurrence when
// there are fewer; ok is false when there is none.
func (m *textMap) find(anchor string, occurrence int) (start, end int, ok bool) {
	text := m.text.String()
	anchor = strings.Join(strings.Fields(anchor), " ")
	if anchor == "" {
		return 0, 0, false
	}
	at, found := -1, 0
	for from := 0; from <= len(text); {
		i := strings.Index(text[from:], anchor)
		if i < 0 {
			break
		}
		at = from + i
		if found == occurrence {
			break
		}
		found++
		from = at + 1
	}
	if at < 0 {
		return 0, 0, false
	}
	start, end = at, at+len(anchor)
	// The ends are text, not the spaces between paragraphs.
	for start < end && m.where[start].elem < 0 {
		start++
	}
	for end > start && m.where[end-1].elem < 0 {
		end--
	}
	return start, end, start < end
}

// placement is the markup that puts comment id on the visible text
// [start, end) of m, as edits of the part t; prefix is the
// WordprocessingML prefix ("w").
func placement(t *tree, m *textMap, start, end int, id, prefix string) []edit {
	q := func(local string) string { return qualify(prefix, local) }
	rangeStart := "<" + q("commentRangeStart") + " " + q("id") + `="` + id + `"/>`
	rangeEnd := "<" + q("commentRangeEnd") + " " + q("id") + `="` + id + `"/><` + q("r") + "><" +
		q("commentReference") + " " + q("id") + `="` + id + `"/></` + q("r") + ">"
	first, last := m.where[start], m.where[end-1]
	edits := splitAt(t, first.elem, first.at, rangeStart, 1, true)
	return append(edits, splitAt(t, last.elem, last.at+last.size, rangeEnd, 0, false)...)
}

// splitAt puts markup at offset at of the text of w:t element te: before
// or after its run when at is that run's first or last text, else in the
// middle of the run, split in two with the same properties.
func splitAt(t *tree, te, at int, markup string, rank int, before bool) []edit {
	e := t.elems[te]
	run := e.parent
	if run < 0 || t.elems[run].local != "r" {
		return []edit{{start: at, end: at, text: markup, rank: rank}}
	}
	r := t.elems[run]
	kids := t.children(run)
	var content []int
	var props string
	for _, k := range kids {
		if t.elems[k].local == "rPr" {
			props = t.src[t.elems[k].start:t.elems[k].end]
			continue
		}
		content = append(content, k)
	}
	switch {
	case before && at == e.open && len(content) > 0 && content[0] == te:
		return []edit{{start: r.start, end: r.start, text: markup, rank: rank}}
	case !before && at == e.close && len(content) > 0 && content[len(content)-1] == te:
		return []edit{{start: r.end, end: r.end, text: markup, rank: rank}}
	}
	runTag := t.src[r.start:r.open]
	if strings.HasSuffix(runTag, "/>") {
		return nil
	}
	tTag := "<" + e.name + ` xml:space="preserve">`
	edits := []edit{{start: at, end: at, rank: rank,
		text: "</" + e.name + "></" + r.name + ">" + markup + runTag + props + tTag}}
	if _, ok := t.attr(te, "space"); !ok {
		// The text before the split keeps its spaces.
		edits = append(edits, edit{start: e.start, end: e.open, text: tTag})
	}
	return edits
}

func qualify(prefix, local string) string {
	if prefix == "" {
		return local
	}
	return prefix + ":" + local
}

// commentXML is a w:comment element for c with id; prefix is the
// WordprocessingML prefix.
func commentXML(c Comment, id, prefix string) string {
	q := func(local string) string { return qualify(prefix, local) }
	var b strings.Builder
	b.WriteString("<" + q("comment") + " " + q("id") + `="` + id + `" ` + q("author") + `="` + escape(c.Author) + `"`)
	if c.Date != "" {
		b.WriteString(" " + q("date") + `="` + escape(c.Date) + `"`)
	}
	b.WriteString(" " + q("initials") + `="` + escape(initials(c.Author)) + `">`)
	for i, line := range strings.Split(strings.TrimSpace(c.Text), "\n") {
		b.WriteString("<" + q("p") + ">")
		if i == 0 {
			b.WriteString("<" + q("r") + "><" + q("annotationRef") + "/></" + q("r") + ">")
		}
		b.WriteString("<" + q("r") + "><" + q("t") + ` xml:space="preserve">` + escape(strings.TrimRight(line, "\r")) +
			"</" + q("t") + "></" + q("r") + "></" + q("p") + ">")
	}
	b.WriteString("</" + q("comment") + ">")
	return b.String()
}

// initials are the first letters of a name's words ("Ann Author": "AA").
func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLetter(r) {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// nextCommentID is one more than the largest numeric comment id used in
// the parts given (w:comment, w:commentRangeStart, w:commentReference).
func nextCommentID(trees ...*tree) int {
	next := 0
	for _, t := range trees {
		if t == nil {
			continue
		}
		for i, e := range t.elems {
			switch e.local {
			case "comment", "commentRangeStart", "commentRangeEnd", "commentReference":
				if v, ok := t.attr(i, "id"); ok {
					if n, err := strconv.Atoi(v); err == nil && n >= next {
						next = n + 1
					}
				}
			}
		}
	}
	return next
}
