package docxreview

import (
	"errors"
	"fmt"
	"strings"
)

// element is one element of a part, by the byte offsets of its tags in
// the part's text: the start tag is [start, open), the end tag [close,
// end); an empty element (<a/>) has open == close == end.
type element struct {
	name   string // qualified, as written ("w:ins")
	local  string // without the prefix ("ins")
	parent int    // index of the parent element, -1 for the root
	start  int
	open   int
	close  int
	end    int
}

// tree is a part's elements in document order (by start tag).
type tree struct {
	src   string
	elems []element
}

// errNotXML is the error of a part that is not well-formed enough to edit.
var errNotXML = errors.New("not well-formed XML")

// parseTree finds the elements of src. It reads only what editing needs:
// tags, with comments, processing instructions, CDATA sections and a
// doctype skipped; text is not decoded.
func parseTree(src string) (*tree, error) {
	t := &tree{src: src}
	var stack []int
	i := 0
	for {
		lt := strings.IndexByte(src[i:], '<')
		if lt < 0 {
			break
		}
		at := i + lt
		rest := src[at:]
		var skipTo string
		switch {
		case strings.HasPrefix(rest, "<!--"):
			skipTo = "-->"
		case strings.HasPrefix(rest, "<?"):
			skipTo = "?>"
		case strings.HasPrefix(rest, "<![CDATA["):
			skipTo = "]]>"
		case strings.HasPrefix(rest, "<!"):
			skipTo = ">"
		}
		if skipTo != "" {
			e := strings.Index(rest, skipTo)
			if e < 0 {
				return nil, fmt.Errorf("%w: unterminated markup at byte %d", errNotXML, at)
			}
			i = at + e + len(skipTo)
			continue
		}
		gt := tagEnd(src, at)
		if gt < 0 {
			return nil, fmt.Errorf("%w: unterminated tag at byte %d", errNotXML, at)
		}
		tag := src[at:gt]
		if strings.HasPrefix(tag, "</") {
			name := strings.TrimSpace(tag[2 : len(tag)-1])
			if len(stack) == 0 || t.elems[stack[len(stack)-1]].name != name {
				return nil, fmt.Errorf("%w: unexpected </%s> at byte %d", errNotXML, name, at)
			}
			e := &t.elems[stack[len(stack)-1]]
			e.close, e.end = at, gt
			stack = stack[:len(stack)-1]
			i = gt
			continue
		}
		name := tagName(tag)
		if name == "" {
			return nil, fmt.Errorf("%w: a tag with no name at byte %d", errNotXML, at)
		}
		parent := -1
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		e := element{name: name, local: localName(name), parent: parent, start: at, open: gt}
		if strings.HasSuffix(tag, "/>") {
			e.close, e.end = gt, gt
			t.elems = append(t.elems, e)
		} else {
			t.elems = append(t.elems, e)
			stack = append(stack, len(t.elems)-1)
		}
		i = gt
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("%w: <%s> is not closed", errNotXML, t.elems[stack[len(stack)-1]].name)
	}
	if len(t.elems) == 0 {
		return nil, fmt.Errorf("%w: no root element", errNotXML)
	}
	return t, nil
}

// tagEnd is the offset just after the '>' closing the tag at at, quotes
// respected; -1 when there is none.
func tagEnd(src string, at int) int {
	var quote byte
	for i := at + 1; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1
		}
	}
	return -1
}

// tagName is the qualified name of a start tag ("<w:p ...>" → "w:p").
func tagName(tag string) string {
	s := tag[1:]
	n := strings.IndexAny(s, " \t\r\n/>")
	if n < 0 {
		return ""
	}
	return s[:n]
}

func localName(name string) string {
	if i := strings.IndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}

func prefixOf(name string) string {
	if i := strings.IndexByte(name, ':'); i >= 0 {
		return name[:i]
	}
	return ""
}

// attr is the value of the attribute of element e whose local name is
// local (any prefix), entities decoded; ok is false when it has none.
func (t *tree) attr(e int, local string) (string, bool) {
	tag := t.src[t.elems[e].start:t.elems[e].open]
	rest := tag[1+len(t.elems[e].name):]
	for {
		rest = strings.TrimLeft(rest, " \t\r\n")
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			return "", false
		}
		name := strings.TrimSpace(rest[:eq])
		rest = strings.TrimLeft(rest[eq+1:], " \t\r\n")
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			return "", false
		}
		q := rest[0]
		end := strings.IndexByte(rest[1:], q)
		if end < 0 {
			return "", false
		}
		value := rest[1 : 1+end]
		rest = rest[2+end:]
		if localName(name) == local {
			return unescape(value), true
		}
	}
}

// ancestor reports whether an ancestor of e has one of the local names.
func (t *tree) ancestor(e int, locals ...string) bool {
	for p := t.elems[e].parent; p >= 0; p = t.elems[p].parent {
		for _, l := range locals {
			if t.elems[p].local == l {
				return true
			}
		}
	}
	return false
}

// children are the indexes of e's child elements, in order.
func (t *tree) children(e int) []int {
	var out []int
	for i := e + 1; i < len(t.elems) && t.elems[i].start < t.elems[e].end; i++ {
		if t.elems[i].parent == e {
			out = append(out, i)
		}
	}
	return out
}

// escape is s as XML text or an attribute value.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// unescape decodes the five named entities and character references;
// anything else is left as written.
func unescape(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := entityAt(s, i)
		if n == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString(r)
		i += n
	}
	return b.String()
}

// entityAt decodes the entity or character reference at s[i] ('&'):
// its text and length; n is 0 when there is none.
func entityAt(s string, i int) (text string, n int) {
	if s[i] != '&' {
		return "", 0
	}
	semi := strings.IndexByte(s[i:], ';')
	if semi < 2 || semi > 12 {
		return "", 0
	}
	ref := s[i+1 : i+semi]
	switch ref {
	case "amp":
		return "&", semi + 1
	case "lt":
		return "<", semi + 1
	case "gt":
		return ">", semi + 1
	case "quot":
		return `"`, semi + 1
	case "apos":
		return "'", semi + 1
	}
	if ref[0] == '#' {
		var v int
		var err error
		if len(ref) > 1 && (ref[1] == 'x' || ref[1] == 'X') {
			_, err = fmt.Sscanf(ref[2:], "%x", &v)
		} else {
			_, err = fmt.Sscanf(ref[1:], "%d", &v)
		}
		if err == nil && v > 0 && v <= 0x10FFFF {
			return string(rune(v)), semi + 1
		}
	}
	return "", 0
}
