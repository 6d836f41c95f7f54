package braille

import (
	"context"
	"errors"
	"strings"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/mathspeech"
)

// The codes formulas are written in, braille.math_code's values.
const (
	// MathNemeth is the Nemeth Code, by liblouisutdml's translator from
	// MathML; inside Unified English Braille it stands between the Nemeth
	// Code indicators, as the code switch rules have it.
	MathNemeth = "nemeth"
	// MathUEB is Unified English Braille's technical material: fractions,
	// scripts and radicals with their indicators, signs and letters by
	// liblouis's grade 1 table.
	MathUEB = "ueb"
)

// MathTool is liblouisutdml's translator, which writes MathML as Nemeth.
const MathTool = "file2brl"

// ErrNoLiblouisutdml is returned when file2brl is not installed.
var ErrNoLiblouisutdml = errors.New("braille: file2brl is not installed (Debian packages liblouisutdml-bin and liblouisutdml-data)")

// TranslateMath writes formulas in braille ASCII in code (MathNemeth or
// MathUEB) for a text in table; formula i of the result is formulas[i].
func TranslateMath(ctx context.Context, formulas []*mathspeech.Node, code, table string) ([]string, error) {
	if len(formulas) == 0 {
		return nil, nil
	}
	if code == MathNemeth {
		out, err := nemeth(ctx, formulas)
		if err != nil || !strings.HasPrefix(table, "en-ueb") {
			return out, err
		}
		for i, f := range out {
			out[i] = nemethOpen + " " + f + " " + nemethClose
		}
		return out, nil
	}
	return ueb(ctx, formulas)
}

// The Nemeth Code indicators that open and close Nemeth inside UEB.
const (
	nemethOpen  = "_%"
	nemethClose = "_:"
)

// nemethSentinel stands between formulas in the document file2brl
// translates: its own line in the output marks where a formula's ends,
// so a formula that gives nothing keeps its place.
const nemethSentinel = "qqq"

// tableCodes are file2brl's marks of table cells and rows.
var tableCodes = lazyregexp.New("\x1b[a-z]")

// nemeth translates formulas in one run of file2brl: a document of
// paragraphs, a sentinel before each formula and after the last, on lines
// long enough never to wrap.
func nemeth(ctx context.Context, formulas []*mathspeech.Node) ([]string, error) {
	var in strings.Builder
	in.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<html><body>\n")
	for _, f := range formulas {
		in.WriteString("<p>" + nemethSentinel + "</p>\n<p>" + mathspeech.WriteMathML(f) + "</p>\n")
	}
	in.WriteString("<p>" + nemethSentinel + "</p>\n</body></html>\n")
	out, _, err := runTool(ctx, MathTool, ErrNoLiblouisutdml, in.String(), "-f", "nemeth.cfg", "-C", "cellsPerLine=4000")
	if err != nil {
		return nil, err
	}
	// file2brl marks a table's cells and rows with an escape and a
	// letter: they become spaces.
	out = tableCodes.ReplaceAllString(out, " ")
	var lines []string
	for _, l := range strings.Split(strings.ReplaceAll(out, "\r", ""), "\n") {
		l = strings.Join(strings.Fields(l), " ")
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil, errors.New("braille: file2brl gave nothing")
	}
	sentinel := lines[0] // the sentinel as braille
	result := make([]string, 0, len(formulas))
	var cur []string
	for _, l := range lines[1:] {
		if l == sentinel {
			result = append(result, strings.Join(cur, " "))
			cur = cur[:0]
			continue
		}
		cur = append(cur, l)
	}
	if len(result) != len(formulas) {
		return nil, errors.New("braille: file2brl lost the formulas' places")
	}
	return result, nil
}

