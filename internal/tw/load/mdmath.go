package load

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// kindMath is the goldmark node kind of a formula between dollar signs.
var kindMath = ast.NewNodeKind("Math")

// mdMath is a formula in Markdown: $…$ inline, $$…$$ displayed. Its source
// is LaTeX without the dollar signs.
type mdMath struct {
	ast.BaseInline
	source  []byte
	display bool
}

func (n *mdMath) Kind() ast.NodeKind { return kindMath }

func (n *mdMath) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Source": string(n.source)}, nil)
}

// mdMathParser reads $…$ and $$…$$ as pandoc does: an opening $ has no
// space after it, a closing $ no space before it and no digit after it
// (so "$5 and $10" stays text), and a formula may go on over the lines of
// its paragraph. A dollar sign with no closing one is text.
type mdMathParser struct{}

var mathInlineParser = util.Prioritized(mdMathParser{}, 150)

func (mdMathParser) Trigger() []byte { return []byte{'$'} }

func (mdMathParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	open := 1
	if len(line) > 1 && line[1] == '$' {
		open = 2
	}
	if len(line) <= open || open == 1 && isASCIISpace(line[1]) {
		return nil
	}
	savedLine, savedPos := block.Position()
	block.Advance(open)
	var src []byte
	for lines := 0; lines < 64; lines++ {
		line, _ = block.PeekLine()
		if line == nil {
			break
		}
		if end := closingDollars(line, open, len(src) == 0); end >= 0 {
			src = append(src, line[:end]...)
			block.Advance(end + open)
			if len(bytes.TrimSpace(src)) == 0 {
				break
			}
			return &mdMath{source: src, display: open == 2}
		}
		src = append(src, line...)
		block.AdvanceLine()
	}
	block.SetPosition(savedLine, savedPos)
	return nil
}

// closingDollars is the offset in line of the dollar signs that close a
// formula opened with open of them, or -1. first says line starts right
// after the opening signs.
func closingDollars(line []byte, open int, first bool) int {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++ // an escaped sign is part of the formula
		case '$':
			if open == 2 {
				if i+1 < len(line) && line[i+1] == '$' {
					return i
				}
				continue
			}
			if i == 0 && first {
				return -1 // "$$" is display math, handled above
			}
			if i > 0 && isASCIISpace(line[i-1]) || i+1 < len(line) && line[i+1] >= '0' && line[i+1] <= '9' {
				continue
			}
			return i
		}
	}
	return -1
}
