package cite

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// ReadBibTeX reads the entries of a BibTeX or BibLaTeX file: @string
// abbreviations (and the months jan to dec) are expanded, # joins parts,
// @comment and @preamble are skipped, as is text between entries, and
// LaTeX accents and escapes become the characters they stand for; an
// entry with a crossref takes the fields it lacks from the entry named. An
// entry that cannot be read is skipped and counted in the error, which
// is nil when every entry was read.
func ReadBibTeX(data []byte) ([]Reference, error) {
	p := &bibParser{s: string(data), macros: map[string]string{}}
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		p.macros[m] = strconv.Itoa(i + 1)
	}
	type entry struct {
		kind, key string
		fields    map[string]string
	}
	var entries []entry
	byKey := map[string]map[string]string{}
	bad := 0
	for p.i < len(p.s) {
		at := strings.IndexByte(p.s[p.i:], '@')
		if at < 0 {
			break
		}
		p.i += at + 1
		kind := strings.ToLower(p.ident())
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '{' && p.s[p.i] != '(') {
			continue // an @ in a comment or an address
		}
		closer := byte('}')
		if p.s[p.i] == '(' {
			closer = ')'
		}
		p.i++
		switch kind {
		case "comment", "preamble":
			p.skipGroup(closer)
		case "string":
			if !p.macro(closer) {
				bad++
			}
		default:
			fields, key, ok := p.entry(closer)
			if !ok {
				bad++
				continue
			}
			entries = append(entries, entry{kind, key, fields})
			if _, dup := byKey[strings.ToLower(key)]; !dup {
				byKey[strings.ToLower(key)] = fields
			}
		}
	}
	var out []Reference
	for _, e := range entries {
		if parent, ok := byKey[strings.ToLower(strings.TrimSpace(e.fields["crossref"]))]; ok && e.fields["crossref"] != "" {
			inherit(e.fields, parent)
		}
		if r, ok := fromBibTeX(e.kind, e.key, e.fields); ok {
			out = append(out, r)
		}
	}
	if bad > 0 {
		return out, fmt.Errorf("cite: BibTeX: %d entries could not be read", bad)
	}
	return out, nil
}

// inherit gives an entry that cross-references parent the fields it lacks,
// as BibTeX does; the parent's title is the entry's booktitle.
func inherit(child, parent map[string]string) {
	for k, v := range parent {
		if k == "crossref" || k == "title" {
			continue
		}
		if _, has := child[k]; !has {
			child[k] = v
		}
	}
	if _, has := child["booktitle"]; !has && parent["title"] != "" {
		child["booktitle"] = parent["title"]
	}
}

type bibParser struct {
	s      string
	i      int
	macros map[string]string
}

func (p *bibParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// ident reads a name: an entry type, key, field or macro name.
func (p *bibParser) ident() string {
	p.space()
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == ',' || c == '=' || c == '{' || c == '}' || c == '(' || c == ')' || c == '"' || c == '#' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		p.i++
	}
	return p.s[start:p.i]
}

// skipGroup skips to the closer that ends the group opened before p.i.
func (p *bibParser) skipGroup(closer byte) {
	depth := 0
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == closer && depth == 0:
			return
		}
	}
}

// macro reads the body of an @string: name = value.
func (p *bibParser) macro(closer byte) bool {
	name := strings.ToLower(p.ident())
	p.space()
	if name == "" || p.i >= len(p.s) || p.s[p.i] != '=' {
		p.skipGroup(closer)
		return false
	}
	p.i++
	v, ok := p.value()
	p.skipGroup(closer)
	if ok {
		p.macros[name] = v
	}
	return ok
}

// entry reads the key and fields of an entry up to its closer.
func (p *bibParser) entry(closer byte) (map[string]string, string, bool) {
	key := strings.TrimSpace(p.ident())
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
	}
	fields := map[string]string{}
	for {
		p.space()
		if p.i >= len(p.s) {
			return nil, "", false
		}
		if p.s[p.i] == closer {
			p.i++
			return fields, key, true
		}
		if p.s[p.i] == ',' {
			p.i++
			continue
		}
		name := strings.ToLower(p.ident())
		p.space()
		if name == "" || p.i >= len(p.s) || p.s[p.i] != '=' {
			p.skipGroup(closer)
			return nil, "", false
		}
		p.i++
		v, ok := p.value()
		if !ok {
			p.skipGroup(closer)
			return nil, "", false
		}
		fields[name] = v
	}
}

// value reads a field's value: braced or quoted text, a number or an
// abbreviation, joined by #. Braces are kept for the name splitter and
// the LaTeX decoder.
func (p *bibParser) value() (string, bool) {
	var b strings.Builder
	for {
		p.space()
		if p.i >= len(p.s) {
			return "", false
		}
		switch c := p.s[p.i]; c {
		case '{', '"':
			text, ok := p.delimited(c)
			if !ok {
				return "", false
			}
			b.WriteString(text)
		default:
			word := p.ident()
			if word == "" {
				return "", false
			}
			if v, ok := p.macros[strings.ToLower(word)]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(word)
			}
		}
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '#' {
			p.i++
			continue
		}
		return b.String(), true
	}
}

