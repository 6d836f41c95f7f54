package load

import (
	"bytes"
	"runtime"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Large Markdown documents are parsed in pieces, several at once, then
// converted in order. A piece boundary must not change how anything is
// parsed, so pieces are cut only before an ATX heading ("# Title") at the
// start of a line that follows a blank line, outside any fenced code block.
// Such a line always starts a top-level heading: it closes every open list
// item, block quote, paragraph or table, and nothing before it can still be
// open across the blank line except a fenced code block or an HTML block.
//
// What cannot be told apart from a line-by-line look makes the whole
// document be parsed in one piece: a code fence indented by one to three
// spaces (it may belong to a list item whose end the scan cannot see), a
// line starting with "<" (an HTML block may be open), and a line holding
// "]:" (it may define a link reference or a footnote, which are used
// anywhere in the document). FuzzMarkdown checks that cutting at every
// allowed place changes nothing.

const (
	// minSplitSize is the smallest document parsed in pieces.
	minSplitSize = 512 << 10
	// defaultPieceSize is the size pieces are cut at, roughly.
	defaultPieceSize = 256 << 10
)

// splitMarkdown cuts body into pieces of at least minPiece bytes (but the
// last) that parse as the whole would, or returns body alone.
func splitMarkdown(body []byte, minPiece int) [][]byte {
	var pieces [][]byte
	start := 0
	var fenceChar byte
	fenceLen := 0
	prevBlank := true
	for off := 0; off < len(body); {
		end := lineEnd(body, off)
		line := body[off:end]
		next := end + 1
		indent := 0
		for indent < len(line) && indent < 4 && line[indent] == ' ' {
			indent++
		}
		rest := line[indent:]
		blank := len(bytes.TrimSpace(line)) == 0
		switch {
		case fenceLen > 0:
			if indent < 4 && isClosingFence(rest, fenceChar, fenceLen) {
				fenceLen = 0
			}
		case indent < 4 && len(rest) > 0 && rest[0] == '<':
			return [][]byte{body}
		case bytes.Contains(line, []byte("]:")):
			return [][]byte{body}
		case indent < 4 && len(rest) > 0 && (rest[0] == '`' || rest[0] == '~'):
			if c, n := openingFence(rest); n > 0 {
				if indent > 0 {
					return [][]byte{body}
				}
				fenceChar, fenceLen = c, n
			}
		case prevBlank && indent == 0 && isATXHeading(line) && off-start >= minPiece:
			pieces = append(pieces, body[start:off])
			start = off
		}
		prevBlank = blank && fenceLen == 0
		off = next
	}
	return append(pieces, body[start:])
}

// openingFence reports the character and length of a code fence opening
// line (after its indentation), or 0.
func openingFence(rest []byte) (byte, int) {
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 {
		return 0, 0
	}
	if c == '`' && bytes.IndexByte(rest[n:], '`') >= 0 {
		return 0, 0 // a backtick fence's info string has no backtick
	}
	return c, n
}

func isClosingFence(rest []byte, c byte, length int) bool {
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	return n >= length && len(bytes.TrimSpace(rest[n:])) == 0
}

// isATXHeading reports whether line is "#" to "######" followed by a space,
// a tab or the end of the line.
func isATXHeading(line []byte) bool {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(line) || line[n] == ' ' || line[n] == '\t')
}

// parsePieces parses the pieces concurrently and hands their trees to use
// in order. At most a few trees are alive at once. A panic while parsing
// is raised again in the caller's goroutine.
// A table piece is not parsed: use gets a nil root for it.
func parsePieces(pieces []mdPiece, use func(root ast.Node, piece mdPiece)) {
	if len(pieces) == 1 && !pieces[0].table {
		use(markdownParser().Parse(text.NewReader(pieces[0].src)), pieces[0])
		return
	}
	type result struct {
		root     ast.Node
		panicked any
	}
	workers := min(runtime.GOMAXPROCS(0), 4)
	results := make([]chan result, len(pieces))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	// slots bounds the trees parsed but not yet converted.
	slots := make(chan struct{}, workers+1)
	done := make(chan struct{})
	defer close(done)
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range pieces {
			select {
			case slots <- struct{}{}:
			case <-done:
				return
			}
			select {
			case next <- i:
			case <-done:
				return
			}
		}
	}()
	for range workers {
		go func() {
			for i := range next {
				if pieces[i].table {
					results[i] <- result{}
					continue
				}
				results[i] <- parseRecovering(pieces[i].src)
			}
		}()
	}
	for i, piece := range pieces {
		r := <-results[i]
		if r.panicked != nil {
			panic(r.panicked)
		}
		use(r.root, piece)
		<-slots
	}
}

