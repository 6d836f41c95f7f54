package load

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// Snippet loads a piece of text handed over whole, such as what a
// clipboard holds, with the loader of its form: mime "text/html" is HTML,
// "text/rtf" or "application/rtf" RTF; any other form is judged from the
// content: RTF, HTML (a page, or a fragment that starts with a tag),
// Markdown (a link or an emphasised word is enough: looksLikeMarkdown
// for a snippet), else plain text. Text in UTF-16 with a byte-order mark
// (how some browsers put HTML on the X clipboard) is read as such. The
// document has no path.
func Snippet(data []byte, mime string) (*doc.Document, error) {
	data = fromUTF16(data)
	ext := ".txt"
	switch {
	case mime == "text/html":
		ext = ".html"
	case mime == "text/rtf" || mime == "application/rtf":
		ext = ".rtf"
	case bytes.HasPrefix(data, []byte("{\\rtf")):
		ext = ".rtf"
	case markupFragment(data):
		ext = ".html"
	case looksLikeMarkdownSnippet(data):
		ext = ".md"
	}
	return load("snippet"+ext, "", data, Options{})
}

// markupFragment reports whether data, less its leading white space,
// starts with an HTML tag or declaration ("<p>", "<!DOCTYPE", "<meta …>")
// and holds an end tag or a declaration: "<3" or "<x" alone is text.
func markupFragment(data []byte) bool {
	t := bytes.TrimSpace(data)
	if len(t) < 3 || t[0] != '<' {
		return false
	}
	c := t[1]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '!') {
		return false
	}
	return bytes.Contains(t, []byte("</")) || bytes.Contains(t, []byte("/>")) || c == '!'
}

// fromUTF16 is data as UTF-8 when it starts with a UTF-16 byte-order
// mark; other data is returned as it is.
func fromUTF16(data []byte) []byte {
	if len(data) < 2 {
		return data
	}
	var big bool
	switch {
	case data[0] == 0xFF && data[1] == 0xFE:
	case data[0] == 0xFE && data[1] == 0xFF:
		big = true
	default:
		return data
	}
	units := make([]uint16, 0, len(data)/2)
	for i := 2; i+1 < len(data); i += 2 {
		if big {
			units = append(units, uint16(data[i])<<8|uint16(data[i+1]))
		} else {
			units = append(units, uint16(data[i+1])<<8|uint16(data[i]))
		}
	}
	out := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out
}