// delimited reads the text after the opening { or " at p.i up to the
// matching } or the " outside braces, and moves past the closer; false
// when the text runs to the end. Braces inside are kept.
func (p *bibParser) delimited(open byte) (string, bool) {
	p.i++
	start, depth := p.i, 0
	for ; p.i < len(p.s); p.i++ {
		switch c := p.s[p.i]; {
		case c == '\\':
			p.i++
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == '}' && open == '{', c == '"' && open == '"' && depth == 0:
			text := p.s[start:p.i]
			p.i++
			return text, true
		}
	}
	return "", false
}

// bibTypes maps BibTeX entry types to CSL types.
var bibTypes = map[string]string{
	"article": "article-journal", "book": "book", "booklet": "pamphlet", "inbook": "chapter",
	"incollection": "chapter", "inproceedings": "paper-conference", "conference": "paper-conference",
	"manual": "book", "mastersthesis": "thesis", "phdthesis": "thesis", "thesis": "thesis",
	"proceedings": "book", "techreport": "report", "report": "report", "unpublished": "manuscript",
	"online": "webpage", "www": "webpage", "misc": "document", "collection": "book",
}

// fromBibTeX makes a reference of an entry's fields; false for an entry
// with neither a key that can be cited nor a title or an author.
func fromBibTeX(kind, key string, f map[string]string) (Reference, bool) {
	typ, ok := bibTypes[kind]
	if !ok {
		typ = "document"
	}
	r := Reference{
		ID:             key,
		Type:           typ,
		Title:          latexText(f["title"]),
		Author:         bibNames(f["author"]),
		Editor:         bibNames(f["editor"]),
		ContainerTitle: latexText(first(f["journal"], f["journaltitle"], f["booktitle"], f["series"])),
		Publisher:      latexText(first(f["publisher"], f["institution"], f["school"], f["organization"])),
		PublisherPlace: latexText(first(f["address"], f["location"])),
		Volume:         latexText(f["volume"]),
		Issue:          latexText(f["number"]),
		Page:           strings.ReplaceAll(latexText(f["pages"]), "--", "–"),
		Edition:        latexText(f["edition"]),
		DOI:            strings.TrimSpace(f["doi"]),
		ISBN:           strings.TrimSpace(f["isbn"]),
		URL:            strings.TrimSpace(f["url"]),
	}
	if y := yearIn(latexText(first(f["year"], f["date"]))); y != 0 {
		r.Issued = YearDate(y)
	} else if y := latexText(f["year"]); y != "" {
		r.Issued = &Date{Literal: y}
	}
	if !validKey(r.ID) {
		if r.Title == "" && len(r.Author) == 0 && len(r.Editor) == 0 {
			return Reference{}, false
		}
		r.ID = MakeKey(r)
	}
	return r, true
}

func first(vs ...string) string {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// bibNames splits a BibTeX name list at " and " outside braces; a name
// wholly in braces is an organisation, "others" is dropped.
func bibNames(s string) []Name {
	var out []Name
	for _, part := range splitTopLevel(s, "and") {
		part = strings.TrimSpace(part)
		if part == "" || strings.EqualFold(part, "others") {
			continue
		}
		if strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}") && matchedBraces(part[1:len(part)-1]) {
			out = append(out, Name{Literal: latexText(part)})
			continue
		}
		out = append(out, bibName(part))
	}
	return out
}

// bibName reads "Family, Given", "Family, Jr, Given" or "Given von
// Family".
func bibName(s string) Name {
	commas := splitTopLevelComma(s)
	switch len(commas) {
	case 1:
		words := splitTopLevelSpace(s)
		if len(words) == 1 {
			return Name{Family: latexText(words[0])}
		}
		// The family name starts at the first lowercase word (von), else
		// it is the last word.
		at := len(words) - 1
		for i := 0; i < len(words)-1; i++ {
			if r, _ := utf8.DecodeRuneInString(strings.TrimLeft(words[i], "{\\")); unicode.IsLower(r) {
				at = i
				break
			}
		}
		return Name{Given: latexText(strings.Join(words[:at], " ")), Family: latexText(strings.Join(words[at:], " "))}
	case 2:
		return Name{Family: latexText(commas[0]), Given: latexText(commas[1])}
	default:
		return Name{Family: latexText(commas[0]), Given: latexText(strings.Join(commas[2:], ", "))}
	}
}

func matchedBraces(s string) bool {
	depth := 0
	for _, c := range s {
		if c == '{' {
			depth++
		} else if c == '}' {
			if depth == 0 {
				return false
			}
			depth--
		}
	}
	return depth == 0
}