func parseRecovering(src []byte) (r struct {
	root     ast.Node
	panicked any
}) {
	defer func() {
		if p := recover(); p != nil {
			r.panicked = p
		}
	}()
	r.root = markdownParser().Parse(text.NewReader(src))
	return r
}

// Deep nesting makes goldmark slow beyond use: every line passes through
// every open container, so a hundred thousand ">" take tens of seconds. No
// real document nests lists or quotes dozens deep, so lines are clamped
// before parsing: at most maxNestingMarkers quote and list markers at the
// start of a line, and at most maxIndent columns of leading white space.
// Only documents that exceed these limits are changed.
const (
	maxNestingMarkers = 32
	maxIndent         = 64
)

// limitNesting returns src with its line starts clamped, or src itself
// when no line needs it.
func limitNesting(src []byte) []byte {
	var out []byte // nil until a line needs clamping
	done := 0      // bytes of src already in out
	for off := 0; off < len(src); {
		end := lineEnd(src, off)
		if kept, cut := clampPrefix(src[off:end]); cut {
			if out == nil {
				out = make([]byte, 0, len(src))
			}
			out = append(out, src[done:off]...)
			out = append(out, kept...)
			done = end
		}
		off = end + 1
	}
	if out == nil {
		return src
	}
	return append(out, src[done:]...)
}

// clampPrefix looks at the container prefix of a line (white space, ">",
// list markers) and, when it is too deep, returns the line with the excess
// dropped: markers past the limit with the white space after them, and
// white space past the column limit.
func clampPrefix(line []byte) ([]byte, bool) {
	type token struct {
		from, to int
		marker   bool
	}
	var tokens []token
	i, cols, markers := 0, 0, 0
prefix:
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ':
			cols++
			tokens = append(tokens, token{i, i + 1, false})
			i++
		case c == '\t':
			cols += 4 - cols%4
			tokens = append(tokens, token{i, i + 1, false})
			i++
		case c == '>':
			markers++
			tokens = append(tokens, token{i, i + 1, true})
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			markers++
			tokens = append(tokens, token{i, i + 1, true})
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 >= len(line) || (line[j] != '.' && line[j] != ')') || (line[j+1] != ' ' && line[j+1] != '\t') {
				break prefix
			}
			markers++
			tokens = append(tokens, token{i, j + 1, true})
			i = j + 1
		default:
			break prefix
		}
	}
	if markers <= maxNestingMarkers && cols <= maxIndent {
		return line, false
	}
	prefixEnd := i
	kept := make([]byte, 0, len(line))
	cols, markers = 0, 0
	dropSpace, lastMarker := false, false
	for _, t := range tokens {
		if t.marker {
			if markers < maxNestingMarkers {
				markers++
				kept = append(kept, line[t.from:t.to]...)
				dropSpace, lastMarker = false, true
			} else {
				dropSpace = true
			}
			continue
		}
		width := 1
		if line[t.from] == '\t' {
			width = 4 - cols%4
		}
		if dropSpace || cols+width > maxIndent {
			continue
		}
		cols += width
		kept = append(kept, line[t.from])
		lastMarker = false
	}
	if lastMarker && prefixEnd < len(line) {
		kept = append(kept, ' ')
	}
	return append(kept, line[prefixEnd:]...), true
}

// lineEnd is the index of the newline that ends the line starting at off
// in b, or len(b) when the line is the last and has none.
func lineEnd(b []byte, off int) int {
	if i := bytes.IndexByte(b[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(b)
}
