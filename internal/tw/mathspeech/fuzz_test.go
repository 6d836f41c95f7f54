package mathspeech

import (
	"strings"
	"testing"
	"unicode"
)

// checkSpoken reads a parsed formula aloud at every verbosity, writes it
// as typed notation (source and Unicode) and walks every term of it: none
// may panic or loop.
func checkSpoken(t *testing.T, n *Node) string {
	said := Speak(n, nil)
	for _, v := range []Verbosity{Low, High} {
		_ = SpeakAt(n, nil, v)
	}
	for _, uni := range []bool{false, true} {
		_ = Linear(n, uni)
	}
	e := NewExplorer(n)
	for range 64 {
		if !e.Down() && !e.Next() {
			break
		}
		_ = e.Describe(nil)
	}
	for e.Up() {
	}
	return said
}

func hasWord(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

func FuzzParseLaTeX(f *testing.F) {
	for _, s := range []string{`\frac{a}{b}`, `x^2_1'`, `\sqrt[3]{\left( x \right)}`, `\sum_{i=1}^{n} i^2`,
		`\begin{pmatrix} a & b \\ c & d \end{pmatrix}`, `((((`, `\left(\right`, `\frac{`, `\begin{cases}x&y\\`, `[0,1)`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSpoken(t, ParseLaTeX(s))
	})
}

func FuzzParseMathML(f *testing.F) {
	for _, s := range []string{`<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>`, `<math><msup><mi>x</mi>`,
		`<math><mtable><mtr><mtd>1</mtd></mtr></mtable></math>`, `<mfenced open="" close=""/>`, `<math>&pi;</mo>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := ParseMathML(s)
		said := checkSpoken(t, n)
		// Malformed MathML falls back to its text: a formula with
		// letters or digits in its text is never said as nothing.
		if root, _ := parseXML(s); hasWord(root.textOf()) && !hasWord(said) {
			t.Errorf("ParseMathML(%q) said %q", s, said)
		}
	})
}

func FuzzParseOMML(f *testing.F) {
	for _, s := range []string{`<m:oMath><m:f><m:num><m:r><m:t>a</m:t></m:r></m:num></m:f></m:oMath>`,
		`<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:e/></m:nary>`, `<m:d><m:e><m:m><m:mr/></m:m></m:e></m:d>`,
		`<m:func><m:fName><m:limLow><m:e><m:r><m:t>lim</m:t></m:r></m:e></m:limLow></m:fName></m:func>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSpoken(t, ParseOMML(s))
	})
}
