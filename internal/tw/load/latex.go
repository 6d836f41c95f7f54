package load

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/mathspeech"
)

// formatLaTeX is the format name of LaTeX sources.
const formatLaTeX = "latex"

// maxTeXDepth bounds the nesting of groups and environments followed.
const maxTeXDepth = 200

var texSection = map[string]int{"part": 0, "chapter": 1, "section": 2, "subsection": 3, "subsubsection": 4, "paragraph": 5, "subparagraph": 6}

// texDropArgs are commands read as nothing, arguments included.
var texDropArgs = map[string]bool{
	"usepackage": true, "documentclass": true,
	"newenvironment": true, "renewenvironment": true, "setlength": true, "addtolength": true, "setcounter": true,
	"vspace": true, "hspace": true, "bibliography": true, "bibliographystyle": true, "label": true,
	"pageref": true, "cite": true, "citep": true, "citet": true, "includegraphics": true, "input": true,
	"include": true, "index": true, "pagestyle": true, "thispagestyle": true, "addtocontents": true, "hypersetup": true,
	"graphicspath": true, "geometry": true, "definecolor": true, "color": true, "newtheorem": true, "title": true,
	"author": true, "date": true, "nocite": true, "bibitem": true, "lstset": true, "newlength": true, "counterwithin": true,
	"numberwithin": true, "DeclareMathOperator": true, "let": true, "raisebox": true, "rule": true, "vskip": true, "hskip": true,
	"tableofcontents": true, "listoffigures": true, "listoftables": true, "newpage": true, "clearpage": true, "noindent": true,
	"centering": true, "small": true, "large": true, "Large": true, "footnotesize": true, "normalsize": true, "hfill": true,
	"vfill": true, "today": true, "protect": true, "hline": true, "cline": true, "toprule": true, "midrule": true, "bottomrule": true,
	"appendix": true, "frontmatter": true, "mainmatter": true, "backmatter": true, "bigskip": true, "medskip": true, "smallskip": true,
	"fontfamily": true, "fontseries": true, "fontshape": true, "fontencoding": true, "fontsize": true, "usefont": true,
	"selectfont": true, "linespread": true,
	"par": false,
}

var texSymbols = map[string]string{
	"ldots": "…", "dots": "…", "LaTeX": "LaTeX", "LaTeXe": "LaTeX2e", "TeX": "TeX", "eTeX": "e-TeX", "pdfTeX": "pdfTeX",
	"XeTeX": "XeTeX", "LuaTeX": "LuaTeX", "BibTeX": "BibTeX", "AmS": "AMS", "MF": "Metafont", "MP": "MetaPost", "S": "§", "P": "¶", "textbackslash": "\\", "ss": "ß",
	"copyright": "©", "textregistered": "®", "texttrademark": "™", "euro": "€", "pounds": "£", "textendash": "–",
	"textemdash": "—", "quad": " ", "qquad": " ", "textbar": "|", "textless": "<", "textgreater": ">", "ae": "æ", "AE": "Æ",
	"o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "oe": "œ", "OE": "Œ", "i": "ı", "l": "ł", "L": "Ł", "textasciitilde": "~",
	"textdegree": "°", "dag": "†", "ddag": "‡", "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "pi": "π", "mu": "μ",
	"sigma": "σ", "lambda": "λ", "theta": "θ", "omega": "ω", "infty": "∞", "times": "×", "leq": "≤", "geq": "≥", "neq": "≠",
	"pm": "±", "cdot": "·", "to": "→", "rightarrow": "→", "leftarrow": "←", "approx": "≈", "sum": "∑", "int": "∫",
}

var texAccents = map[byte]rune{'\'': 0x301, '`': 0x300, '^': 0x302, '"': 0x308, '~': 0x303, '=': 0x304, '.': 0x307, 'c': 0x327, 'u': 0x306, 'v': 0x30C, 'H': 0x30B, 'r': 0x30A, 'k': 0x328}

type texList struct {
	kind  string
	count int
	item  int // open list item marker, -1 none
	id    int
}