// splitTopLevel splits s at the word sep (any case, between spaces)
// outside braces.
func splitTopLevel(s, sep string) []string {
	words := splitTopLevelSpace(s)
	var out []string
	var cur []string
	for _, w := range words {
		if strings.EqualFold(w, sep) {
			out = append(out, strings.Join(cur, " "))
			cur = nil
			continue
		}
		cur = append(cur, w)
	}
	return append(out, strings.Join(cur, " "))
}

// splitOutsideBraces cuts s at each rune isSep accepts outside braces.
func splitOutsideBraces(s string, isSep func(rune) bool) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case depth == 0 && isSep(c):
			out = append(out, s[start:i])
			start = i + utf8.RuneLen(c)
		}
	}
	return append(out, s[start:])
}

// splitTopLevelSpace is the words of s, a braced group being part of its
// word.
func splitTopLevelSpace(s string) []string {
	var out []string
	for _, w := range splitOutsideBraces(s, unicode.IsSpace) {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// splitTopLevelComma is the parts of s between commas outside braces,
// trimmed.
func splitTopLevelComma(s string) []string {
	out := splitOutsideBraces(s, func(c rune) bool { return c == ',' })
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// latexAccents combine with the letter after them.
var latexAccents = map[byte]rune{
	'\'': '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303',
	'=': '\u0304', '.': '\u0307', 'c': '\u0327', 'v': '\u030c', 'u': '\u0306', 'H': '\u030b', 'k': '\u0328',
}

// latexSymbols are commands that stand for a character.
var latexSymbols = map[string]string{
	"ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å",
	"l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "&": "&", "%": "%", "$": "$", "#": "#", "_": "_",
	"{": "{", "}": "}", "textendash": "–", "textemdash": "—", "ldots": "…", "dots": "…", "LaTeX": "LaTeX", "TeX": "TeX",
}

// latexText is a field's text with braces removed, accents and escapes
// made characters, commands such as \emph{x} reduced to their argument,
// -- and --- made dashes, ~ a space, and runs of space one.
func latexText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '{', '}':
			continue
		case '~':
			b.WriteByte(' ')
			continue
		case '-':
			if strings.HasPrefix(s[i:], "---") {
				b.WriteString("—")
				i += 2
				continue
			}
			if strings.HasPrefix(s[i:], "--") {
				b.WriteString("–")
				i++
				continue
			}
		case '\\':
			i = latexCommand(s, i, &b)
			continue
		}
		b.WriteByte(c)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// latexCommand writes what the command at s[i] (a backslash) stands for
// and returns the index of its last byte.
func latexCommand(s string, i int, b *strings.Builder) int {
	if i+1 >= len(s) {
		return i
	}
	c := s[i+1]
	if mark, ok := latexAccents[c]; ok && (!isLetter(c) || i+2 < len(s) && !isLetter(s[i+2])) {
		j := i + 2
		for j < len(s) && (s[j] == '{' || s[j] == ' ') {
			j++
		}
		if j < len(s) && s[j] == '\\' && j+1 < len(s) && (s[j+1] == 'i' || s[j+1] == 'j') {
			j++ // \'{\i}
		}
		if j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			b.WriteString(composeAccent(r, mark))
			j += size
			for j < len(s) && s[j] == '}' {
				j++
			}
			return j - 1
		}
		return len(s) - 1
	}
	if !isLetter(c) {
		switch sym, ok := latexSymbols[string(c)]; {
		case ok:
			b.WriteString(sym)
		case strings.IndexByte("!,;: \\/", c) >= 0:
			// Spacing commands and a line break: a space at most.
			if c != '!' && c != '/' {
				b.WriteByte(' ')
			}
		default:
			b.WriteByte(c)
		}
		return i + 1
	}
	j := i + 1
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	name := s[i+1 : j]
	if sym, ok := latexSymbols[name]; ok {
		b.WriteString(sym)
		if j < len(s) && s[j] == ' ' {
			j++
		}
		return j - 1
	}
	// Any other command: its argument, if it has one, is kept as text
	// (\emph{x} is x); without one, its name is (\BibTeX is BibTeX).
	k := j
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k < len(s) && s[k] == '{' {
		if name == "noopsort" {
			// A sorting key that prints nothing: its argument goes too.
			depth := 0
			for ; k < len(s); k++ {
				if s[k] == '{' {
					depth++
				} else if s[k] == '}' {
					if depth--; depth == 0 {
						return k
					}
				}
			}
			return len(s) - 1
		}
		return k - 1
	}
	b.WriteString(name) // and, as TeX does, the spaces after it are dropped
	return k - 1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// composeAccent is r with the combining mark, composed where Unicode has
// the composed character.
func composeAccent(r, mark rune) string {
	return norm.NFC.String(string(r) + string(mark))
}
