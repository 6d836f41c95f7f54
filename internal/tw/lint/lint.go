// Package lint finds problems in Markdown source that a listener would
// miss, the original textweaver's five rules: a heading that skips a level,
// a list whose items use different markers, spaces at the end of a line
// (other than the two of a hard break), a reference link whose definition
// is missing, and a bare web address that is not written as a link.
//
// Code blocks (fenced or indented) are not checked. The work is one pass
// over the lines.
package lint

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Rule names a kind of problem.
type Rule string

// The rules.
const (
	HeadingLevel   Rule = "heading-level"
	ListMarker     Rule = "list-marker"
	TrailingSpace  Rule = "trailing-space"
	UndefinedLink  Rule = "undefined-link"
	BareWebAddress Rule = "bare-url"
)

// Problem is one problem found.
type Problem struct {
	Line, Column int    // from 1; the column counts characters
	Offset       int    // in characters from the start of the text
	Rule         Rule   // what kind
	Detail       string // the heading level, the marker, the label or the address
}

// String is the problem as `LINE:COL: rule: detail`.
func (p Problem) String() string {
	return fmt.Sprintf("%d:%d: %s: %s", p.Line, p.Column, p.Rule, p.Detail)
}

// Markdown lists the problems of Markdown source, in the order of the
// text.
func Markdown(src string) []Problem {
	lines := strings.Split(src, "\n")
	defined := definitions(lines)
	var out []Problem
	offset := 0
	lastLevel := 0
	fence := ""
	listMarker := ""
	prevBlank := true
	for i, line := range lines {
		lineOffset := offset
		offset += utf8.RuneCountInString(line) + 1
		at := func(byteCol int, r Rule, detail string) {
			col := utf8.RuneCountInString(line[:byteCol]) + 1
			out = append(out, Problem{Line: i + 1, Column: col, Offset: lineOffset + col - 1, Rule: r, Detail: detail})
		}
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) && strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])) == "" {
				fence = ""
			}
			continue
		}
		if indent < 4 && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")) {
			fence = trimmed[:3]
			continue
		}
		blank := strings.TrimSpace(line) == ""
		if indent >= 4 && prevBlank && listMarker == "" && !blank {
			continue // an indented code block
		}
		prevBlank = blank
		if blank {
			continue
		}
		// Trailing spaces: two spaces (a hard break) are meant, others not.
		if end := strings.TrimRight(line, " \t"); len(end) < len(line) {
			tail := line[len(end):]
			if tail != "  " {
				at(len(end), TrailingSpace, fmt.Sprintf("%d trailing blanks", len(tail)))
			}
		}
		// Headings: one level deeper at most.
		if level := atxLevel(trimmed); level > 0 && indent < 4 {
			if lastLevel > 0 && level > lastLevel+1 {
				at(indent, HeadingLevel, fmt.Sprintf("level %d after level %d", level, lastLevel))
			}
			lastLevel = level
			listMarker = ""
			continue
		}
		// Lists: the items of one list keep one marker.
		if m := bulletMarker(trimmed); m != "" && indent < 4 {
			if listMarker != "" && m != listMarker {
				at(indent, ListMarker, fmt.Sprintf("%q in a list of %q", m, listMarker))
			}
			if listMarker == "" {
				listMarker = m
			}
		} else if indent == 0 {
			listMarker = ""
		}
		if isDefinition(trimmed) {
			continue
		}
		for _, p := range inlineProblems(line, defined) {
			at(p.col, p.rule, p.detail)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out
}

func atxLevel(s string) int {
	n := 0
	for n < len(s) && n < 7 && s[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(s) && s[n] != ' ' && s[n] != '\t') {
		return 0
	}
	return n
}

func bulletMarker(s string) string {
	if len(s) >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && (s[1] == ' ' || s[1] == '\t') {
		if s[0] == '-' && strings.Trim(s, "- ") == "" || s[0] == '*' && strings.Trim(s, "* ") == "" {
			return "" // a thematic break
		}
		return s[:1]
	}
	return ""
}

// isDefinition reports whether a line is a link reference definition
// ("[label]: address").
func isDefinition(t string) bool {
	return strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "[^") && strings.Index(t, "]:") > 1
}

// definitions are the labels of the link reference definitions, lower
// case.
func definitions(lines []string) map[string]bool {
	m := map[string]bool{}
	for _, line := range lines {
		if t := strings.TrimSpace(line); isDefinition(t) {
			end := strings.Index(t, "]:")
			m[strings.ToLower(strings.Join(strings.Fields(t[1:end]), " "))] = true
		}
	}
	return m
}

type inlineProblem struct {
	col    int
	rule   Rule
	detail string
}

// inlineProblems finds reference links with no definition and bare web
// addresses on one line, outside code spans.
func inlineProblems(line string, defined map[string]bool) []inlineProblem {
	var out []inlineProblem
	inCode := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '`':
			inCode = !inCode
		case inCode:
		case c == '\\':
			i++
		case c == '[' && !strings.HasPrefix(line[i:], "[^"):
			end := strings.IndexByte(line[i+1:], ']')
			if end < 0 {
				continue
			}
			text := line[i+1 : i+1+end]
			rest := line[i+2+end:]
			label := ""
			switch {
			case strings.HasPrefix(rest, "("), strings.HasPrefix(rest, ":"):
				continue // an inline link, or a definition
			case strings.HasPrefix(rest, "[]"):
				label = text
			case strings.HasPrefix(rest, "["):
				if e := strings.IndexByte(rest, ']'); e > 0 {
					label = rest[1:e]
				}
			default:
				continue // a shortcut [text] may be plain brackets: not flagged
			}
			key := strings.ToLower(strings.Join(strings.Fields(label), " "))
			if key != "" && !defined[key] {
				out = append(out, inlineProblem{i, UndefinedLink, label})
			}
		case (c == 'h' || c == 'w') && (i == 0 || strings.IndexByte(" \t(", line[i-1]) >= 0):
			if i > 0 && line[i-1] == '(' && i > 1 && line[i-2] == ']' {
				continue // a link's own address
			}
			for _, prefix := range []string{"https://", "http://", "www."} {
				if strings.HasPrefix(line[i:], prefix) {
					end := strings.IndexAny(line[i:], " \t)>")
					if end < 0 {
						end = len(line) - i
					}
					out = append(out, inlineProblem{i, BareWebAddress, line[i : i+end]})
					i += end
					break
				}
			}
		}
	}
	return out
}