// ueb writes formulas as UEB technical material. Their signs, letters,
// numbers and words are translated in one run of liblouis (UEB grade 1),
// the structure around them by the technical rules: a general fraction
// between ⠷ and ⠾ with ⠨⠌ as its line, a numeric fraction with ⠌; ⠔ and
// ⠢ before a superscript or a subscript, grouped by ⠣ ⠜ when it is more
// than one item; a radical between ⠩ and ⠬ (its index as a superscript
// after ⠩); relations spaced; and a grade 1 indicator before an
// expression with letters (⠰⠰, or ⠰⠰⠰ ... ⠰⠄ when it has spaces).
func ueb(ctx context.Context, formulas []*mathspeech.Node) ([]string, error) {
	var leaves []string
	index := map[string]int{}
	var collect func(n *mathspeech.Node)
	collect = func(n *mathspeech.Node) {
		if n == nil {
			return
		}
		for _, t := range leafTexts(n) {
			if _, ok := index[t]; !ok && t != "" {
				index[t] = len(leaves)
				leaves = append(leaves, t)
			}
		}
		for _, p := range n.Parts {
			collect(p)
		}
	}
	for _, f := range formulas {
		collect(f)
	}
	brl, err := Translate(ctx, leaves, "en-ueb-g1.ctb")
	if err != nil {
		return nil, err
	}
	w := uebWriter{leaf: func(t string) string {
		if i, ok := index[t]; ok {
			return brl[i]
		}
		return ""
	}}
	out := make([]string, len(formulas))
	for i, f := range formulas {
		s := strings.TrimSpace(w.write(f))
		switch {
		case !strings.ContainsAny(numberRun.ReplaceAllString(s, ""), "abcdefghijklmnopqrstuvwxyz"):
		case strings.Contains(s, " "):
			s = ";;;" + s + " ;'"
		default:
			s = ";;" + s
		}
		out[i] = s
	}
	return out, nil
}

// numberRun is a number in braille ASCII: its digits are letters.
var numberRun = lazyregexp.New(`#[a-j/.,]*`)

// leafTexts are what liblouis translates of a node: a leaf's text, a big
// operator's sign, a fence's opening and closing signs.
func leafTexts(n *mathspeech.Node) []string {
	switch n.Kind {
	case mathspeech.Ident, mathspeech.Number, mathspeech.Operator, mathspeech.Words:
		return []string{strings.TrimSpace(n.Text)}
	case mathspeech.BigOp:
		return []string{n.Text}
	case mathspeech.Fenced:
		open, closing := fenceSigns(n.Text)
		return []string{open, closing}
	}
	return nil
}

// fenceSigns splits a fenced group's signs into the opening and the
// closing one ("()": "(" and ")"; "{": "{" and none).
func fenceSigns(s string) (open, closing string) {
	r := []rune(s)
	if len(r) == 0 {
		return "", ""
	}
	return string(r[0]), string(r[1:])
}

// uebWriter writes a formula's tree as UEB technical braille; leaf gives
// the grade 1 braille of a leaf's text. Relations are spaced at the level
// of the line only (nested is set inside scripts, fractions and radicals).
type uebWriter struct {
	leaf   func(string) string
	nested bool
}

// UEB technical indicators, in braille ASCII.
const (
	uebFractionOpen  = "("  // ⠷
	uebFractionLine  = "./" // ⠨⠌
	uebFractionClose = ")"  // ⠾
	uebSimpleLine    = "/"  // ⠌
	uebSuperscript   = "9"  // ⠔
	uebSubscript     = "5"  // ⠢
	uebGroupOpen     = "<"  // ⠣
	uebGroupClose    = ">"  // ⠜
	uebRadicalOpen   = "%"  // ⠩
	uebRadicalClose  = "+"  // ⠬
	uebNumeric       = "#"  // ⠼
	uebGrade1        = ";"  // ⠰
)

// uebRelations are spaced in UEB technical material.
var uebRelations = map[string]bool{"=": true, "≠": true, "<": true, ">": true, "≤": true, "≥": true, "≈": true, "≡": true, "→": true}

