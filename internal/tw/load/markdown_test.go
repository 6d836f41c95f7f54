package load

import (
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

func TestMarkdown(t *testing.T) {
	runLoaderCases(t, []loaderCase{
		{
			name:  "setext headings",
			in:    "Title\n=====\n\nSub\n---\n\nBody.\n",
			text:  "Title\n\nSub\n\nBody.",
			title: "Title",
			markers: []string{
				`heading 0-5 level=1 "Title"`,
				`heading 7-10 level=2 "Sub"`,
				`paragraph 12-17 "Body."`,
			},
		},
		{
			name: "ordered list with another start and delimiter",
			in:   "3) three\n4) four\n",
			text: "three\nfour",
			markers: []string{
				`list 0-10 level=1 "three\nfour"`,
				`list_item 0-5 level=1 label="3." "three"`,
				`list_item 6-10 level=1 label="4." "four"`,
			},
		},
		{
			name: "loose list: no paragraph markers, one line per block",
			in:   "* loose\n\n  second para\n* item2\n",
			text: "loose\nsecond para\nitem2",
			markers: []string{
				`list 0-23 level=1 "loose\nsecond para\nitem2"`,
				`list_item 0-17 level=1 "loose\nsecond para"`,
				`list_item 18-23 level=1 "item2"`,
			},
		},
		{
			name: "nested block quotes",
			in:   "> outer\n> > inner\n",
			text: "outer\n\ninner",
			markers: []string{
				`quote 0-12 "outer\n\ninner"`,
				`paragraph 0-5 "outer"`,
				`quote 7-12 "inner"`,
				`paragraph 7-12 "inner"`,
			},
		},
		{
			name: "hard and soft breaks",
			in:   "one\ntwo  \nthree\\\nfour\n",
			text: "one two\nthree\nfour",
			markers: []string{
				`paragraph 0-18 "one two\nthree\nfour"`,
			},
		},
		{
			name: "HTML block keeps text, drops tags, comments and scripts",
			in:   "<div align=\"center\">\n<b>Bold</b> &amp; more<br>next\n</div>\n\n<!-- a\ncomment -->\n\n<script>var x = 1;\n</script>\n\nAfter.\n",
			text: "Bold & more\nnext\n\nAfter.",
			markers: []string{
				`paragraph 18-24 "After."`,
			},
		},
		{
			name: "inline HTML image and tags",
			in:   "Text <img src=\"a.png\" alt=\"\"> and <img src=\"b.png\" alt=\"Logo\"> <kbd>K</kbd>.\n",
			text: "Text and Logo K.",
			markers: []string{
				`paragraph 0-16 "Text and Logo K."`,
				`image 9-13 ref="b.png" "Logo"`,
			},
		},
		{
			name: "links with titles, autolinks",
			in:   "[t](http://x.org \"Title\") <https://auto.example> <me@x.org>\n",
			text: "t https://auto.example me@x.org",
			markers: []string{
				`paragraph 0-31 "t https://auto.example me@x.org"`,
				`link 0-1 ref="http://x.org" "t"`,
				`link 2-22 ref="https://auto.example" "https://auto.example"`,
				`link 23-31 ref="me@x.org" "me@x.org"`,
			},
		},
		{
			name: "strikethrough and nested emphasis",
			in:   "A ~~struck~~ ***both*** word\n",
			text: "A struck both word",
			markers: []string{
				`paragraph 0-18 "A struck both word"`,
				`strikethrough 2-8 "struck"`,
				`italic 9-13 "both"`,
				`bold 9-13 "both"`,
			},
		},
		{
			name: "thematic break is a zero-length rule where the next block starts",
			in:   "Before.\n\n***\n\nAfter.\n\n---\n",
			text: "Before.\n\nAfter.",
			markers: []string{
				`paragraph 0-7 "Before."`,
				`paragraph 9-15 "After."`,
				`rule 9-9 ""`,
				`rule 15-15 ""`,
			},
		},
		{
			name: "entities and backslash escapes",
			in:   "&amp; &copy; &#233; &#x41; &bogus; \\*lit\\* \\# x\n",
			text: "& © é A &bogus; *lit* # x",
			markers: []string{
				`paragraph 0-25 "& © é A &bogus; *lit* # x"`,
			},
		},
		{
			name: "CRLF, byte order mark and tabs",
			in:   "\uFEFF# Head\r\n\r\na\tb\r\nc\r\n\r\n```\r\nx\ty\r\n```\r\n",
			text: "Head\n\na b c\n\nx\ty",
			markers: []string{
				`heading 0-4 level=1 "Head"`,
				`paragraph 6-11 "a b c"`,
				`code 13-16 level=1 "x\ty"`,
			},
		},
		{
			name: "indented and fenced code",
			in:   "    indented\n      more\n\n~~~python extra\nprint(1)\n~~~\n",
			text: "indented\n  more\n\nprint(1)",
			markers: []string{
				`code 0-15 level=1 "indented\n  more"`,
				`code 17-25 level=1 label="python" "print(1)"`,
			},
		},
		{
			name: "task list",
			in:   "- [ ] todo\n- [x] done\n\n1. [x] numbered\n",
			text: "todo\ndone\n\nnumbered",
			markers: []string{
				`list 0-9 level=1 "todo\ndone"`,
				`list_item 0-4 level=1 label="not checked" "todo"`,
				`list_item 5-9 level=1 label="checked" "done"`,
				`list 11-19 level=1 "numbered"`,
				`list_item 11-19 level=1 label="1. checked" "numbered"`,
			},
		},
		{
			name: "images: alone, empty alt, title instead of alt",
			in:   "![Alt text](a.png)\n\n![](empty.png)\n\n![](t.png \"Titled\")\n",
			text: "Alt text\n\nTitled",
			markers: []string{
				`paragraph 0-8 "Alt text"`,
				`image 0-8 ref="a.png" "Alt text"`,
				`paragraph 10-16 "Titled"`,
				`image 10-16 ref="t.png" "Titled"`,
			},
		},
		{
			name: "table with an empty cell",
			in:   "| a | b |\n|---|---|\n| 1 |   |\n",
			text: "a | b\n1 | ",
			markers: []string{
				`table 0-10 "a | b\n1 | "`,
				`table_row 0-5 label="header" "a | b"`,
				`table_cell 0-1 "a"`,
				`table_cell 4-5 "b"`,
				`table_row 6-10 "1 | "`,
				`table_cell 6-7 "1"`,
				`table_cell 10-10 ""`,
			},
		},
		{
			name: "a line break in a table cell keeps the row on one line",
			in:   "| a | b |\n|---|---|\n| one<br>two | <p>x</p> |\n",
			text: "a | b\none two | x",
			markers: []string{
				`table 0-17 "a | b\none two | x"`,
				`table_row 0-5 label="header" "a | b"`,
				`table_cell 0-1 "a"`,
				`table_cell 4-5 "b"`,
				`table_row 6-17 "one two | x"`,
				`table_cell 6-13 "one two"`,
				`table_cell 16-17 "x"`,
			},
		},
		{
			name:  "YAML front matter",
			in:    "---\ntitle: \"My Doc\"\nauthor: 'A. Writer'\nlang: fr\ntags:\n  - x\n---\n\n# Heading\n\nBody.\n",
			text:  "Heading\n\nBody.",
			title: "My Doc",
		},
		{
			name: "a rule and a blank line are not front matter",
			in:   "---\n\nText\n",
			text: "Text",
			markers: []string{
				`paragraph 0-4 "Text"`,
				`rule 0-0 ""`,
			},
		},
		{
			name: "footnotes gathered at the end in source order",
			in:   "Text[^b] and[^a].\n\n[^a]: First *note*\n    continued.\n[^b]: Second.\n",
			text: "Text[b] and[a].\n\nFootnotes\n\n[a] First note continued.\n[b] Second.",
			markers: []string{
				`paragraph 0-15 "Text[b] and[a]."`,
				`footnote 4-7 ref="b" "[b]"`,
				`footnote 11-14 ref="a" "[a]"`,
				`heading 17-26 level=2 "Footnotes"`,
				`footnote 28-53 level=1 ref="a" "[a] First note continued."`,
				`footnote 28-31 ref="a" "[a]"`,
				`footnote 54-65 level=1 ref="b" "[b] Second."`,
				`footnote 54-57 ref="b" "[b]"`,
			},
		},
		{
			name:    "empty document",
			path:    "dir/empty.md",
			in:      "",
			text:    "",
			title:   "empty.md",
			markers: []string{},
		},
		{
			name:  "no level-1 heading: the first heading is the title",
			in:    "Intro text.\n\n## Second level\n\n### Third\n",
			text:  "Intro text.\n\nSecond level\n\nThird",
			title: "Second level",
		},
		{
			name:  "the first level-1 heading wins over earlier headings",
			in:    "## Part\n\n# Book\n",
			text:  "Part\n\nBook",
			title: "Book",
		},
		{
			name:  "no heading: the file name is the title",
			path:  "/tmp/notes.md",
			in:    "# \n\nJust text.\n",
			text:  "Just text.",
			title: "notes.md",
		},
	}, loadMarkdown)
}

func TestMarkdownFrontMatterMeta(t *testing.T) {
	cases := []struct {
		name, in              string
		title, author, lang   string
		hasAuthor, hasLangKey bool
	}{
		{"yaml", "---\ntitle: T\nauthor: A\nlanguage: de\n---\nx\n", "T", "A", "de", true, true},
		{"toml", "+++\ntitle = \"T2\"\nauthors = [\"A\", \"B\"]\nlang = \"fr\"\n+++\nx\n", "T2", "A, B", "fr", true, true},
		{"none", "x\n", "case", "", "", false, false},
		{"unclosed is text", "---\ntitle: T\n", "case", "", "", false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := loadMarkdown("case", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if d.Meta.Title != tc.title {
				t.Errorf("title = %q, want %q", d.Meta.Title, tc.title)
			}
			if (d.Meta.Author != nil) != tc.hasAuthor || (d.Meta.Author != nil && *d.Meta.Author != tc.author) {
				t.Errorf("author = %v, want %q", testkit.Deref(d.Meta.Author), tc.author)
			}
			if (d.Meta.Language != nil) != tc.hasLangKey || (d.Meta.Language != nil && *d.Meta.Language != tc.lang) {
				t.Errorf("language = %v, want %q", testkit.Deref(d.Meta.Language), tc.lang)
			}
			if d.Meta.Format != "markdown" {
				t.Errorf("format = %q", d.Meta.Format)
			}
		})
	}
}

// The pieces of a large document parsed concurrently must give exactly what
// parsing it whole gives.
func TestMarkdownPiecesParseAsTheWhole(t *testing.T) {
	docs := map[string]string{
		"generated": string(genMarkdown(600 << 10)),
		// Fences hold lines that look like headings after blank lines.
		"fences": strings.Repeat("# Part\n\nText *here*.\n\n```sh\n\n# a comment, not a heading\n\n```\n\n~~~~\n```\n\n# still code\n~~~~\n\n- item\n\n  more\n\n", 200),
		// Lists, quotes and tables end at a heading.
		"containers": strings.Repeat("- a\n  - b\n\n> quote\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n## Next\n\n1. one\n\n   ```\n   code\n   ```\n\n", 100),
	}
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			whole, err := loadMarkdownPieces("x.md", []byte(src), 0)
			if err != nil {
				t.Fatal(err)
			}
			pieces, err := loadMarkdownPieces("x.md", []byte(src), 1)
			if err != nil {
				t.Fatal(err)
			}
			if whole.Text != pieces.Text {
				t.Fatalf("texts differ (%d vs %d bytes)", len(whole.Text), len(pieces.Text))
			}
			a, b := markerLines(whole), markerLines(pieces)
			if strings.Join(a, "\n") != strings.Join(b, "\n") {
				for i := range min(len(a), len(b)) {
					if a[i] != b[i] {
						t.Fatalf("marker %d: whole %s, pieces %s", i, a[i], b[i])
					}
				}
				t.Fatalf("%d markers whole, %d in pieces", len(a), len(b))
			}
		})
	}
}

