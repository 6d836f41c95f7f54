package load

import (
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
		{name: "verbatim and math", in: "Let $x^2 + \\alpha$ be.\n\n\\begin{verbatim}\n  raw \\cmd\n\\end{verbatim}", text: "Let x2 + α be.\n\n  raw \\cmd"},
		{name: "recursive macro is not expanded", in: "\\def\\a{\\a\\a}\\newcommand{\\b}{\\b x}\nText \\a\\b end.", text: "Text end."},
		{name: "footnote and link", in: "See\\footnote{A note.} \\href{http://x.org}{site}.", text: "See[1] site.\n\nFootnotes\n\n[1] A note."},
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
