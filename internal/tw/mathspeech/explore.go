package mathspeech

import "textfirst/internal/tw/i18n"

// Explorer walks a formula term by term: Next and Previous move among the
// terms of one level, Down goes into the parts of a term (a fraction's
// numerator and denominator, a power's base and exponent), Up comes back
// out. It starts on the first term of the formula's top level. An
// Explorer is not safe for concurrent use.
type Explorer struct {
	root *Node
	// path holds, for each level entered, the index of the current part
	// among its parent's parts (see parts).
	path []int
}

// NewExplorer starts exploring the formula root.
func NewExplorer(root *Node) *Explorer {
	e := &Explorer{root: root}
	e.Down()
	return e
}

// part is one explorable part of a node and what it is to its parent.
type explorable struct {
	node *Node
	role string // a catalogue key, or "" for a term of a row
}

// parts are the parts of n one can go into, leaving out absent ones.
func parts(n *Node) []explorable {
	if n == nil {
		return nil
	}
	var roles []string
	switch n.Kind {
	case Fraction:
		roles = []string{i18n.Key("numerator"), i18n.Key("denominator")}
	case Script:
		roles = []string{i18n.Key("base"), i18n.Key("subscript"), i18n.Key("exponent")}
	case Sqrt:
		roles = []string{i18n.Key("under the root")}
	case Root:
		roles = []string{i18n.Key("under the root"), i18n.Key("index")}
	case BigOp:
		roles = []string{i18n.Key("lower limit"), i18n.Key("upper limit"), i18n.Key("operand")}
	case Over:
		roles = []string{i18n.Key("base"), i18n.Key("mark above")}
	}
	var out []explorable
	for i, p := range n.Parts {
		if p == nil || n.Kind != Row && n.Kind != MatrixRow && n.Kind != Matrix && n.Kind != Fenced && empty(p) {
			continue
		}
		role := ""
		if i < len(roles) {
			role = roles[i]
		}
		if n.Kind == Fenced && p.Kind == Row {
			for _, q := range p.Parts {
				out = append(out, explorable{node: q})
			}
			continue
		}
		out = append(out, explorable{node: p, role: role})
	}
	return out
}

// at is the node the path leads to, the parts of its parent, and its role.
func (e *Explorer) at() (*Node, []explorable, string) {
	n := e.root
	var siblings []explorable
	role := ""
	for _, i := range e.path {
		siblings = parts(n)
		if i >= len(siblings) {
			break
		}
		n, role = siblings[i].node, siblings[i].role
	}
	return n, siblings, role
}

// Current is the term the explorer is on.
func (e *Explorer) Current() *Node {
	n, _, _ := e.at()
	return n
}

// Depth is how many levels down the explorer is (0: the whole formula).
func (e *Explorer) Depth() int { return len(e.path) }

// Next moves to the next term of the level; false at its last.
func (e *Explorer) Next() bool {
	_, siblings, _ := e.at()
	if len(e.path) == 0 || e.path[len(e.path)-1]+1 >= len(siblings) {
		return false
	}
	e.path[len(e.path)-1]++
	return true
}

// Previous moves to the previous term of the level; false at its first.
func (e *Explorer) Previous() bool {
	if len(e.path) == 0 || e.path[len(e.path)-1] == 0 {
		return false
	}
	e.path[len(e.path)-1]--
	return true
}

// Down moves into the first part of the current term; false when it has
// none (a letter, a number).
func (e *Explorer) Down() bool {
	n := e.Current()
	if len(parts(n)) == 0 || len(e.path) >= maxDepth {
		return false
	}
	e.path = append(e.path, 0)
	return true
}

// Up moves out to the term holding the current one; false at the whole
// formula.
func (e *Explorer) Up() bool {
	if len(e.path) == 0 {
		return false
	}
	e.path = e.path[:len(e.path)-1]
	return true
}

// Describe says the current term in p's language, after its role in the
// term holding it ("numerator, a plus b").
func (e *Explorer) Describe(p *i18n.Printer) string {
	if p == nil {
		p = i18n.For("en")
	}
	n, _, role := e.at()
	said := Speak(n, p)
	if role == "" {
		return said
	}
	return p.Sprintf(i18n.Key("%s, %s"), p.Text(role), said)
}
