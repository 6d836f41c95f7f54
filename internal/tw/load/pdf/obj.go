package pdf

import (
	"bytes"
	"errors"
	"math"
	"strconv"
)

// The PDF object model: nil (null), bool, int64, float64, name, string
// (raw bytes), array, dict, ref and *stream.
type (
	name  string
	array []any
	dict  map[name]any
	ref   struct{ num, gen int }
)

type stream struct {
	dict dict
	raw  []byte // the bytes between "stream" and "endstream", still encoded
	ref  ref    // the object it was read as (for decryption)
}

// maxDepth bounds the nesting of arrays and dictionaries, and every other
// recursion over the object graph.
const maxDepth = 64

var errDepth = errors.New("objects nested too deeply")

// lexer reads tokens and objects from a byte slice.
type lexer struct {
	b   []byte
	pos int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		if isSpace(c) {
			l.pos++
			continue
		}
		if c == '%' {
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
			continue
		}
		break
	}
}

// keyword is a bare token (an operator, "obj", "R", "true"...).
type keyword string

// token returns the next token: a number, name, string, keyword, or one of
// the delimiters "[", "]", "<<", ">>", "{", "}" as a keyword. It returns
// nil at the end.
func (l *lexer) token() any {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return nil
	}
	c := l.b[l.pos]
	switch c {
	case '[', ']', '{', '}':
		l.pos++
		return keyword(string(c))
	case '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return keyword("<<")
		}
		return l.hexString()
	case '>':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return keyword(">>")
		}
		l.pos++
		return keyword(">")
	case '(':
		return l.litString()
	case ')':
		l.pos++
		return keyword(")")
	case '/':
		l.pos++
		start := l.pos
		for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
		return name(decodeName(l.b[start:l.pos]))
	}
	start := l.pos
	for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	if l.pos == start { // a stray delimiter
		l.pos++
		return keyword(string(c))
	}
	w := l.b[start:l.pos]
	if (w[0] >= '0' && w[0] <= '9') || w[0] == '-' || w[0] == '+' || w[0] == '.' {
		if n, ok := parseNumber(w); ok {
			return n
		}
	}
	return keywordOf(w)
}

// keywordOf is w as a keyword; the operators and keywords most files
// repeat thousands of times are constants, not copies of w.
func keywordOf(w []byte) keyword {
	switch string(w) {
	case "Tf":
		return "Tf"
	case "Td":
		return "Td"
	case "TD":
		return "TD"
	case "Tj":
		return "Tj"
	case "TJ":
		return "TJ"
	case "Tm":
		return "Tm"
	case "T*":
		return "T*"
	case "Tc":
		return "Tc"
	case "Tw":
		return "Tw"
	case "Tz":
		return "Tz"
	case "TL":
		return "TL"
	case "Ts":
		return "Ts"
	case "Tr":
		return "Tr"
	case "BT":
		return "BT"
	case "ET":
		return "ET"
	case "cm":
		return "cm"
	case "re":
		return "re"
	case "Do":
		return "Do"
	case "gs":
		return "gs"
	case "rg":
		return "rg"
	case "RG":
		return "RG"
	case "cs":
		return "cs"
	case "CS":
		return "CS"
	case "sc":
		return "sc"
	case "scn":
		return "scn"
	case "SC":
		return "SC"
	case "SCN":
		return "SCN"
	case "BDC":
		return "BDC"
	case "BMC":
		return "BMC"
	case "EMC":
		return "EMC"
	case "obj":
		return "obj"
	case "endobj":
		return "endobj"
	case "stream":
		return "stream"
	case "null":
		return "null"
	case "true":
		return "true"
	case "false":
		return "false"
	}
	return keyword(w)
}

func parseNumber(w []byte) (any, bool) {
	if bytes.IndexByte(w, '.') < 0 {
		if i, err := strconv.ParseInt(string(w), 10, 64); err == nil {
			return i, true
		}
	}
	// Tolerate "--5" and "5-" style junk by keeping the valid prefix. It
	// lies within the longest prefix shaped like a number, so the search
	// starts there and takes at most three tries ("1e+" to "1"), whatever
	// the junk after it. A number too large for a float64 is the largest
	// one of its sign.
	s := string(w[:numberShapeLen(w)])
	for s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err == nil {
			return f, true
		}
		if errors.Is(err, strconv.ErrRange) {
			return math.Copysign(math.MaxFloat64, f), true
		}
		s = s[:len(s)-1]
	}
	return nil, false
}

