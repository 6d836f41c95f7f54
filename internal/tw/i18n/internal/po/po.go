// Package po reads and writes the subset of GNU gettext PO files that
// tw's catalogue uses: translator (#), extracted (#.), reference (#:) and
// flag (#,) comments, msgctxt, msgid, msgid_plural, msgstr and msgstr[N],
// strings continued over several lines, and the C escapes \n \t \r \"
// \\ \a \b \f \v. Previous-message comments (#|) and obsolete entries
// (#~) are skipped. See
// https://www.gnu.org/software/gettext/manual/html_node/PO-Files.html.
package po

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Entry is one message of a PO file. The header is the entry whose ID is
// "" (and which has no context).
type Entry struct {
	Comments   []string // translator comments, without "# "
	Extracted  []string // comments for translators from the source, without "#. "
	References []string // source places ("internal/tw/core/reader.go")
	Flags      []string // "fuzzy", "c-format", ...
	Context    string   // msgctxt
	HasContext bool
	ID         string // msgid: in tw, the English key
	Plural     string // msgid_plural
	HasPlural  bool
	Str        []string // msgstr, or msgstr[0], msgstr[1], ... when HasPlural
}

// Fuzzy reports whether the entry is flagged fuzzy: a guess a translator
// has not checked, which gettext (and tw) do not use.
func (e *Entry) Fuzzy() bool {
	for _, f := range e.Flags {
		if f == "fuzzy" {
			return true
		}
	}
	return false
}

// File is a PO file's entries in order.
type File struct {
	Entries []*Entry
}

