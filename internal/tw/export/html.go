package export

import (
	"fmt"
	"html"
	"strings"

	"textfirst/internal/tw/doc"
)

// writeHTML writes d as an accessible HTML5 document: its language, a title,
// the text in a main landmark, headings as h1-h6, lists, tables with header
// cells, links, and images with their alt text.
func writeHTML(d *doc.Document) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n</head>\n<body>\n<main>\n",
		esc(lang(d)), esc(title(d)))
	r := htmlWriter{d: d, b: &b}
	r.flow(tree(d), true)
	b.WriteString("</main>\n</body>\n</html>\n")
	return []byte(b.String())
}

type htmlWriter struct {
	d   *doc.Document
	b   *strings.Builder
	xml bool
	// ids gives headings ids h-1, h-2... (nav documents link to them).
	ids *int
	// img, if set, says how an image is written: its src, or "" to write
	// its alt text as a role="img" span.
	img func(src string) string
}

func esc(s string) string { return html.EscapeString(s) }

// flow writes a container's children: blocks as they are, and runs of
// inline text between them (as paragraphs when para).
func (r *htmlWriter) flow(n *node, para bool) {
	walkFlow(r.d, n, para, func(part []piece) {
		var b strings.Builder
		sub := htmlWriter{d: r.d, b: &b, xml: r.xml, ids: r.ids, img: r.img}
		for _, p := range part {
			sub.inlinePiece(p)
		}
		s := b.String()
		switch {
		case s == "":
		case para:
			fmt.Fprintf(r.b, "<p>%s</p>\n", s)
		default:
			r.b.WriteString(s)
		}
	}, r.block)
}

func (r *htmlWriter) block(n *node) {
	m := n.m
	switch m.Kind {
	case doc.Heading:
		l := min(max(m.Level, 1), 6)
		if r.ids != nil {
			*r.ids++
			fmt.Fprintf(r.b, "<h%d id=\"h-%d\">", l, *r.ids)
		} else {
			fmt.Fprintf(r.b, "<h%d>", l)
		}
		r.inline(n)
		fmt.Fprintf(r.b, "</h%d>\n", l)
	case doc.Paragraph:
		r.b.WriteString("<p>")
		r.inline(n)
		r.b.WriteString("</p>\n")
	case doc.List:
		tag, start := "ul", ""
		if ordered(n) {
			tag = "ol"
			if first, _ := firstItemNumber(n); first != 1 {
				start = fmt.Sprintf(" start=\"%d\"", first)
			}
		}
		fmt.Fprintf(r.b, "<%s%s>\n", tag, start)
		for _, c := range n.children {
			if c.m.Kind == doc.ListItem {
				r.b.WriteString("<li>")
				r.flow(c, false)
				r.b.WriteString("</li>\n")
			} else {
				r.block(c)
			}
		}
		fmt.Fprintf(r.b, "</%s>\n", tag)
	case doc.ListItem: // an item outside a list
		r.b.WriteString("<ul>\n<li>")
		r.flow(n, false)
		r.b.WriteString("</li>\n</ul>\n")
	case doc.Quote:
		r.b.WriteString("<blockquote>\n")
		r.flow(n, true)
		r.b.WriteString("</blockquote>\n")
	case doc.Code:
		class := ""
		if m.Label != "" {
			class = fmt.Sprintf(" class=\"language-%s\"", esc(m.Label))
		}
		fmt.Fprintf(r.b, "<pre><code%s>%s</code></pre>\n", class, esc(r.d.Slice(m.Start, m.End)))
	case doc.Table:
		r.table(n)
	case doc.TableRow, doc.TableCell:
		r.b.WriteString("<p>")
		r.inline(n)
		r.b.WriteString("</p>\n")
	case doc.Rule:
		r.b.WriteString(r.void("hr") + "\n")
	case doc.PageBreak:
		r.b.WriteString("<div role=\"doc-pagebreak\"></div>\n")
	case doc.Footnote:
		fmt.Fprintf(r.b, "<div id=\"fn-%s\">\n", esc(idOf(m.Reference)))
		r.flow(n, true)
		r.b.WriteString("</div>\n")
	default:
		r.flow(n, true)
	}
}