type tex struct {
	s       string
	i       int
	b       *builder
	depth   int
	para    int // open paragraph marker, -1 none
	block   int // > 0 inside a heading, item, cell or note: no paragraph markers
	lists   []texList
	notes   []string
	title   string
	author  string
	minSect int
	table   *texTable
	steps   int

	macros    map[string]texMacro // the document's own macros (texMacros)
	expanding map[string]bool     // macros being expanded: not expanded again inside themselves
	budget    *int                // bytes of expanded macro text left for the whole document
	labels    map[string]string   // what \ref prints for each label (texLabels)
}

type texTable struct {
	row, cell int
	cells     int
	rows      int
	first     int  // the first row's marker, -1 before it ends
	headed    bool // a rule after the first row made it the header row
}

// loadLaTeX loads LaTeX source without running TeX: sections become headings
// (the top level used is level 1), itemize, enumerate and description
// lists, quote environments, verbatim and listings as code, tabular as
// tables, \textbf, \emph, \underline, \texttt, links (\href, \url),
// footnotes (as "[n]" with the notes at the end), accents and symbols as
// characters, inline math as its source without backslashes, \ref as a
// link to its label read as the label's number (texLabels). Comments, the
// preamble and commands that only set things up are not read. The
// document's own macros are expanded (texMacros), never inside
// themselves and within a budget of expanded text, so a recursive one
// cannot loop. \title and \author are the metadata; \maketitle writes
// them.
func loadLaTeX(docPath string, data []byte) (*doc.Document, error) {
	src := string(decode(data))
	src = stripTeXComments(src)
	budget := 8*len(src) + 1<<20
	t := &tex{b: newBuilder(len(src)).limitTo(len(data)), para: -1, minSect: 9, macros: texMacros(src), expanding: map[string]bool{}, budget: &budget}
	t.title = texArg(src, "\\title")
	t.author = texArg(src, "\\author")
	body := src
	if k := strings.Index(src, "\\begin{document}"); k >= 0 {
		body = src[k+len("\\begin{document}"):]
		if e := strings.LastIndex(body, "\\end{document}"); e >= 0 {
			body = body[:e]
		}
	}
	// The top section level used becomes level 1.
	for name, lv := range texSection {
		if strings.Contains(body, "\\"+name+"{") || strings.Contains(body, "\\"+name+"*{") || strings.Contains(body, "\\"+name+"[") {
			t.minSect = min(t.minSect, lv)
		}
	}
	t.labels = texLabels(body, t.minSect)
	t.s = body
	t.content("")
	t.endPara()
	t.closeLists()
	t.b.notesSection(len(t.notes), noteNumber, func(i int) {
		t.block++
		t.sub(t.notes[i])
		t.block--
	})
	meta := doc.Meta{Format: formatLaTeX, Path: docPath, Author: strPtr(collapseSpace(t.plain(t.author))), Title: collapseSpace(t.plain(t.title))}
	return t.b.document(meta, docPath), nil
}

func stripTeXComments(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var out strings.Builder
	out.Grow(len(s))
	for _, line := range strings.SplitAfter(s, "\n") {
		cut := -1
		for k := 0; k < len(line); k++ {
			if line[k] == '\\' {
				k++
				continue
			}
			if line[k] == '%' {
				cut = k
				break
			}
		}
		if cut >= 0 {
			out.WriteString(line[:cut])
			if strings.HasSuffix(line, "\n") && strings.TrimSpace(line[:cut]) == "" {
				// A comment line does not end a paragraph.
				continue
			}
			if strings.HasSuffix(line, "\n") {
				out.WriteByte('\n')
			}
			continue
		}
		out.WriteString(line)
	}
	return out.String()
}

// texArg returns the braced argument of the first cmd in s.
func texArg(s, cmd string) string {
	k := strings.Index(s, cmd+"{")
	if k < 0 {
		return ""
	}
	arg, _ := braced(s, k+len(cmd))
	return arg
}

// texLigatures are the runs of characters TeX sets as one, longest first.
var texLigatures = []struct{ in, out string }{{"---", "—"}, {"--", "–"}, {"``", "“"}, {"''", "”"}}

