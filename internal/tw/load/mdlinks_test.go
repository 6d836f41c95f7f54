package load

import (
	"bytes"
	"strings"
	"testing"
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
