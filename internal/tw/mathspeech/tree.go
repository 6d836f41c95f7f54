// Package mathspeech turns formulas written in LaTeX, presentation MathML
// or Office Math (OMML) into a tree of terms and into words ("a over b",
// "x squared", "the square root of x"), for reading math aloud and for
// exploring it term by term.
//
// The parsers never fail: malformed input gives the tree of what could be
// read, and MathML that is not XML gives its text content. The tree is
// the same whatever the notation, so speech and exploring have one set of
// rules. Words come from the catalogue (internal/tw/i18n) in the printer's
// language.
package mathspeech

import "strings"

// Kind names what a node of a formula is.
type Kind uint8

const (
	// Row is a sequence of terms read one after another (Parts).
	Row Kind = iota
	// Ident is an identifier: a letter, a Greek letter, a function name (Text).
	Ident
	// Number is a numeral (Text).
	Number
	// Operator is an operator, relation or punctuation sign (Text).
	Operator
	// Words is text inside a formula, read as it is (Text).
	Words
	// Fraction has Parts numerator, denominator; Text is "binomial" for
	// a binomial coefficient (a fraction with no bar).
	Fraction
	// Script has Parts base, subscript, superscript; either script may be nil.
	Script
	// Sqrt has Parts radicand.
	Sqrt
	// Root has Parts radicand, index.
	Root
	// BigOp is a sum, product, integral or limit: Text is its sign ("∑",
	// "∫", "lim"), Parts lower limit, upper limit, operand; each may be nil.
	BigOp
	// Fenced is a group between brackets: Text holds the opening and
	// closing signs ("()"), Parts the content.
	Fenced
	// Matrix has Parts its rows (MatrixRow); Text is "determinant" for a
	// determinant.
	Matrix
	// MatrixRow has Parts its cells.
	MatrixRow
	// Over is a base with something written above it (an accent, a
	// brace): Parts base, mark.
	Over
)

// Node is a term of a formula. Leaves (Ident, Number, Operator, Words)
// carry Text; the others carry Parts in the order their Kind gives.
type Node struct {
	Kind  Kind
	Text  string
	Parts []*Node
}

// binomial is the Text of a Fraction that is a binomial coefficient.
const binomial = "binomial"

// Formula is a parsed formula: its tree, and what it was written in.
type Formula struct {
	Root     *Node
	Notation string // "latex", "mathml" or "omml"
}

// The notations a formula's source is written in, as loaders name them
// in a math marker's label.
const (
	LaTeX  = "latex"
	MathML = "mathml"
	OMML   = "omml"
)

// Parse reads source written in notation (LaTeX, MathML or OMML); an
// unknown notation reads the source as words.
func Parse(notation, source string) *Node {
	switch notation {
	case LaTeX:
		return ParseLaTeX(source)
	case MathML:
		return ParseMathML(source)
	case OMML:
		return ParseOMML(source)
	}
	return &Node{Kind: Words, Text: strings.TrimSpace(source)}
}

func leaf(k Kind, text string) *Node { return &Node{Kind: k, Text: text} }

func row(parts ...*Node) *Node { return &Node{Kind: Row, Parts: parts} }

// isLeaf reports whether n is a single identifier, number, operator or
// word run.
func isLeaf(n *Node) bool {
	return n != nil && (n.Kind == Ident || n.Kind == Number || n.Kind == Operator || n.Kind == Words)
}

// simplify drops rows of one term and empty rows inside rows, so a group
// "{x}" is the term x itself.
func simplify(n *Node) *Node {
	if n == nil {
		return nil
	}
	for i, p := range n.Parts {
		n.Parts[i] = simplify(p)
	}
	if n.Kind == Row {
		// A new slice: a flattened row can be longer than the parts
		// read so far, so writing in place would overwrite unread ones.
		flat := make([]*Node, 0, len(n.Parts))
		for _, p := range n.Parts {
			switch {
			case p == nil:
			case p.Kind == Row:
				flat = append(flat, p.Parts...)
			default:
				flat = append(flat, p)
			}
		}
		n.Parts = flat
		if len(n.Parts) == 1 {
			return n.Parts[0]
		}
	}
	return n
}

// bigOperators are the signs that take limits and an operand.
var bigOperators = map[string]bool{
	"∑": true, "∏": true, "∫": true, "∬": true, "∭": true, "∮": true, "⋃": true, "⋂": true, "lim": true,
}

// relations end the operand of a big operator.
var relations = map[string]bool{
	"=": true, "≠": true, "<": true, ">": true, "≤": true, "≥": true, "≈": true, "≡": true, ",": true, ";": true,
}