// braced reads a {...} group at s[i] (after optional white space) and
// returns its inside and the index after it; ("", i) when there is none.
func braced(s string, i int) (string, int) {
	inner, next, _ := texGroup(s, i, '{', " \t\n")
	return inner, next
}

// bracketed reads an optional [...] argument at s[i] (after optional
// spaces and tabs): its inside, the index after it and whether there is one.
func bracketed(s string, i int) (string, int, bool) {
	return texGroup(s, i, '[', " \t")
}

// texGroup reads the group that open ('{' or '[') starts at s[i], after
// any of the bytes in space, and returns its inside, the index after it and
// true; ("", i, false) when no group starts there. A backslash escapes the
// byte after it, braces nest, and a ']' inside braces does not close a
// [...] group. A group left open runs to the end of s.
func texGroup(s string, i int, open byte, space string) (string, int, bool) {
	j := i
	for j < len(s) && strings.IndexByte(space, s[j]) >= 0 {
		j++
	}
	if j >= len(s) || s[j] != open {
		return "", i, false
	}
	depth := 0
	for k := j; k < len(s); k++ {
		switch c := s[k]; {
		case c == '\\':
			k++
		case c == '{':
			depth++
		case c == '}':
			depth--
			if open == '{' && depth == 0 {
				return s[j+1 : k], k + 1, true
			}
		case c == ']' && open == '[' && depth <= 0:
			return s[j+1 : k], k + 1, true
		}
	}
	return s[j+1:], len(s), true
}

// plain turns a short piece of LaTeX (a title) into text.
func (t *tex) plain(s string) string {
	sub := &tex{s: s, b: newBuilder(len(s)), para: -1, block: 1, minSect: t.minSect, macros: t.macros, expanding: t.expanding, budget: t.budget, labels: t.labels}
	sub.content("")
	txt, _ := sub.b.finish()
	return strings.ReplaceAll(txt, "\n", " ")
}

// sub reads a piece of LaTeX (an argument) with the current state.
func (t *tex) sub(s string) {
	if t.depth >= maxTeXDepth {
		t.b.inlineText(s)
		return
	}
	saveS, saveI := t.s, t.i
	t.s, t.i = s, 0
	t.depth++
	t.content("")
	t.depth--
	t.s, t.i = saveS, saveI
}

// startText opens a paragraph when text starts outside any block.
func (t *tex) startText() {
	if t.table != nil {
		t.startRow()
		return
	}
	if t.para < 0 && t.block == 0 && len(t.lists) == 0 && t.table == nil {
		t.b.paragraphBreak()
		t.para = t.b.openMarker(doc.Marker{Kind: doc.Paragraph})
	}
}

func (t *tex) endPara() {
	if t.para >= 0 {
		t.b.closeMarker(t.para)
		t.para = -1
	}
	if t.block == 0 && t.table == nil {
		if len(t.lists) > 0 {
			t.b.space()
		} else {
			t.b.paragraphBreak()
		}
	} else {
		t.b.space()
	}
}

func (t *tex) text(s string) {
	if strings.TrimSpace(s) == "" {
		if s != "" {
			t.b.space()
		}
		return
	}
	t.startText()
	t.b.inlineText(s)
}

// content reads until the end of t.s or \end{env}.
func (t *tex) content(env string) {
	s := t.s
	for t.i < len(s) {
		t.steps++
		c := s[t.i]
		switch {
		case c == '\\':
			if t.command(env) {
				return
			}
		case c == '{':
			inner, next := braced(s, t.i)
			t.i = next
			t.sub(inner)
		case c == '}':
			t.i++
		case c == '$':
			t.math()
		case c == '~':
			t.text(" ")
			t.i++
		case c == '&' && t.table != nil:
			t.i++
			t.nextCell()
		case c == '\n':
			j := t.i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			if j < len(s) && s[j] == '\n' {
				t.endPara()
				for j < len(s) && (s[j] == '\n' || s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
					j++
				}
				t.i = j
				continue
			}
			t.b.space()
			t.i++
		default:
			j := t.i
			for j < len(s) && !strings.ContainsRune("\\{}$~&\n-`'", rune(s[j])) {
				j++
			}
			if j == t.i {
				// A ligature, or the character as it is.
				n, out := 1, string(c)
				for _, l := range texLigatures {
					if strings.HasPrefix(s[t.i:], l.in) {
						n, out = len(l.in), l.out
						break
					}
				}
				t.text(out)
				t.i += n
				continue
			}
			t.text(s[t.i:j])
			t.i = j
		}
	}
}

