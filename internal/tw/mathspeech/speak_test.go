package mathspeech

import (
	"testing"

	"textfirst/internal/tw/i18n"
)

// speakCases are formulas in each notation they are written in, and
// their words.
var speakCases = []struct {
	name, notation, source, want string
}{
	{"fraction", LaTeX, `\frac{a}{b}`, "a over b"},
	{"fraction", MathML, `<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>`, "a over b"},
	{"fraction", OMML, `<m:oMath xmlns:m="m"><m:f><m:num><m:r><m:t>a</m:t></m:r></m:num><m:den><m:r><m:t>b</m:t></m:r></m:den></m:f></m:oMath>`, "a over b"},
	{"complex fraction", LaTeX, `\frac{a+b}{2}`, "the fraction a plus b over 2, end fraction"},
	{"square", LaTeX, `x^2`, "x squared"},
	{"square", MathML, `<math><msup><mi>x</mi><mn>2</mn></msup></math>`, "x squared"},
	{"square", OMML, `<m:oMath><m:sSup><m:e><m:r><m:t>x</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:oMath>`, "x squared"},
	{"power", LaTeX, `x^n`, "x to the power of n"},
	{"power", MathML, `<math><msup><mi>x</mi><mi>n</mi></msup></math>`, "x to the power of n"},
	{"complex power", LaTeX, `e^{i\pi}`, "e to the power of i pi, end power"},
	{"subscript", LaTeX, `x_1`, "x sub 1"},
	{"subscript", MathML, `<math><msub><mi>x</mi><mn>1</mn></msub></math>`, "x sub 1"},
	{"subscript", OMML, `<m:oMath><m:sSub><m:e><m:r><m:t>x</m:t></m:r></m:e><m:sub><m:r><m:t>1</m:t></m:r></m:sub></m:sSub></m:oMath>`, "x sub 1"},
	{"square root", LaTeX, `\sqrt{x}`, "the square root of x"},
	{"square root", MathML, `<math><msqrt><mi>x</mi></msqrt></math>`, "the square root of x"},
	{"square root", OMML, `<m:oMath><m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e><m:r><m:t>x</m:t></m:r></m:e></m:rad></m:oMath>`, "the square root of x"},
	{"root of a sum", LaTeX, `\sqrt{b^2-4ac}`, "the square root of b squared minus 4 a c, end root"},
	{"cube root", LaTeX, `\sqrt[3]{x}`, "the cube root of x"},
	{"cube root", MathML, `<math><mroot><mi>x</mi><mn>3</mn></mroot></math>`, "the cube root of x"},
	{"cube root", OMML, `<m:oMath><m:rad><m:deg><m:r><m:t>3</m:t></m:r></m:deg><m:e><m:r><m:t>x</m:t></m:r></m:e></m:rad></m:oMath>`, "the cube root of x"},
	{"sum", LaTeX, `\sum_{i=1}^{n} i`, "the sum from i equals 1 to n of i"},
	{"sum", MathML, `<math><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi></math>`, "the sum from i equals 1 to n of i"},
	{"sum", OMML, `<m:oMath><m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub><m:r><m:t>i=1</m:t></m:r></m:sub><m:sup><m:r><m:t>n</m:t></m:r></m:sup><m:e><m:r><m:t>i</m:t></m:r></m:e></m:nary></m:oMath>`, "the sum from i equals 1 to n of i"},
	{"integral", LaTeX, `\int_a^b f(x)\,dx`, "the integral from a to b of f open paren x close paren d x"},
	{"integral", MathML, `<math><msubsup><mo>∫</mo><mi>a</mi><mi>b</mi></msubsup><mi>f</mi><mo>(</mo><mi>x</mi><mo>)</mo><mi>d</mi><mi>x</mi></math>`, "the integral from a to b of f open paren x close paren d x"},
	{"integral", OMML, `<m:oMath><m:nary><m:sub><m:r><m:t>a</m:t></m:r></m:sub><m:sup><m:r><m:t>b</m:t></m:r></m:sup><m:e><m:r><m:t>f(x)dx</m:t></m:r></m:e></m:nary></m:oMath>`, "the integral from a to b of f open paren x close paren d x"},
	{"matrix", LaTeX, `\begin{pmatrix} a & b \\ c & d \end{pmatrix}`, "the 2 by 2 matrix: row 1: a, b; row 2: c, d, end matrix"},
	{"matrix", MathML, `<math><mrow><mo>(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo>)</mo></mrow></math>`, "the 2 by 2 matrix: row 1: a, b; row 2: c, d, end matrix"},
	{"matrix", OMML, `<m:oMath><m:d><m:e><m:m><m:mr><m:e><m:r><m:t>a</m:t></m:r></m:e><m:e><m:r><m:t>b</m:t></m:r></m:e></m:mr><m:mr><m:e><m:r><m:t>c</m:t></m:r></m:e><m:e><m:r><m:t>d</m:t></m:r></m:e></m:mr></m:m></m:e></m:d></m:oMath>`, "the 2 by 2 matrix: row 1: a, b; row 2: c, d, end matrix"},
	{"greek", LaTeX, `\pi r^2`, "pi r squared"},
	{"greek", MathML, `<math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math>`, "pi r squared"},
	{"greek", OMML, `<m:oMath><m:r><m:t>π</m:t></m:r><m:sSup><m:e><m:r><m:t>r</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:oMath>`, "pi r squared"},
	{"greek capitals", LaTeX, `\Delta x + \alpha\beta`, "capital delta x plus alpha beta"},
	{"greek entity", MathML, `<math><mi>&pi;</mi><mo>&lt;</mo><mn>4</mn></math>`, "pi is less than 4"},
	{"quadratic", LaTeX, `x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}`, "x equals the fraction minus b plus or minus the square root of b squared minus 4 a c, end root over 2 a, end fraction"},
	{"limit", LaTeX, `\lim_{x \to 0} \frac{\sin x}{x} = 1`, "the limit as x approaches 0 of the fraction sine x over x, end fraction equals 1"},
	{"absolute value", LaTeX, `\left| x \right|`, "the absolute value of x"},
	{"aligned equations", LaTeX, `\begin{align} a &= b \\ c &= d \label{x} \end{align}`, "a equals b; c equals d"},
	{"rows inside rows", MathML, `<math><semantics><mrow><mi>f</mi><mrow><mo>(</mo><mi>x</mi><mo>)</mo></mrow><mo>&lt;</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">f(x) &lt; 1</annotation></semantics></math>`, "f open paren x close paren is less than 1"},
	{"styled letters and cases", MathML, `<math><mi>𝐯</mi><mo>∈</mo><msup><mi>ℝ</mi><mi>n</mi></msup><mo>,</mo><mrow><mo>{</mo><mtable><mtr><mtd><mi>x</mi></mtd><mtd><mtext>if</mtext></mtd></mtr></mtable></mrow></math>`, "v is an element of R to the power of n comma the 1 by 2 matrix: row 1: x, if, end matrix"},
	{"normal text", OMML, `<m:oMath><m:r><m:t>x</m:t></m:r><m:r><m:rPr><m:nor/></m:rPr><m:t>if </m:t></m:r><m:r><m:t>y</m:t></m:r></m:oMath>`, "x if y"},
	{"binomial", LaTeX, `\binom{n}{k}`, "n choose k"},
	{"binomial", MathML, `<math><mrow><mo>(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo></mrow></math>`, "n choose k"},
	{"binomial", OMML, `<m:oMath><m:d><m:e><m:f><m:fPr><m:type m:val="noBar"/></m:fPr><m:num><m:r><m:t>n</m:t></m:r></m:num><m:den><m:r><m:t>k</m:t></m:r></m:den></m:f></m:e></m:d></m:oMath>`, "n choose k"},
	{"sign as identifier", MathML, `<math><mi>f</mi><mi>′</mi><mn>5</mn><mi>%</mi></math>`, "f prime 5 percent"},
	{"absolute values", MathML, `<math><mo>|</mo><mi>x</mi><mo>|</mo><mo>+</mo><mn>1</mn></math>`, "the absolute value of x plus 1"},
	{"malformed MathML falls back to its text", MathML, `<math><mi>x</mi><mo>+</mo><mn>1</mn>`, "x plus 1"},
	{"MathML that is not XML", MathML, `<math><mfrac>a<b</mfrac>`, "a"},
	{"unclosed LaTeX", LaTeX, `\frac{a}{`, "a over"},
	{"a macro around words", LaTeX, `\meta{optional spaces} \meta{brace group} x`, "optional spaces brace group x"},
	{"a macro around a letter", LaTeX, `\vect{v}`, "vect v"},
	{"sized delimiters", LaTeX, `\biggl( x \biggr) \Biggl[ y \Biggr] \bigm| z`, "open paren x close paren open bracket y close bracket vertical bar z"},
}

