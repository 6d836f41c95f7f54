package mathspeech

import (
	"strings"

	"golang.org/x/text/unicode/norm"

	"textfirst/internal/tw/i18n"
)

// Speak says a formula in words in p's language (English when p is nil):
// "a over b", "x squared", "the square root of x, end root", "pi r
// squared", "the sum from i equals 1 to n of i". The rules are ClearSpeak's
// in spirit: simple parts are said plainly, and a part that holds more
// than one term is closed ("end root") so the listener knows where it ends.
func Speak(n *Node, p *i18n.Printer) string { return SpeakAt(n, p, Normal) }

// Verbosity is how explicit spoken math is (normalization.math_verbosity).
type Verbosity string

const (
	// Low says fractions, roots and powers shortly, never where they end:
	// "a plus b over 2", "the square root of x plus 1".
	Low Verbosity = "low"
	// Normal closes a part only when it holds more than one term (Speak).
	Normal Verbosity = "normal"
	// High says where every fraction and root starts and ends, and where
	// every power that is not a square or a cube ends: "start fraction a
	// over b end fraction", "start root x end root".
	High Verbosity = "high"
)

// SpeakAt is Speak at verbosity v; an unknown v is Normal.
func SpeakAt(n *Node, p *i18n.Printer, v Verbosity) string {
	if p == nil {
		p = i18n.For("en")
	}
	if v != Low && v != High {
		v = Normal
	}
	return strings.Join(strings.Fields((&speaker{p: p, v: v}).say(n)), " ")
}

type speaker struct {
	p *i18n.Printer
	v Verbosity
}

// closes reports whether a part is said with where it ends: always at
// High, never at Low, at Normal when it holds more than one term.
func (s *speaker) closes(oneTerm bool) bool {
	switch s.v {
	case High:
		return true
	case Low:
		return false
	}
	return !oneTerm
}

func (s *speaker) say(n *Node) string {
	if n == nil {
		return ""
	}
	p := s.p
	switch n.Kind {
	case Ident:
		return s.identifier(n.Text)
	case Number, Words:
		return n.Text
	case Operator:
		return s.sign(n.Text)
	case Row:
		parts := make([]string, 0, len(n.Parts))
		for _, c := range n.Parts {
			if t := s.say(c); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, " ")
	case Fraction:
		num, den := part(n, 0), part(n, 1)
		if n.Text == binomial {
			return p.Sprintf(i18n.Key("%s choose %s"), s.say(num), s.say(den))
		}
		switch {
		case s.v == High:
			return p.Sprintf(i18n.Key("start fraction %s over %s end fraction"), s.say(num), s.say(den))
		case !s.closes(simple(num) && simple(den)):
			return p.Sprintf(i18n.Key("%s over %s"), s.say(num), s.say(den))
		}
		return p.Sprintf(i18n.Key("the fraction %s over %s, end fraction"), s.say(num), s.say(den))
	case Script:
		return s.script(n)
	case Sqrt:
		body := part(n, 0)
		switch {
		case s.v == High:
			return p.Sprintf(i18n.Key("start root %s end root"), s.say(body))
		case !s.closes(isLeaf(body)):
			return p.Sprintf(i18n.Key("the square root of %s"), s.say(body))
		}
		return p.Sprintf(i18n.Key("the square root of %s, end root"), s.say(body))
	case Root:
		body, index := part(n, 0), part(n, 1)
		if index != nil && index.Kind == Number && index.Text == "3" {
			switch {
			case s.v == High:
				return p.Sprintf(i18n.Key("start cube root %s end root"), s.say(body))
			case !s.closes(isLeaf(body)):
				return p.Sprintf(i18n.Key("the cube root of %s"), s.say(body))
			}
			return p.Sprintf(i18n.Key("the cube root of %s, end root"), s.say(body))
		}
		return p.Sprintf(i18n.Key("the root of index %s of %s, end root"), s.say(index), s.say(body))
	case BigOp:
		return s.bigOp(n)
	case Fenced:
		return s.fenced(n)
	case Matrix:
		return s.matrix(n)
	case MatrixRow:
		cells := make([]string, 0, len(n.Parts))
		for _, c := range n.Parts {
			cells = append(cells, s.say(c))
		}
		return strings.Join(cells, ", ")
	case Over:
		base, mark := part(n, 0), part(n, 1)
		if key, ok := accentKeys[markText(mark)]; ok {
			return p.Sprintf(key, s.say(base))
		}
		return p.Sprintf(i18n.Key("%s with %s above"), s.say(base), s.say(mark))
	}
	return ""
}

// simple reports whether n is said in one go: one term, or nothing.
func simple(n *Node) bool { return isLeaf(n) || empty(n) }

// part is n's part i, or nil.
func part(n *Node, i int) *Node {
	if i < len(n.Parts) {
		return n.Parts[i]
	}
	return nil
}