// gatherBigOps makes each big operator in a row (bare, or with scripts)
// a BigOp whose operand is the rest of the row up to a relation.
func gatherBigOps(n *Node) *Node {
	if n == nil {
		return nil
	}
	for i, p := range n.Parts {
		n.Parts[i] = gatherBigOps(p)
	}
	if n.Kind != Row {
		if op := bigOp(n); op != nil && !isLeaf(n) {
			return op
		}
		return n
	}
	var out []*Node
	for i := 0; i < len(n.Parts); i++ {
		op := bigOp(n.Parts[i])
		if op == nil || op.Parts[2] != nil {
			out = append(out, n.Parts[i])
			continue
		}
		j := i + 1
		for j < len(n.Parts) && !(n.Parts[j].Kind == Operator && relations[n.Parts[j].Text]) {
			j++
		}
		if j > i+1 {
			op.Parts[2] = simplify(row(n.Parts[i+1 : j]...))
		}
		out = append(out, op)
		i = j - 1
	}
	n.Parts = out
	if len(out) == 1 {
		return out[0]
	}
	return n
}

// bigOp is n as a BigOp without operand when it is a big operator sign,
// bare or with scripts; nil otherwise.
func bigOp(n *Node) *Node {
	switch {
	case n.Kind == BigOp:
		return n
	case (n.Kind == Operator || n.Kind == Ident) && bigOperators[n.Text]:
		return &Node{Kind: BigOp, Text: n.Text, Parts: []*Node{nil, nil, nil}}
	case n.Kind == Script && isLeaf(n.Parts[0]) && bigOperators[n.Parts[0].Text]:
		return &Node{Kind: BigOp, Text: n.Parts[0].Text, Parts: []*Node{n.Parts[1], n.Parts[2], nil}}
	}
	return nil
}

// finish is the last step of every parser.
func finish(n *Node) *Node {
	n = simplify(n)
	if n == nil {
		return row()
	}
	return gatherBigOps(pairFences(n, 0))
}

// hasTerms reports whether n holds a term with text to say.
func hasTerms(n *Node) bool {
	if n == nil {
		return false
	}
	if isLeaf(n) {
		return strings.TrimSpace(n.Text) != ""
	}
	for _, p := range n.Parts {
		if hasTerms(p) {
			return true
		}
	}
	return false
}

// closers are the closing signs of the opening ones.
var closers = map[string]string{"(": ")", "[": "]", "{": "}", "|": "|", "⟨": "⟩", "‖": "‖"}

// pairFences makes each opening sign in a row, with the matching closing
// sign later in the same row, a Fenced group of what is between them
// (MathML and Office Math write brackets as plain operators).
func pairFences(n *Node, depth int) *Node {
	if n == nil || depth > maxDepth {
		return n
	}
	for i, p := range n.Parts {
		n.Parts[i] = pairFences(p, depth+1)
	}
	if n.Kind != Row {
		return n
	}
	type opening struct {
		at   int
		sign string
	}
	var out []*Node
	var stack []opening
	for _, p := range n.Parts {
		if p.Kind == Operator {
			if k := len(stack) - 1; k >= 0 && p.Text == closers[stack[k].sign] {
				body := simplify(row(append([]*Node(nil), out[stack[k].at+1:]...)...))
				out = append(out[:stack[k].at], &Node{Kind: Fenced, Text: stack[k].sign + p.Text, Parts: []*Node{body}})
				stack = stack[:k]
				continue
			}
			if _, ok := closers[p.Text]; ok {
				stack = append(stack, opening{len(out), p.Text})
			}
		}
		out = append(out, p)
	}
	// A brace left open before a table is a set of cases ("{" and the
	// cases, with no closing sign).
	if k := len(stack) - 1; k >= 0 && stack[k].sign == "{" && stack[k].at == len(out)-2 && out[len(out)-1].Kind == Matrix {
		out = append(out[:stack[k].at], &Node{Kind: Fenced, Text: "{", Parts: []*Node{out[len(out)-1]}})
	}
	// A brace left open before a table is a set of cases ("{" and the
	// cases, with no closing sign).
	if k := len(stack) - 1; k >= 0 && stack[k].sign == "{" && stack[k].at == len(out)-2 && out[len(out)-1].Kind == Matrix {
		out = append(out[:stack[k].at], &Node{Kind: Fenced, Text: "{", Parts: []*Node{out[len(out)-1]}})
	}
	n.Parts = out
	if len(out) == 1 {
		return out[0]
	}
	return n
}