func TestSplitMarkdown(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		pieces int
	}{
		{"headings after blank lines", "# a\n\ntext\n\n# b\n\ntext\n\n## c\n", 3},
		{"heading without blank line before", "text\n# a\n", 1},
		{"heading inside a fence", "```\n\n# no\n```\n\n# yes\n", 2},
		{"indented fence: whole", "- a\n\n   ```\n\n# maybe\n", 1},
		{"HTML: whole", "<div>\n\n# x\n", 1},
		{"reference definitions: whole", "# a\n\n[x]\n\n# b\n\n[x]: /url\n", 1},
		{"footnotes: whole", "# a\n\nx[^1]\n\n# b\n\n[^1]: note\n", 1},
		{"hash without space is not a heading", "a\n\n#tag\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := splitMarkdown([]byte(tc.in), 1)
			if len(got) != tc.pieces {
				t.Fatalf("%d pieces %q, want %d", len(got), got, tc.pieces)
			}
			if joined := string(joinPieces(got)); joined != tc.in {
				t.Fatalf("pieces do not make up the input: %q", joined)
			}
		})
	}
	if n := len(splitMarkdown(genMarkdown(2<<20), defaultPieceSize)); n < 4 {
		t.Fatalf("a generated 2 MB document was cut in %d pieces, want several", n)
	}
}

