package mathspeech

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxDepth bounds the nesting the parsers follow; deeper groups are read
// as their text.
const maxDepth = 200

// ParseLaTeX reads LaTeX math (without the surrounding $ or \[ \]):
// fractions, scripts, roots, big operators with limits, \left \right
// groups, matrix environments, Greek letters and the common symbols.
// Unknown commands read as their names.
func ParseLaTeX(src string) *Node {
	p := &texParser{s: src}
	return finish(p.row(""))
}

type texParser struct {
	s     string
	i     int
	depth int
}

// row reads terms until the end, a closing brace, or one of the stop
// words ("&", "\\\\", "\\right", "\\end") when stop names the context.
func (p *texParser) row(stop string) *Node {
	p.depth++
	defer func() { p.depth-- }()
	r := row()
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return r
		}
		if p.atStop(stop) {
			return r
		}
		if p.s[p.i] == '}' {
			if stop == "}" {
				return r
			}
			p.i++ // an unbalanced brace
			continue
		}
		t := p.term(stop)
		if t == nil {
			continue
		}
		t = p.scripts(t, stop)
		r.Parts = append(r.Parts, t)
	}
}

// atStop reports whether the parser is at a word that ends a row in the
// context stop.
func (p *texParser) atStop(stop string) bool {
	rest := p.s[p.i:]
	switch stop {
	case "cell":
		return rest[0] == '&' || strings.HasPrefix(rest, `\\`) || strings.HasPrefix(rest, `\end`)
	case "right":
		return strings.HasPrefix(rest, `\right`)
	case ")", "]":
		return rest[0] == stop[0] || rest[0] == '}' || rest[0] == '&' || strings.HasPrefix(rest, `\\`) ||
			strings.HasPrefix(rest, `\right`) || strings.HasPrefix(rest, `\end`)
	}
	return false
}

func (p *texParser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r' || p.s[p.i] == '~') {
		p.i++
	}
}

// scripts reads the ^ and _ after base.
func (p *texParser) scripts(base *Node, stop string) *Node {
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return base
		}
		c := p.s[p.i]
		if c == '\'' {
			p.i++
			base = attach(base, 2, leaf(Operator, "′"))
			continue
		}
		if c != '^' && c != '_' {
			return base
		}
		p.i++
		p.skipSpace()
		arg := p.argument(stop)
		slot := 2
		if c == '_' {
			slot = 1
		}
		base = attach(base, slot, arg)
	}
}

// attach puts script in slot (1 sub, 2 sup) of base, making base a Script
// when it is not one with that slot free.
func attach(base *Node, slot int, script *Node) *Node {
	if base.Kind != Script || base.Parts[slot] != nil {
		base = &Node{Kind: Script, Parts: []*Node{base, nil, nil}}
	}
	base.Parts[slot] = script
	return base
}

// argument reads one argument: a braced group, a command, or one
// character.
func (p *texParser) argument(stop string) *Node {
	p.skipSpace()
	if p.i >= len(p.s) {
		return row()
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.group()
	case c >= '0' && c <= '9':
		p.i++
		return leaf(Number, string(c))
	case c == '\\':
		if t := p.term(stop); t != nil {
			return t
		}
		return row()
	}
	r, size := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += size
	return classify(r)
}

// group reads a braced group at p.i.
func (p *texParser) group() *Node {
	p.i++ // {
	if p.depth > maxDepth {
		start := p.i
		p.skipGroup()
		return leaf(Words, p.s[start:max(start, p.i-1)])
	}
	r := p.row("}")
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
	}
	return r
}

// skipGroup moves past the rest of a braced group.
func (p *texParser) skipGroup() {
	for n := 1; p.i < len(p.s) && n > 0; p.i++ {
		switch p.s[p.i] {
		case '{':
			n++
		case '}':
			n--
		}
	}
}

