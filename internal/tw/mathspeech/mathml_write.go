package mathspeech

import (
	"html"
	"strings"
)

// WriteMathML writes a formula's tree as presentation MathML, a <math>
// element in the MathML namespace: the form braille translators (and
// ParseMathML) take. Big operators are written with munderover, so that
// their limits sit under and over them; a fenced group as its signs in
// mo elements around an mrow.
func WriteMathML(n *Node) string {
	var b strings.Builder
	b.WriteString(`<math xmlns="http://www.w3.org/1998/Math/MathML">`)
	writeMathML(&b, n)
	b.WriteString("</math>")
	return b.String()
}

func writeMathML(b *strings.Builder, n *Node) {
	if n == nil {
		b.WriteString("<mrow></mrow>")
		return
	}
	elem := func(tag string, parts ...*Node) {
		b.WriteString("<" + tag + ">")
		for _, p := range parts {
			writeMathML(b, p)
		}
		b.WriteString("</" + tag + ">")
	}
	leafElem := func(tag, text string) {
		b.WriteString("<" + tag + ">" + html.EscapeString(text) + "</" + tag + ">")
	}
	switch n.Kind {
	case Ident:
		leafElem("mi", n.Text)
	case Number:
		leafElem("mn", n.Text)
	case Operator:
		leafElem("mo", n.Text)
	case Words:
		leafElem("mtext", n.Text)
	case Row:
		elem("mrow", n.Parts...)
	case Fraction:
		if n.Text == binomial { // its brackets are the Fenced group around it
			b.WriteString(`<mfrac linethickness="0">`)
			writeMathML(b, part(n, 0))
			writeMathML(b, part(n, 1))
			b.WriteString("</mfrac>")
			return
		}
		elem("mfrac", part(n, 0), part(n, 1))
	case Script:
		base, sub, sup := part(n, 0), part(n, 1), part(n, 2)
		switch {
		case sub != nil && sup != nil:
			elem("msubsup", base, sub, sup)
		case sub != nil:
			elem("msub", base, sub)
		case sup != nil:
			elem("msup", base, sup)
		default:
			writeMathML(b, base)
		}
	case Sqrt:
		elem("msqrt", part(n, 0))
	case Root:
		elem("mroot", part(n, 0), part(n, 1))
	case BigOp:
		lower, upper, operand := part(n, 0), part(n, 1), part(n, 2)
		b.WriteString("<mrow>")
		sign := leaf(Operator, n.Text)
		// An integral's limits are its scripts; a sum's stand under and
		// over it.
		under, over, underover := "munder", "mover", "munderover"
		if integrals[n.Text] {
			under, over, underover = "msub", "msup", "msubsup"
		}
		switch {
		case lower != nil && upper != nil:
			elem(underover, sign, lower, upper)
		case lower != nil:
			elem(under, sign, lower)
		case upper != nil:
			elem(over, sign, upper)
		default:
			writeMathML(b, sign)
		}
		if operand != nil {
			writeMathML(b, operand)
		}
		b.WriteString("</mrow>")
	case Fenced:
		open, closing := fenceSigns(n.Text)
		b.WriteString("<mrow>")
		if open != "" {
			leafElem("mo", open)
		}
		for _, p := range n.Parts {
			writeMathML(b, p)
		}
		if closing != "" {
			leafElem("mo", closing)
		}
		b.WriteString("</mrow>")
	case Matrix:
		if n.Text == "determinant" {
			b.WriteString("<mrow><mo>|</mo>")
		}
		if n.Text == "lines" {
			b.WriteString(`<mtable columnalign="right left">`) // aligned equations
		} else {
			b.WriteString("<mtable>")
		}
		for _, r := range n.Parts {
			b.WriteString("<mtr>")
			if r != nil {
				for _, c := range r.Parts {
					elem("mtd", c)
				}
			}
			b.WriteString("</mtr>")
		}
		b.WriteString("</mtable>")
		if n.Text == "determinant" {
			b.WriteString("<mo>|</mo></mrow>")
		}
	case MatrixRow:
		b.WriteString("<mtr>")
		for _, c := range n.Parts {
			elem("mtd", c)
		}
		b.WriteString("</mtr>")
	case Over:
		elem("mover", part(n, 0), part(n, 1))
	default:
		leafElem("mtext", n.Text)
	}
}

// fenceSigns splits a fenced group's Text into its opening and closing
// signs: "()" is "(" and ")", "|" alone opens and closes, "{" only opens.
func fenceSigns(s string) (open, closing string) {
	r := []rune(s)
	switch len(r) {
	case 0:
		return "", ""
	case 1:
		return string(r[0]), ""
	}
	return string(r[0]), string(r[1:])
}

// integrals are the big operators whose limits are written as scripts.
var integrals = map[string]bool{"∫": true, "∬": true, "∭": true, "∮": true}
