package pdf

import (
	"regexp"
	"strings"
	"testing"
)

// leaderLine is a table of contents or index line: a dot leader, then the
// page number.
var leaderLine = regexp.MustCompile(`(?:\. ?){4,} ?[0-9ivxlc]+$`)

// leader is a dot leader and a page number anywhere in a line.
var leader = regexp.MustCompile(`(?:\. ?){4,} ?[0-9ivxlc]+`)

// TestDebianManualText: what Debian's pdfTeX manuals (texinfo; libtasn1-doc
// and bash-doc, in scripts/deps-pdf.sh) print reads as printed: the
// copyright sign TeX draws as a "c" inside a circle, each line of the
// table of contents and of an index on its own line, and no running head
// ("Chapter 3: Utilities 7") in the text, neither alone nor glued to the
// paragraph it interrupts.
func TestDebianManualText(t *testing.T) {
	runningHead := regexp.MustCompile(`Chapter [0-9]+: [A-Za-z0-9.' ]+ [0-9]+(\n|$)`)
	cases := []struct {
		path      string
		copyright string
		entries   [][2]string // lines the text must have: an entry, a leader, its page
		leaders   int         // at least this many table of contents and index lines
	}{
		{"/usr/share/doc/libtasn1-doc/libtasn1.pdf", "Copyright © 2001–2022 Free Software Foundation", [][2]string{
			{"2.2 Naming", "3"}, {"3.3 Invoking asn1Decoding", "7"}, {"asn1Coding program", "5"},
		}, 50},
		{"/usr/share/doc/bash/bashref.pdf", "Copyright © 1988–2022 Free Software Foundation", [][2]string{
			{"name", "3"}, {"quoting, ANSI", "6"},
		}, 600},
	}
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			d := loadDebianPDF(t, tc.path)
			if !strings.Contains(d.Text, tc.copyright) {
				t.Errorf("no %q", tc.copyright)
			}
			lines := strings.Split(d.Text, "\n")
			leaders := 0
			for _, l := range lines {
				if leaderLine.MatchString(l) {
					leaders++
				}
				if len(leader.FindAllStringIndex(l, -1)) > 1 {
					if len(l) > 200 {
						l = l[:200] + "…"
					}
					t.Errorf("table of contents or index lines run together: %q", l)
				}
			}
			for _, e := range tc.entries {
				re := regexp.MustCompile(`^` + regexp.QuoteMeta(e[0]) + ` ?(?:\. ?){4,} ?` + e[1] + `$`)
				found := false
				for _, l := range lines {
					found = found || re.MatchString(l)
				}
				if !found {
					t.Errorf("no line %q …… %s", e[0], e[1])
				}
			}
			if leaders < tc.leaders {
				t.Errorf("%d table of contents and index lines, want at least %d", leaders, tc.leaders)
			}
			for _, m := range runningHead.FindAllStringIndex(d.Text, -1) {
				t.Errorf("a running head in the text: %q", d.Text[max(0, m[0]-40):m[1]])
			}
		})
	}
}

// TestDebianManualFolios: the page numbers plain TeX prints centred below
// the text (12.7% above the bottom of a letter page, texlive-base's
// manuals) are not read, neither as paragraphs of their own nor inside the
// sentence a page break interrupts.
func TestDebianManualFolios(t *testing.T) {
	cases := []struct {
		path     string
		sentence string // a sentence that runs across a page break
	}{
		{"/usr/share/doc/texlive-doc/dvipdfm/dvipdfm.pdf",
			"An excellent source for information about PDF documents in general is [2]."},
		{"/usr/share/doc/texlive-doc/bibtex/base/btxdoc.pdf",
			"This documentation, for BibTEX version 0.99b, is meant for general BibTEX users;"},
	}
	bare := regexp.MustCompile(`(?m)^[0-9]+$`)
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			d := loadDebianPDF(t, tc.path)
			if n := bare.FindAllString(d.Text, -1); len(n) > 0 {
				t.Errorf("page numbers read as paragraphs: %q", n)
			}
			if !strings.Contains(d.Text, tc.sentence) {
				t.Errorf("no %q", tc.sentence)
			}
		})
	}
}