func (t *tex) math() {
	s := t.s
	end := "$"
	start := t.i + 1
	if strings.HasPrefix(s[t.i:], "$$") {
		end, start = "$$", t.i+2
	}
	k := strings.Index(s[start:], end)
	if k < 0 {
		t.i = len(s)
		return
	}
	t.formula(s[start : start+k])
	t.i = start + k + len(end)
}

// formula writes math source as its words in a math marker.
func (t *tex) formula(src string) {
	if strings.TrimSpace(src) == "" {
		return
	}
	t.startText()
	t.b.formula(mathspeech.LaTeX, src, nil)
}

// command reads a command at t.i; true when it ends the environment env.
func (t *tex) command(env string) bool {
	s := t.s
	b := t.b
	j := t.i + 1
	if j >= len(s) {
		t.i = j
		return false
	}
	if !(s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
		// A control symbol.
		c := s[j]
		t.i = j + 1
		if c >= utf8.RuneSelf {
			// A backslash before a non-ASCII character: the character.
			_, size := utf8.DecodeRuneInString(s[j:])
			t.text(s[j : j+size])
			t.i = j + size
			return false
		}
		switch c {
		case '\\':
			if t.table != nil {
				t.endRow()
			} else if t.block > 0 || len(t.lists) > 0 {
				b.space()
			} else {
				b.lineBreak()
			}
			_, t.i, _ = bracketed(s, t.i)
		case '%', '&', '$', '#', '_', '{', '}':
			t.text(string(c))
		case ' ', ',', ';', ':', '!':
			t.text(" ")
		case '(':
			if k := strings.Index(s[t.i:], "\\)"); k >= 0 {
				t.formula(s[t.i : t.i+k])
				t.i += k + 2
			}
		case '[':
			if k := strings.Index(s[t.i:], "\\]"); k >= 0 {
				t.endPara()
				t.formula(s[t.i : t.i+k])
				t.endPara()
				t.i += k + 2
			}
		default:
			if mark, ok := texAccents[c]; ok {
				t.accent(mark)
			}
		}
		return false
	}
	k := j
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z') {
		k++
	}
	name := s[j:k]
	star := k < len(s) && s[k] == '*'
	if star {
		k++
	}
	t.i = k
	if mark, ok := texAccents[name[0]]; ok && len(name) == 1 {
		t.accent(mark)
		return false
	}
	arg := func() string {
		_, t.i, _ = bracketed(s, t.i)
		a, next := braced(s, t.i)
		t.i = next
		return a
	}
	if lv, ok := texSection[name]; ok {
		level := max(1, lv-t.minSect+1)
		title := arg()
		t.endPara()
		t.closeLists()
		b.paragraphBreak()
		id := b.openMarker(doc.Marker{Kind: doc.Heading, Level: min(level, 6)})
		t.block++
		t.sub(title)
		t.block--
		b.closeMarker(id)
		b.paragraphBreak()
		return false
	}
	switch name {
	case "begin":
		e := arg()
		t.environment(e)
	case "end":
		e := arg()
		if e == env {
			return true
		}
	case "textbf", "bf", "bfseries", "mathbf", "textsc":
		t.wrap(doc.Marker{Kind: doc.Bold}, arg())
	case "emph", "textit", "it", "itshape", "textsl":
		t.wrap(doc.Marker{Kind: doc.Italic}, arg())
	case "underline", "uline":
		t.wrap(doc.Marker{Kind: doc.Underline}, arg())
	case "texttt", "code", "path":
		t.wrap(doc.Marker{Kind: doc.Code}, arg())
	case "verb", "lstinline":
		if t.i < len(s) {
			d := s[t.i]
			if e := strings.IndexByte(s[t.i+1:], d); e >= 0 {
				t.startText()
				id := b.openMarker(doc.Marker{Kind: doc.Code})
				b.inlineText(s[t.i+1 : t.i+1+e])
				b.closeMarker(id)
				t.i += e + 2
			}
		}
	case "href":
		url := arg()
		text, next := braced(s, t.i)
		t.i = next
		t.wrap(doc.Marker{Kind: doc.Link, Reference: url}, text)
	case "hypertarget", "label":
		t.b.anchor(arg())
		if name == "hypertarget" {
			inner, next := braced(s, t.i)
			t.i = next
			t.sub(inner)
		}
	case "hyperlink", "autoref", "nameref":
		target := arg()
		text := target
		if name == "hyperlink" {
			text, t.i = braced(s, t.i)
		}
		t.startText()
		id := b.openMarker(doc.Marker{Kind: doc.Link, Reference: "#" + target})
		b.linkTo(id, target)
		t.block++
		t.sub(text)
		t.block--
		b.closeMarker(id)
	case "ref", "eqref":
		t.ref(arg(), name == "eqref")
	case "url":
		url := arg()
		t.startText()
		id := b.openMarker(doc.Marker{Kind: doc.Link, Reference: url})
		b.inlineText(url)
		b.closeMarker(id)
	case "footnote":
		note := arg()
		t.notes = append(t.notes, note)
		label := strconv.Itoa(len(t.notes))
		b.noteRef(label, label)
	case "item":
		lab, next, has := bracketed(s, t.i)
		t.i = next
		t.item(lab, has)
	case "maketitle":
		if t.title != "" {
			t.endPara()
			b.paragraphBreak()
			id := b.openMarker(doc.Marker{Kind: doc.Heading, Level: 1})
			t.block++
			t.sub(t.title)
			t.block--
			b.closeMarker(id)
			b.paragraphBreak()
			if t.author != "" {
				b.paragraphBreak()
				id := b.openMarker(doc.Marker{Kind: doc.Paragraph})
				t.block++
				t.sub(t.author)
				t.block--
				b.closeMarker(id)
				b.paragraphBreak()
			}
		}
	case "caption":
		c := arg()
		t.endPara()
		t.sub(c)
		t.endPara()
	case "par", "newline", "linebreak":
		if name == "par" {
			t.endPara()
		} else {
			b.lineBreak()
		}
	case "newcommand", "renewcommand", "providecommand":
		// A definition (texMacros read it): skipped.
		_, t.i = texMacroName(s, t.i)
		for range 2 {
			_, t.i, _ = bracketed(s, t.i)
		}
		_, t.i = braced(s, t.i)
	case "def", "gdef", "edef", "xdef":
		// \def\name#1{body}: a definition (texMacros read it), skipped.
		for t.i < len(s) && s[t.i] != '{' {
			t.i++
		}
		_, t.i = braced(s, t.i)
	default:
		if m, ok := t.macros[name]; ok && !t.expanding[name] {
			if body, ok := t.expand(m); ok {
				t.expanding[name] = true
				t.sub(body)
				delete(t.expanding, name)
			}
			return false
		}
		if sym, ok := texSymbols[name]; ok {
			t.text(sym)
			if t.i < len(s) && s[t.i] == ' ' {
				t.i++
				t.b.space()
			}
			return false
		}
		t.headerRule(name)
		if drop, known := texDropArgs[name]; known && drop {
			for {
				_, next, has := bracketed(s, t.i)
				t.i = next
				if _, n2 := braced(s, t.i); n2 != t.i {
					t.i = n2
					if name == "href" || name == "setlength" || name == "newenvironment" || name == "definecolor" || name == "setcounter" || name == "newtheorem" || name == "raisebox" || name == "rule" {
						continue
					}
				} else if !has {
					break
				}
				break
			}
			return false
		}
		// Unknown: the name is dropped, the arguments' text read. The
		// space after the name goes with it (TeX skips it), the space after
		// an argument stays.
		var hasOpt bool
		_, t.i, hasOpt = bracketed(s, t.i)
		args := false
		for {
			a, next := braced(s, t.i)
			if next == t.i {
				break
			}
			t.i = next
			t.sub(a)
			args = true
		}
		if !args && !hasOpt && t.i < len(s) && s[t.i] == ' ' {
			t.i++
		}
	}
	return false
}

