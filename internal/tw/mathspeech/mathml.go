package mathspeech

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode"
)

// Element is a parsed XML element: its local name, attributes by local
// name, and children; a text child has no Name, only Text. A MathML
// formula another parser already read (an HTML page's <math>) is given to
// MathMLTree in this form.
type Element struct {
	Name     string
	Attrs    map[string]string
	Children []*Element
	Text     string
}

// parseXML reads XML leniently (HTML entities, unclosed tags) into a tree
// under a nameless root, and whether it was well formed.
func parseXML(src string) (*Element, bool) {
	dec := xml.NewDecoder(strings.NewReader(src))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	dec.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	root := &Element{}
	stack := []*Element{root}
	for {
		tok, err := dec.Token()
		if err != nil {
			return root, errors.Is(err, io.EOF) && len(stack) == 1
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			e := &Element{Name: t.Name.Local}
			for _, a := range t.Attr {
				if e.Attrs == nil {
					e.Attrs = map[string]string{}
				}
				e.Attrs[a.Name.Local] = a.Value
			}
			top.Children = append(top.Children, e)
			if len(stack) < maxDepth {
				stack = append(stack, e)
			} else {
				stack = append(stack, &Element{})
			}
		case xml.EndElement:
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			top.Children = append(top.Children, &Element{Text: string(bytes.Clone(t))})
		}
	}
}

// textOf is the text of e and its descendants.
func (e *Element) textOf() string {
	var b strings.Builder
	var walk func(*Element, int)
	walk = func(e *Element, depth int) {
		if e.Name == "" {
			b.WriteString(e.Text)
		}
		for _, c := range e.Children {
			if depth < maxDepth {
				walk(c, depth+1)
			}
		}
	}
	walk(e, 0)
	return b.String()
}

// elements are e's element children.
func (e *Element) elements() []*Element {
	var out []*Element
	for _, c := range e.Children {
		if c.Name != "" {
			out = append(out, c)
		}
	}
	return out
}

// ParseMathML reads presentation MathML (a <math> element, or its
// content): tokens (mi, mn, mo, mtext), rows, fractions, scripts, roots,
// under- and overscripts, tables and fences. MathML that is not well
// formed, or has no element the reader knows, is read as its text content,
// never as nothing.
func ParseMathML(src string) *Node {
	root, ok := parseXML(src)
	if !ok {
		return fallback(root.textOf())
	}
	n := finish(mathml(root, 0))
	if !hasTerms(n) {
		return fallback(root.textOf())
	}
	return n
}

// MathMLTree reads a <math> element another parser read, as ParseMathML
// reads MathML source.
func MathMLTree(math *Element) *Node {
	root := &Element{Children: []*Element{math}}
	n := finish(mathml(root, 0))
	if !hasTerms(n) {
		return fallback(root.textOf())
	}
	return n
}

// fallback reads text as words: its runs of letters, digits and signs.
func fallback(text string) *Node {
	return finish(tokens(strings.Join(strings.Fields(text), " ")))
}

// tokens splits plain math text into terms: numbers, letters and signs.
func tokens(s string) *Node {
	r := row()
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case unicode.IsSpace(c):
		case unicode.IsDigit(c):
			j := i
			for j < len(rs) && (unicode.IsDigit(rs[j]) || rs[j] == '.' && j+1 < len(rs) && unicode.IsDigit(rs[j+1])) {
				j++
			}
			r.Parts = append(r.Parts, leaf(Number, string(rs[i:j])))
			i = j - 1
		default:
			r.Parts = append(r.Parts, classify(c))
		}
	}
	return r
}

