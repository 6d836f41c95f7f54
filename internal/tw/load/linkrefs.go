package load

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// goldmark extracts link reference definitions from a paragraph in time
// proportional to the square of the paragraph's lines: each definition
// looks up its position by scanning back from the paragraph's last line,
// and each removal copies the lines after it. A file of 200,000
// definitions took 43 s.
//
// linkRefBatcher runs just before goldmark's transformer. When a paragraph
// starts with many definitions that each sit on one line, it hands them to
// goldmark's own transformer a batch at a time, in small paragraphs of
// their own, and leaves the rest (from the last of those lines on) to
// goldmark as usual. The result is the same: a line that starts with "["
// can never continue the definition before it (a title starts with a
// quote or a parenthesis), so a batch boundary between two such lines
// changes nothing, and goldmark still parses every definition itself.
type linkRefBatcher struct{}

// linkRefBatch is how many lines go to goldmark at once; a paragraph with
// fewer leading definitions than this is left to goldmark untouched.
const linkRefBatch = 64

func (linkRefBatcher) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	src := reader.Source()
	k := 0
	for k < lines.Len() {
		seg := lines.At(k)
		if !isOneLineLinkRef(seg.Value(src)) {
			break
		}
		k++
	}
	// The last definition found is left to goldmark with what follows: the
	// next line could still be its title.
	k--
	if k < linkRefBatch {
		return
	}
	parent := node.Parent()
	done := 0
	for done < k {
		n := min(linkRefBatch, k-done)
		batch := ast.NewParagraph()
		segs := text.NewSegments()
		for i := done; i < done+n; i++ {
			segs.Append(lines.At(i))
		}
		batch.SetLines(segs)
		if done == 0 {
			batch.SetBlankPreviousLines(node.HasBlankPreviousLines())
		}
		parent.InsertBefore(parent, node, batch)
		parser.LinkReferenceParagraphTransformer.Transform(batch, reader, pc)
		if batch.Parent() != nil {
			// goldmark did not take every line as a definition (our
			// one-line check was too generous): what it left is an
			// ordinary paragraph, exactly as it would have been.
			left := batch.Lines().Len()
			parent.RemoveChild(parent, batch)
			done += n - left
			break
		}
		done += n
	}
	rest := text.NewSegments()
	for i := done; i < lines.Len(); i++ {
		rest.Append(lines.At(i))
	}
	node.SetLines(rest)
	if done > 0 {
		node.SetBlankPreviousLines(false)
	}
}

// isOneLineLinkRef says whether line looks like a whole link reference
// definition on one line: up to three spaces, "[label]:", a destination,
// and at most a title that closes on the same line. It may say yes to a
// line goldmark refuses (the caller copes); it never says yes to a line
// that could go on on the next one.
func isOneLineLinkRef(line []byte) bool {
	line = bytes.TrimRight(line, " \t\r\n")
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i >= len(line) || line[i] != '[' {
		return false
	}
	i++
	start := i
	for i < len(line) && line[i] != ']' {
		switch line[i] {
		case '[', '\\':
			return false
		}
		i++
	}
	if i == start || i+1 >= len(line) || line[i+1] != ':' {
		return false
	}
	i += 2
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) {
		return false // the destination would be on the next line
	}
	if line[i] == '<' {
		end := bytes.IndexByte(line[i:], '>')
		if end < 0 {
			return false
		}
		i += end + 1
	} else {
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			if line[i] < 0x20 || line[i] == '(' || line[i] == ')' || line[i] == '\\' {
				return false
			}
			i++
		}
	}
	rest := bytes.TrimLeft(line[i:], " \t")
	if len(rest) == 0 {
		return true
	}
	if len(rest) == len(line[i:]) {
		return false // a title needs white space before it
	}
	var closer byte
	switch rest[0] {
	case '"':
		closer = '"'
	case '\'':
		closer = '\''
	case '(':
		closer = ')'
	default:
		return false
	}
	body := rest[1:]
	end := bytes.IndexByte(body, closer)
	return end == len(body)-1 && bytes.IndexByte(body[:end], '\\') < 0 && (closer != ')' || bytes.IndexByte(body[:end], '(') < 0)
}

// withLinkRefBatcher is the parser option that installs linkRefBatcher
// just before goldmark's own link reference transformer (priority 100).
var withLinkRefBatcher = parser.WithParagraphTransformers(util.Prioritized(linkRefBatcher{}, 99))
