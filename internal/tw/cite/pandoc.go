package cite

import (
	"strings"
	"unicode"
)

// A Citation is a Pandoc citation in Markdown: bracketed ("[@doe2020, p.
// 12; @roe2021]") or in the text ("@doe2020 says"). Start and End are
// offsets in code points of the text it was found in.
type Citation struct {
	Start, End int
	Narrative  bool
	Items      []CiteItem
}

// A CiteItem is one work cited: its key and the text around it ("see"
// before, "p. 12" after).
type CiteItem struct {
	Key    string
	Prefix string
	Suffix string
}

// Keys is the citation's keys, in order.
func (c Citation) Keys() []string {
	out := make([]string, len(c.Items))
	for i, it := range c.Items {
		out[i] = it.Key
	}
	return out
}

// FindCitations finds the Pandoc citations of Markdown text, in order;
// those in code (backticks, fenced blocks) and e-mail addresses are not
// citations.
func FindCitations(text string) []Citation {
	rs := []rune(text)
	code := codeSpans(rs)
	var out []Citation
	for i := 0; i < len(rs); i++ {
		if code[i] {
			continue
		}
		switch rs[i] {
		case '\\':
			i++
		case '[':
			if c, ok := bracketed(rs, i); ok {
				out = append(out, c)
				i = c.End - 1
			}
		case '@':
			if c, ok := narrative(rs, i); ok {
				out = append(out, c)
				i = c.End - 1
			}
		}
	}
	return out
}

// CitationAt is the citation that holds the offset pos (or ends at it).
func CitationAt(text string, pos int) (Citation, bool) {
	for _, c := range FindCitations(text) {
		if c.Start <= pos && pos <= c.End {
			return c, true
		}
		if c.Start > pos {
			break
		}
	}
	return Citation{}, false
}

// codeSpans marks the code points inside inline code and fenced code
// blocks.
func codeSpans(rs []rune) []bool {
	in := make([]bool, len(rs))
	fenced := false
	lineStart := true
	for i := 0; i < len(rs); i++ {
		if lineStart {
			j := i
			for j < len(rs) && (rs[j] == ' ' || rs[j] == '\t') && j-i < 4 {
				j++
			}
			if j+2 < len(rs) && (rs[j] == '`' || rs[j] == '~') && rs[j+1] == rs[j] && rs[j+2] == rs[j] {
				fenced = !fenced
				for ; i < len(rs) && rs[i] != '\n'; i++ {
					in[i] = true
				}
				lineStart = true
				continue
			}
		}
		lineStart = rs[i] == '\n'
		if fenced {
			in[i] = true
			continue
		}
		if rs[i] == '`' {
			n := 0
			for i+n < len(rs) && rs[i+n] == '`' {
				n++
			}
			// The span ends at the next run of as many backticks.
			for j := i + n; j < len(rs); j++ {
				if rs[j] != '`' {
					continue
				}
				m := 0
				for j+m < len(rs) && rs[j+m] == '`' {
					m++
				}
				if m == n {
					for k := i; k < j+m; k++ {
						in[k] = true
					}
					i = j + m - 1
					break
				}
				j += m - 1
			}
		}
	}
	return in
}

// keyAt reads a citation key after the @ at rs[at]: letters, digits and
// _ and, inside, :.#$%&-+?<>~/ — or anything in braces (@{key}).
func keyAt(rs []rune, at int) (key string, end int) {
	i := at + 1
	if i < len(rs) && rs[i] == '{' {
		j := i + 1
		for j < len(rs) && rs[j] != '}' && rs[j] != '\n' {
			j++
		}
		if j < len(rs) && rs[j] == '}' && j > i+1 {
			return string(rs[i+1 : j]), j + 1
		}
		return "", at
	}
	start := i
	for i < len(rs) {
		c := rs[i]
		if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_' {
			i++
			continue
		}
		if strings.ContainsRune(":.#$%&-+?<>~/", c) && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1]) || rs[i+1] == '_') {
			i++
			continue
		}
		break
	}
	if i == start {
		return "", at
	}
	return string(rs[start:i]), i
}

// bracketed reads "[…@key…; …]" opening at rs[open].
func bracketed(rs []rune, open int) (Citation, bool) {
	close := -1
	for j := open + 1; j < len(rs); j++ {
		if rs[j] == '[' || (rs[j] == '\n' && j+1 < len(rs) && rs[j+1] == '\n') {
			return Citation{}, false
		}
		if rs[j] == ']' {
			close = j
			break
		}
	}
	if close < 0 {
		return Citation{}, false
	}
	if close+1 < len(rs) && (rs[close+1] == '(' || rs[close+1] == '[' || rs[close+1] == ':') {
		return Citation{}, false // a link or a reference definition
	}
	c := Citation{Start: open, End: close + 1}
	piece := open + 1
	for j := open + 1; j <= close; j++ {
		if rs[j] != ';' && j != close {
			continue
		}
		it, ok := citeItem(rs[piece:j])
		if !ok {
			return Citation{}, false
		}
		c.Items = append(c.Items, it)
		piece = j + 1
	}
	return c, len(c.Items) > 0
}

// citeItem reads one item of a bracketed citation: a prefix, @key (or
// -@key), and what follows the key.
func citeItem(rs []rune) (CiteItem, bool) {
	for i, c := range rs {
		if c != '@' {
			continue
		}
		if i > 0 && !(unicode.IsSpace(rs[i-1]) || rs[i-1] == '-') {
			continue
		}
		key, end := keyAt(rs, i)
		if key == "" {
			return CiteItem{}, false
		}
		prefix := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(string(rs[:i])), "-"))
		suffix := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(rs[end:])), ","))
		return CiteItem{Key: key, Prefix: prefix, Suffix: suffix}, true
	}
	return CiteItem{}, false
}

// narrative reads "@key" in the text, with "[p. 12]" after it if there.
func narrative(rs []rune, at int) (Citation, bool) {
	if at > 0 {
		p := rs[at-1]
		if unicode.IsLetter(p) || unicode.IsDigit(p) || p == '_' || p == '.' || p == '@' || p == '-' || p == '+' {
			return Citation{}, false // an e-mail address
		}
	}
	key, end := keyAt(rs, at)
	if key == "" {
		return Citation{}, false
	}
	c := Citation{Start: at, End: end, Narrative: true, Items: []CiteItem{{Key: key}}}
	if end+1 < len(rs) && rs[end] == ' ' && rs[end+1] == '[' {
		for j := end + 2; j < len(rs) && rs[j] != '\n' && rs[j] != '['; j++ {
			if rs[j] == ']' {
				if j+1 < len(rs) && rs[j+1] == '(' {
					break
				}
				inner := string(rs[end+2 : j])
				if !strings.Contains(inner, "@") {
					c.Items[0].Suffix = strings.TrimSpace(inner)
					c.End = j + 1
				}
				break
			}
		}
	}
	return c, true
}

// WriteCitation is the bracketed citation of items: "[@a, p. 12; @b]".
func WriteCitation(items []CiteItem) string {
	parts := make([]string, len(items))
	for i, it := range items {
		s := "@" + it.Key
		if !validKey(it.Key) {
			s = "@{" + it.Key + "}"
		}
		if it.Prefix != "" {
			s = it.Prefix + " " + s
		}
		if it.Suffix != "" {
			s += ", " + it.Suffix
		}
		parts[i] = s
	}
	return "[" + strings.Join(parts, "; ") + "]"
}
