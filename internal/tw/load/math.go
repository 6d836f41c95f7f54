package load

import (
	"bytes"
	"encoding/xml"
	"strings"

	"golang.org/x/net/html"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/mathspeech"
)

// formula writes a formula as its words ("x squared") in a math marker
// whose label is the notation and whose reference is the source. Nothing
// is written for a formula with nothing to say. The words are in the
// language of p.
func (b *builder) formula(notation, source string, p *i18n.Printer) {
	source = strings.TrimSpace(source)
	if source == "" {
		return
	}
	b.formulaOf(notation, source, mathspeech.Parse(notation, source), p)
}

// formulaOf is formula for a formula already parsed into tree.
func (b *builder) formulaOf(notation, source string, tree *mathspeech.Node, p *i18n.Printer) {
	source = strings.TrimSpace(source)
	said := mathspeech.Speak(tree, p)
	if source == "" || said == "" {
		return
	}
	id := b.openMarker(doc.Marker{Kind: doc.Math, Label: notation, Reference: source})
	b.inlineText(said)
	b.closeMarker(id)
}

// mathPrinter is the printer formulas are said with in a document of the
// language tag lang ("de", "pt-BR"): that language when tw speaks it, else
// English.
func mathPrinter(lang string) *i18n.Printer {
	code, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	code, _, _ = strings.Cut(code, "_")
	return i18n.For(code)
}

// math reads a MathML <math> element: its words from the parsed element
// itself, its source the element as written; a display="block" formula
// is a block of its own.
func (w *htmlWalker) math(n *html.Node) {
	var src bytes.Buffer
	if err := html.Render(&src, n); err != nil {
		w.children(n)
		return
	}
	block := attr(n, "display") == "block"
	if block {
		w.paragraphBreak()
	}
	w.b.formulaOf(mathspeech.MathML, src.String(), mathspeech.MathMLTree(mathElement(n, 0)), nil)
	if block {
		w.paragraphBreak()
	}
}

// mathElement is an HTML parser's element as mathspeech reads it.
func mathElement(n *html.Node, depth int) *mathspeech.Element {
	if n.Type == html.TextNode {
		return &mathspeech.Element{Text: n.Data}
	}
	e := &mathspeech.Element{Name: n.Data}
	for _, a := range n.Attr {
		if e.Attrs == nil {
			e.Attrs = map[string]string{}
		}
		e.Attrs[a.Key] = a.Val
	}
	for c := n.FirstChild; c != nil && depth < maxHTMLDepth; c = c.NextSibling {
		if c.Type == html.ElementNode || c.Type == html.TextNode {
			e.Children = append(e.Children, mathElement(c, depth+1))
		}
	}
	return e
}

// source writes n back as XML (prefixes as the part wrote them), the
// source of an Office Math formula.
func (n *xnode) source() string {
	var b strings.Builder
	var write func(n *xnode, depth int)
	write = func(n *xnode, depth int) {
		if n.name == "" {
			_ = xml.EscapeText(&b, []byte(n.text))
			return
		}
		qname := n.name
		if n.space != "" {
			qname = n.space + ":" + n.name
		}
		b.WriteString("<" + qname)
		for _, a := range n.attrs {
			b.WriteByte(' ')
			if a.Name.Space != "" {
				b.WriteString(a.Name.Space + ":")
			}
			b.WriteString(a.Name.Local + `="`)
			_ = xml.EscapeText(&b, []byte(a.Value))
			b.WriteByte('"')
		}
		if len(n.children) == 0 {
			b.WriteString("/>")
			return
		}
		b.WriteByte('>')
		for _, c := range n.children {
			if depth < maxXMLDepth {
				write(c, depth+1)
			}
		}
		b.WriteString("</" + qname + ">")
	}
	write(n, 0)
	return b.String()
}