func joinPieces(p [][]byte) []byte {
	var out []byte
	for _, b := range p {
		out = append(out, b...)
	}
	return out
}

func TestLimitNesting(t *testing.T) {
	deepIndent := strings.Repeat(" ", 80) + "- x"
	cases := []struct{ name, in, want string }{
		{"ordinary lines unchanged", "- a\n  > b\n    1. c\n\n```\n        code\n```\n", "- a\n  > b\n    1. c\n\n```\n        code\n```\n"},
		{"quote markers clamped", strings.Repeat(">", 40) + "x\n", strings.Repeat(">", 32) + " x\n"},
		{"list markers clamped", strings.Repeat("- ", 40) + "x", strings.Repeat("- ", 32) + "x"},
		{"ordered markers clamped", strings.Repeat("1. ", 33) + "x", strings.Repeat("1. ", 32) + "x"},
		{"indentation clamped", deepIndent, strings.Repeat(" ", 64) + "- x"},
		{"thematic break and words untouched", "- - -\n-word\n12.5 percent\n", "- - -\n-word\n12.5 percent\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := string(limitNesting([]byte(tc.in)))
			if got != tc.want {
				t.Fatalf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	// A hundred thousand nested quotes load (quickly) as 32.
	d, err := loadMarkdown("deep.md", []byte(strings.Repeat(">", 100000)+" deep\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != "deep" || len(d.MarkersOf("quote")) != 32 {
		t.Fatalf("text %q, %d quotes", d.Text, len(d.MarkersOf("quote")))
	}
}
