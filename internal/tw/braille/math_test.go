package braille

import (
	"context"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/mathspeech"
)

// mathCases are formulas of each kind, in LaTeX, with their braille
// (braille ASCII) in the Nemeth Code, from liblouisutdml, and in UEB
// technical material. The Nemeth ones show its indicators: ⠹ ⠌ ⠼ around
// and in a fraction (? / #), ⠘ a superscript (~), ⠰ a subscript (;), ⠜ ⠻
// a radical (> }), ⠣ an index (<), ⠐ back to the baseline ("), ⠨⠅ equals
// (.k). The UEB ones: ⠷ ⠨⠌ ⠾ a general fraction ( ./ ), ⠌ a numeric one
// (/), ⠔ ⠢ scripts (9 5), ⠣ ⠜ grouping (< >), ⠩ ⠬ a radical (% +), ⠐⠶
// equals ("7), ⠰⠰ grade 1 (;;).
var mathCases = []struct {
	name, latex, nemeth, ueb string
}{
	{"fraction", `\frac{a}{b}`, "?a/b#", ";;(a./b)"},
	{"numeric fraction", `\frac{3}{4}`, "?3/4#", "#c/d"},
	{"square", `x^2`, "x~2", ";;x9#b"},
	{"subscript", `x_i`, "x;i", ";;x5i"},
	{"square root", `\sqrt{x+1}`, ">x+1}", `;;%x"6#a+`},
	{"cube root", `\sqrt[3]{x}`, "<3>x}", ";;%9#cx+"},
	{"sum", `\sum_{i=1}^{n} x_i`, `".,s%i .k #1<n}x;i`, `;;,.s5<i"7#a>9nx5i`},
	{"integral", `\int_0^1 x\,dx`, `!;0~1"xdx`, ";;!5#j9#axdx"},
	{"greek", `\pi r^2`, ".pr~2", ";;.pr9#b"},
	{"equation", `x = \frac{-b}{2a}`, "x .k ?-b/2a#", `;;;x "7 (-b./#b;a) ;'`},
}

// TestTranslateMath writes each formula in both codes, in one run of each
// tool, outside UEB (Nemeth alone) and inside it (Nemeth between its
// indicators).
func TestTranslateMath(t *testing.T) {
	var nodes []*mathspeech.Node
	for _, c := range mathCases {
		nodes = append(nodes, mathspeech.ParseLaTeX(c.latex))
	}
	for _, tc := range []struct {
		code, table string
		want        func(i int) string
	}{
		{MathNemeth, "en-us-g2.ctb", func(i int) string { return mathCases[i].nemeth }},
		{MathNemeth, "en-ueb-g2.ctb", func(i int) string { return "_% " + mathCases[i].nemeth + " _:" }},
		{MathUEB, "en-ueb-g2.ctb", func(i int) string { return mathCases[i].ueb }},
	} {
		got, err := TranslateMath(context.Background(), nodes, tc.code, tc.table)
		if err != nil {
			t.Fatalf("%s (scripts/deps-formats.sh installs liblouis and liblouisutdml): %v", tc.code, err)
		}
		for i, c := range mathCases {
			if got[i] != tc.want(i) {
				t.Errorf("%s in %s, %s %s: %q, want %q", tc.code, tc.table, c.name, c.latex, got[i], tc.want(i))
			}
		}
	}
}

// TestTranslateMathKeepsPlaces: a formula that gives no braille (an empty
// one) keeps its place among the others.
func TestTranslateMathKeepsPlaces(t *testing.T) {
	nodes := []*mathspeech.Node{mathspeech.ParseLaTeX(`x^2`), {Kind: mathspeech.Row}, mathspeech.ParseLaTeX(`\frac{a}{b}`)}
	got, err := TranslateMath(context.Background(), nodes, MathNemeth, "en-us-g2.ctb")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0] != "x~2" || got[1] != "" || got[2] != "?a/b#" {
		t.Errorf("%q", got)
	}
}

// TestWriteBRFMath: a formula in a line of text is written in the code
// chosen, the text around it in the literary table; without a code, as
// its words.
func TestWriteBRFMath(t *testing.T) {
	text := "The area is pi r squared, and half is a over b."
	formula := func(words, latex string) doc.Marker {
		i := strings.Index(text, words)
		return doc.Marker{Kind: doc.Math, Start: i, End: i + len(words), Label: mathspeech.LaTeX, Reference: latex}
	}
	d := doc.New(text, doc.Meta{}, []doc.Marker{formula("pi r squared", `\pi r^2`), formula("a over b", `\frac{a}{b}`)})
	for _, tc := range []struct {
		code string
		want []string
	}{
		{MathUEB, []string{";;.pr9#b", ";;(a./b)"}},
		{MathNemeth, []string{"_% .pr~2 _:", "_% ?a/b# _:"}},
		{"", []string{"pi ;r squ>$", "a ov} ;b"}},
	} {
		out, err := WriteBRF(context.Background(), d, Layout{Cells: 80, Math: tc.code})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(strings.Fields(string(out)), " ")
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("math %q: no %q in\n%s", tc.code, w, got)
			}
		}
		if !strings.HasPrefix(got, ",! >ea is ") {
			t.Errorf("math %q: the text around is not in UEB grade 2:\n%s", tc.code, got)
		}
	}
}
