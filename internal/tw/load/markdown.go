package load

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/mathspeech"
)

// markdownParser is built once, when first needed: goldmark parsers are
// safe for concurrent use, and building one costs more than parsing a
// small document (and is not paid by processes that read no Markdown).
var markdownParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(goldmark.WithExtensions(
		extension.Table,
		extension.Strikethrough,
		extension.Footnote,
		extension.TaskList,
	), goldmark.WithParserOptions(withLinkRefBatcher, parser.WithInlineParsers(mathInlineParser))).Parser()
})

// loadMarkdown loads CommonMark with GitHub tables, strikethrough, task lists
// and footnotes. Front matter (YAML between "---" lines, or TOML between
// "+++" lines) fills Meta and is not text. The title is the front matter's,
// else the first level-1 heading, else the first heading, else the file
// name.
//
// Beyond what the original shows in its fixtures:
//   - a thematic break ("---", "***") adds no text, only a paragraph break;
//     it is marked by a zero-length "rule" marker where the next block
//     starts (the canonical text stays what the original makes, and a
//     rule has nothing to read);
//   - raw HTML keeps its text and drops its tags; <br> and block tags break
//     the line, <img alt> reads as an image, comments, scripts and styles
//     are left out;
//   - a task list item's label says "checked" or "not checked" (after the
//     number of an ordered item: "1. checked");
//   - paragraphs inside list items have no paragraph marker, and the
//     blocks of a list item are separated by line breaks, not blank lines;
//   - footnotes referenced nowhere are dropped;
//   - lines nested absurdly deep (over 32 quote or list markers, or over 64
//     columns of indentation) are clamped first, see limitNesting.
func loadMarkdown(path string, data []byte) (*doc.Document, error) {
	pieceSize := 0 // one piece
	if len(data) >= minSplitSize && runtime.GOMAXPROCS(0) >= 2 {
		pieceSize = defaultPieceSize
	}
	return loadMarkdownPieces(path, data, pieceSize)
}

// loadMarkdownPieces is loadMarkdown with the size of the pieces parsed
// concurrently (0: the whole document in one piece).
func loadMarkdownPieces(path string, data []byte, pieceSize int) (d *doc.Document, err error) {
	return loadMarkdownTables(path, data, pieceSize, fastTableCells)
}

// loadMarkdownTables is loadMarkdownPieces with the smallest table the loader
// reads itself instead of goldmark (0: none).
func loadMarkdownTables(path string, data []byte, pieceSize, tableCells int) (d *doc.Document, err error) {
	defer func() {
		// goldmark is not expected to panic, but bad input must give an
		// error, never a crash.
		if p := recover(); p != nil {
			d, err = nil, panicError(path, p, "cannot be read as Markdown (%v)")
		}
	}()
	src := decode(data)
	fm, body := splitFrontMatter(src)
	body = limitLinkOpeners(limitBrackets(limitNesting(body)))
	parts := []mdPiece{{src: body}}
	if tableCells > 0 {
		parts = cutTables(body, tableCells)
	}
	// The text is about as long as the source, but a large table's is
	// longer: each "|" between cells becomes " | ". Room for all of it
	// at once, as growing the text would copy it several times.
	hint := len(body)
	for _, p := range parts {
		if p.table {
			hint += 2 * bytes.Count(p.src, []byte{'|'})
		}
	}
	c := &mdConverter{b: newBuilder(hint).limitTo(len(data)), math: mathPrinter(fm.language)}
	var pieces []mdPiece
	for _, p := range parts {
		if p.table || pieceSize <= 0 {
			pieces = append(pieces, p)
			continue
		}
		for _, q := range splitMarkdown(p.src, pieceSize) {
			pieces = append(pieces, mdPiece{src: q})
		}
	}
	parsePieces(pieces, func(root ast.Node, piece mdPiece) {
		c.src = piece.src
		if piece.table {
			c.fastTable(piece.src)
			return
		}
		c.collectFootnotes(root)
		c.node(root)
	})
	c.footnoteSection()
	txt, markers := c.b.finish()
	d = doc.NewDerived(txt, doc.Meta{
		Title:    fm.title,
		Author:   strPtr(fm.author),
		Language: strPtr(fm.language),
		Format:   formatMarkdown,
		Path:     path,
	}, markers, c.b.derivedRows)
	if d.Meta.Title == "" {
		d.Meta.Title = headingTitle(d, baseName(path))
	}
	linkHeadings(d)
	return d, nil
}

