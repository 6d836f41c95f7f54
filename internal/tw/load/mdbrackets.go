package load

import "bytes"

// goldmark matches each "]" against every open "[" before it (up to a
// thousand) and, for each, walks the inline nodes after it: a paragraph of
// 100,000 nested "[" took 12 s. No real text nests brackets dozens deep,
// so brackets beyond maxBracketDepth open ones are escaped ("\[") before
// parsing: they read as the same "[" and open nothing. Documents that stay
// within the limit (all real ones) are not changed.
const maxBracketDepth = 32

// limitBrackets returns src with the "[" beyond maxBracketDepth escaped,
// or src itself when no paragraph nests that deep. The depth is counted per
// paragraph (a blank line ends it); a backslash escapes the next byte.
// Code spans are not told apart: in a document that nests so deep, a
// bracket inside one may show its backslash.
func limitBrackets(src []byte) []byte {
	if !nestsDeeper(src, maxBracketDepth) {
		return src
	}
	out := make([]byte, 0, len(src)+len(src)/8)
	depth := 0
	blank := true // the line so far holds only white space
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '\n':
			if blank {
				depth = 0 // a blank line ends the paragraph
			}
			blank = true
			out = append(out, c)
			continue
		case '\\':
			out = append(out, c)
			if i+1 < len(src) && src[i+1] != '\n' {
				i++
				out = append(out, src[i])
			}
		case '[':
			if depth >= maxBracketDepth {
				out = append(out, '\\', '[')
			} else {
				depth++
				out = append(out, c)
			}
		case ']':
			if depth > 0 {
				depth--
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
		if c != ' ' && c != '\t' && c != '\r' {
			blank = false
		}
	}
	return out
}

// nestsDeeper says whether some paragraph of src may open more than limit
// brackets at once: the cheap look that spares real documents a copy. It
// jumps from "[" to "[" (a byte search), closing as many as the "]" between
// them and starting again after a blank line; it may say yes where
// limitBrackets, which counts exactly, then changes nothing.
func nestsDeeper(src []byte, limit int) bool {
	if bytes.Count(src, []byte("[")) <= limit {
		return false
	}
	depth := 0
	prev := 0
	for {
		next := bytes.IndexByte(src[prev:], '[')
		if next < 0 {
			return false
		}
		gap := src[prev : prev+next]
		if blank := lastBlankLine(gap); blank >= 0 {
			depth = 0
			gap = gap[blank:]
		}
		depth = max(0, depth-bytes.Count(gap, []byte("]")))
		depth++
		if depth > limit {
			return true
		}
		prev += next + 1
	}
}

// lastBlankLine returns the offset just after the last blank line in b,
// or -1 when there is none.
func lastBlankLine(b []byte) int {
	for end := len(b); ; {
		i := bytes.LastIndexByte(b[:end], '\n')
		if i < 0 {
			return -1
		}
		j := i - 1
		for j >= 0 && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r') {
			j--
		}
		if j >= 0 && b[j] == '\n' {
			return i + 1
		}
		end = i
	}
}
