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
	said := mathspeech.Speak(mathspeech.Parse(notation, source), p)
	if said == "" {
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

// math reads a MathML <math> element: its source is the element as
// written; a display="block" formula is a block of its own.
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
	w.b.formula(mathspeech.MathML, src.String(), nil)
	if block {
		w.paragraphBreak()
	}
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
