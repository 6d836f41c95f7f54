package mathspeech

import "strings"

// ParseOMML reads Office Math (an m:oMath or m:oMathPara element, as Word
// writes it in DOCX): runs (m:r, m:t), fractions (m:f), scripts (m:sSup,
// m:sSub, m:sSubSup), radicals (m:rad), n-ary operators (m:nary), delimiters
// (m:d), matrices (m:m), functions (m:func), lower limits (m:limLow),
// accents and bars. Malformed input is read as its text.
func ParseOMML(src string) *Node {
	root, ok := parseXML(src)
	if !ok {
		return fallback(textOfKind(root, "t"))
	}
	n := finish(omml(root, 0))
	if !hasTerms(n) {
		return fallback(textOfKind(root, "t"))
	}
	return n
}

// textOfKind joins the text of the elements named name under e.
func textOfKind(e *Element, name string) string {
	var b strings.Builder
	var walk func(*Element, int)
	walk = func(e *Element, depth int) {
		if e.Name == name {
			b.WriteString(e.textOf())
			b.WriteByte(' ')
			return
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

// child is e's first element child named name, or nil.
func (e *Element) child(name string) *Element {
	for _, c := range e.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// prop is the m:val of the property name inside e's properties element
// (m:naryPr's m:chr), and whether it is given.
func (e *Element) prop(props, name string) (string, bool) {
	pr := e.child(props)
	if pr == nil {
		return "", false
	}
	c := pr.child(name)
	if c == nil {
		return "", false
	}
	v, ok := c.Attrs["val"]
	return v, ok
}

// omml converts an element and its content.
func omml(e *Element, depth int) *Node {
	if depth > maxDepth {
		return fallback(textOfKind(e, "t"))
	}
	part := func(name string) *Node {
		if c := e.child(name); c != nil {
			return omml(c, depth+1)
		}
		return nil
	}
	switch e.Name {
	case "r":
		if pr := e.child("rPr"); pr != nil && pr.child("nor") != nil {
			// Normal text inside the formula ("if", "otherwise").
			if t := strings.TrimSpace(textOfKind(e, "t")); t != "" {
				return leaf(Words, t)
			}
			return nil
		}
		return tokens(textOfKind(e, "t"))
	case "f":
		f := &Node{Kind: Fraction, Parts: []*Node{part("num"), part("den")}}
		if t, _ := e.prop("fPr", "type"); t == "noBar" {
			f.Text = binomial
		}
		return f
	case "sSup":
		return &Node{Kind: Script, Parts: []*Node{part("e"), nil, part("sup")}}
	case "sSub":
		return &Node{Kind: Script, Parts: []*Node{part("e"), part("sub"), nil}}
	case "sSubSup", "sPre":
		return &Node{Kind: Script, Parts: []*Node{part("e"), part("sub"), part("sup")}}
	case "rad":
		deg := part("deg")
		if hide, _ := e.prop("radPr", "degHide"); hide == "1" || hide == "on" || hide == "true" || empty(deg) {
			return &Node{Kind: Sqrt, Parts: []*Node{part("e")}}
		}
		return &Node{Kind: Root, Parts: []*Node{part("e"), deg}}
	case "nary":
		sign, ok := e.prop("naryPr", "chr")
		if !ok || sign == "" {
			sign = "∫"
		}
		op := &Node{Kind: BigOp, Text: sign, Parts: []*Node{part("sub"), part("sup"), part("e")}}
		if !bigOperators[sign] {
			op = &Node{Kind: Script, Parts: []*Node{leaf(Operator, sign), part("sub"), part("sup")}}
			return row(op, part("e"))
		}
		return op
	case "d":
		open, close := "(", ")"
		if v, ok := e.prop("dPr", "begChr"); ok {
			open = v
		}
		if v, ok := e.prop("dPr", "endChr"); ok {
			close = v
		}
		sep, ok := e.prop("dPr", "sepChr")
		if !ok {
			sep = "|"
		}
		body := row()
		n := 0
		for _, c := range e.Children {
			if c.Name != "e" {
				continue
			}
			if n > 0 {
				body.Parts = append(body.Parts, leaf(Operator, sep))
			}
			body.Parts = append(body.Parts, omml(c, depth+1))
			n++
		}
		return &Node{Kind: Fenced, Text: open + close, Parts: []*Node{body}}
	case "m":
		m := &Node{Kind: Matrix}
		for _, mr := range e.Children {
			if mr.Name != "mr" {
				continue
			}
			r := &Node{Kind: MatrixRow}
			for _, c := range mr.Children {
				if c.Name == "e" {
					r.Parts = append(r.Parts, omml(c, depth+1))
				}
			}
			m.Parts = append(m.Parts, r)
		}
		return m
	case "eqArr":
		m := &Node{Kind: Matrix}
		for _, c := range e.Children {
			if c.Name == "e" {
				m.Parts = append(m.Parts, &Node{Kind: MatrixRow, Parts: []*Node{omml(c, depth+1)}})
			}
		}
		return m
	case "func":
		fname := e.child("fName")
		if fname == nil {
			return part("e")
		}
		if low := fname.child("limLow"); low != nil {
			if op := omml(low, depth+1); op.Kind == BigOp {
				op.Parts[2] = part("e")
				return op
			}
		}
		name := strings.TrimSpace(strings.ReplaceAll(textOfKind(fname, "t"), " ", ""))
		return row(leaf(Ident, name), part("e"))
	case "limLow":
		base := part("e")
		if isLeaf(base) && base.Text == "lim" {
			return &Node{Kind: BigOp, Text: "lim", Parts: []*Node{part("lim"), nil, nil}}
		}
		return &Node{Kind: Script, Parts: []*Node{base, part("lim"), nil}}
	case "limUpp":
		return &Node{Kind: Over, Parts: []*Node{part("e"), part("lim")}}
	case "acc":
		mark, ok := e.prop("accPr", "chr")
		if !ok {
			mark = "\u0302"
		}
		return &Node{Kind: Over, Parts: []*Node{part("e"), leaf(Operator, mark)}}
	case "bar":
		return &Node{Kind: Over, Parts: []*Node{part("e"), leaf(Operator, "¯")}}
	case "t":
		return tokens(e.textOf())
	}
	if strings.HasSuffix(e.Name, "Pr") || e.Name == "" && e.Children == nil {
		return nil // properties, and text outside m:t
	}
	// oMath, oMathPara, e, num, den, sub, sup, deg, box, borderBox,
	// groupChr, phant, and what the reader does not know: the content.
	r := row()
	for _, c := range e.Children {
		if n := omml(c, depth+1); n != nil {
			r.Parts = append(r.Parts, n)
		}
	}
	return r
}
