package load

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// TestMathInSources: a formula in each format that carries one is said in
// words inside a math marker that keeps its notation and source.
func TestMathInSources(t *testing.T) {
	cases := []struct {
		name, path, in, text string
		markers              []string
	}{
		{"markdown inline", "a.md", "Area $\\pi r^2$, not $5 or $10.", "Area pi r squared, not $5 or $10.",
			[]string{`paragraph 0-33 "Area pi r squared, not $5 or $10."`, `math 5-17 label="latex" ref="\\pi r^2" "pi r squared"`}},
		{"markdown display over lines", "a.md", "$$\\frac{a}{b}\n= x^2$$", "a over b equals x squared",
			[]string{`paragraph 0-25 "a over b equals x squared"`, `math 0-25 label="latex" ref="\\frac{a}{b}\n= x^2" "a over b equals x squared"`}},
		{"markdown escaped dollar and unclosed one", "a.md", "Costs \\$x$ and $y", "Costs $x$ and $y", nil},
		{"markdown in a German document", "a.md", "---\nlang: de\n---\n$x^2$", "x Quadrat", nil},
		{"latex", "a.tex", "Let $\\sqrt{x}$ and \\(x_1\\) and \\[\\sum_{i=1}^{n} i\\]", "Let the square root of x and x sub 1 and\n\nthe sum from i equals 1 to n of i", nil},
		{"html", "a.html", "<p>Area <math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math>.</p>", "Area pi r squared.",
			[]string{`paragraph 0-18 "Area pi r squared."`, `math 5-17 label="mathml" ref="<math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math>" "pi r squared"`}},
		{"html malformed math reads its text", "a.html", "<p><math><mfrac><mi>a</mi></math></p>", "a over", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Bytes(c.path, []byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != c.text {
				t.Errorf("text\n got %q\nwant %q", d.Text, c.text)
			}
			if c.markers != nil {
				if got := strings.Join(markerLines(d), "\n"); got != strings.Join(c.markers, "\n") {
					t.Errorf("markers\n got:\n%s\nwant:\n%s", got, strings.Join(c.markers, "\n"))
				}
			}
			checkInvariants(t, d)
		})
	}
}

// TestMathFromPandoc: documents pandoc makes from one Markdown source —
// DOCX with Office Math, HTML and EPUB 3 with MathML, LaTeX — say each
// formula in the same words.
func TestMathFromPandoc(t *testing.T) {
	pandoc, err := exec.LookPath("pandoc")
	if err != nil {
		t.Fatal("pandoc is not installed (scripts/deps-formats.sh installs it)")
	}
	dir := t.TempDir()
	src := "# Formulas\n\nFraction $\\frac{a}{b}$.\n\nPower $x^{n}$ and $\\pi r^2$.\n\nRoot $\\sqrt{b^2-4ac}$.\n\n" +
		"Sum $\\sum_{i=1}^{n} i$.\n\nIntegral $\\int_a^b x \\, dx$.\n\nMatrix $\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}$.\n"
	if err := os.WriteFile(filepath.Join(dir, "math.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{"a over b", "x to the power of n", "pi r squared",
		"the square root of b squared minus 4 a c, end root", "the sum from i equals 1 to n of i",
		"the integral from a to b of x d x", "the 2 by 2 matrix: row 1: a, b; row 2: c, d, end matrix"}
	for _, f := range []struct {
		out, notation string
		args          []string
	}{
		{"math.docx", "omml", nil},
		{"math.html", "mathml", []string{"-s", "--mathml", "--metadata", "pagetitle=Formulas"}},
		{"math.epub", "mathml", []string{"-t", "epub3", "--metadata", "title=Formulas"}},
		{"math.tex", "latex", []string{"-s"}},
		{"math.md", "latex", nil},
	} {
		t.Run(f.out, func(t *testing.T) {
			path := filepath.Join(dir, f.out)
			if f.out != "math.md" {
				args := append([]string{"math.md", "-o", f.out}, f.args...)
				cmd := exec.Command(pandoc, args...)
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("pandoc %v: %v\n%s", args, err, out)
				}
			}
			d, err := File(path)
			if err != nil {
				t.Fatal(err)
			}
			var said []string
			for _, m := range d.MarkersOf(doc.Math) {
				if m.Label != f.notation || m.Reference == "" {
					t.Errorf("math marker %+v: want notation %s and its source", m, f.notation)
				}
				said = append(said, d.Slice(m.Start, m.End))
			}
			for _, w := range want {
				if !contains(said, w) {
					t.Errorf("no formula said %q; said:\n%s", w, strings.Join(said, "\n"))
				}
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestMathTextOptions: Options.Math writes formulas as notation or in
// words of another verbosity, and the markers after a formula move with
// the text.
func TestMathTextOptions(t *testing.T) {
	const md = "Area $\\pi r^2$ and $\\frac{a}{b}$, **bold**.\n\n<p><math><msqrt><mi>x</mi></msqrt></math></p>"
	const html = "<p>Area <math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math> and <b>bold</b>.</p>"
	cases := []struct {
		name, path, in string
		math           MathText
		text           string
		bold           string // the text of the bold marker
	}{
		{"words", "a.md", md, MathText{}, "Area pi r squared and a over b, bold.", "bold"},
		{"notation", "a.md", md, MathText{Notation: true}, "Area \\pi r^2 and \\frac{a}{b}, bold.", "bold"},
		{"unicode", "a.md", md, MathText{Notation: true, Unicode: true}, "Area πr² and a/b, bold.", "bold"},
		{"high", "a.md", md, MathText{Verbosity: "high"}, "Area pi r squared and start fraction a over b end fraction, bold.", "bold"},
		{"low", "a.md", "$\\frac{a+b}{2}$ **x**", MathText{Verbosity: "low"}, "a plus b over 2 x", "x"},
		{"mathml notation", "a.html", html, MathText{Notation: true}, "Area πr^2 and bold.", "bold"},
		{"mathml unicode", "a.html", html, MathText{Notation: true, Unicode: true}, "Area πr² and bold.", "bold"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := load(c.path, c.path, []byte(c.in), Options{Math: c.math})
			if err != nil {
				t.Fatal(err)
			}
			if first, _, _ := strings.Cut(d.Text, "\n"); first != c.text {
				t.Errorf("text\n got %q\nwant %q", first, c.text)
			}
			bold := d.MarkersOf(doc.Bold)
			if len(bold) != 1 || d.Slice(bold[0].Start, bold[0].End) != c.bold {
				t.Errorf("bold markers %v over %q", bold, d.Text)
			}
			for _, f := range d.MarkersOf(doc.Math) {
				if f.End > d.Len() || f.Start >= f.End {
					t.Errorf("formula at %d-%d of %d", f.Start, f.End, d.Len())
				}
			}
			checkInvariants(t, d)
		})
	}
}