func idOf(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c < 128 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func (r *htmlWriter) void(tag string) string {
	if r.xml {
		return "<" + tag + "/>"
	}
	return "<" + tag + ">"
}

func (r *htmlWriter) table(n *node) {
	r.b.WriteString("<table>\n")
	head, body := headerRows(childrenOf(n, doc.TableRow))
	rows := func(tag, cell string, rs []*node) {
		if len(rs) == 0 {
			return
		}
		fmt.Fprintf(r.b, "<%s>\n", tag)
		for _, row := range rs {
			r.b.WriteString("<tr>")
			for _, c := range childrenOf(row, doc.TableCell) {
				attr := ""
				if cell == "th" {
					attr = ` scope="col"`
				}
				fmt.Fprintf(r.b, "<%s%s>", cell, attr)
				r.flow(c, false)
				fmt.Fprintf(r.b, "</%s>", cell)
			}
			r.b.WriteString("</tr>\n")
		}
		fmt.Fprintf(r.b, "</%s>\n", tag)
	}
	rows("thead", "th", head)
	rows("tbody", "td", body)
	r.b.WriteString("</table>\n")
}

// inline writes a node's content as inline HTML.
func (r *htmlWriter) inline(n *node) {
	for _, p := range pieces(r.d, n) {
		r.inlinePiece(p)
	}
}

func (r *htmlWriter) inlinePiece(p piece) {
	if p.child == nil {
		r.b.WriteString(strings.ReplaceAll(esc(p.text), "\n", r.void("br")+"\n"))
		return
	}
	n := p.child
	m := n.m
	wrap := func(open, close string) {
		r.b.WriteString(open)
		r.inline(n)
		r.b.WriteString(close)
	}
	switch m.Kind {
	case doc.Bold:
		wrap("<strong>", "</strong>")
	case doc.Italic:
		wrap("<em>", "</em>")
	case doc.Strikethrough:
		wrap("<s>", "</s>")
	case doc.Code:
		wrap("<code>", "</code>")
	case doc.Link:
		if runsScript(m.Reference) {
			r.inline(n)
			return
		}
		wrap(fmt.Sprintf("<a href=\"%s\">", esc(m.Reference)), "</a>")
	case doc.Image:
		alt := strings.Join(strings.Fields(r.d.Slice(m.Start, m.End)), " ")
		src := m.Reference
		if r.img != nil {
			if src = r.img(src); src == "" {
				fmt.Fprintf(r.b, "<span class=\"image\">%s</span>", esc(alt))
				return
			}
		}
		if r.xml {
			fmt.Fprintf(r.b, "<img src=\"%s\" alt=\"%s\"/>", esc(src), esc(alt))
		} else {
			fmt.Fprintf(r.b, "<img src=\"%s\" alt=\"%s\">", esc(src), esc(alt))
		}
	default:
		if isBlock(m) {
			r.block(n)
			return
		}
		r.inline(n)
	}
}

// runsScript reports whether following the address ref runs a script or
// shows a page made up by the address itself: a javascript:, vbscript: or
// data: address, spelled as a browser reads it (any case, blanks and
// control characters before it, tabs and line breaks anywhere). Written
// documents link to no such address; a link to one is written as its
// text alone.
func runsScript(ref string) bool {
	ref = strings.TrimLeftFunc(ref, func(r rune) bool { return r <= ' ' })
	ref = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(ref)
	scheme, _, ok := strings.Cut(ref, ":")
	if !ok {
		return false
	}
	switch strings.ToLower(scheme) {
	case "javascript", "vbscript", "data":
		return true
	}
	return false
}