// headingTitle is the text of the first level-1 heading, else of the first
// heading, else fallback.
func headingTitle(d *doc.Document, fallback string) string {
	first := ""
	for _, m := range d.All() {
		if m.Kind != doc.Heading {
			continue
		}
		t := collapseSpace(d.Slice(m.Start, m.End))
		if t == "" {
			continue
		}
		if m.Level == 1 {
			return t
		}
		if first == "" {
			first = t
		}
	}
	if first != "" {
		return first
	}
	return fallback
}

// frontMatter holds the facts read from front matter.
type frontMatter struct {
	title, author, language string
}

// splitFrontMatter reads YAML ("---" ... "---" or "...") or TOML ("+++" ...
// "+++") front matter at the very start of src, and returns the rest.
func splitFrontMatter(src []byte) (frontMatter, []byte) {
	var fm frontMatter
	first, rest, ok := bytes.Cut(src, []byte("\n"))
	if !ok {
		return fm, src
	}
	fence := string(bytes.TrimRight(first, " \t"))
	if fence != "---" && fence != "+++" {
		return fm, src
	}
	// A "---" followed by a blank line is a thematic break, not front
	// matter.
	if len(bytes.TrimSpace(firstLine(rest))) == 0 {
		return fm, src
	}
	var block []byte
	body := []byte(nil)
	found := false
	for off := 0; off < len(rest); {
		line := firstLine(rest[off:])
		next := off + len(line) + 1
		t := string(bytes.TrimRight(line, " \t"))
		if t == fence || (fence == "---" && t == "...") {
			block = rest[:off]
			if next < len(rest) {
				body = rest[next:]
			}
			found = true
			break
		}
		off = next
	}
	if !found {
		return fm, src
	}
	fields := map[string]string{}
	if fence == "+++" {
		var table map[string]any
		if _, err := toml.Decode(string(block), &table); err == nil {
			for k, v := range table {
				fields[strings.ToLower(k)] = tomlString(v)
			}
		}
	} else {
		for _, line := range strings.Split(string(block), "\n") {
			if line == "" || strings.ContainsRune(" \t-#", rune(line[0])) {
				continue
			}
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			v = strings.TrimSpace(v)
			v = strings.TrimSpace(strings.Trim(v, `"'`))
			k = strings.ToLower(strings.TrimSpace(k))
			if k != "" && v != "" {
				fields[k] = v
			}
		}
	}
	fm.title = collapseSpace(fields["title"])
	fm.author = collapseSpace(firstNonEmpty(fields["author"], fields["authors"]))
	fm.language = collapseSpace(firstNonEmpty(fields["lang"], fields["language"]))
	return fm, body
}

func firstLine(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i]
	}
	return b
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// tomlString turns a TOML value into text (arrays joined with ", ").
func tomlString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			parts = append(parts, tomlString(e))
		}
		return strings.Join(parts, ", ")
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// mdList is an open list: its depth and the number of its next item (0 for
// a bullet list).
type mdList struct {
	depth   int
	ordered bool
	next    int
}

// footnote is one footnote definition, gathered at the end of the text.
type footnote struct {
	label string
	text  string
	pos   int
}

type mdConverter struct {
	src       []byte
	b         *builder
	lists     []mdList
	items     []int // open list item markers, innermost last
	cellIndex int
	// labels maps a footnote's number (goldmark's index) to its label.
	labels    map[int]string
	footnotes []footnote
	html      rawHTML
	// math says formulas in the document's language.
	math *i18n.Printer
}

func (c *mdConverter) inList() bool { return len(c.lists) > 0 }

// blockBreak separates blocks: a blank line, or a line break inside a list.
func (c *mdConverter) blockBreak() {
	if c.inList() {
		c.b.lineBreak()
	} else {
		c.b.paragraphBreak()
	}
}

func (c *mdConverter) children(n ast.Node) {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		c.node(ch)
	}
}

func (c *mdConverter) wrap(n ast.Node, m doc.Marker) int {
	id := c.b.openMarker(m)
	c.children(n)
	c.b.closeMarker(id)
	return id
}

