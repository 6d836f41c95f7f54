package load

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// texMacro is a macro the document defines (\newcommand, \renewcommand,
// \providecommand, \def): its number of arguments, the default of an
// optional first argument (hasDefault), and its body with #1 … #9.
type texMacro struct {
	args       int
	def        string
	hasDefault bool
	body       string
}

// texMacros collects the macros s defines, the last definition of a name
// winning (\providecommand only defines a name not yet defined). A macro
// whose body names itself is left out: it is never expanded.
func texMacros(s string) map[string]texMacro {
	var out map[string]texMacro
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		j := i + 1
		k := j
		for k < len(s) && isTeXLetter(s[k]) {
			k++
		}
		cmd := s[j:k]
		if k < len(s) && s[k] == '*' {
			k++
		}
		var name string
		var m texMacro
		switch cmd {
		case "newcommand", "renewcommand", "providecommand":
			name, k = texMacroName(s, k)
			if name == "" {
				continue
			}
			if n, next, ok := bracketed(s, k); ok {
				m.args, _ = strconv.Atoi(strings.TrimSpace(n))
				k = next
				if d, next, ok := bracketed(s, k); ok {
					m.def, m.hasDefault, k = d, true, next
				}
			}
		case "def", "gdef", "edef", "xdef":
			name, k = texMacroName(s, k)
			if name == "" {
				continue
			}
			for k < len(s) && s[k] != '{' {
				if s[k] == '#' {
					m.args++
				}
				k++
			}
		default:
			i = k - 1
			continue
		}
		body, next := braced(s, k)
		if next == k {
			continue
		}
		i = next - 1
		m.args = max(0, min(m.args, 9))
		m.body = body
		if _, defined := out[name]; defined && cmd == "providecommand" {
			continue
		}
		if out == nil {
			out = map[string]texMacro{}
		}
		out[name] = m
	}
	for name, m := range out {
		if texNames(m.body, name) {
			delete(out, name)
		}
	}
	return out
}

func isTeXLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// texMacroName reads the name defined at s[k]: "\name" or "{\name"}.
func texMacroName(s string, k int) (string, int) {
	for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
		k++
	}
	if inner, next := braced(s, k); next != k {
		inner = strings.TrimSpace(inner)
		if len(inner) > 1 && inner[0] == '\\' && isTeXLetterString(inner[1:]) {
			return inner[1:], next
		}
		return "", next
	}
	if k >= len(s) || s[k] != '\\' {
		return "", k
	}
	e := k + 1
	for e < len(s) && isTeXLetter(s[e]) {
		e++
	}
	return s[k+1 : e], e
}

func isTeXLetterString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isTeXLetter(s[i]) {
			return false
		}
	}
	return s != ""
}

// texNames tells whether s holds the control word \name.
func texNames(s, name string) bool {
	for k := 0; ; {
		i := strings.Index(s[k:], "\\"+name)
		if i < 0 {
			return false
		}
		e := k + i + 1 + len(name)
		if e >= len(s) || !isTeXLetter(s[e]) {
			return true
		}
		k = e
	}
}

// expand reads the arguments of macro m at t.i and returns its body with
// them put in; ok is false when the expansion budget (t.budget bytes of
// expanded text for the whole document) is spent. A macro
// with no arguments eats the spaces after its name, as TeX does.
func (t *tex) expand(m texMacro) (string, bool) {
	s := t.s
	if m.args == 0 {
		for t.i < len(s) && (s[t.i] == ' ' || s[t.i] == '\t') {
			t.i++
		}
	}
	var args [9]string
	for n := range m.args {
		if n == 0 && m.hasDefault {
			args[0] = m.def
			if a, next, ok := bracketed(s, t.i); ok {
				args[0], t.i = a, next
			}
			continue
		}
		if a, next := braced(s, t.i); next != t.i {
			args[n], t.i = a, next
			continue
		}
		// An argument without braces is one character (a whole UTF-8
		// sequence, never a byte of one).
		for t.i < len(s) && (s[t.i] == ' ' || s[t.i] == '\t' || s[t.i] == '\n') {
			t.i++
		}
		if t.i < len(s) {
			_, size := utf8.DecodeRuneInString(s[t.i:])
			args[n] = s[t.i : t.i+size]
			t.i += size
		}
	}
	var out strings.Builder
	body := m.body
	for k := 0; k < len(body); k++ {
		if body[k] == '#' && k+1 < len(body) && body[k+1] >= '1' && body[k+1] <= '9' {
			out.WriteString(args[body[k+1]-'1'])
			k++
			continue
		}
		out.WriteByte(body[k])
	}
	if *t.budget < out.Len() {
		*t.budget = 0
		return "", false
	}
	*t.budget -= out.Len()
	return out.String(), true
}

// texLabels numbers what each \label names, as LaTeX would print its
// \ref: the section it follows ("2.1", sections numbered from the top
// level used, starred ones not counted), or the figure, table or
// equation it sits in (counted through the document).
func texLabels(s string, minSect int) map[string]string {
	var out map[string]string
	var sect [7]int
	counters := map[string]int{}
	current := ""
	var envs []string // the current number outside each open counted environment
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		k := i + 1
		for k < len(s) && isTeXLetter(s[k]) {
			k++
		}
		name := s[i+1 : k]
		star := k < len(s) && s[k] == '*'
		i = k - 1
		if lv, ok := texSection[name]; ok {
			if star || lv < minSect || lv == 0 {
				continue
			}
			d := lv - minSect
			if d >= len(sect) {
				continue
			}
			sect[d]++
			for e := d + 1; e < len(sect); e++ {
				sect[e] = 0
			}
			parts := make([]string, d+1)
			for e := range parts {
				parts[e] = strconv.Itoa(sect[e])
			}
			current = strings.Join(parts, ".")
			continue
		}
		switch name {
		case "begin", "end":
			env, next := braced(s, k)
			counter := texCounterOf(env)
			if counter == "" {
				continue
			}
			i = next - 1
			if name == "begin" {
				envs = append(envs, current)
				counters[counter]++
				current = strconv.Itoa(counters[counter])
			} else if len(envs) > 0 {
				current = envs[len(envs)-1]
				envs = envs[:len(envs)-1]
			}
		case "label":
			l, next := braced(s, k)
			i = next - 1
			if out == nil {
				out = map[string]string{}
			}
			if _, seen := out[l]; !seen {
				out[l] = current
			}
		}
	}
	return out
}

// texCounterOf names the counter an environment steps ("" for none).
func texCounterOf(env string) string {
	switch env {
	case "figure", "figure*":
		return "figure"
	case "table", "table*":
		return "table"
	case "equation", "align", "gather", "multline", "eqnarray":
		return "equation"
	}
	return ""
}

// ref writes \ref{label} (\eqref in parentheses) as a link to the label,
// read as the number LaTeX would print, else as "[label]" (as pandoc does
// when it cannot resolve one).
func (t *tex) ref(label string, eq bool) {
	label = strings.TrimSpace(label)
	text := t.labels[label]
	if text == "" {
		text = "[" + label + "]"
	}
	if eq {
		text = "(" + text + ")"
	}
	t.startText()
	id := t.b.openMarker(doc.Marker{Kind: doc.Link, Reference: "#" + label})
	t.b.linkTo(id, label)
	t.b.inlineText(text)
	t.b.closeMarker(id)
}