// Header returns the value of a field of the header entry ("Language",
// "Plural-Forms"), or "".
func (f *File) Header(name string) string {
	for _, e := range f.Entries {
		if e.ID != "" || e.HasContext || e.HasPlural || len(e.Str) != 1 {
			continue
		}
		for _, line := range strings.Split(e.Str[0], "\n") {
			k, v, ok := strings.Cut(line, ":")
			if ok && strings.TrimSpace(k) == name {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// Parse reads a PO file (a UTF-8 byte order mark before it is skipped).
// A message given twice (same context and msgid) is an error, as it is
// for msgfmt.
func Parse(data []byte) (*File, error) {
	p := parser{seen: map[[2]string]bool{}}
	text := strings.TrimPrefix(string(data), "\ufeff")
	for i, line := range strings.Split(text, "\n") {
		p.line = i + 1
		if err := p.parseLine(strings.TrimSpace(strings.TrimSuffix(line, "\r"))); err != nil {
			return nil, fmt.Errorf("po: line %d: %w", p.line, err)
		}
	}
	if err := p.finish(); err != nil {
		return nil, fmt.Errorf("po: line %d: %w", p.line, err)
	}
	return &p.f, nil
}

type parser struct {
	f     File
	cur   *Entry  // the entry being read, nil between entries
	last  *string // the string a continuation line adds to
	state int     // what cur has so far
	line  int
	seen  map[[2]string]bool
}

// The parts of an entry, in the order they must come.
const (
	comments = iota
	context
	id
	plural
	str
)

func (p *parser) entry() *Entry {
	if p.cur == nil {
		p.cur = &Entry{}
		p.state = comments
	}
	return p.cur
}

func (p *parser) parseLine(line string) error {
	switch {
	case line == "":
		return p.finish()
	case strings.HasPrefix(line, "#~"), strings.HasPrefix(line, "#|"):
		return nil
	case strings.HasPrefix(line, "#"):
		if p.state >= id {
			if err := p.finish(); err != nil {
				return err
			}
		}
		p.comment(line)
		return nil
	case strings.HasPrefix(line, `"`):
		if p.last == nil {
			return fmt.Errorf("a string continues nothing")
		}
		s, err := unquote(line)
		if err != nil {
			return err
		}
		*p.last += s
		return nil
	}
	keyword, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	s, err := unquote(rest)
	if err != nil {
		return fmt.Errorf("%s: %w", keyword, err)
	}
	if p.state == str && (keyword == "msgctxt" || keyword == "msgid") {
		if err := p.finish(); err != nil {
			return err
		}
	}
	e := p.entry()
	switch {
	case keyword == "msgctxt" && p.state < context:
		e.Context, e.HasContext, p.last, p.state = s, true, &e.Context, context
	case keyword == "msgid" && p.state < id:
		e.ID, p.last, p.state = s, &e.ID, id
	case keyword == "msgid_plural" && p.state == id:
		e.Plural, e.HasPlural, p.last, p.state = s, true, &e.Plural, plural
	case keyword == "msgstr" && p.state == id:
		e.Str = []string{s}
		p.last, p.state = &e.Str[0], str
	case strings.HasPrefix(keyword, "msgstr[") && strings.HasSuffix(keyword, "]") && p.state >= plural:
		n, err := strconv.Atoi(keyword[len("msgstr[") : len(keyword)-1])
		if err != nil || n != len(e.Str) || (p.state == str && !e.HasPlural) {
			return fmt.Errorf("%s out of order", keyword)
		}
		e.Str = append(e.Str, s)
		p.last, p.state = &e.Str[n], str
	default:
		return fmt.Errorf("unexpected %q", keyword)
	}
	return nil
}

func (p *parser) comment(line string) {
	e := p.entry()
	text := func(prefix string) string {
		return strings.TrimPrefix(strings.TrimPrefix(line, prefix), " ")
	}
	switch {
	case strings.HasPrefix(line, "#."):
		e.Extracted = append(e.Extracted, text("#."))
	case strings.HasPrefix(line, "#:"):
		e.References = append(e.References, strings.Fields(text("#:"))...)
	case strings.HasPrefix(line, "#,"):
		for _, f := range strings.Split(text("#,"), ",") {
			if f = strings.TrimSpace(f); f != "" {
				e.Flags = append(e.Flags, f)
			}
		}
	default:
		e.Comments = append(e.Comments, text("#"))
	}
}

// finish ends the entry being read; comments with no message after them
// are dropped.
func (p *parser) finish() error {
	e := p.cur
	p.cur, p.last = nil, nil
	if e == nil || p.state < id {
		p.state = comments
		return nil
	}
	state := p.state
	p.state = comments
	if state != str {
		return fmt.Errorf("msgid %q has no msgstr", e.ID)
	}
	k := [2]string{e.Context, e.ID}
	if e.HasContext {
		k[0] = "\x00" + k[0]
	}
	if p.seen[k] {
		return fmt.Errorf("msgid %q given twice", e.ID)
	}
	p.seen[k] = true
	p.f.Entries = append(p.f.Entries, e)
	return nil
}

func unquote(s string) (string, error) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", fmt.Errorf("not a quoted string: %q", s)
	}
	s = s[1 : len(s)-1]
	if !strings.ContainsAny(s, `\"`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' {
			return "", fmt.Errorf("unescaped quote in %q", s)
		}
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i == len(s) {
			return "", fmt.Errorf("a backslash ends %q", s)
		}
		r, ok := unescapes[s[i]]
		if !ok {
			return "", fmt.Errorf("unknown escape \\%c", s[i])
		}
		b.WriteByte(r)
	}
	return b.String(), nil
}

var unescapes = map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v'}

// Bytes writes the file as PO text that Parse reads back to the same
// entries. A string with line breaks inside is written one line per
// line, as gettext's tools do.
func (f *File) Bytes() []byte {
	var b bytes.Buffer
	for i, e := range f.Entries {
		if i > 0 {
			b.WriteByte('\n')
		}
		e.write(&b)
	}
	return b.Bytes()
}

func (e *Entry) write(b *bytes.Buffer) {
	for _, c := range e.Comments {
		writeComment(b, "#", c)
	}
	for _, c := range e.Extracted {
		writeComment(b, "#.", c)
	}
	if len(e.References) > 0 {
		writeComment(b, "#:", strings.Join(e.References, " "))
	}
	if len(e.Flags) > 0 {
		writeComment(b, "#,", strings.Join(e.Flags, ", "))
	}
	if e.HasContext {
		writeString(b, "msgctxt", e.Context)
	}
	writeString(b, "msgid", e.ID)
	if e.HasPlural {
		writeString(b, "msgid_plural", e.Plural)
		for i, s := range e.Str {
			writeString(b, "msgstr["+strconv.Itoa(i)+"]", s)
		}
		return
	}
	s := ""
	if len(e.Str) > 0 {
		s = e.Str[0]
	}
	writeString(b, "msgstr", s)
}

func writeComment(b *bytes.Buffer, prefix, text string) {
	b.WriteString(prefix)
	if text != "" {
		b.WriteByte(' ')
		b.WriteString(text)
	}
	b.WriteByte('\n')
}

func writeString(b *bytes.Buffer, keyword, s string) {
	b.WriteString(keyword)
	b.WriteByte(' ')
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > 1 {
		b.WriteString(`""` + "\n")
	}
	for _, l := range lines {
		b.WriteString(quote(l))
		b.WriteByte('\n')
	}
}

var escaper = strings.NewReplacer("\\", `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`,
	"\a", `\a`, "\b", `\b`, "\f", `\f`, "\v", `\v`)

func quote(s string) string { return `"` + escaper.Replace(s) + `"` }
