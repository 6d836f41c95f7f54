package load

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// The tracked changes and comments of a Word document, as the loader
// records them in Meta.Properties for reviewing them:
//
//   - "textweaver.revisions": how many tracked changes there are;
//   - "textweaver.changes": a JSON array of DocChange, in reading order, as
//     the original textweaver writes it;
//   - "textweaver.change_parts": when a change is outside the main document
//     part (in the footnotes, say), a JSON array of the part of each change,
//     "" for the main part;
//   - "textweaver.comments": a JSON array of DocComment, in reading order;
//   - "textweaver.revisions_marked": "true" when the changes are written in
//     the text where they are (Options.Revisions marked).

// DocChange is one tracked change of a document: its Word id (w:id), the
// part it is in ("" for the main part, "word/footnotes.xml", ...; kept in
// "textweaver.change_parts", see ChangesOf), its kind
// ("inserted" or "deleted"), the range of the canonical text it covers
// (for a deletion read as the final text, an empty range where the text
// was), the text inserted or deleted, who made it and when (ISO 8601, as
// the document writes it; "" when not recorded).
type DocChange struct {
	ID    string `json:"id"`
	Part  string `json:"-"`
	Kind  string `json:"kind"`
	Range struct {
		Start int `json:"start"`
		End   int `json:"end"`
	} `json:"range"`
	Text   string `json:"text"`
	Author string `json:"author,omitempty"`
	Date   string `json:"date,omitempty"`
}

// DocComment is one comment of a document: its Word id, who wrote it and
// when, its text (paragraphs joined by a space), its reference in the text
// ("c1", written "[c1]" there) and the range of the canonical text it is
// on (from w:commentRangeStart to w:commentRangeEnd; the reference alone
// when the document marks no range).
type DocComment struct {
	ID     string `json:"id"`
	Ref    string `json:"ref"`
	Author string `json:"author,omitempty"`
	Date   string `json:"date,omitempty"`
	Text   string `json:"text"`
	Range  struct {
		Start int `json:"start"`
		End   int `json:"end"`
	} `json:"range"`
}

// ChangesOf are the tracked changes recorded in properties, each with its
// part; none when there are none or they cannot be read.
func ChangesOf(properties map[string]string) []DocChange {
	var out []DocChange
	if raw := properties["textweaver.changes"]; raw == "" || json.Unmarshal([]byte(raw), &out) != nil {
		return nil
	}
	var parts []string
	if raw := properties["textweaver.change_parts"]; raw != "" && json.Unmarshal([]byte(raw), &parts) == nil && len(parts) == len(out) {
		for i := range out {
			out[i].Part = parts[i]
		}
	}
	return out
}

// commentStartAnchor prefixes the builder anchor that places the start of
// a comment's range (w:commentRangeStart) where its first text goes.
const commentStartAnchor = "\x00comment-start:"

// docxReview gathers a Word document's changes and comment places while
// it is read.
type docxReview struct {
	part    string // the part being read (its name in the package), "" for the main one
	changes []DocChange
	spanOf  []int          // the builder span of each change (-1: none)
	ends    map[string]int // comment id → where its range ends
	refs    map[string]int // comment id → where its first reference ("[c1]") ends
	order   []string       // comment ids in the order of their references
}

// change records a tracked change read from element c, whose text is in
// the builder span span (-1 when it has none).
func (r *docxReview) change(c *xnode, kind, text string, span int) {
	ch := DocChange{ID: c.attr("id"), Part: r.part, Kind: kind, Text: text, Author: c.attr("author"), Date: c.attr("date")}
	r.changes = append(r.changes, ch)
	r.spanOf = append(r.spanOf, span)
}

// commentEnd records where the range of comment id ends.
func (r *docxReview) commentEnd(id string, at int) {
	if r.ends == nil {
		r.ends = map[string]int{}
	}
	if _, ok := r.ends[id]; !ok {
		r.ends[id] = at
	}
}

// commentRef records the reference to comment id, ending at at.
func (r *docxReview) commentRef(id string, at int) {
	if r.refs == nil {
		r.refs = map[string]int{}
	}
	if _, ok := r.refs[id]; !ok {
		r.refs[id] = at
		r.order = append(r.order, id)
	}
}

// properties are the document properties of the changes and comments
// read (nil when there are none), after b finished: the changes' ranges
// come from their spans, the comments' starts from their anchors.
func (r *docxReview) properties(b *builder, marked bool, comments map[string]*xnode) map[string]string {
	if len(r.changes) == 0 && len(r.order) == 0 {
		return nil
	}
	for i := range r.changes {
		if id := r.spanOf[i]; id >= 0 {
			s := b.spans[id]
			r.changes[i].Range.Start, r.changes[i].Range.End = s[0], s[1]
		}
	}
	props := map[string]string{}
	if len(r.changes) > 0 {
		props["textweaver.revisions"] = strconv.Itoa(len(r.changes))
		props["textweaver.changes"] = compactJSON(r.changes)
		parts := make([]string, len(r.changes))
		elsewhere := false
		for i, c := range r.changes {
			parts[i] = c.Part
			elsewhere = elsewhere || c.Part != ""
		}
		if elsewhere {
			props["textweaver.change_parts"] = compactJSON(parts)
		}
		if marked {
			props["textweaver.revisions_marked"] = "true"
		}
	}
	if len(r.order) > 0 {
		out := make([]DocComment, 0, len(r.order))
		for i, id := range r.order {
			n := comments[id]
			if n == nil {
				continue
			}
			c := DocComment{ID: id, Ref: commentNumber(i), Author: collapseSpace(n.attr("author")), Date: n.attr("date"), Text: paragraphsText(n)}
			ref := r.refs[id] - len(c.Ref) - 2 // "[c1]" starts here
			c.Range.Start, c.Range.End = ref, ref
			if at, ok := b.anchors[commentStartAnchor+id]; ok && at <= ref {
				c.Range.Start = at
				c.Range.End = at
				if end, ok := r.ends[id]; ok && end >= at {
					c.Range.End = end
				}
			}
			out = append(out, c)
		}
		props["textweaver.comments"] = compactJSON(out)
	}
	return props
}

// paragraphsText is the text of n's paragraphs, each collapsed, joined by
// a space.
func paragraphsText(n *xnode) string {
	var parts []string
	n.findAll("p", func(p *xnode) {
		if t := collapseSpace(textOfKind(p, "t")); t != "" {
			parts = append(parts, t)
		}
	})
	if len(parts) == 0 {
		return collapseSpace(textOfKind(n, "t"))
	}
	return strings.Join(parts, " ")
}

// compactJSON is v as one line of JSON, its HTML characters as they are.
func compactJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(buf.String())
}
