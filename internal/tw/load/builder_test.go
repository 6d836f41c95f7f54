package load

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// inlineText must give what splitting into words and joining them with
// single spaces gives, whatever the white space and wherever the 8-byte
// blocks fall.
func TestInlineTextCollapsesWhiteSpace(t *testing.T) {
	cases := []string{
		"", " ", "word", "  lead", "trail  ", "a  b", "a\tb\nc\r\nd",
		"abcdefg  hijklmnop", "abcdefgh ijklmnop", "abcdefg hijklmnop q",
		"1234567 ", "1234567\t8", "no\u00a0break", "ideographic\u3000space", "café crème brûlée",
		"control\x01char", "del\x7fchar", strings.Repeat("long words in a row ", 20),
	}
	for _, in := range cases {
		checkInline(t, in)
	}
}

func FuzzInlineText(f *testing.F) {
	f.Add("abcdefg  hijklmnop")
	f.Add("a\u00a0\u2003b\tc")
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) {
			return
		}
		checkInline(t, in)
	})
}

func checkInline(t *testing.T, in string) {
	t.Helper()
	b := newBuilder(0)
	b.inlineText(in)
	got, _ := b.finish()
	want := strings.Join(strings.Fields(in), " ")
	if got != want {
		t.Fatalf("inlineText(%q) = %q, want %q", in, got, want)
	}
	if b.runes != utf8.RuneCountInString(want) {
		t.Fatalf("inlineText(%q) counted %d code points, want %d", in, b.runes, utf8.RuneCountInString(want))
	}
}