func (w uebWriter) write(n *mathspeech.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind != mathspeech.Row && n.Kind != mathspeech.Fenced && !isLeaf(n) {
		w.nested = true
	}
	switch n.Kind {
	case mathspeech.Ident, mathspeech.Number, mathspeech.Words:
		return w.leaf(strings.TrimSpace(n.Text))
	case mathspeech.Operator:
		if uebRelations[strings.TrimSpace(n.Text)] && !w.nested {
			return " " + w.leaf(strings.TrimSpace(n.Text)) + " "
		}
		return w.leaf(strings.TrimSpace(n.Text))
	case mathspeech.Row:
		var b strings.Builder
		for _, p := range n.Parts {
			s := w.write(p)
			// A letter a to j right after a number would read as a
			// digit: a grade 1 indicator keeps it a letter.
			if numericEnd(b.String()) && s != "" && strings.IndexByte("abcdefghij", s[0]) >= 0 {
				b.WriteString(uebGrade1)
			}
			b.WriteString(s)
		}
		return b.String()
	case mathspeech.Fraction:
		num, den := part(n, 0), part(n, 1)
		if n.Text == "" && digitsOnly(num) && digitsOnly(den) {
			return uebNumeric + digitLetters(num.Text) + uebSimpleLine + digitLetters(den.Text)
		}
		line := uebFractionLine
		if n.Text != "" { // a binomial coefficient has no line
			line = " "
		}
		return uebFractionOpen + w.write(num) + line + w.write(den) + uebFractionClose
	case mathspeech.Script:
		s := w.write(part(n, 0))
		if sub := part(n, 1); sub != nil {
			s += uebSubscript + w.group(sub)
		}
		if sup := part(n, 2); sup != nil {
			s += uebSuperscript + w.group(sup)
		}
		return s
	case mathspeech.Sqrt:
		return uebRadicalOpen + w.write(part(n, 0)) + uebRadicalClose
	case mathspeech.Root:
		return uebRadicalOpen + uebSuperscript + w.group(part(n, 1)) + w.write(part(n, 0)) + uebRadicalClose
	case mathspeech.BigOp:
		s := w.leaf(n.Text)
		if lower := part(n, 0); lower != nil {
			s += uebSubscript + w.group(lower)
		}
		if upper := part(n, 1); upper != nil {
			s += uebSuperscript + w.group(upper)
		}
		return s + w.write(part(n, 2))
	case mathspeech.Fenced:
		open, closing := fenceSigns(n.Text)
		var b strings.Builder
		b.WriteString(w.leaf(open))
		for _, p := range n.Parts {
			b.WriteString(w.write(p))
		}
		b.WriteString(w.leaf(closing))
		return b.String()
	case mathspeech.Matrix:
		rows := make([]string, 0, len(n.Parts))
		for _, r := range n.Parts {
			if r == nil {
				continue
			}
			cells := make([]string, 0, len(r.Parts))
			for _, c := range r.Parts {
				cells = append(cells, w.write(c))
			}
			rows = append(rows, uebGroupOpen+strings.Join(cells, " ")+uebGroupClose)
		}
		return uebGroupOpen + strings.Join(rows, " ") + uebGroupClose
	case mathspeech.Over:
		return w.write(part(n, 0)) + uebSuperscript + w.group(part(n, 1))
	}
	return ""
}

// group writes n, between grouping indicators when it is more than one
// item: a letter, a number, or a sign.
func (w uebWriter) group(n *mathspeech.Node) string {
	s := w.write(n)
	if n != nil && (n.Kind == mathspeech.Ident || n.Kind == mathspeech.Number) {
		return s
	}
	return uebGroupOpen + s + uebGroupClose
}

func isLeaf(n *mathspeech.Node) bool {
	switch n.Kind {
	case mathspeech.Ident, mathspeech.Number, mathspeech.Operator, mathspeech.Words:
		return true
	}
	return false
}

func part(n *mathspeech.Node, i int) *mathspeech.Node {
	if n != nil && i < len(n.Parts) {
		return n.Parts[i]
	}
	return nil
}

func digitsOnly(n *mathspeech.Node) bool {
	if n == nil || n.Kind != mathspeech.Number || n.Text == "" {
		return false
	}
	for _, c := range n.Text {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// digitLetters writes digits as the letters a to j that follow a numeric
// indicator.
func digitLetters(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c == '0' {
			b.WriteByte('j')
		} else {
			b.WriteByte(byte('a' + c - '1'))
		}
	}
	return b.String()
}

// numericEnd reports whether s ends in a number: a numeric indicator
// followed by digit letters.
func numericEnd(s string) bool {
	i := strings.LastIndexByte(s, '#')
	if i < 0 {
		return false
	}
	for _, c := range s[i+1:] {
		if c < 'a' || c > 'j' {
			return false
		}
	}
	return true
}