func markText(n *Node) string {
	if isLeaf(n) {
		return n.Text
	}
	return ""
}

// accentKeys say a base with a mark over it.
var accentKeys = map[string]string{
	"¯": i18n.Key("%s bar"), "‾": i18n.Key("%s bar"), "_": i18n.Key("%s bar"), "\u0305": i18n.Key("%s bar"),
	"^": i18n.Key("%s hat"), "ˆ": i18n.Key("%s hat"), "\u0302": i18n.Key("%s hat"),
	"→": i18n.Key("vector %s"), "\u20d7": i18n.Key("vector %s"),
}

// script says a base with a subscript, a superscript or both.
func (s *speaker) script(n *Node) string {
	p := s.p
	base, sub, sup := part(n, 0), part(n, 1), part(n, 2)
	said := s.say(base)
	if sub != nil {
		said = p.Sprintf(i18n.Key("%s sub %s"), said, s.say(sub))
	}
	if sup == nil {
		return said
	}
	switch {
	case sup.Kind == Number && sup.Text == "2":
		return p.Sprintf(i18n.Key("%s squared"), said)
	case sup.Kind == Number && sup.Text == "3":
		return p.Sprintf(i18n.Key("%s cubed"), said)
	case sup.Kind == Operator && (sup.Text == "′" || sup.Text == "'"):
		return p.Sprintf(i18n.Key("%s prime"), said)
	case !s.closes(isLeaf(sup)):
		return p.Sprintf(i18n.Key("%s to the power of %s"), said, s.say(sup))
	}
	return p.Sprintf(i18n.Key("%s to the power of %s, end power"), said, s.say(sup))
}

// bigOpNames name the big operators.
var bigOpNames = map[string]string{
	"∑": i18n.Key("the sum"), "∏": i18n.Key("the product"), "∫": i18n.Key("the integral"),
	"∬": i18n.Key("the double integral"), "∭": i18n.Key("the triple integral"),
	"∮": i18n.Key("the contour integral"), "⋃": i18n.Key("the union"), "⋂": i18n.Key("the intersection"),
}

// bigOp says a sum, product, integral or limit with its limits and
// operand.
func (s *speaker) bigOp(n *Node) string {
	p := s.p
	lower, upper, operand := part(n, 0), part(n, 1), part(n, 2)
	low, up, body := s.say(lower), s.say(upper), s.say(operand)
	if n.Text == "lim" {
		switch {
		case low != "" && body != "":
			return p.Sprintf(i18n.Key("the limit as %s of %s"), low, body)
		case low != "":
			return p.Sprintf(i18n.Key("the limit as %s"), low)
		}
		return p.Sprintf(i18n.Key("the limit of %s"), body)
	}
	name := p.Text(bigOpNames[n.Text])
	switch {
	case low != "" && up != "" && body != "":
		return p.Sprintf(i18n.Key("%s from %s to %s of %s"), name, low, up, body)
	case low != "" && up != "":
		return p.Sprintf(i18n.Key("%s from %s to %s"), name, low, up)
	case low != "" && body != "":
		return p.Sprintf(i18n.Key("%s over %s of %s"), name, low, body)
	case low != "":
		return p.Sprintf(i18n.Key("%s over %s"), name, low)
	case body != "":
		return p.Sprintf(i18n.Key("%s of %s"), name, body)
	}
	return name
}

// fenced says a group in brackets; bars around it are an absolute value.
func (s *speaker) fenced(n *Node) string {
	body := part(n, 0)
	if n.Text == "||" {
		return s.p.Sprintf(i18n.Key("the absolute value of %s"), s.say(body))
	}
	signs := []rune(n.Text)
	open, close := "", ""
	if len(signs) > 0 {
		open = s.sign(string(signs[0]))
	}
	if len(signs) > 1 {
		close = s.sign(string(signs[1]))
	}
	if body != nil && (body.Kind == Matrix || body.Kind == Fraction && body.Text == binomial) {
		return s.say(body)
	}
	return open + " " + s.say(body) + " " + close
}

// matrix says a matrix row by row.
func (s *speaker) matrix(n *Node) string {
	p := s.p
	if n.Text == "lines" {
		// Aligned equations: each line as one row of terms.
		lines := make([]string, 0, len(n.Parts))
		for _, r := range n.Parts {
			lines = append(lines, s.say(&Node{Kind: Row, Parts: r.Parts}))
		}
		return strings.Join(lines, "; ")
	}
	cols := 0
	rows := make([]string, 0, len(n.Parts))
	for i, r := range n.Parts {
		cols = max(cols, len(r.Parts))
		rows = append(rows, p.Sprintf(i18n.Key("row %d: %s"), i+1, s.say(r)))
	}
	body := strings.Join(rows, "; ")
	if n.Text == "determinant" {
		return p.Sprintf(i18n.Key("the %d by %d determinant: %s, end determinant"), len(n.Parts), cols, body)
	}
	return p.Sprintf(i18n.Key("the %d by %d matrix: %s, end matrix"), len(n.Parts), cols, body)
}

