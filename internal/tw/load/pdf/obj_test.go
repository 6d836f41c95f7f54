package pdf

import (
	"strings"
	"testing"
)

// TestLiteralStrings: strings read whole (no escape, parenthesis or
// carriage return) and strings read byte by byte give their text.
func TestLiteralStrings(t *testing.T) {
	for _, tc := range []struct{ in, want, next string }{
		{"(plain text) Tj", "plain text", "Tj"},
		{"() Tj", "", "Tj"},
		{`(a\)b) Tj`, "a)b", "Tj"},
		{"(a(b)c) Tj", "a(b)c", "Tj"},
		{"(a\rb) Tj", "a\nb", "Tj"},
		{"(a\r\nb) Tj", "a\nb", "Tj"},
		{`(\101\102) Tj`, "AB", "Tj"},
		{"(open", "open", ""},
	} {
		l := &lexer{b: []byte(tc.in)}
		got := l.token()
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
		next, _ := l.token().(keyword)
		if string(next) != tc.next {
			t.Errorf("%q: then %q, want %q", tc.in, next, tc.next)
		}
	}
}

// TestOperandArrays: of two arrays before one operator, each keeps its
// own elements (TJ shows the first).
func TestOperandArrays(t *testing.T) {
	d, err := Load("arrays.pdf", contentPDF("BT /F1 12 Tf 72 500 Td [(Alpha)] [(Beta)] TJ ET BT /F1 12 Tf 72 400 Td [(Gamma) -250 (Delta)] TJ ET"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Text, "Alpha") || strings.Contains(d.Text, "Beta") || !strings.Contains(d.Text, "Gamma Delta") {
		t.Errorf("text = %q, want Alpha (not Beta) and Gamma Delta", d.Text)
	}
}