func (c *mdConverter) node(n ast.Node) {
	switch n := n.(type) {
	case *ast.Document:
		c.children(n)
	case *ast.Text:
		v := n.Segment.Value(c.src)
		if n.IsRaw() {
			c.b.inlineBytes(v)
		} else {
			c.b.inlineBytes(resolveMarkdown(v))
		}
		switch {
		case n.HardLineBreak():
			c.b.lineBreak()
		case n.SoftLineBreak():
			c.b.space()
		}
	case *mdMath:
		c.b.formula(mathspeech.LaTeX, string(n.source), c.math)
	case *ast.String:
		if n.IsCode() || n.IsRaw() {
			c.b.inlineBytes(n.Value)
		} else {
			c.b.inlineBytes(resolveMarkdown(n.Value))
		}
	case *ast.Paragraph:
		c.blockBreak()
		if c.inList() {
			c.children(n)
		} else {
			c.wrap(n, doc.Marker{Kind: doc.Paragraph})
		}
		c.blockBreak()
	case *ast.TextBlock:
		c.blockBreak()
		c.children(n)
		c.blockBreak()
	case *ast.Heading:
		c.blockBreak()
		c.wrap(n, doc.Marker{Kind: doc.Heading, Level: n.Level})
		c.blockBreak()
	case *ast.Blockquote:
		c.blockBreak()
		c.wrap(n, doc.Marker{Kind: doc.Quote})
		c.blockBreak()
	case *ast.FencedCodeBlock:
		c.codeBlock(n, string(n.Language(c.src)))
	case *ast.CodeBlock:
		c.codeBlock(n, "")
	case *ast.ThematicBreak:
		c.b.paragraphBreak()
		c.b.point(doc.Marker{Kind: doc.Rule})
	case *ast.HTMLBlock:
		c.blockBreak()
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			c.html.feed(c.b, seg.Value(c.src))
		}
		if n.HasClosure() {
			c.html.feed(c.b, n.ClosureLine.Value(c.src))
		}
		c.blockBreak()
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			c.html.feed(c.b, seg.Value(c.src))
		}
	case *ast.List:
		c.list(n)
	case *ast.ListItem:
		c.listItem(n)
	case *ast.Emphasis:
		kind := doc.Italic
		if n.Level >= 2 {
			kind = doc.Bold
		}
		c.wrap(n, doc.Marker{Kind: kind})
	case *ast.CodeSpan:
		c.wrap(n, doc.Marker{Kind: doc.Code})
	case *ast.Link:
		c.wrap(n, doc.Marker{Kind: doc.Link, Reference: string(resolveMarkdown(n.Destination))})
	case *ast.AutoLink:
		id := c.b.openMarker(doc.Marker{Kind: doc.Link, Reference: string(n.URL(c.src))})
		c.b.inlineBytes(n.Label(c.src))
		c.b.closeMarker(id)
	case *ast.Image:
		id := c.b.openMarker(doc.Marker{Kind: doc.Image, Reference: string(resolveMarkdown(n.Destination))})
		c.children(n)
		if !c.b.hasContent(id) && len(n.Title) > 0 {
			// No alt text: the title, when there is one, says what it is.
			c.b.inlineBytes(resolveMarkdown(n.Title))
		}
		c.b.closeMarker(id)
	case *east.Strikethrough:
		c.wrap(n, doc.Marker{Kind: doc.Strikethrough})
	case *east.TaskCheckBox:
		if len(c.items) > 0 {
			id := c.items[len(c.items)-1]
			state := "not checked"
			if n.IsChecked {
				state = "checked"
			}
			if l := c.b.label(id); l != "" {
				state = l + " " + state
			}
			c.b.setLabel(id, state)
		}
	case *east.Table:
		c.blockBreak()
		c.wrap(n, doc.Marker{Kind: doc.Table})
		c.blockBreak()
	case *east.TableHeader, *east.TableRow:
		_, header := n.(*east.TableHeader)
		c.cellIndex = 0
		id := c.b.openRow(header)
		c.children(n)
		c.b.closeMarker(id)
	case *east.TableCell:
		id := c.b.openCell(c.cellIndex)
		c.cellIndex++
		c.html.inCell = true
		c.children(n)
		c.html.inCell = false
		c.b.closeMarker(id)
	case *east.FootnoteLink:
		c.b.noteRef(c.labels[n.Index], c.labels[n.Index])
	case *east.FootnoteList, *east.FootnoteBacklink, *east.Footnote:
		// Gathered at the end of the text by footnoteSection.
	default:
		c.children(n)
	}
}

func (c *mdConverter) codeBlock(n ast.Node, lang string) {
	c.blockBreak()
	id := c.b.openMarker(doc.Marker{Kind: doc.Code, Level: 1, Label: lang})
	lines := n.Lines()
	var sb strings.Builder
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		sb.Write(seg.Value(c.src))
	}
	c.b.verbatim(sb.String())
	c.b.closeMarker(id)
	c.blockBreak()
}

func (c *mdConverter) list(n *ast.List) {
	if c.inList() {
		c.b.lineBreak()
	} else {
		c.b.paragraphBreak()
	}
	l := mdList{depth: len(c.lists) + 1, ordered: n.IsOrdered(), next: n.Start}
	c.lists = append(c.lists, l)
	c.wrap(n, doc.Marker{Kind: doc.List, Level: l.depth})
	c.lists = c.lists[:len(c.lists)-1]
	c.blockBreak()
}

