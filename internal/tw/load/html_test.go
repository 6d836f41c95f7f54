package load

import (
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

func TestHTML(t *testing.T) {
	runLoaderCases(t, []loaderCase{
		{
			name:  "head: title used when there is no h1",
			in:    `<html><head><title> The  Title </title></head><body><h2>Sub</h2><p>Text.</p></body></html>`,
			text:  "Sub\n\nText.",
			title: "The Title",
			markers: []string{
				`heading 0-3 level=2 "Sub"`,
				`paragraph 5-10 "Text."`,
			},
		},
		{
			name:  "the first h1 is the title",
			in:    `<title>Site - Page</title><h1>Page</h1>`,
			text:  "Page",
			title: "Page",
		},
		{
			name:  "no title, no heading: the file name",
			path:  "/a/b/page.html",
			in:    `<p>Only text.</p>`,
			text:  "Only text.",
			title: "page.html",
		},
		{
			name: "skipped and hidden elements",
			in:   `<script>x()</script><style>p{}</style><p hidden>secret</p><span aria-hidden="true">x</span><aside hidden>side</aside><form>q</form><p>Kept.</p><noscript>n</noscript>`,
			text: "Kept.",
			markers: []string{
				`paragraph 0-5 "Kept."`,
			},
		},
		{
			// docutils (the Python documentation) writes its footnotes as
			// <aside class="footnote">.
			name: "asides, navigation and footers read, set apart",
			in:   `<nav><a href="#n">Next</a></nav><p>See<a href="#fn1" id="r1">1</a>.</p><aside class="footnote brackets" id="fn1"><a href="#r1">1</a><p>The note.</p></aside><aside><p>Side.</p></aside><table><tr><td>a<aside>b</aside></td></tr></table><footer>Foot</footer>`,
			text: "Next\n\nSee1.\n\n1\n\nThe note.\n\nSide.\n\na b\n\nFoot",
			markers: []string{
				`quote 0-4 label="navigation" "Next"`,
				`link 0-4 ref="#n" "Next"`,
				`paragraph 6-11 "See1."`,
				`link 9-10 ref="#fn1" "1"`,
				`footnote 13-25 level=1 ref="fn1" "1\n\nThe note."`,
				`link 13-14 ref="#r1" "1"`,
				`paragraph 16-25 "The note."`,
				`quote 27-32 label="aside" "Side."`,
				`paragraph 27-32 "Side."`,
				`table 34-37 "a b"`,
				`table_row 34-37 "a b"`,
				`table_cell 34-37 "a b"`,
				`quote 39-43 label="footer" "Foot"`,
			},
		},
		{
			name: "lists: nesting, start and value",
			in:   `<ul><li>Apples</li><li>Oranges<ul><li>Blood</li></ul></li></ul><ol start="3"><li>c</li><li value="7">d</li><li>e</li></ol>`,
			text: "Apples\nOranges\nBlood\n\nc\nd\ne",
			markers: []string{
				`list 0-20 level=1 "Apples\nOranges\nBlood"`,
				`list_item 0-6 level=1 "Apples"`,
				`list_item 7-20 level=1 "Oranges\nBlood"`,
				`list 15-20 level=2 "Blood"`,
				`list_item 15-20 level=2 "Blood"`,
				`list 22-27 level=1 "c\nd\ne"`,
				`list_item 22-23 level=1 label="3." "c"`,
				`list_item 24-25 level=1 label="7." "d"`,
				`list_item 26-27 level=1 label="8." "e"`,
			},
		},
		{
			name: "table: caption, head, empty cell, blocks inside a cell",
			in:   `<table><caption>Scores</caption><thead><tr><td>Name</td><td>Score</td></tr></thead><tbody><tr><td><p>Ada</p><p>L.</p></td><td></td></tr></tbody></table><p>After.</p>`,
			text: "Scores\n\nName | Score\nAda L. | \n\nAfter.",
			markers: []string{
				`table 8-30 label="Scores" "Name | Score\nAda L. | "`,
				`table_row 8-20 label="header" "Name | Score"`,
				`table_cell 8-12 "Name"`,
				`table_cell 15-20 "Score"`,
				`table_row 21-30 "Ada L. | "`,
				`table_cell 21-27 "Ada L."`,
				`table_cell 30-30 ""`,
				`paragraph 32-38 "After."`,
			},
		},
		{
			name: "pre keeps its lines, br breaks a line, code language from the class",
			in:   "<p>a<br>b</p><pre><code class=\"language-rust\">let x = 1;\n  y();\n</code></pre><p>x <code>c</code></p>",
			text: "a\nb\n\nlet x = 1;\n  y();\n\nx c",
			markers: []string{
				`paragraph 0-3 "a\nb"`,
				`code 5-22 level=1 label="rust" "let x = 1;\n  y();"`,
				`paragraph 24-27 "x c"`,
				`code 26-27 "c"`,
			},
		},
		{
			name: "hr is a zero-length rule; entities; inline kinds",
			in:   `<p>Tom &amp; Jerry &eacute; &#x41;</p><hr><p><b>b</b> <i>i</i> <del>d</del> <a href="/x">l</a> <a>plain</a></p>`,
			text: "Tom & Jerry é A\n\nb i d l plain",
			markers: []string{
				`paragraph 0-15 "Tom & Jerry é A"`,
				`paragraph 17-30 "b i d l plain"`,
				`bold 17-18 "b"`,
				`rule 17-17 ""`,
				`italic 19-20 "i"`,
				`strikethrough 21-22 "d"`,
				`link 23-24 ref="/x" "l"`,
			},
		},
		{
			name: "images: alt, title, aria-label, decorative, presentation",
			in:   `<img src="a.png" alt="Alt"> <img src="b.png" title="Title"> <img src="c.png" aria-label="Label"> <img src="d.png" alt=""> <img src="e.png" alt="X" role="presentation">`,
			text: "Alt Title Label",
			markers: []string{
				`image 0-3 ref="a.png" "Alt"`,
				`image 4-9 ref="b.png" "Title"`,
				`image 10-15 ref="c.png" "Label"`,
			},
		},
		{
			name: "blocks and definition lists",
			in:   `<div>One</div><section><p>Two</p></section><dl><dt>Term</dt><dd>Def</dd></dl><blockquote>Q</blockquote>`,
			text: "One\n\nTwo\n\nTerm\nDef\n\nQ",
			markers: []string{
				`paragraph 5-8 "Two"`,
				`quote 20-21 "Q"`,
			},
		},
		{
			name:    "empty document",
			in:      "",
			text:    "",
			markers: []string{},
		},
	}, loadHTML)
}

func TestHTMLMeta(t *testing.T) {
	d, err := loadHTML("x.html", []byte(`<html lang=" de "><head><meta name="Author" content=" Jane  Doe "></head><body><p>x</p></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	if d.Meta.Language == nil || *d.Meta.Language != "de" {
		t.Errorf("language = %v, want de", testkit.Deref(d.Meta.Language))
	}
	if d.Meta.Author == nil || *d.Meta.Author != "Jane Doe" {
		t.Errorf("author = %v, want Jane Doe", testkit.Deref(d.Meta.Author))
	}
	if d.Meta.Format != "html" || d.Meta.Path != "x.html" {
		t.Errorf("format %q path %q", d.Meta.Format, d.Meta.Path)
	}
	d, err = loadHTML("y.html", []byte(`<p>no head</p>`))
	if err != nil {
		t.Fatal(err)
	}
	if d.Meta.Language != nil || d.Meta.Author != nil {
		t.Errorf("language %v author %v, want both unknown", testkit.Deref(d.Meta.Language), testkit.Deref(d.Meta.Author))
	}
}

// Deeply nested markup is read as flat text, without exhausting the stack:
// past the walker's depth limit, and past the parser's (512 elements).
func TestHTMLDeepNesting(t *testing.T) {
	for depth, want := range map[int]string{
		200: "Start\n\ndeep text\n\nEnd",
		// Past the parser's limit the page is read as flat text, block
		// tags breaking lines.
		20000: "Start\ndeep text\nEnd",
	} {
		src := "<p>Start</p>" + strings.Repeat("<div><b>", depth) + "deep  text<script>no()</script>" + strings.Repeat("</b></div>", depth) + "<p>End</p>"
		d, err := loadHTML("deep.html", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != want {
			t.Errorf("depth %d: text %q", depth, d.Text)
		}
		checkInvariants(t, d)
	}
}