// identifier says a letter, a Greek letter or a function name.
func (s *speaker) identifier(t string) string {
	// Mathematical letters (𝐯, ℝ) are said as the letters they style.
	t = norm.NFKC.String(t)
	if key, ok := greekKeys[t]; ok {
		return s.p.Text(key)
	}
	if key, ok := greekCapitals[t]; ok {
		return s.p.Sprintf(i18n.Key("capital %s"), s.p.Text(key))
	}
	if key, ok := functionKeys[t]; ok {
		return s.p.Text(key)
	}
	if key, ok := signKeys[t]; ok {
		return s.p.Text(key) // a sign written as an identifier (MathML <mi>′</mi>)
	}
	return t
}

// sign says an operator; a sign with no name is said as it is.
func (s *speaker) sign(t string) string {
	if key, ok := signKeys[t]; ok {
		return s.p.Text(key)
	}
	if key, ok := bigOpNames[t]; ok {
		return s.p.Text(key)
	}
	if len([]rune(t)) == 1 {
		return s.identifier(t)
	}
	return t
}

var greekKeys = map[string]string{
	"α": i18n.Key("alpha"), "β": i18n.Key("beta"), "γ": i18n.Key("gamma"), "δ": i18n.Key("delta"),
	"ε": i18n.Key("epsilon"), "ϵ": i18n.Key("epsilon"), "ζ": i18n.Key("zeta"), "η": i18n.Key("eta"),
	"θ": i18n.Key("theta"), "ϑ": i18n.Key("theta"), "ι": i18n.Key("iota"), "κ": i18n.Key("kappa"),
	"λ": i18n.Key("lambda"), "μ": i18n.Key("mu"), "ν": i18n.Key("nu"), "ξ": i18n.Key("xi"),
	"ο": i18n.Key("omicron"), "π": i18n.Key("pi"), "ρ": i18n.Key("rho"), "σ": i18n.Key("sigma"),
	"ς": i18n.Key("sigma"), "τ": i18n.Key("tau"), "υ": i18n.Key("upsilon"), "φ": i18n.Key("phi"),
	"ϕ": i18n.Key("phi"), "χ": i18n.Key("chi"), "ψ": i18n.Key("psi"), "ω": i18n.Key("omega"),
}

var greekCapitals = map[string]string{
	"Γ": greekKeys["γ"], "Δ": greekKeys["δ"], "Θ": greekKeys["θ"], "Λ": greekKeys["λ"], "Ξ": greekKeys["ξ"],
	"Π": greekKeys["π"], "Σ": greekKeys["σ"], "Υ": greekKeys["υ"], "Φ": greekKeys["φ"], "Ψ": greekKeys["ψ"],
	"Ω": greekKeys["ω"],
}

var functionKeys = map[string]string{
	"sin": i18n.Key("sine"), "cos": i18n.Key("cosine"), "tan": i18n.Key("tangent"),
	"ln": i18n.Key("natural log"), "log": i18n.Key("log"),
}

var signKeys = map[string]string{
	"+": i18n.Key("plus"), "-": i18n.Key("minus"), "−": i18n.Key("minus"), "=": i18n.Key("equals"),
	"×": i18n.Key("times"), "·": i18n.Key("times"), "⋅": i18n.Key("times"), "∗": i18n.Key("times"),
	"÷": i18n.Key("divided by"), "/": i18n.Key("divided by"), "±": i18n.Key("plus or minus"),
	"∓": i18n.Key("minus or plus"), "<": i18n.Key("is less than"), ">": i18n.Key("is greater than"),
	"≤": i18n.Key("is less than or equal to"), "≥": i18n.Key("is greater than or equal to"),
	"≠": i18n.Key("is not equal to"), "≈": i18n.Key("is approximately equal to"),
	"≡": i18n.Key("is equivalent to"), "∞": i18n.Key("infinity"), "→": i18n.Key("approaches"),
	"⇒": i18n.Key("implies"), "∂": i18n.Key("partial"), "∈": i18n.Key("is an element of"),
	"′": i18n.Key("prime"), ",": i18n.Key("comma"), "!": i18n.Key("factorial"),
	"…": i18n.Key("dot dot dot"), "⋯": i18n.Key("dot dot dot"), "%": i18n.Key("percent"),
	"°": i18n.Key("degrees"), "∪": i18n.Key("union"), "∩": i18n.Key("intersection"),
	"(": i18n.Key("open paren"), ")": i18n.Key("close paren"), "[": i18n.Key("open bracket"),
	"]": i18n.Key("close bracket"), "{": i18n.Key("open brace"), "}": i18n.Key("close brace"),
	"|": i18n.Key("vertical bar"),
}
