package load

import "bytes"

// goldmark scans a link's destination from each "](" to the end of the
// destination, and a destination that never closes to the end of its word
// (or, for "<...>", of its line), so a line of many unclosed links or
// images ("[a](b" or "![a](" 30,000 times, 150 KB) takes seconds to
// minutes. A destination that cannot close is read as literal text, so
// past maxDoomedLinks of them on a line their "(" is escaped ("\(") before
// parsing: it reads the same and starts no scan. Lines with fewer (all real
// ones) are not changed. goldmark v1.8.7, the newest release, still scans
// so.
const maxDoomedLinks = 32

// limitLinkOpeners returns src with the "(" of the doomed link
// destinations past maxDoomedLinks on a line escaped, or src itself when no
// line has that many.
func limitLinkOpeners(src []byte) []byte {
	if bytes.Count(src, []byte("](")) <= maxDoomedLinks {
		return src
	}
	var out []byte
	done := 0 // src[:done] is in out
	for start := 0; start < len(src); {
		line, _, _ := bytes.Cut(src[start:], []byte("\n"))
		// Only a line with more "](" than the limit can hold that many
		// doomed ones: a byte count spares the others the full look.
		if bytes.Count(line, []byte("](")) <= maxDoomedLinks {
			start += len(line) + 1
			continue
		}
		if doomed := doomedOpeners(line); len(doomed) > maxDoomedLinks {
			if out == nil {
				out = make([]byte, 0, len(src)+len(src)/8)
			}
			for _, p := range doomed[maxDoomedLinks:] {
				out = append(out, src[done:start+p]...)
				out = append(out, '\\')
				done = start + p
			}
		}
		start += len(line) + 1
	}
	if out == nil {
		return src
	}
	return append(out, src[done:]...)
}

// doomedOpeners returns the offsets in line of the "(" of each "](" whose
// destination cannot close: one in "<...>" with no ">" before the next "<"
// or the end of the line; another that no ")" closes within its word and
// that holds more "(" than ")" where the word ends. A backslash escapes
// the next byte. The work is linear in the line.
func doomedOpeners(line []byte) []int {
	// escaped[i]: line[i] follows a backslash that escapes it.
	escaped := make([]bool, len(line))
	for i := 0; i+1 < len(line); i++ {
		if line[i] == '\\' {
			escaped[i+1] = true
			i++
		}
	}
	plain := func(i int, c byte) bool { return line[i] == c && !escaped[i] }
	space := func(c byte) bool { return c == ' ' || c < 0x20 }
	// balance[i]: "(" less ")" from the start of the word up to line[i].
	balance := make([]int, len(line))
	b := 0
	for i, c := range line {
		switch {
		case space(c):
			b = 0
		case plain(i, '('):
			b++
		case plain(i, ')'):
			b--
		}
		balance[i] = b
	}
	// Backwards: the next ">" and the next two "<" after i, the end of
	// i's word, and the lowest balance in line[i+1:wordEnd].
	none := len(line)
	nextGT, nextLT, secondLT := none, none, none
	wordEnd, minAfter := len(line), 1<<30
	var doomed []int
	for i := len(line) - 1; i >= 0; i-- {
		c := line[i]
		if space(c) {
			wordEnd, minAfter = i, 1<<30
			continue
		}
		if plain(i, '(') && i > 0 && plain(i-1, ']') {
			if i+1 < len(line) && line[i+1] == '<' {
				// nextLT is the "<" at i+1.
				if nextGT == none || secondLT < nextGT {
					doomed = append(doomed, i)
				}
			} else {
				end := balance[wordEnd-1]
				if minAfter >= balance[i] && end > balance[i] {
					doomed = append(doomed, i)
				}
			}
		}
		if plain(i, '>') {
			nextGT = i
		}
		if plain(i, '<') {
			nextLT, secondLT = i, nextLT
		}
		minAfter = min(minAfter, balance[i])
	}
	// Found backwards: put them in line order.
	for i, j := 0, len(doomed)-1; i < j; i, j = i+1, j-1 {
		doomed[i], doomed[j] = doomed[j], doomed[i]
	}
	return doomed
}