// TestFolios: a bare number at the foot of a page is taken for the page's
// number only where such numbers follow the pages, on three of them or
// more; one out of sequence, or a number in the page's middle, stays.
func TestFolios(t *testing.T) {
	page := func(texts ...string) []*line {
		var ls []*line
		for i, s := range texts {
			// From the top of a 1000-unit page down; the last line at 150,
			// inside folioZone but above the running zone.
			y := 900 - float64(i)*100
			if i == len(texts)-1 {
				y = 150
			}
			ls = append(ls, &line{spans: []span{{text: s}}, y: y})
		}
		return ls
	}
	contents := make([]*pageContent, 4)
	for i := range contents {
		contents[i] = &pageContent{height: 1000, width: 600}
	}
	cases := []struct {
		name  string
		pages [][]*line
		want  []int
	}{
		{"in sequence", [][]*line{page("Text", "More", "1"), page("Text", "More", "2"),
			page("Text", "More", "3"), page("Text", "More", "4")}, []int{2, 2, 2, 2}},
		{"one out of sequence", [][]*line{page("Text", "More", "1"), page("Text", "More", "2"),
			page("Text", "More", "3"), page("Text", "More", "17")}, []int{2, 2, 2, -1}},
		{"too few", [][]*line{page("Text", "More", "1"), page("Text", "More", "2"),
			page("Text", "More"), page("Text", "More")}, []int{-1, -1, -1, -1}},
		{"words", [][]*line{page("Text", "Page one"), page("Text", "Page two"),
			page("Text", "Page three"), page("Text", "Page four")}, []int{-1, -1, -1, -1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := folios(tc.pages, contents)
			for p := range got {
				if got[p] != tc.want[p] {
					t.Fatalf("folios = %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// TestDebianManualSmallCaps: the BibTeX logo of texlive-base's BibTeX
// manuals ("B", small capitals "IB", then "TeX") reads as one word, not as
// "B TEXing" and a line "IB" after it.
func TestDebianManualSmallCaps(t *testing.T) {
	for path, title := range map[string]string{
		"/usr/share/doc/texlive-doc/bibtex/base/btxdoc.pdf": "BIBTEXing\n",
		"/usr/share/doc/texlive-doc/bibtex/base/btxhak.pdf": "Designing BIBTEX Styles\n",
	} {
		t.Run(path[strings.LastIndex(path, "/")+1:], func(t *testing.T) {
			d := loadDebianPDF(t, path)
			if !strings.HasPrefix(d.Text, title) {
				t.Errorf("text starts %q, want %q", d.Text[:min(len(d.Text), 40)], title)
			}
		})
	}
}

// TestMergeSmallOnBaseline: a few small glyphs sorted after the line they
// stand on join it, marked raised only well above its baseline; glyphs
// below the baseline (a subscript line) or outside the line stay apart.
func TestMergeSmallOnBaseline(t *testing.T) {
	big := func() []char {
		return []char{{text: "B", x: 0, y: 100, w: 10, size: 17}, {text: "E", x: 30, y: 96, w: 10, size: 17},
			{text: "T", x: 20, y: 100, w: 10, size: 17}, {text: "X", x: 40, y: 100, w: 10, size: 17}}
	}
	small := func(x, y float64) []char {
		return []char{{text: "I", x: x, y: y, w: 4, size: 12}, {text: "B", x: x + 4, y: y, w: 5, size: 12}}
	}
	cases := []struct {
		name   string
		x, y   float64
		groups int
		raised bool
		text   string // the merged line's text
	}{
		{"small capitals on the baseline", 10, 100, 1, false, "BIBTEX"},
		{"a hair above", 10, 100.4, 1, false, "BIBTEX"},
		// A raised call near a line's start is kept apart by a space, as
		// a footnote number is.
		{"well above", 10, 106, 1, true, "BIB TEX"},
		{"below the baseline", 10, 97, 2, false, ""},
		{"past the line's end", 80, 100, 2, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := mergeRaised([][]char{big(), small(tc.x, tc.y)})
			if len(got) != tc.groups {
				t.Fatalf("%d groups, want %d", len(got), tc.groups)
			}
			if tc.groups == 1 {
				l := makeLine(got[0])
				if l.text() != tc.text {
					t.Errorf("text %q, want %q", l.text(), tc.text)
				}
				for _, c := range got[0] {
					if c.text == "I" && c.raised != tc.raised {
						t.Errorf("raised %v, want %v", c.raised, tc.raised)
					}
				}
			}
		})
	}
}

// TestDebianManualHangingIndent: an entry set with a hanging indent (an
// option table, a glossary: the first line at the margin, the rest
// indented under it) reads as one paragraph, not split after its first
// line, and the next entry starts a paragraph of its own.
func TestDebianManualHangingIndent(t *testing.T) {
	cases := []struct {
		path    string
		entries []string // paragraphs the text must have whole
	}{
		{"/usr/share/doc/texlive-doc/dvipdfm/dvipdfm.pdf", []string{
			"-c Disable color specials Specifying this option forces all color commands to be ignored. This is useful for printing a color document on a black and white printer.",
			"-f Set font map file name. See the Font Mapping section for additional information.",
		}},
		{"/usr/share/doc/bash/bashref.pdf", []string{
			"POSIX A family of open system standards based on Unix. Bash is primarily concerned with the Shell and Utilities portion of the posix 1003.1 standard.",
			"operator A control operator or a redirection operator. See Section 3.6 [Redirections], page 38, for a list of redirection operators. Operators contain at least one unquoted metacharacter.",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			d := loadDebianPDF(t, tc.path)
			paras := map[string]bool{}
			for _, p := range strings.Split(d.Text, "\n\n") {
				paras[strings.TrimSpace(p)] = true
			}
			for _, e := range tc.entries {
				if !paras[e] {
					t.Errorf("no paragraph %q", e)
				}
			}
		})
	}
}