// TestSpeak reads each formula in each notation it is written in and
// checks the words.
func TestSpeak(t *testing.T) {
	for _, c := range speakCases {
		t.Run(c.notation+"/"+c.name, func(t *testing.T) {
			if got := Speak(Parse(c.notation, c.source), nil); got != c.want {
				t.Errorf("Speak(%s %q)\n got %q\nwant %q", c.notation, c.source, got, c.want)
			}
		})
	}
}

// TestSpeakTranslated checks that the words come from the catalogue.
func TestSpeakTranslated(t *testing.T) {
	if got, want := Speak(ParseLaTeX(`x^2`), i18n.For("de")), "x Quadrat"; got != want {
		t.Errorf("German x^2 = %q, want %q", got, want)
	}
}

// TestSpeakAtVerbosity: low never says where a part ends, high always
// says where fractions and roots start and end, normal is Speak.
func TestSpeakAtVerbosity(t *testing.T) {
	tests := []struct {
		source            string
		low, normal, high string
	}{
		{`\frac{a}{b}`, "a over b", "a over b", "start fraction a over b end fraction"},
		{`\frac{a+b}{2}`, "a plus b over 2", "the fraction a plus b over 2, end fraction", "start fraction a plus b over 2 end fraction"},
		{`\sqrt{x}`, "the square root of x", "the square root of x", "start root x end root"},
		{`\sqrt{x+1}`, "the square root of x plus 1", "the square root of x plus 1, end root", "start root x plus 1 end root"},
		{`\sqrt[3]{y}`, "the cube root of y", "the cube root of y", "start cube root y end root"},
		{`x^n`, "x to the power of n", "x to the power of n", "x to the power of n, end power"},
		{`e^{i\pi}`, "e to the power of i pi", "e to the power of i pi, end power", "e to the power of i pi, end power"},
		{`x^2`, "x squared", "x squared", "x squared"},
	}
	for _, tt := range tests {
		tree := ParseLaTeX(tt.source)
		for v, want := range map[Verbosity]string{Low: tt.low, Normal: tt.normal, High: tt.high} {
			if got := SpeakAt(tree, nil, v); got != want {
				t.Errorf("%s at %s: %q, want %q", tt.source, v, got, want)
			}
		}
	}
}

