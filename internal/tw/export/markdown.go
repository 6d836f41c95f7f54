package export

import (
	"strings"

	"textfirst/internal/tw/doc"
)

// writeMarkdown writes d as CommonMark with GitHub tables and strikethrough:
// headings, lists, quotes, code blocks, tables, links, images with their
// alt text, emphasis. Text is escaped so that it reads back as itself.
func writeMarkdown(d *doc.Document) []byte {
	w := mdWriter{d: d}
	blocks := w.flow(tree(d))
	return []byte(strings.Join(blocks, "\n"))
}

type mdWriter struct{ d *doc.Document }

// flow renders a container's children as blocks (each ending in "\n");
// inline text between blocks becomes a paragraph.
func (w mdWriter) flow(n *node) []string {
	var out []string
	// prev is the kind of list just written: a list of the same kind
	// right after it would join it, so it takes the other delimiter.
	prev, alt := "", false
	walkFlow(w.d, n, true, func(para []piece) {
		prev, alt = "", false
		var b strings.Builder
		for _, p := range para {
			w.inlinePiece(&b, p, true)
		}
		if s := b.String(); s != "" {
			out = append(out, s+"\n")
		}
	}, func(block *node) {
		var s string
		if block.m.Kind == doc.List {
			kind := "bullet"
			if ordered(block) {
				kind = "ordered"
			}
			alt = kind == prev && !alt
			prev = kind
			s = w.list(block, alt)
		} else {
			prev, alt = "", false
			s = w.block(block)
		}
		if s != "" {
			out = append(out, s)
		}
	})
	return out
}

func (w mdWriter) inline(n *node, breaks bool) string {
	var b strings.Builder
	for _, p := range trimRun(pieces(w.d, n)) {
		w.inlinePiece(&b, p, breaks)
	}
	return b.String()
}

func (w mdWriter) block(n *node) string {
	m := n.m
	switch m.Kind {
	case doc.Heading:
		l := min(max(m.Level, 1), 6)
		return strings.Repeat("#", l) + " " + strings.Join(strings.Fields(w.inline(n, false)), " ") + "\n"
	case doc.Paragraph, doc.TableRow, doc.TableCell:
		if s := w.inline(n, true); s != "" {
			return s + "\n"
		}
		return ""
	case doc.List:
		return w.list(n, false)
	case doc.ListItem:
		return w.item(n, "- ")
	case doc.Quote:
		return prefixLines(strings.Join(w.flow(n), "\n"), "> ", "> ")
	case doc.Code:
		text := w.d.Slice(m.Start, m.End)
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		return fence + m.Label + "\n" + strings.TrimSuffix(text, "\n") + "\n" + fence + "\n"
	case doc.Table:
		return w.table(n)
	case doc.Rule:
		return "---\n"
	case doc.PageBreak:
		return ""
	}
	return strings.Join(w.flow(n), "\n")
}

// list writes a list from its first number; alt writes it with the other
// delimiter (")" for ".", "*" for "-").
func (w mdWriter) list(n *node, alt bool) string {
	var b strings.Builder
	ord := ordered(n)
	num, suffix := firstItemNumber(n)
	num--
	bullet := "- "
	if alt {
		suffix, bullet = map[string]string{".": ")", ")": "."}[suffix], "* "
	}
	for _, c := range n.children {
		if c.m.Kind != doc.ListItem {
			b.WriteString(w.block(c))
			continue
		}
		mark := bullet
		if ord {
			num++
			mark = itoa(num) + suffix + " "
		}
		b.WriteString(w.item(c, mark))
	}
	return b.String()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func (w mdWriter) item(n *node, mark string) string {
	body := strings.Join(w.flow(n), "")
	if body == "" {
		body = "\n"
	}
	return prefixLines(body, mark, strings.Repeat(" ", len(mark)))
}

// prefixLines puts first before the first line and rest before the others.
func prefixLines(s, first, rest string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		if l == "" {
			lines[i] = strings.TrimRight(p, " ")
		} else {
			lines[i] = p + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

func (w mdWriter) table(n *node) string {
	var b strings.Builder
	first := true
	for _, row := range childrenOf(n, doc.TableRow) {
		var cells []string
		for _, c := range childrenOf(row, doc.TableCell) {
			cells = append(cells, strings.ReplaceAll(strings.Join(strings.Fields(w.inline(c, false)), " "), "|", `\|`))
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		if first {
			b.WriteString(strings.Repeat("| --- ", max(len(cells), 1)) + "|\n")
			first = false
		}
	}
	return b.String()
}

func (w mdWriter) inlinePiece(b *strings.Builder, p piece, breaks bool) {
	if p.child == nil {
		b.WriteString(mdEscape(p.text, breaks))
		return
	}
	n := p.child
	m := n.m
	switch m.Kind {
	case doc.Bold:
		b.WriteString("**" + w.inline(n, breaks) + "**")
	case doc.Italic:
		b.WriteString("*" + w.inline(n, breaks) + "*")
	case doc.Strikethrough:
		b.WriteString("~~" + w.inline(n, breaks) + "~~")
	case doc.Code:
		text := w.d.Slice(m.Start, m.End)
		ticks := "`"
		for strings.Contains(text, ticks) {
			ticks += "`"
		}
		if strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
			text = " " + text + " "
		}
		b.WriteString(ticks + text + ticks)
	case doc.Link:
		b.WriteString("[" + w.inline(n, breaks) + "](" + mdURL(m.Reference) + ")")
	case doc.Image:
		b.WriteString("![" + mdEscape(strings.Join(strings.Fields(w.d.Slice(m.Start, m.End)), " "), false) + "](" + mdURL(m.Reference) + ")")
	default:
		if isBlock(m) {
			b.WriteString(w.block(n))
			return
		}
		for _, q := range pieces(w.d, n) {
			w.inlinePiece(b, q, breaks)
		}
	}
}

func mdURL(u string) string {
	if u == "" || strings.ContainsAny(u, " ()<>") {
		return "<" + strings.NewReplacer("<", "%3C", ">", "%3E").Replace(u) + ">"
	}
	return u
}

// mdEscape escapes text so Markdown reads it as itself: punctuation that
// means something, and what would start a block at a line's start. With
// breaks, a line break stays one (a backslash before it); else it is a
// space.
func mdEscape(s string, breaks bool) string {
	var b strings.Builder
	lineStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			if breaks {
				b.WriteString("\\\n")
				lineStart = true
			} else {
				b.WriteByte(' ')
			}
			continue
		case strings.IndexByte("\\`*_[]<>!|~&", c) >= 0:
			b.WriteByte('\\')
		case lineStart && strings.IndexByte("#-+=>", c) >= 0:
			b.WriteByte('\\')
		case lineStart && c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j < len(s) && (s[j] == '.' || s[j] == ')') {
				b.WriteString(s[i:j])
				b.WriteByte('\\')
				i = j - 1
				lineStart = false
				continue
			}
		}
		if c != ' ' && c != '\t' {
			lineStart = false
		}
		b.WriteByte(c)
	}
	return b.String()
}
