package settings

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
)

// This file edits settings.toml in place. Rewriting the whole file from the
// decoded values would lose the user's comments, order and anything tw could
// not use, so instead the file is scanned for where each key and table
// starts and ends, and only the lines of the setting being changed are
// replaced, removed or added. The scanner only needs to cope with valid TOML:
// the caller parses the file with BurntSushi/toml first, and parses the
// edited result again before writing it.

// tomlEntry is one header or key/value line (or lines, for a value that
// spans several) of a TOML document.
type tomlEntry struct {
	header bool     // a [table] or [[array]] header
	array  bool     // a [[array]] header
	path   []string // full key: the table's path, plus the key for a key/value
	table  int      // for a key/value: index of the header it belongs under, or -1
	start  int      // offset where the line starts (before any indentation)
	value  [2]int   // for a key/value: offsets of the value's text
	end    int      // offset just after the entry's last line ends
}

type tomlScanner struct {
	src string
	pos int
}

// scanTOML lists the headers and key/values of src in order.
func scanTOML(src string) ([]tomlEntry, error) {
	sc := &tomlScanner{src: src}
	if strings.HasPrefix(src, "\ufeff") {
		sc.pos = len("\ufeff") // a byte order mark some editors write
	}
	var entries []tomlEntry
	current := -1
	var currentPath []string
	for {
		lineStart := sc.pos
		sc.skipSpace()
		if sc.eof() {
			break
		}
		switch c := sc.src[sc.pos]; {
		case c == '\n':
			sc.pos++
			continue
		case c == '\r' && sc.at("\r\n"):
			sc.pos += 2
			continue
		case c == '#':
			sc.skipComment()
			continue
		case c == '[':
			e := tomlEntry{header: true, table: -1, start: lineStart}
			sc.pos++
			if sc.at("[") {
				e.array = true
				sc.pos++
			}
			keys, err := sc.key()
			if err != nil {
				return nil, err
			}
			sc.skipSpace()
			closing := "]"
			if e.array {
				closing = "]]"
			}
			if !sc.at(closing) {
				return nil, sc.errorf("expected %s", closing)
			}
			sc.pos += len(closing)
			if err := sc.finishLine(); err != nil {
				return nil, err
			}
			e.path, e.end = keys, sc.pos
			entries = append(entries, e)
			current, currentPath = len(entries)-1, keys
		default:
			keys, err := sc.key()
			if err != nil {
				return nil, err
			}
			sc.skipSpace()
			if !sc.at("=") {
				return nil, sc.errorf("expected =")
			}
			sc.pos++
			sc.skipSpace()
			e := tomlEntry{table: current, start: lineStart}
			e.value[0] = sc.pos
			if err := sc.value(); err != nil {
				return nil, err
			}
			e.value[1] = sc.pos
			if err := sc.finishLine(); err != nil {
				return nil, err
			}
			e.path = append(append([]string{}, currentPath...), keys...)
			e.end = sc.pos
			entries = append(entries, e)
		}
	}
	return entries, nil
}

func (sc *tomlScanner) eof() bool        { return sc.pos >= len(sc.src) }
func (sc *tomlScanner) at(s string) bool { return strings.HasPrefix(sc.src[sc.pos:], s) }
func (sc *tomlScanner) errorf(f string, a ...any) error {
	line := 1 + strings.Count(sc.src[:min(sc.pos, len(sc.src))], "\n")
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(f, a...))
}

func (sc *tomlScanner) skipSpace() {
	for !sc.eof() && (sc.src[sc.pos] == ' ' || sc.src[sc.pos] == '\t') {
		sc.pos++
	}
}

func (sc *tomlScanner) skipComment() {
	for !sc.eof() && sc.src[sc.pos] != '\n' {
		sc.pos++
	}
}

// skipBlank skips spaces, line ends and comments, as allowed inside arrays
// (and inline tables, since TOML 1.1).
func (sc *tomlScanner) skipBlank() {
	for !sc.eof() {
		switch sc.src[sc.pos] {
		case ' ', '\t', '\r', '\n':
			sc.pos++
		case '#':
			sc.skipComment()
		default:
			return
		}
	}
}