// numberShapeLen is the length of the longest prefix of w of the shape
// [+-]?digits[.digits][(e|E)[+-]?digits]: strconv.ParseFloat accepts no
// longer prefix of a PDF number.
func numberShapeLen(w []byte) int {
	i := 0
	digits := func() {
		for i < len(w) && w[i] >= '0' && w[i] <= '9' {
			i++
		}
	}
	if i < len(w) && (w[i] == '+' || w[i] == '-') {
		i++
	}
	digits()
	if i < len(w) && w[i] == '.' {
		i++
		digits()
	}
	if i < len(w) && (w[i] == 'e' || w[i] == 'E') {
		i++
		if i < len(w) && (w[i] == '+' || w[i] == '-') {
			i++
		}
		digits()
	}
	return i
}

func decodeName(b []byte) string {
	if bytes.IndexByte(b, '#') < 0 {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '#' && i+2 < len(b) {
			if v, err := strconv.ParseUint(string(b[i+1:i+3]), 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func (l *lexer) hexString() string {
	l.pos++ // '<'
	var out []byte
	hi := -1
	for l.pos < len(l.b) && l.b[l.pos] != '>' {
		v := unhex(l.b[l.pos])
		l.pos++
		if v < 0 {
			continue
		}
		if hi < 0 {
			hi = v
		} else {
			out = append(out, byte(hi<<4|v))
			hi = -1
		}
	}
	if hi >= 0 {
		out = append(out, byte(hi<<4))
	}
	l.pos++ // '>'
	return string(out)
}

func (l *lexer) litString() string {
	l.pos++ // '('
	// Most strings hold no escape, parenthesis or carriage return: their
	// bytes are the string.
	for i := l.pos; i < len(l.b); i++ {
		if c := l.b[i]; c == ')' {
			s := string(l.b[l.pos:i])
			l.pos = i + 1
			return s
		} else if c == '\\' || c == '(' || c == '\r' {
			break
		}
	}
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return string(out)
			}
		case '\r':
			if l.pos < len(l.b) && l.b[l.pos] == '\n' {
				l.pos++
			}
			c = '\n'
		case '\\':
			if l.pos >= len(l.b) {
				return string(out)
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return string(out)
}

// object reads one object. Indirect references "n g R" are recognised. A
// keyword that is not part of an object is returned as a keyword.
func (l *lexer) object(depth int) (any, error) {
	if depth > maxDepth {
		return nil, errDepth
	}
	t := l.token()
	switch t := t.(type) {
	case keyword:
		switch t {
		case "[":
			return l.arrayFrom(nil, depth)
		case "<<":
			d := dict{}
			for {
				l.skipSpace()
				if l.pos >= len(l.b) {
					return d, nil
				}
				k := l.token()
				if k == keyword(">>") {
					return d, nil
				}
				key, ok := k.(name)
				if !ok {
					if kw, isKw := k.(keyword); isKw && (kw == "endobj" || kw == "stream") {
						l.pos -= len(kw)
						return d, nil
					}
					continue
				}
				save := l.pos
				v, err := l.object(depth + 1)
				if err != nil {
					return nil, err
				}
				if kw, isKw := v.(keyword); isKw {
					if kw == ">>" {
						return d, nil
					}
					if kw == "endobj" || kw == "stream" {
						l.pos = save
						return d, nil
					}
					continue // null or junk
				}
				// n g R
				if n, ok := v.(int64); ok {
					save := l.pos
					if g, ok := l.token().(int64); ok {
						if l.token() == keyword("R") {
							d[key] = ref{int(n), int(g)}
							continue
						}
					}
					l.pos = save
				}
				d[key] = v
			}
		case "true":
			return true, nil
		case "false":
			return false, nil
		case "null":
			return nil, nil
		}
		return t, nil
	}
	return t, nil
}

// arrayFrom reads the elements of an array whose "[" was read at depth,
// appending them to a.
func (l *lexer) arrayFrom(a array, depth int) (array, error) {
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return a, nil
		}
		if l.b[l.pos] == ']' {
			l.pos++
			return a, nil
		}
		save := l.pos
		v, err := l.object(depth + 1)
		if err != nil {
			return nil, err
		}
		if k, ok := v.(keyword); ok {
			if k == "R" && len(a) >= 2 {
				g, ok1 := a[len(a)-1].(int64)
				n, ok2 := a[len(a)-2].(int64)
				if ok1 && ok2 {
					a = append(a[:len(a)-2], ref{int(n), int(g)})
					continue
				}
			}
			if k == "endobj" || k == ">>" || k == "stream" {
				l.pos = save
				return a, nil
			}
			if k == "null" {
				a = append(a, nil)
			}
			continue
		}
		a = append(a, v)
	}
}

func num(v any) (float64, bool) {
	switch v := v.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}
