package load

import (
	"bytes"
)

// htmlSource is an HTML or XHTML page's bytes as its parser is given
// them: decoded (see decode) and without the internal subset of its
// document type declaration (see withoutInternalSubset).
func htmlSource(data []byte) []byte {
	return withoutInternalSubset(decode(data))
}

// withoutInternalSubset returns src without the internal subset of its
// document type declaration (`<!DOCTYPE html [ <!ENTITY a "b"> ]>` becomes
// `<!DOCTYPE html >`): an HTML parser ends the declaration at the first
// ">" inside the subset and reads what follows, "]>" at least, as text.
// Only a declaration in the prolog counts (after a byte-order mark, white
// space, the XML declaration, processing instructions and comments). The
// entities the subset declares are not expanded: a reference to one reads
// as written. A subset that never ends leaves src as it is. The scan is
// linear, and src is copied only when a subset is dropped.
func withoutInternalSubset(src []byte) []byte {
	i := prologEnd(src)
	const decl = "<!doctype"
	if len(src)-i < len(decl) || !bytes.EqualFold(src[i:i+len(decl)], []byte(decl)) {
		return src
	}
	var quote byte
	for j := i + len(decl); j < len(src); j++ {
		c := src[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return src
		case c == '[':
			end := subsetEnd(src, j+1)
			if end < 0 {
				return src
			}
			out := make([]byte, 0, len(src)-(end-j)+1)
			out = append(out, src[:j]...)
			out = append(out, '>')
			return append(out, src[end:]...)
		}
	}
	return src
}

// prologEnd is where the markup before a document type declaration ends:
// past a UTF-8 byte-order mark, white space, processing instructions
// (the XML declaration among them) and comments.
func prologEnd(src []byte) int {
	i := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		i = 3
	}
	for {
		for i < len(src) && isXMLSpace(src[i]) {
			i++
		}
		var close string
		switch {
		case bytes.HasPrefix(src[i:], []byte("<?")):
			close = "?>"
		case bytes.HasPrefix(src[i:], []byte("<!--")):
			close = "-->"
		default:
			return i
		}
		n := bytes.Index(src[i+2:], []byte(close))
		if n < 0 {
			return i
		}
		i += 2 + n + len(close)
	}
}

// subsetEnd is the index just past the "]" that closes an internal subset
// starting at i and the ">" after it (white space between them allowed;
// with no ">" the declaration ends at the "]"), or -1 when the subset
// never closes. Quoted strings, comments and processing instructions
// inside the subset may hold "]" and ">".
func subsetEnd(src []byte, i int) int {
	for i < len(src) {
		c := src[i]
		switch {
		case c == '"' || c == '\'':
			n := bytes.IndexByte(src[i+1:], c)
			if n < 0 {
				return -1
			}
			i += n + 2
		case bytes.HasPrefix(src[i:], []byte("<!--")), bytes.HasPrefix(src[i:], []byte("<?")):
			close := []byte("-->")
			if src[i+1] == '?' {
				close = []byte("?>")
			}
			n := bytes.Index(src[i+2:], close)
			if n < 0 {
				return -1
			}
			i += 2 + n + len(close)
		case c == ']':
			j := i + 1
			for j < len(src) && isXMLSpace(src[j]) {
				j++
			}
			if j < len(src) && src[j] == '>' {
				return j + 1
			}
			return i + 1
		default:
			i++
		}
	}
	return -1
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
