package mathspeech

import "strings"

// Linear writes a formula on one line, as notation rather than words. With
// unicode false it is plain typed notation ("x^2", "x_1", "(a+b)/2",
// "sqrt(x)"); with unicode true it uses Unicode's own signs where Unicode
// has them ("x²", "x₁", "√x", "∛y"). Greek letters and operators are the
// signs the tree holds (α, ≤, ∑) either way.
func Linear(n *Node, unicode bool) string {
	return strings.TrimSpace((&linear{unicode: unicode}).write(n))
}

type linear struct{ unicode bool }

func (l *linear) write(n *Node) string {
	if n == nil {
		return ""
	}
	switch n.Kind {
	case Ident, Number, Operator:
		return n.Text
	case Words:
		return " " + n.Text + " "
	case Row:
		var b strings.Builder
		for _, c := range n.Parts {
			b.WriteString(l.write(c))
		}
		return b.String()
	case Fraction:
		num, den := l.grouped(part(n, 0)), l.grouped(part(n, 1))
		if n.Text == binomial {
			return num + " choose " + den
		}
		return num + "/" + den
	case Script:
		said := l.grouped(part(n, 0))
		if sub := part(n, 1); sub != nil {
			said += l.script(sub, subscripts, "_")
		}
		if sup := part(n, 2); sup != nil {
			said += l.script(sup, superscripts, "^")
		}
		return said
	case Sqrt:
		if l.unicode {
			return "√" + l.grouped(part(n, 0))
		}
		return "sqrt(" + l.write(part(n, 0)) + ")"
	case Root:
		body, index := part(n, 0), l.write(part(n, 1))
		if l.unicode && (index == "3" || index == "4") {
			return map[string]string{"3": "∛", "4": "∜"}[index] + l.grouped(body)
		}
		return "root(" + index + ", " + l.write(body) + ")"
	case BigOp:
		s := n.Text
		if low := part(n, 0); low != nil {
			s += l.script(low, subscripts, "_")
		}
		if up := part(n, 1); up != nil {
			s += l.script(up, superscripts, "^")
		}
		if body := part(n, 2); body != nil {
			s += " " + l.write(body)
		}
		return s
	case Fenced:
		signs := []rune(n.Text)
		open, close := "", ""
		if len(signs) > 0 {
			open = string(signs[0])
		}
		if len(signs) > 1 {
			close = string(signs[1])
		}
		return open + l.write(part(n, 0)) + close
	case Matrix:
		rows := make([]string, 0, len(n.Parts))
		for _, r := range n.Parts {
			rows = append(rows, l.write(r))
		}
		return "[" + strings.Join(rows, "; ") + "]"
	case MatrixRow:
		cells := make([]string, 0, len(n.Parts))
		for _, c := range n.Parts {
			cells = append(cells, strings.TrimSpace(l.write(c)))
		}
		return strings.Join(cells, ", ")
	case Over:
		return l.grouped(part(n, 0)) + l.write(part(n, 1))
	}
	return ""
}

// grouped writes n in parentheses unless it is one term.
func (l *linear) grouped(n *Node) string {
	if n == nil || isLeaf(n) || n.Kind == Fenced || n.Kind == Script {
		return strings.TrimSpace(l.write(n))
	}
	return "(" + strings.TrimSpace(l.write(n)) + ")"
}

// script writes a subscript or superscript: in Unicode's small signs when
// every sign of it has one, else after mark ("_", "^").
func (l *linear) script(n *Node, small map[rune]rune, mark string) string {
	s := strings.TrimSpace(l.write(n))
	if l.unicode && s != "" {
		out := []rune(s)
		ok := true
		for i, r := range out {
			if out[i], ok = small[r]; !ok {
				break
			}
		}
		if ok {
			return string(out)
		}
	}
	if isLeaf(n) && len([]rune(s)) == 1 {
		return mark + s
	}
	return mark + "{" + s + "}"
}

// superscripts and subscripts are the signs Unicode has in small raised
// and lowered forms.
var superscripts = map[rune]rune{
	'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
	'+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾',
	'a': 'ᵃ', 'b': 'ᵇ', 'c': 'ᶜ', 'd': 'ᵈ', 'e': 'ᵉ', 'f': 'ᶠ', 'g': 'ᵍ', 'h': 'ʰ', 'i': 'ⁱ', 'j': 'ʲ',
	'k': 'ᵏ', 'l': 'ˡ', 'm': 'ᵐ', 'n': 'ⁿ', 'o': 'ᵒ', 'p': 'ᵖ', 'r': 'ʳ', 's': 'ˢ', 't': 'ᵗ', 'u': 'ᵘ',
	'v': 'ᵛ', 'w': 'ʷ', 'x': 'ˣ', 'y': 'ʸ', 'z': 'ᶻ', '′': '′',
}

var subscripts = map[rune]rune{
	'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
	'+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎',
	'a': 'ₐ', 'e': 'ₑ', 'h': 'ₕ', 'i': 'ᵢ', 'j': 'ⱼ', 'k': 'ₖ', 'l': 'ₗ', 'm': 'ₘ', 'n': 'ₙ', 'o': 'ₒ',
	'p': 'ₚ', 'r': 'ᵣ', 's': 'ₛ', 't': 'ₜ', 'u': 'ᵤ', 'v': 'ᵥ', 'x': 'ₓ',
}
