package export

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
)

// Mark is a bookmark, note or highlight of a document, with where it is:
// its line and the heading it comes under, and the text it marks.
type Mark struct {
	Kind         string // "bookmark", "note" or "highlight"
	ID           int
	Start, End   int
	Line         int    // 1-based
	Heading      string // the nearest heading before it, "" when none
	HeadingLevel int
	Quote        string // the marked text, on one line
	Text         string // a note's text, a bookmark's name
	Tags         []string
	Color        string
}

// Marks lists st's bookmarks, notes and highlights in document order.
func Marks(d *doc.Document, st *docstate.DocState) []Mark {
	var out []Mark
	one := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, b := range st.Bookmarks {
		out = append(out, Mark{Kind: "bookmark", Start: b.Char, End: b.Char, Text: b.Name})
	}
	for _, n := range st.Notes {
		c := ""
		if n.Color != nil {
			c = *n.Color
		}
		out = append(out, Mark{Kind: "note", ID: n.ID, Start: n.Start, End: n.End, Quote: one(d.Slice(n.Start, n.End)), Text: n.Text, Tags: n.Tags, Color: c})
	}
	for _, h := range st.Highlights {
		out = append(out, Mark{Kind: "highlight", ID: h.ID, Start: h.Start, End: h.End, Quote: one(d.Slice(h.Start, h.End)), Color: h.Color})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	heads := d.MarkersOf(doc.Heading)
	for i := range out {
		m := &out[i]
		m.Line = strings.Count(d.Slice(0, m.Start), "\n") + 1
		for _, h := range heads {
			if h.Start > m.Start {
				break
			}
			m.Heading, m.HeadingLevel = one(d.Slice(h.Start, h.End)), h.Level
		}
	}
	return out
}

// MarksMarkdown lists the marks as a Markdown list.
func MarksMarkdown(d *doc.Document, marks []Mark) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Marks of %s\n\n", mdEscape(title(d), false))
	for _, m := range marks {
		fmt.Fprintf(&b, "- %s, line %d", strings.ToUpper(m.Kind[:1])+m.Kind[1:], m.Line)
		if m.Heading != "" {
			fmt.Fprintf(&b, ", under %s", mdEscape(m.Heading, false))
		}
		if m.Quote != "" {
			fmt.Fprintf(&b, ": “%s”", mdEscape(m.Quote, false))
		}
		if m.Text != "" {
			fmt.Fprintf(&b, " — %s", mdEscape(strings.Join(strings.Fields(m.Text), " "), false))
		}
		if len(m.Tags) > 0 {
			fmt.Fprintf(&b, " (tags: %s)", mdEscape(strings.Join(m.Tags, ", "), false))
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// MarksCSV writes the marks as CSV (RFC 4180) with a header row.
func MarksCSV(marks []Mark) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"kind", "id", "start", "end", "line", "heading", "quote", "text", "tags", "color"})
	for _, m := range marks {
		w.Write([]string{m.Kind, strconv.Itoa(m.ID), strconv.Itoa(m.Start), strconv.Itoa(m.End), strconv.Itoa(m.Line),
			m.Heading, m.Quote, m.Text, strings.Join(m.Tags, ";"), m.Color})
	}
	w.Flush()
	return buf.Bytes()
}