// rawGroup reads a braced group at p.i as text ("" when there is none).
func (p *texParser) rawGroup() string {
	p.skipSpace()
	if p.i >= len(p.s) || p.s[p.i] != '{' {
		return ""
	}
	p.i++
	start := p.i
	p.skipGroup()
	end := p.i - 1
	if end < start {
		end = start
	}
	return p.s[start:end]
}

// classify makes a term of one character.
func classify(r rune) *Node {
	switch {
	case unicode.IsLetter(r):
		return leaf(Ident, string(r))
	case unicode.IsDigit(r):
		return leaf(Number, string(r))
	}
	return leaf(Operator, string(r))
}

// term reads one term at p.i; nil when it was nothing to read (a
// spacing command, a label).
func (p *texParser) term(stop string) *Node {
	c := p.s[p.i]
	switch {
	case c == '{':
		return p.group()
	case c == '\\':
		return p.command(stop)
	case c >= '0' && c <= '9' || c == '.' && p.i+1 < len(p.s) && p.s[p.i+1] >= '0' && p.s[p.i+1] <= '9':
		j := p.i
		for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.' && j+1 < len(p.s) && p.s[j+1] >= '0' && p.s[j+1] <= '9') {
			j++
		}
		n := leaf(Number, p.s[p.i:j])
		p.i = j
		return n
	case (c == '(' || c == '[') && p.depth < maxDepth:
		return p.fenced(c)
	case c == '&' || c == '#' || c == '$':
		p.i++
		return nil
	}
	r, size := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += size
	return classify(r)
}

// fenced reads a group in parentheses or brackets. A group with no
// closing sign runs to where its row ends (an interval "[0, 1)" is read
// as it is written), so nothing is read twice.
func (p *texParser) fenced(open byte) *Node {
	close := ")"
	if open == '[' {
		close = "]"
	}
	p.i++
	body := p.row(close)
	if p.i < len(p.s) && strings.HasPrefix(p.s[p.i:], close) {
		p.i++
		return &Node{Kind: Fenced, Text: string(open) + close, Parts: []*Node{body}}
	}
	return &Node{Kind: Fenced, Text: string(open), Parts: []*Node{body}}
}

// command reads a command at p.i.
func (p *texParser) command(stop string) *Node {
	j := p.i + 1
	for j < len(p.s) && (p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z') {
		j++
	}
	if j == p.i+1 {
		// A control symbol: \{ \} \, \; \\ ...
		if j >= len(p.s) {
			p.i = j
			return nil
		}
		c := p.s[j]
		p.i = j + 1
		switch c {
		case '{', '}', '|', '%', '$', '#', '&', '_':
			return leaf(Operator, string(c))
		}
		return nil
	}
	name := p.s[p.i+1 : j]
	p.i = j
	switch name {
	case "frac", "dfrac", "tfrac", "cfrac":
		num := p.argument(stop)
		den := p.argument(stop)
		return &Node{Kind: Fraction, Parts: []*Node{num, den}}
	case "binom":
		top := p.argument(stop)
		bottom := p.argument(stop)
		return &Node{Kind: Fenced, Text: "()", Parts: []*Node{{Kind: Fraction, Text: binomial, Parts: []*Node{top, bottom}}}}
	case "sqrt":
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == '[' {
			end := strings.IndexByte(p.s[p.i:], ']')
			if end > 0 {
				index := ParseLaTeX(p.s[p.i+1 : p.i+end])
				p.i += end + 1
				return &Node{Kind: Root, Parts: []*Node{p.argument(stop), index}}
			}
		}
		return &Node{Kind: Sqrt, Parts: []*Node{p.argument(stop)}}
	case "left":
		return p.leftRight()
	case "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr":
		return nil
	case "begin":
		return p.environment()
	case "end":
		p.rawGroup()
		return nil
	case "label", "tag", "hspace", "vspace", "color":
		p.rawGroup()
		return nil
	case "text", "textrm", "textit", "textbf", "mbox", "operatorname":
		return leaf(Words, strings.TrimSpace(p.rawGroup()))
	case "mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal", "mathbb", "mathfrak", "boldsymbol", "displaystyle", "textstyle", "scriptstyle":
		if name == "displaystyle" || name == "textstyle" || name == "scriptstyle" {
			return nil
		}
		return p.argument(stop)
	case "overline", "bar", "hat", "widehat", "tilde", "widetilde", "vec", "dot", "ddot", "overrightarrow":
		base := p.argument(stop)
		return &Node{Kind: Over, Parts: []*Node{base, leaf(Operator, accentSigns[name])}}
	case "underline", "underbrace", "overbrace":
		return p.argument(stop)
	case "nonumber", "notag", "quad", "qquad", "limits", "nolimits", "cdotp":
		return nil
	}
	if sym, ok := texSymbols[name]; ok {
		return classify1(sym)
	}
	if functionNames[name] {
		return leaf(Ident, name)
	}
	// A macro of the document's own around words (\meta{optional
	// spaces}) stands for those words: prose, not letters to multiply.
	if p.i < len(p.s) && p.s[p.i] == '{' {
		if end := strings.IndexByte(p.s[p.i:], '}'); end > 0 {
			inner := p.s[p.i+1 : p.i+end]
			if strings.Contains(strings.TrimSpace(inner), " ") && !strings.ContainsAny(inner, "\\^_{$") {
				p.i += end + 1
				return leaf(Words, strings.Join(strings.Fields(inner), " "))
			}
		}
	}
	return leaf(Ident, name)
}