func (c *mdConverter) listItem(n *ast.ListItem) {
	c.b.lineBreak()
	m := doc.Marker{Kind: doc.ListItem, Level: 1}
	if len(c.lists) > 0 {
		l := &c.lists[len(c.lists)-1]
		m.Level = l.depth
		if l.ordered {
			m.Label = strconv.Itoa(l.next) + "."
			l.next++
		}
	}
	id := c.b.openMarker(m)
	c.items = append(c.items, id)
	c.children(n)
	c.items = c.items[:len(c.items)-1]
	c.b.closeMarker(id)
}

// collectFootnotes reads the footnote definitions goldmark gathered at the
// end of the document: their labels and plain text, in source order.
func (c *mdConverter) collectFootnotes(root ast.Node) {
	// goldmark appends the list of footnotes as the document's last child.
	list, ok := root.LastChild().(*east.FootnoteList)
	if !ok {
		return
	}
	c.labels = map[int]string{}
	for f := list.FirstChild(); f != nil; f = f.NextSibling() {
		fn, ok := f.(*east.Footnote)
		if !ok {
			continue
		}
		label := string(fn.Ref)
		c.labels[fn.Index] = label
		var sb strings.Builder
		c.plainText(&sb, fn)
		c.footnotes = append(c.footnotes, footnote{
			label: label,
			text:  collapseSpace(sb.String()),
			pos:   firstSourcePos(fn),
		})
	}
	slices.SortStableFunc(c.footnotes, func(a, b footnote) int { return a.pos - b.pos })
}

// firstSourcePos is the source offset of the first line inside n (for the
// order of footnote definitions), or 0.
func firstSourcePos(n ast.Node) int {
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if p := firstSourcePos(ch); p > 0 {
			return p
		}
	}
	return 0
}

// plainText writes the text of n without structure (a footnote's text).
func (c *mdConverter) plainText(sb *strings.Builder, n ast.Node) {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		switch ch := ch.(type) {
		case *ast.Text:
			v := ch.Segment.Value(c.src)
			if ch.IsRaw() {
				sb.Write(v)
			} else {
				sb.Write(resolveMarkdown(v))
			}
			if ch.SoftLineBreak() || ch.HardLineBreak() {
				sb.WriteByte(' ')
			}
		case *ast.String:
			sb.Write(ch.Value)
		case *ast.AutoLink:
			sb.Write(ch.Label(c.src))
		case *ast.RawHTML, *east.FootnoteBacklink, *east.FootnoteLink:
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := ch.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				sb.Write(seg.Value(c.src))
			}
			sb.WriteByte(' ')
		default:
			c.plainText(sb, ch)
			if ch.Type() == ast.TypeBlock {
				sb.WriteByte(' ')
			}
		}
	}
}

// footnoteSection writes the footnotes after the text (builder.notesSection).
func (c *mdConverter) footnoteSection() {
	if len(c.footnotes) == 0 {
		return
	}
	c.lists = nil
	c.b.notesSection(len(c.footnotes),
		func(i int) string { return c.footnotes[i].label },
		func(i int) { c.b.inlineText(c.footnotes[i].text) })
}

// resolveMarkdown applies backslash escapes and character references
// (&amp; &#233; &#xE9;) to Markdown text. It returns v itself when there is
// nothing to resolve.
func resolveMarkdown(v []byte) []byte {
	if bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '&') < 0 {
		return v
	}
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) && util.IsPunct(v[i+1]) {
			out = append(out, v[i+1])
			i++
			continue
		}
		if c == '&' {
			if r, n := characterReference(v[i:]); n > 0 {
				out = append(out, r...)
				i += n - 1
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// characterReference decodes the reference at the start of v ("&amp;",
// "&#233;", "&#xE9;") and returns its text and length, or 0 when there is
// none.
func characterReference(v []byte) ([]byte, int) {
	end := bytes.IndexByte(v, ';')
	if end < 2 || end > 40 {
		return nil, 0
	}
	name := v[1:end]
	if name[0] == '#' {
		digits, base := name[1:], 10
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			digits, base = digits[1:], 16
		}
		if len(digits) == 0 || (base == 10 && len(digits) > 7) || (base == 16 && len(digits) > 6) {
			return nil, 0
		}
		n, err := strconv.ParseUint(string(digits), base, 32)
		if err != nil {
			return nil, 0
		}
		r := rune(n)
		if r == 0 || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return utf8.AppendRune(nil, r), end + 1
	}
	for _, ch := range name {
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
			return nil, 0
		}
	}
	e, ok := util.LookUpHTML5EntityByName(string(name))
	if !ok {
		return nil, 0
	}
	return e.Characters, end + 1
}