// finishLine skips the rest of a line after a header or value: spaces, an
// optional comment and the line end.
func (sc *tomlScanner) finishLine() error {
	sc.skipSpace()
	if !sc.eof() && sc.src[sc.pos] == '#' {
		sc.skipComment()
	}
	switch {
	case sc.eof():
	case sc.at("\n"):
		sc.pos++
	case sc.at("\r\n"):
		sc.pos += 2
	default:
		return sc.errorf("expected the end of the line")
	}
	return nil
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// key reads a possibly dotted, possibly quoted key.
func (sc *tomlScanner) key() ([]string, error) {
	var keys []string
	for {
		sc.skipSpace()
		if sc.eof() {
			return nil, sc.errorf("expected a key")
		}
		switch c := sc.src[sc.pos]; {
		case c == '"':
			start := sc.pos
			if err := sc.basicString(); err != nil {
				return nil, err
			}
			k, err := unquoteBasic(sc.src[start+1 : sc.pos-1])
			if err != nil {
				return nil, sc.errorf("%v", err)
			}
			keys = append(keys, k)
		case c == '\'':
			start := sc.pos
			if err := sc.literalString(); err != nil {
				return nil, err
			}
			keys = append(keys, sc.src[start+1:sc.pos-1])
		case isBare(c):
			start := sc.pos
			for !sc.eof() && isBare(sc.src[sc.pos]) {
				sc.pos++
			}
			keys = append(keys, sc.src[start:sc.pos])
		default:
			return nil, sc.errorf("expected a key")
		}
		sc.skipSpace()
		if !sc.at(".") {
			return keys, nil
		}
		sc.pos++
	}
}

// sequence reads the items of an array or an inline table, after its
// opening bracket, up to and past close: item reads one item; the items
// are separated by commas (one may follow the last), with blank lines and
// comments around them.
func (sc *tomlScanner) sequence(close, what string, item func() error) error {
	for {
		sc.skipBlank()
		if sc.at(close) {
			sc.pos++
			return nil
		}
		if err := item(); err != nil {
			return err
		}
		sc.skipBlank()
		if sc.at(",") {
			sc.pos++
		} else if !sc.at(close) {
			return sc.errorf("expected , or %s in %s", close, what)
		}
	}
}

var localDate = lazyregexp.New(`^\d{4}-\d{2}-\d{2}$`)

// value skips one value of any type.
func (sc *tomlScanner) value() error {
	if sc.eof() {
		return sc.errorf("expected a value")
	}
	switch sc.src[sc.pos] {
	case '"':
		if sc.at(`"""`) {
			return sc.multiline('"')
		}
		return sc.basicString()
	case '\'':
		if sc.at("'''") {
			return sc.multiline('\'')
		}
		return sc.literalString()
	case '[':
		sc.pos++
		return sc.sequence("]", "an array", sc.value)
	case '{':
		sc.pos++
		return sc.sequence("}", "an inline table", func() error {
			if _, err := sc.key(); err != nil {
				return err
			}
			sc.skipSpace()
			if !sc.at("=") {
				return sc.errorf("expected = in an inline table")
			}
			sc.pos++
			sc.skipSpace()
			return sc.value()
		})
	}
	// A number, boolean or date-time: up to a space, separator or comment,
	// except that a date and a time may be separated by one space.
	start := sc.pos
	for {
		for !sc.eof() && !strings.ContainsRune(" \t\r\n,]}#", rune(sc.src[sc.pos])) {
			sc.pos++
		}
		if localDate.MatchString(sc.src[start:sc.pos]) && sc.at(" ") &&
			sc.pos+1 < len(sc.src) && sc.src[sc.pos+1] >= '0' && sc.src[sc.pos+1] <= '9' {
			sc.pos++
			continue
		}
		break
	}
	if sc.pos == start {
		return sc.errorf("expected a value")
	}
	return nil
}

func (sc *tomlScanner) basicString() error {
	sc.pos++ // opening quote
	for !sc.eof() {
		switch sc.src[sc.pos] {
		case '\\':
			sc.pos += 2
		case '"':
			sc.pos++
			return nil
		case '\n':
			return sc.errorf("unfinished string")
		default:
			sc.pos++
		}
	}
	return sc.errorf("unfinished string")
}

func (sc *tomlScanner) literalString() error {
	end := strings.IndexAny(sc.src[sc.pos+1:], "'\n")
	if end < 0 || sc.src[sc.pos+1+end] != '\'' {
		return sc.errorf("unfinished string")
	}
	sc.pos += end + 2
	return nil
}

// multiline skips a """ or ”' string. Its closing delimiter may be
// preceded by up to two more quotes that belong to the content.
func (sc *tomlScanner) multiline(q byte) error {
	sc.pos += 3
	for !sc.eof() {
		c := sc.src[sc.pos]
		if c == '\\' && q == '"' {
			sc.pos += 2
			continue
		}
		if c == q {
			n := 0
			for sc.pos+n < len(sc.src) && sc.src[sc.pos+n] == q {
				n++
			}
			if n >= 3 {
				sc.pos += min(n, 5)
				return nil
			}
			sc.pos += n
			continue
		}
		sc.pos++
	}
	return sc.errorf("unfinished multi-line string")
}

// unquoteBasic decodes the escapes of a TOML basic string's content.
func unquoteBasic(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		if i >= len(s) {
			return "", fmt.Errorf("a string ends with a lone backslash")
		}
		simple := map[byte]string{'b': "\b", 't': "\t", 'n': "\n", 'f': "\f", 'r': "\r", 'e': "\x1b", '"': `"`, '\\': `\`}
		if r, ok := simple[s[i]]; ok {
			b.WriteString(r)
			continue
		}
		digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[i]]
		if digits == 0 || i+1+digits > len(s) {
			return "", fmt.Errorf(`a string has an unknown escape \%c`, s[i])
		}
		n, err := strconv.ParseUint(s[i+1:i+1+digits], 16, 32)
		if err != nil || !utf8.ValidRune(rune(n)) {
			return "", fmt.Errorf("a string has a bad escape")
		}
		b.WriteRune(rune(n))
		i += digits
	}
	return b.String(), nil
}

// quoteKey writes a key bare when it can be, else as a basic string.
func quoteKey(k string) string {
	if k != "" && strings.IndexFunc(k, func(r rune) bool { return r > 127 || !isBare(byte(r)) }) < 0 {
		return k
	}
	return quoteString(k)
}

// quoteString writes s as a TOML basic string.
func quoteString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func hasPrefix(p, prefix []string) bool {
	return len(p) >= len(prefix) && slices.Equal(p[:len(prefix)], prefix)
}

// editTOML returns src with the key section.key given the TOML text value,
// or removed when value is "". When the key is not in src, it is added
// only if add is true. The result must still be checked by parsing it.
func editTOML(src, section, key, value string, add bool) (string, error) {
	entries, err := scanTOML(src)
	if err != nil {
		return "", err
	}
	target := []string{section, key}

	// The usual case: one "key = value" line, replaced or removed in place.
	var found []int
	for i, e := range entries {
		if hasPrefix(e.path, target) {
			found = append(found, i)
		}
	}
	if len(found) == 1 && !entries[found[0]].header && slices.Equal(entries[found[0]].path, target) {
		e := entries[found[0]]
		if value == "" {
			return src[:e.start] + src[e.end:], nil
		}
		return src[:e.value[0]] + value + src[e.value[1]:], nil
	}

	// A table written as [section.key] or as dotted keys below it: remove
	// every part of it, then add it back as one line.
	if len(found) > 0 {
		type span struct{ from, to int }
		var spans []span
		for _, i := range found {
			e := entries[i]
			to := e.end
			if e.header {
				for j := i + 1; j < len(entries) && !entries[j].header; j++ {
					to = entries[j].end
				}
			}
			spans = append(spans, span{e.start, to})
		}
		// Spans may nest (a table's key/values inside its header's span):
		// merge them, then cut from the end so earlier offsets stay right.
		sort.Slice(spans, func(a, b int) bool { return spans[a].from < spans[b].from })
		var merged []span
		for _, s := range spans {
			if n := len(merged); n > 0 && s.from <= merged[n-1].to {
				merged[n-1].to = max(merged[n-1].to, s.to)
				continue
			}
			merged = append(merged, s)
		}
		out := src
		for i := len(merged) - 1; i >= 0; i-- {
			out = out[:merged[i].from] + out[merged[i].to:]
		}
		if value == "" {
			return out, nil
		}
		return insertTOML(out, section, key, value)
	}
	if value == "" || !add {
		return src, nil
	}
	return insertTOML(src, section, key, value)
}

// insertTOML adds section.key = value to src, which does not hold it: under
// the [section] header if there is one, next to top-level "section.x = ..."
// lines if the section is written that way, else in a new [section] table
// at the end.
func insertTOML(src, section, key, value string) (string, error) {
	entries, err := scanTOML(src)
	if err != nil {
		return "", err
	}
	// New lines end the way the file's lines do.
	nl := "\n"
	if strings.Contains(src, "\r\n") {
		nl = "\r\n"
	}
	withNewline := func(at int, line string) string {
		if at > 0 && at == len(src) && !strings.HasSuffix(src, "\n") {
			line = nl + line
		}
		return src[:at] + line + src[at:]
	}
	for i, e := range entries {
		if !e.header || !slices.Equal(e.path, []string{section}) {
			continue
		}
		if e.array {
			return "", fmt.Errorf("settings.toml has [[%s]], a list of tables, where tw expects the table [%s]", section, section)
		}
		at := e.end
		for j := i + 1; j < len(entries) && !entries[j].header; j++ {
			at = entries[j].end
		}
		return withNewline(at, quoteKey(key)+" = "+value+nl), nil
	}
	dotted := -1
	for i, e := range entries {
		if e.header || e.table != -1 || e.path[0] != section {
			continue
		}
		if len(e.path) == 1 {
			return "", fmt.Errorf("settings.toml writes %s as a single value (such as an inline table), so tw cannot add %s.%s to it", section, section, key)
		}
		dotted = i
	}
	if dotted >= 0 {
		return withNewline(entries[dotted].end, quoteKey(section)+"."+quoteKey(key)+" = "+value+nl), nil
	}
	table := "[" + quoteKey(section) + "]" + nl + quoteKey(key) + " = " + value + nl
	switch {
	case src == "":
		return table, nil
	case strings.HasSuffix(src, nl+nl):
		return src + table, nil
	case strings.HasSuffix(src, "\n"):
		return src + nl + table, nil
	default:
		return src + nl + nl + table, nil
	}
}