// classify1 is the term a symbol command stands for.
func classify1(sym string) *Node {
	r, _ := utf8.DecodeRuneInString(sym)
	if unicode.IsLetter(r) {
		return leaf(Ident, sym)
	}
	return leaf(Operator, sym)
}

// leftRight reads \left( ... \right) (the \left already read).
func (p *texParser) leftRight() *Node {
	open := p.delimiter()
	if p.depth > maxDepth {
		return leaf(Operator, open)
	}
	body := p.row("right")
	close := ""
	if strings.HasPrefix(p.s[p.i:], `\right`) {
		p.i += len(`\right`)
		close = p.delimiter()
	}
	return &Node{Kind: Fenced, Text: open + close, Parts: []*Node{body}}
}

// delimiter reads the sign after \left or \right ("." is none).
func (p *texParser) delimiter() string {
	p.skipSpace()
	if p.i >= len(p.s) {
		return ""
	}
	if p.s[p.i] == '\\' {
		j := p.i + 1
		for j < len(p.s) && (p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z') {
			j++
		}
		if j == p.i+1 && j < len(p.s) {
			j++
		}
		name := p.s[p.i+1 : j]
		p.i = j
		switch name {
		case "{", "lbrace":
			return "{"
		case "}", "rbrace":
			return "}"
		case "langle":
			return "⟨"
		case "rangle":
			return "⟩"
		case "|", "Vert":
			return "‖"
		}
		return ""
	}
	r, size := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += size
	if r == '.' {
		return ""
	}
	return string(r)
}

// matrixFences are the brackets of the matrix environments.
var matrixFences = map[string]string{
	"matrix": "", "smallmatrix": "", "array": "", "pmatrix": "()", "bmatrix": "[]", "Bmatrix": "{}",
	"vmatrix": "||", "Vmatrix": "‖‖", "cases": "{", "aligned": "", "align": "", "align*": "", "gathered": "",
	"split": "", "eqnarray": "", "gather": "", "gather*": "", "equation": "", "equation*": "",
	"multline": "", "multline*": "",
}

