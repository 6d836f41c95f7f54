package load

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestLimitLinkOpeners(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"real links are not copied", strings.Repeat("[a](b) ", 40), strings.Repeat("[a](b) ", 40)},
		{"links with titles and parens in destinations", strings.Repeat(`[a](b "t") [c](d(e)) [f](<g h>) `, 20), strings.Repeat(`[a](b "t") [c](d(e)) [f](<g h>) `, 20)},
		// The last destination of a word may still close after a space.
		{"unclosed links past the limit escaped", strings.Repeat("[a](b", 35), strings.Repeat("[a](b", 32) + `[a]\(b[a]\(b[a](b`},
		{"unclosed images past the limit escaped", strings.Repeat("![a](", 35), strings.Repeat("![a](", 32) + `![a]\(![a]\(![a](`},
		{"unclosed angle destinations past the limit escaped", strings.Repeat("[a](<b", 33), strings.Repeat("[a](<b", 32) + `[a]\(<b`},
		{"one closing paren closes only the last", strings.Repeat("[a](b", 35) + ")", strings.Repeat("[a](b", 32) + `[a]\(b[a](b[a](b)`},
		{"a line of its own", strings.Repeat("[a](b", 20) + "\n" + strings.Repeat("[a](b", 20), strings.Repeat("[a](b", 20) + "\n" + strings.Repeat("[a](b", 20)},
		{"escaped openers do not count", strings.Repeat(`[a]\(b`, 40), strings.Repeat(`[a]\(b`, 40)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(limitLinkOpeners([]byte(tc.src))); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestUnclosedLinksReadTheSame: lines of tens of thousands of unclosed
// links or images (goldmark alone: 13 s for the links, over 25 s for the
// images) read as written, and after the guard no line holds more than
// maxDoomedLinks destinations that goldmark would scan to the end of
// their word or line: its work stays within that many passes over a line.
func TestUnclosedLinksReadTheSame(t *testing.T) {
	cases := []struct{ name, unit string }{
		{"links", "[a](b"},
		{"images", "![a]("},
		{"angle destinations", "[a](<b"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Repeat(tc.unit, 30000)
			for line := range bytes.SplitSeq(limitLinkOpeners([]byte(src)), []byte("\n")) {
				if n := len(doomedOpeners(line)); n > maxDoomedLinks {
					t.Errorf("a line keeps %d destinations that cannot close", n)
				}
			}
			d, err := loadMarkdown("l.md", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != src {
				t.Errorf("the text is not read as written (%d bytes, want %d)", len(d.Text), len(src))
			}
		})
	}
}

func TestLimitBrackets(t *testing.T) {
	deep := strings.Repeat("[", 40) + "x" + strings.Repeat("]", 40)
	tests := []struct {
		name, src, want string
	}{
		{"real text is not copied", "a [link](x) and [[wiki]]\n", "a [link](x) and [[wiki]]\n"},
		{"deep nesting escaped past the limit", deep, strings.Repeat("[", 32) + strings.Repeat(`\[`, 8) + "x" + strings.Repeat("]", 40)},
		{"a blank line ends the paragraph", strings.Repeat("[", 20) + "\n\n" + strings.Repeat("[", 20), strings.Repeat("[", 20) + "\n\n" + strings.Repeat("[", 20)},
		{"escaped brackets do not count", strings.Repeat(`\[`, 40), strings.Repeat(`\[`, 40)},
	}
	for _, tc := range tests {
		if got := string(limitBrackets([]byte(tc.src))); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDeepBracketsReadTheSame: escaping changes nothing a listener hears —
// the brackets are still read — and 100,000 nested brackets load quickly
// (goldmark alone took 12 s for them).
func TestDeepBracketsReadTheSame(t *testing.T) {
	small := strings.Repeat("[", 40) + "x" + strings.Repeat("]", 40)
	d, err := loadMarkdown("b.md", []byte(small))
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != small {
		t.Errorf("text = %q, want the brackets as written", d.Text)
	}
	huge := strings.Repeat("[", 100_000) + "x" + strings.Repeat("]", 100_000)
	start := time.Now()
	d, err = loadMarkdown("b.md", []byte(huge))
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("100,000 nested brackets took %v", took)
	}
	if d.Text != huge {
		t.Errorf("the brackets are not read as written (%d characters, want %d)", len(d.Text), len(huge))
	}
}

// tableCases are tables goldmark reads in every way the fast path must
// copy; fast says whether cutTables reads the table itself (with a
// threshold of one cell).
var tableCases = []struct {
	name, src string
	fast      bool
}{
	{"plain", "| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |\n", true},
	{"after a paragraph and before one", "Intro.\n\n| a | b |\n| - | - |\n| x y  z | w |\n\nAfter.\n", true},
	{"no outer pipes on the rows", "| a | b |\n|---|---|\n| 1 | 2\n|3|4|5|6\n", true},
	{"fewer cells are filled", "|a|b|c|\n|-|-|-|\n|1|\n||\n|\n", true},
	{"empty and blank cells", "|a| |c|\n|-|-|-|\n| |  |\t|\n", true},
	{"escaped pipes and code", "|a|b|\n|-|-|\n|x \\| y|`c \\| d`|\n|`e|f`|g|\n", true},
	{"inline markup", "|a|b|\n|-|-|\n|**bold** and *it*|[link](http://x.y) ![img](i.png)|\n|~~s~~|&amp; &#233; \\*|\n|<b>h</b>|<http://auto.link>|\n", true},
	{"footnote-like text without a definition", "|a|\n|-|\n|x[^1]|\n", true},
	{"two tables and a heading", "# T\n\n|a|\n|-|\n|1|\n\n## U\n\n|b|c|\n|:-|-:|\n|2|3|\n", true},
	{"at the end without a newline", "|a|b|\n|-|-|\n|1|2|", true},
	{"trailing spaces and tabs", "|a|b|  \n|-|-|\t\n|1|2| \t\n", true},
	{"non-ASCII", "|café|naïve|\n|-|-|\n|“q”|— ½|\n", true},
	{"header count differs: a paragraph", "|a|b|\n|-|\n|1|2|\n", false},
	{"a delimiter that is not one", "|a|b|\n|-|x|\n", false},
	{"a row without a pipe continues it", "|a|b|\n|-|-|\nrow\n", false},
	{"a table after a paragraph line", "Intro\n|a|b|\n|-|-|\n|1|2|\n", false},
	{"inside a list", "- item\n\n  |a|b|\n  |-|-|\n  |1|2|\n", false},
	{"in a fenced block", "```\n|a|b|\n|-|-|\n```\n", false},
	{"a link definition elsewhere", "|a|b|\n|-|-|\n|[x][r]|2|\n\n[r]: http://r\n", false},
	{"HTML elsewhere", "<div>\n\n|a|\n|-|\n|1|\n\n</div>\n", false},
}

// The tables the loader reads itself come out exactly as goldmark's.
func TestFastTablesMatchGoldmark(t *testing.T) {
	for _, c := range tableCases {
		t.Run(c.name, func(t *testing.T) {
			parts := cutTables([]byte(c.src), 1)
			fast := false
			for _, p := range parts {
				fast = fast || p.table
			}
			if fast != c.fast {
				t.Fatalf("read by the loader: %v, want %v", fast, c.fast)
			}
			checkSameAsGoldmark(t, []byte(c.src))
		})
	}
}

func checkSameAsGoldmark(t *testing.T, data []byte) {
	t.Helper()
	old, err := loadMarkdownTables("t.md", data, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, pieceSize := range []int{0, 1} {
		got, err := loadMarkdownTables("t.md", data, pieceSize, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.Text != old.Text {
			t.Fatalf("text (pieces %d)\n%q\nwant (goldmark)\n%q", pieceSize, got.Text, old.Text)
		}
		if g, w := strings.Join(markerLines(got), "\n"), strings.Join(markerLines(old), "\n"); g != w {
			t.Fatalf("markers (pieces %d)\n%s\nwant (goldmark)\n%s", pieceSize, g, w)
		}
	}
}

func FuzzMarkdownTables(f *testing.F) {
	for _, c := range tableCases {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameAsGoldmark(t, data)
	})
}

// bigTable is a rows × cols GFM table of one-letter cells, "|x|x|...|".
func bigTable(rows, cols int) []byte {
	var sb strings.Builder
	line := func(c string) {
		sb.WriteByte('|')
		for range cols {
			sb.WriteString(c)
			sb.WriteByte('|')
		}
		sb.WriteByte('\n')
	}
	line("h")
	line("-")
	for range rows - 1 {
		line("x")
	}
	return []byte(sb.String())
}

// A large table costs time and memory in proportion to its text: a 300 ×
// 300 table (180 kB) has 90,000 cells, whose markers the document derives
// from the rows' text (see TestLargeTablePeakMemory for the peak).
func TestLargeTableIsLinear(t *testing.T) {
	data := bigTable(300, 300)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	began := time.Now()
	d, err := loadMarkdown("big.md", data)
	took := time.Since(began)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if d.NumMarkers() != 1+300+300*300 {
		t.Fatalf("%d markers", d.NumMarkers())
	}
	// goldmark's path allocates about 590 bytes a cell (53 MB here), the
	// loader's own about 110.
	if n := after.TotalAlloc - before.TotalAlloc; n > 150*300*300 {
		t.Fatalf("allocated %d bytes (%d a cell) in %v", n, n/(300*300), took)
	}
}