// mathml converts an element and its content.
func mathml(e *Element, depth int) *Node {
	if depth > maxDepth {
		return fallback(e.textOf())
	}
	kids := e.elements()
	arg := func(i int) *Node {
		if i < len(kids) {
			return mathml(kids[i], depth+1)
		}
		return row()
	}
	switch e.Name {
	case "mi":
		return identifier(strings.TrimSpace(e.textOf()))
	case "mn":
		return leaf(Number, strings.TrimSpace(e.textOf()))
	case "mo":
		t := strings.TrimSpace(e.textOf())
		if t == "" || t == "\u2061" || t == "\u2062" || t == "\u2063" {
			return nil // invisible function application, times and separator
		}
		return leaf(Operator, t)
	case "mtext", "ms":
		if t := strings.TrimSpace(e.textOf()); t != "" {
			return leaf(Words, t)
		}
		return nil
	case "mspace", "mphantom", "annotation", "annotation-xml", "mprescripts", "none", "maligngroup", "malignmark":
		return nil
	case "semantics":
		return arg(0)
	case "mfrac":
		f := &Node{Kind: Fraction, Parts: []*Node{arg(0), arg(1)}}
		if t := strings.TrimSpace(e.Attrs["linethickness"]); t == "0" || t == "0pt" || t == "0em" {
			f.Text = binomial // a fraction without its bar: n over k in brackets
		}
		return f
	case "msup":
		return &Node{Kind: Script, Parts: []*Node{arg(0), nil, arg(1)}}
	case "msub":
		return &Node{Kind: Script, Parts: []*Node{arg(0), arg(1), nil}}
	case "msubsup":
		return &Node{Kind: Script, Parts: []*Node{arg(0), arg(1), arg(2)}}
	case "munder":
		base := arg(0)
		if isLeaf(base) && bigOperators[base.Text] {
			return &Node{Kind: Script, Parts: []*Node{base, arg(1), nil}}
		}
		return &Node{Kind: Script, Parts: []*Node{base, arg(1), nil}}
	case "mover":
		base := arg(0)
		if isLeaf(base) && bigOperators[base.Text] {
			return &Node{Kind: Script, Parts: []*Node{base, nil, arg(1)}}
		}
		return &Node{Kind: Over, Parts: []*Node{base, arg(1)}}
	case "munderover":
		return &Node{Kind: Script, Parts: []*Node{arg(0), arg(1), arg(2)}}
	case "msqrt":
		return &Node{Kind: Sqrt, Parts: []*Node{children(kids, depth)}}
	case "mroot":
		return &Node{Kind: Root, Parts: []*Node{arg(0), arg(1)}}
	case "mfenced":
		open, close := "(", ")"
		if v, ok := e.Attrs["open"]; ok {
			open = v
		}
		if v, ok := e.Attrs["close"]; ok {
			close = v
		}
		body := row()
		for i, k := range kids {
			if i > 0 {
				body.Parts = append(body.Parts, leaf(Operator, ","))
			}
			body.Parts = append(body.Parts, mathml(k, depth+1))
		}
		return &Node{Kind: Fenced, Text: open + close, Parts: []*Node{body}}
	case "mtable":
		m := &Node{Kind: Matrix}
		// Equations one per line, aligned at their relations, come as a
		// table whose columns align right then left (LaTeX's align).
		if strings.HasPrefix(e.Attrs["columnalign"], "right left") {
			m.Text = "lines"
		}
		for _, tr := range kids {
			r := &Node{Kind: MatrixRow}
			for _, td := range tr.elements() {
				if td.Name == "mtd" {
					r.Parts = append(r.Parts, children(td.elements(), depth+1))
				}
			}
			if tr.Name == "mtr" || tr.Name == "mlabeledtr" {
				m.Parts = append(m.Parts, r)
			}
		}
		return m
	case "mmultiscripts":
		return &Node{Kind: Script, Parts: []*Node{arg(0), arg(1), arg(2)}}
	}
	// math, mrow, mstyle, mpadded, menclose, merror, and elements the
	// reader does not know: their content in a row.
	if len(kids) == 0 {
		if t := strings.TrimSpace(e.textOf()); t != "" {
			return tokens(t)
		}
	}
	return children(kids, depth)
}

// children converts elements into one row.
func children(kids []*Element, depth int) *Node {
	r := row()
	for _, k := range kids {
		if n := mathml(k, depth+1); n != nil {
			r.Parts = append(r.Parts, n)
		}
	}
	return r
}

// identifier is an mi's content: a single letter, or a name ("sin").
func identifier(t string) *Node {
	if t == "" {
		return nil
	}
	return leaf(Ident, t)
}