// environment reads \begin{name} ... \end{name} (the \begin already read).
func (p *texParser) environment() *Node {
	name := p.rawGroup()
	if name == "array" {
		p.rawGroup() // the column specification
	}
	fence, ok := matrixFences[name]
	if !ok || p.depth > maxDepth {
		body := p.row("cell")
		p.skipEnd()
		return body
	}
	m := &Node{Kind: Matrix}
	if lineEnvironments[name] {
		m.Text = "lines"
	}
	if name == "vmatrix" {
		m.Text = "determinant"
		fence = ""
	}
	r := &Node{Kind: MatrixRow}
	for {
		cell := p.row("cell")
		r.Parts = append(r.Parts, cell)
		if p.i >= len(p.s) || strings.HasPrefix(p.s[p.i:], `\end`) {
			break
		}
		if p.s[p.i] == '&' {
			p.i++
			continue
		}
		p.i += 2 // \\
		m.Parts = append(m.Parts, r)
		r = &Node{Kind: MatrixRow}
	}
	if len(r.Parts) > 1 || len(r.Parts) == 1 && !empty(r.Parts[0]) {
		m.Parts = append(m.Parts, r)
	}
	p.skipEnd()
	var out *Node = m
	if len(m.Parts) == 1 && len(m.Parts[0].Parts) == 1 {
		out = m.Parts[0].Parts[0] // an aligned block of one line
	}
	if fence != "" {
		return &Node{Kind: Fenced, Text: fence, Parts: []*Node{out}}
	}
	return out
}

// lineEnvironments hold equations one per line, aligned at "&".
var lineEnvironments = map[string]bool{
	"aligned": true, "align": true, "align*": true, "gathered": true, "split": true, "eqnarray": true,
	"gather": true, "gather*": true, "multline": true, "multline*": true,
}

// skipEnd moves past an \end{...}.
func (p *texParser) skipEnd() {
	if strings.HasPrefix(p.s[p.i:], `\end`) {
		p.i += len(`\end`)
		p.rawGroup()
	}
}

func empty(n *Node) bool { return n == nil || n.Kind == Row && len(n.Parts) == 0 }

// accentSigns are the marks the accent commands put over their argument.
var accentSigns = map[string]string{
	"overline": "¯", "bar": "¯", "hat": "^", "widehat": "^", "tilde": "~", "widetilde": "~",
	"vec": "→", "overrightarrow": "→", "dot": "˙", "ddot": "¨",
}

// functionNames are the commands that name functions (\sin, \log).
var functionNames = map[string]bool{
	"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true, "arcsin": true,
	"arccos": true, "arctan": true, "sinh": true, "cosh": true, "tanh": true, "log": true, "ln": true,
	"exp": true, "max": true, "min": true, "sup": true, "inf": true, "det": true, "gcd": true, "deg": true,
}

// texSymbols are the commands that stand for one sign.
var texSymbols = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
	"eta": "η", "theta": "θ", "vartheta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
	"xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "π", "rho": "ρ", "varrho": "ρ", "sigma": "σ", "varsigma": "ς",
	"tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
	"Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"sum": "∑", "prod": "∏", "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮", "bigcup": "⋃", "bigcap": "⋂",
	"lim": "lim", "times": "×", "cdot": "·", "div": "÷", "pm": "±", "mp": "∓", "leq": "≤", "le": "≤",
	"geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "approx": "≈", "equiv": "≡", "sim": "∼", "infty": "∞",
	"to": "→", "rightarrow": "→", "Rightarrow": "⇒", "leftarrow": "←", "iff": "⇔", "implies": "⇒",
	"partial": "∂", "nabla": "∇", "in": "∈", "notin": "∉", "subset": "⊂", "subseteq": "⊆", "cup": "∪",
	"cap": "∩", "forall": "∀", "exists": "∃", "emptyset": "∅", "ldots": "…", "cdots": "⋯", "dots": "…",
	"vdots": "⋮", "ddots": "⋱", "prime": "′", "circ": "∘", "degree": "°", "angle": "∠", "perp": "⊥",
	"parallel": "∥", "propto": "∝", "lt": "<", "gt": ">", "mid": "|", "ast": "∗", "star": "⋆",
	"hbar": "ℏ", "ell": "ℓ", "neg": "¬", "land": "∧", "lor": "∨", "wedge": "∧", "vee": "∨",
	"langle": "⟨", "rangle": "⟩", "lbrace": "{", "rbrace": "}", "lvert": "|", "rvert": "|", "vert": "|",
}