func (t *tex) accent(mark rune) {
	s := t.s
	var letter string
	if a, next := braced(s, t.i); next != t.i {
		letter, t.i = a, next
	} else if t.i < len(s) {
		if s[t.i] == '\\' && t.i+1 < len(s) && s[t.i+1] == 'i' {
			letter = "i"
			t.i += 2
		} else {
			_, size := utf8.DecodeRuneInString(s[t.i:])
			letter = s[t.i : t.i+size]
			t.i += size
		}
	}
	if letter == "\\i" {
		letter = "i"
	}
	t.text(norm.NFC.String(letter + string(mark)))
}

func (t *tex) wrap(m doc.Marker, inner string) {
	t.startText()
	id := t.b.openMarker(m)
	t.block++
	t.sub(inner)
	t.block--
	t.b.closeMarker(id)
}

func (t *tex) closeLists() {
	for len(t.lists) > 0 {
		t.endList()
	}
}

func (t *tex) endList() {
	l := t.lists[len(t.lists)-1]
	if l.item >= 0 {
		t.b.closeMarker(l.item)
	}
	t.b.closeMarker(l.id)
	t.lists = t.lists[:len(t.lists)-1]
	if len(t.lists) == 0 {
		t.b.paragraphBreak()
	} else {
		t.b.lineBreak()
	}
}

