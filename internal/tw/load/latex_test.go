package load

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestLaTeX(t *testing.T) {
	runLoaderCases(t, []loaderCase{
		{name: "sections and text", in: "\\documentclass{article}\n\\usepackage{x}\n\\title{T}\\begin{document}\n\\section{Intro} % note\nSome \\textbf{bold} and \\emph{it}.\n\n\\subsection*{More}\nCaf\\'e na\\\"ive --- x.\n\\end{document}",
			text: "Intro\n\nSome bold and it.\n\nMore\n\nCafé naïve — x.", title: "T",
			markers: []string{`heading 0-5 level=1 "Intro"`, `paragraph 7-24 "Some bold and it."`, `bold 12-16 "bold"`, `italic 21-23 "it"`, `heading 26-30 level=2 "More"`, `paragraph 32-47 "Café naïve — x."`}},
		{name: "lists", in: "\\begin{enumerate}\\item One\\item Two\\begin{itemize}\\item Sub\\end{itemize}\\end{enumerate}",
			text: "One\nTwo\nSub", markers: []string{`list 0-11 level=1 "One\nTwo\nSub"`, `list_item 0-3 level=1 label="1." "One"`, `list_item 4-11 level=1 label="2." "Two\nSub"`, `list 8-11 level=2 "Sub"`, `list_item 8-11 level=2 "Sub"`}},
		{name: "tabular", in: "\\begin{tabular}{ll}\\hline a & b \\\\ c & \\textbf{d}\\\\\\hline\\end{tabular}", text: "a | b\nc | d"},
		{name: "verbatim and math", in: "Let $x^2 + \\alpha$ be.\n\n\\begin{verbatim}\n  raw \\cmd\n\\end{verbatim}", text: "Let x squared plus alpha be.\n\n  raw \\cmd"},
		{name: "recursive macro is not expanded", in: "\\def\\a{\\a\\a}\\newcommand{\\b}{\\b x}\nText \\a\\b end.", text: "Text end."},
		{name: "footnote and link", in: "See\\footnote{A note.} \\href{http://x.org}{site}.", text: "See[1] site.\n\nFootnotes\n\n[1] A note."},
		{name: "user macro followed by an empty group", in: "\\newcommand{\\harbour}{Saint-Malo}\\begin{document}The tides at \\harbour{} follow the moon; at \\harbour\\ too.\\end{document}",
			text: "The tides at Saint-Malo follow the moon; at Saint-Malo too."},
		{name: "macros with arguments", in: "\\newcommand\\pkg[1]{\\texttt{#1}}\\providecommand{\\pkg}{no}\\def\\pair#1#2{#2-#1}\\newcommand{\\opt}[2][a]{#1#2}\n\\pkg{re}, \\pair{x}{y}, \\opt{b} \\opt[c]{d}.",
			text: "re, y-x, ab cd.", markers: []string{`paragraph 0-15 "re, y-x, ab cd."`, `code 0-2 "re"`}},
		{name: "mutually recursive macros stop", in: "\\def\\a{x\\b}\\def\\b{y\\a}\\a.", text: "xy."},
		{name: "space after an argument stays", in: "Use the \\module{httplib2} module, \\LaTeX{} and \\unknown word.", text: "Use the httplib2 module, LaTeX and word."},
		{name: "references", in: "\\section{A}\\label{a}\\subsection{B}\\label{b}\nSee~\\ref{b}, \\ref{a}, \\ref{f}, \\eqref{e}, \\ref{none}.\n\\begin{figure}\\label{f}\\end{figure}\\begin{equation}x\\label{e}\\end{equation}",
			text: "A\n\nB\n\nSee 1.1, 1, 1, (1), [none].\n\nx",
			markers: []string{`heading 0-1 level=1 "A"`, `heading 3-4 level=2 "B"`, `paragraph 6-33 "See 1.1, 1, 1, (1), [none]."`, `link 10-13 ref="#b" "1.1"`, `link 15-16 ref="#a" "1"`, `link 18-19 ref="#f" "1"`, `link 21-24 ref="#e" "(1)"`, `link 26-32 ref="#none" "[none]"`, `paragraph 35-36 "x"`,
				`math 35-36 label="latex" ref="\\begin{equation}x\\label{e}\\end{equation}" "x"`}},
		{name: "unbalanced", in: "\\section{A\n\ntext }}} \\begin{itemize}\\item x", text: "A text\n\nx"},
	}, loadLaTeX)
}

func TestLaTeXPathological(t *testing.T) {
	for name, in := range map[string]string{
		"deep groups":       strings.Repeat("{", 100000) + "x" + strings.Repeat("}", 100000),
		"deep envs":         strings.Repeat("\\begin{quote}", 5000) + "x",
		"many macros":       strings.Repeat("\\def\\a{\\a\\a\\a}\\a", 20000),
		"deep lists":        strings.Repeat("\\begin{itemize}\\item x", 3000),
		"unterminated verb": "\\verb|abc" + strings.Repeat("x", 100000),
		"macro bomb":        macroBomb,
		"many macro uses":   "\\newcommand{\\m}[1]{#1#1}" + strings.Repeat("\\m{\\m{\\m{xy}}}", 20000),
	} {
		start := time.Now()
		d, err := loadLaTeX("p.tex", []byte(in))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		checkInvariants(t, d)
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%s took %v", name, el)
		}
	}
}

// macroBomb defines 26 macros, each four uses of the next: 4^25 letters if
// all were expanded.
var macroBomb = func() string {
	var sb strings.Builder
	for c := 'a'; c < 'z'; c++ {
		fmt.Fprintf(&sb, "\\def\\%c{\\%c\\%c\\%c\\%c}", c, c+1, c+1, c+1, c+1)
	}
	return sb.String() + "\\def\\z{boom}\\a"
}()

func FuzzLaTeX(f *testing.F) {
	f.Add([]byte("\\title{x}\\begin{document}\\maketitle\\section{A}\\begin{tabular}{l}a&b\\\\\\end{tabular}\\footnote{n}\\hyperlink{a}{b}\\end{document}"))
	f.Add([]byte("\\begin{description}\\item[x] y\\end{description}$\\frac{1}{2}$\\'{e}\\c c"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := loadLaTeX("f.tex", data)
		if err != nil {
			t.Fatal(err)
		}
		checkFuzzed(t, d)
	})
}
