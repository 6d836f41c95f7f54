package load

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16LE is s in UTF-16, little-endian, after a byte-order mark.
func utf16LE(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// TestSnippet: a clipboard's text comes out as its canonical text, the
// formatting of Markdown, HTML and RTF gone, and plain text (line breaks,
// asterisks of arithmetic) as it was.
func TestSnippet(t *testing.T) {
	cases := []struct {
		name, data, mime, want string
	}{
		{"markdown link and strong", "**bold** [link](http://x)", "", "bold link"},
		{"markdown emphasis alone", "a *word* here", "", "a word here"},
		{"markdown blocks", "# Title\n\n- one\n- two\n", "", "Title\n\none\ntwo"},
		{"html form", "<p>One <b>bold</b> and <a href=\"x\">a link</a>.</p>", "text/html", "One bold and a link."},
		{"html fragment as text", "<b>bold</b> <a href=\"http://x\">link</a>", "", "bold link"},
		{"html page", "<!DOCTYPE html><html><body><h1>Head</h1><p>Body</p></body></html>", "", "Head\n\nBody"},
		{"rtf", `{\rtf1\ansi {\b bold} text}`, "", "bold text"},
		{"plain lines kept", "line one\nline two", "", "line one\nline two"},
		{"arithmetic kept", "2*3*4 = 24", "", "2*3*4 = 24"},
		{"less than is text", "<3 and x<y", "", "<3 and x<y"},
		{"utf-16 html", string(utf16LE("<p>Caf\u00e9 <i>au</i> lait</p>")), "text/html", "Caf\u00e9 au lait"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Snippet([]byte(tc.data), tc.mime)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(d.Text); got != tc.want {
				t.Errorf("Snippet(%q) = %q, want %q", tc.data, got, tc.want)
			}
		})
	}
}

// TestSnippetRefusesBinary: binary data is an error, not text.
func TestSnippetRefusesBinary(t *testing.T) {
	if _, err := Snippet([]byte("\x00\x01\x02\x03binary\x00\x00"), ""); err == nil {
		t.Error("binary data loaded as a snippet")
	}
}