func (t *tex) item(label string, hasLabel bool) {
	if len(t.lists) == 0 {
		t.text("• ")
		return
	}
	b := t.b
	l := &t.lists[len(t.lists)-1]
	if l.item >= 0 {
		b.closeMarker(l.item)
	}
	b.lineBreak()
	m := doc.Marker{Kind: doc.ListItem, Level: len(t.lists)}
	switch {
	case l.kind == "enumerate":
		l.count++
		m.Label = strconv.Itoa(l.count) + "."
	case hasLabel && l.kind != "description":
		m.Label = collapseSpace(t.plain(label))
	}
	l.item = b.openMarker(m)
	if l.kind == "description" && hasLabel {
		id := b.openMarker(doc.Marker{Kind: doc.Bold})
		t.sub(label)
		b.closeMarker(id)
		b.inlineText(": ")
	}
}

func (t *tex) environment(env string) {
	b := t.b
	s := t.s
	if t.depth >= maxTeXDepth {
		return
	}
	t.depth++
	defer func() { t.depth-- }()
	switch env {
	case "itemize", "enumerate", "description", "compactitem", "compactenum":
		kind := env
		if env == "compactitem" {
			kind = "itemize"
		}
		if env == "compactenum" {
			kind = "enumerate"
		}
		if t.para >= 0 {
			b.closeMarker(t.para)
			t.para = -1
		}
		if len(t.lists) == 0 {
			b.paragraphBreak()
		} else {
			b.lineBreak()
		}
		_, t.i, _ = bracketed(s, t.i)
		t.lists = append(t.lists, texList{kind: kind, item: -1, id: b.openMarker(doc.Marker{Kind: doc.List, Level: len(t.lists) + 1})})
		n := len(t.lists)
		t.content(env)
		for len(t.lists) >= n {
			t.endList()
		}
	case "quote", "quotation", "verse":
		t.endPara()
		id := b.openMarker(doc.Marker{Kind: doc.Quote})
		t.content(env)
		t.endPara()
		b.closeMarker(id)
		b.paragraphBreak()
	case "verbatim", "lstlisting", "minted", "Verbatim", "verbatim*", "alltt", "comment":
		endTag := "\\end{" + env + "}"
		k := strings.Index(s[t.i:], endTag)
		body := s[t.i:]
		if k >= 0 {
			body = s[t.i : t.i+k]
			t.i += k + len(endTag)
		} else {
			t.i = len(s)
		}
		if env == "comment" {
			return
		}
		if env == "minted" {
			_, n := braced(body, 0)
			body = body[n:]
		} else if strings.HasPrefix(body, "[") {
			if e := strings.IndexByte(body, ']'); e >= 0 && !strings.Contains(body[:e], "\n") {
				body = body[e+1:]
			}
		}
		t.endPara()
		b.paragraphBreak()
		id := b.openMarker(doc.Marker{Kind: doc.Code, Level: 1})
		b.verbatim(body)
		b.closeMarker(id)
		b.paragraphBreak()
	case "tabular", "tabularx", "tabular*", "longtable", "array", "tabu":
		if env == "tabularx" || env == "tabular*" {
			_, t.i = braced(s, t.i)
		}
		_, t.i, _ = bracketed(s, t.i)
		_, t.i = braced(s, t.i) // the column specification
		if t.table != nil {
			t.content(env)
			return
		}
		t.endPara()
		b.paragraphBreak()
		tid := b.openMarker(doc.Marker{Kind: doc.Table})
		t.table = &texTable{row: -1, cell: -1, first: -1}
		t.block++
		t.content(env)
		t.endRow()
		t.block--
		t.table = nil
		b.closeMarker(tid)
		b.paragraphBreak()
	case "equation", "equation*", "align", "align*", "gather", "gather*", "multline", "displaymath", "math", "eqnarray":
		endTag := "\\end{" + env + "}"
		k := strings.Index(s[t.i:], endTag)
		if k < 0 {
			t.i = len(s)
			return
		}
		t.endPara()
		t.formula("\\begin{" + env + "}" + s[t.i:t.i+k] + endTag)
		t.endPara()
		t.i += k + len(endTag)
	case "abstract":
		t.endPara()
		b.paragraphBreak()
		b.heading(2, "Abstract")
		t.content(env)
		t.endPara()
	case "thebibliography":
		_, t.i = braced(s, t.i)
		t.endPara()
		b.paragraphBreak()
		b.heading(2, "References")
		t.content(env)
		t.endPara()
	case "tikzpicture", "picture", "pspicture":
		endTag := "\\end{" + env + "}"
		if k := strings.Index(s[t.i:], endTag); k >= 0 {
			t.i += k + len(endTag)
		} else {
			t.i = len(s)
		}
	default:
		_, t.i, _ = bracketed(s, t.i)
		block := env == "center" || env == "figure" || env == "table" || env == "flushleft" || env == "flushright" || env == "minipage"
		if block {
			t.endPara()
		}
		t.content(env)
		if block {
			t.endPara()
		}
	}
}

func (t *tex) startRow() {
	if t.table.row >= 0 {
		return
	}
	t.table.row = t.b.openRow(false)
	t.table.cells = 0
	t.table.cell = t.b.openCell(0)
}

func (t *tex) nextCell() {
	t.startRow()
	t.b.closeMarker(t.table.cell)
	t.table.cells++
	t.table.cell = t.b.openCell(t.table.cells)
}

func (t *tex) endRow() {
	if t.table == nil || t.table.row < 0 {
		return
	}
	b := t.b
	b.closeMarker(t.table.cell)
	b.closeMarker(t.table.row)
	if t.table.rows == 0 {
		t.table.first = t.table.row
	}
	t.table.row = -1
	t.table.rows++
}

// headerRule marks the table's first row as its header row when the rule
// name (booktabs' \midrule, longtable's \endhead or \endfirsthead) comes
// right after it, as pandoc and booktabs write a header.
func (t *tex) headerRule(name string) {
	switch name {
	case "midrule", "endhead", "endfirsthead":
	default:
		return
	}
	if tb := t.table; tb != nil && tb.rows == 1 && tb.row < 0 && !tb.headed && tb.first >= 0 {
		t.b.setLabel(tb.first, doc.HeaderRow)
		tb.headed = true
	}
}