// TestLinear: formulas on one line, typed and in Unicode's signs.
func TestLinear(t *testing.T) {
	tests := []struct{ notation, source, typed, unicode string }{
		{LaTeX, `x^2 + y_1`, "x^2+y_1", "x²+y₁"},
		{LaTeX, `\alpha \le \sqrt{x}`, "α≤sqrt(x)", "α≤√x"},
		{LaTeX, `\frac{a+b}{2}`, "(a+b)/2", "(a+b)/2"},
		{LaTeX, `e^{i\pi}`, "e^{iπ}", "e^{iπ}"},
		{LaTeX, `\sqrt[3]{y} x^{n+1}`, "root(3, y)x^{n+1}", "∛yxⁿ⁺¹"},
		{MathML, `<math><msup><mi>x</mi><mn>2</mn></msup></math>`, "x^2", "x²"},
		{LaTeX, `\sum_{i=1}^{n} i`, "∑_{i=1}^n i", "∑ᵢ₌₁ⁿ i"},
	}
	for _, tt := range tests {
		tree := Parse(tt.notation, tt.source)
		if got := Linear(tree, false); got != tt.typed {
			t.Errorf("Linear(%q) = %q, want %q", tt.source, got, tt.typed)
		}
		if got := Linear(tree, true); got != tt.unicode {
			t.Errorf("Linear(%q, unicode) = %q, want %q", tt.source, got, tt.unicode)
		}
	}
}