// bibEscape keeps a BibTeX field's braces balanced and its specials literal.
func bibEscape(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.NewReplacer(`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "%", `\%`, "&", `\&`, "$", `\$`, "#", `\#`, "_", `\_`).Replace(s)
}

// MarksBibTeX writes each note and highlight as a @misc entry citing the
// document, with the quoted text, the note and its tags as keywords.
func MarksBibTeX(d *doc.Document, marks []Mark) []byte {
	var b strings.Builder
	for _, m := range marks {
		if m.Kind == "bookmark" {
			continue
		}
		fmt.Fprintf(&b, "@misc{tw-%s-%d,\n  title = {%s},\n", m.Kind, m.ID, bibEscape(title(d)))
		if d.Meta.Author != nil && *d.Meta.Author != "" {
			fmt.Fprintf(&b, "  author = {%s},\n", bibEscape(*d.Meta.Author))
		}
		if m.Quote != "" {
			fmt.Fprintf(&b, "  annote = {%s},\n", bibEscape(m.Quote))
		}
		note := fmt.Sprintf("%s, line %d", m.Kind, m.Line)
		if m.Heading != "" {
			note += ", under " + m.Heading
		}
		if m.Text != "" {
			note += ": " + m.Text
		}
		fmt.Fprintf(&b, "  note = {%s},\n", bibEscape(note))
		if len(m.Tags) > 0 {
			fmt.Fprintf(&b, "  keywords = {%s},\n", bibEscape(strings.Join(m.Tags, ", ")))
		}
		if d.Meta.Path != "" {
			fmt.Fprintf(&b, "  howpublished = {%s},\n", bibEscape(d.Meta.Path))
		}
		b.WriteString("}\n\n")
	}
	return []byte(b.String())
}

// MarksRIS writes each note and highlight as an RIS record (TY GEN).
func MarksRIS(d *doc.Document, marks []Mark) []byte {
	var b strings.Builder
	tag := func(t, v string) {
		if v = strings.Join(strings.Fields(v), " "); v != "" {
			fmt.Fprintf(&b, "%s  - %s\r\n", t, v)
		}
	}
	for _, m := range marks {
		if m.Kind == "bookmark" {
			continue
		}
		tag("TY", "GEN")
		tag("ID", fmt.Sprintf("tw-%s-%d", m.Kind, m.ID))
		tag("TI", title(d))
		if d.Meta.Author != nil {
			tag("AU", *d.Meta.Author)
		}
		tag("AB", m.Quote)
		note := fmt.Sprintf("%s, line %d", m.Kind, m.Line)
		if m.Heading != "" {
			note += ", under " + m.Heading
		}
		if m.Text != "" {
			note += ": " + m.Text
		}
		tag("N1", note)
		for _, k := range m.Tags {
			tag("KW", k)
		}
		tag("UR", d.Meta.Path)
		b.WriteString("ER  - \r\n\r\n")
	}
	return []byte(b.String())
}

// StudySheet is the notes and highlights in document order under their
// headings, each with its quoted text, the note and its tags, as
// Markdown. A mark's headings are the path to it (chapter, section, …),
// each written once, at levels that follow one another from 2.
func StudySheet(d *doc.Document, marks []Mark) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Study sheet: %s\n", mdEscape(title(d), false))
	heads := d.MarkersOf(doc.Heading)
	var written []doc.Marker // the heading path written last
	n := 0
	for _, m := range marks {
		if m.Kind == "bookmark" {
			continue
		}
		n++
		path := headingPath(heads, m.Start)
		same := 0
		for same < len(path) && same < len(written) && path[same] == written[same] {
			same++
		}
		for depth := same; depth < len(path); depth++ {
			text := strings.Join(strings.Fields(d.Slice(path[depth].Start, path[depth].End)), " ")
			fmt.Fprintf(&b, "\n%s %s\n", strings.Repeat("#", min(depth+2, 6)), mdEscape(text, false))
		}
		written = path
		b.WriteString("\n")
		if m.Quote != "" {
			fmt.Fprintf(&b, "> %s\n\n", mdEscape(m.Quote, false))
		}
		kind := "Highlight"
		if m.Kind == "note" {
			kind = "Note"
		}
		fmt.Fprintf(&b, "%s, line %d", kind, m.Line)
		if m.Color != "" {
			fmt.Fprintf(&b, " (%s)", mdEscape(m.Color, false))
		}
		if m.Text != "" {
			fmt.Fprintf(&b, ": %s", mdEscape(strings.Join(strings.Fields(m.Text), " "), false))
		}
		b.WriteString("\n")
		if len(m.Tags) > 0 {
			fmt.Fprintf(&b, "\nTags: %s\n", mdEscape(strings.Join(m.Tags, ", "), false))
		}
	}
	if n == 0 {
		b.WriteString("\nNo notes or highlights yet.\n")
	}
	return []byte(b.String())
}

// headingPath is the headings that hold pos, outermost first: each the
// last before pos of a level above the next.
func headingPath(heads []doc.Marker, pos int) []doc.Marker {
	var path []doc.Marker
	for _, h := range heads {
		if h.Start > pos {
			break
		}
		for len(path) > 0 && path[len(path)-1].Level >= h.Level {
			path = path[:len(path)-1]
		}
		path = append(path, h)
	}
	return path
}

// StudySheetHTML is the study sheet as an accessible HTML page.
func StudySheetHTML(d *doc.Document, marks []Mark) ([]byte, error) {
	sheet, err := load.Bytes("study-sheet.md", StudySheet(d, marks))
	if err != nil {
		return nil, err
	}
	sheet.Meta.Language = d.Meta.Language
	return writeHTML(sheet), nil
}
