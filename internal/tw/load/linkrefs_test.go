package load

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// plainMarkdownParser is markdownParser without linkRefBatcher (its math
// included): what goldmark alone makes of a document.
var plainMarkdownParser = goldmark.New(goldmark.WithExtensions(
	extension.Table, extension.Strikethrough, extension.Footnote, extension.TaskList,
), goldmark.WithParserOptions(parser.WithInlineParsers(mathInlineParser))).Parser()

// dumpMarkdown describes the tree and the link references goldmark made
// of src, for comparing two parsers.
func dumpMarkdown(p parser.Parser, src []byte) string {
	pc := parser.NewContext()
	root := p.Parse(text.NewReader(src), parser.WithContext(pc))
	var sb strings.Builder
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			sb.WriteString(")")
			return ast.WalkContinue, nil
		}
		fmt.Fprintf(&sb, "(%s", n.Kind())
		if n.Type() == ast.TypeBlock {
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				fmt.Fprintf(&sb, " %q", seg.Value(src))
			}
		}
		if t, ok := n.(*ast.Text); ok {
			fmt.Fprintf(&sb, " %q", t.Segment.Value(src))
		}
		if l, ok := n.(*ast.Link); ok {
			fmt.Fprintf(&sb, " %q %q", l.Destination, l.Title)
		}
		return ast.WalkContinue, nil
	})
	var refs []string
	for _, r := range pc.References() {
		refs = append(refs, fmt.Sprintf("\nref %q %q %q", r.Label(), r.Destination(), r.Title()))
	}
	slices.Sort(refs)
	sb.WriteString(strings.Join(refs, ""))
	return sb.String()
}

// linkRefDocs are documents with long runs of definitions and the cases
// where batching could go wrong: a title on the next line, a definition
// goldmark refuses in the middle, text right after, a list around them.
func linkRefDocs() map[string]string {
	defs := func(from, n int) string {
		var sb strings.Builder
		for i := from; i < from+n; i++ {
			fmt.Fprintf(&sb, "[l%d]: http://x/%d\n", i, i)
		}
		return sb.String()
	}
	return map[string]string{
		"plain":            defs(0, 300) + "\nSee [l1], [l299] and [l300].\n",
		"title next line":  defs(0, 200) + "[t]: /t\n\"the title\"\n\n[t] here.\n",
		"titles":           strings.Repeat("[a]: /a 'x'\n[b]: </b c> (y)\n", 100) + "\n[a] [b]\n",
		"refused inside":   defs(0, 100) + "[bad]: a(b\n" + defs(100, 100) + "\n[l0] [l150]\n",
		"not a ref inside": defs(0, 130) + "[x]:\n/dest\n" + defs(200, 70) + "\n[x] [l250]\n",
		"text after":       defs(0, 64) + "and some text\n",
		"exactly 65":       defs(0, 65),
		"duplicates":       strings.Repeat("[d]: /first\n[d]: /second\n", 80) + "\n[d]\n",
		"in a quote":       "> " + strings.ReplaceAll(strings.TrimSuffix(defs(0, 150), "\n"), "\n", "\n> ") + "\n\n[l3]\n",
		"in a list":        "- " + strings.ReplaceAll(strings.TrimSuffix(defs(0, 150), "\n"), "\n", "\n  ") + "\n\n[l3]\n",
		"escaped label":    defs(0, 100) + "[a\\]b]: /e\n" + defs(100, 100) + "\n[a\\]b]\n",
		"after a para":     "text first\n" + defs(0, 200),
		"blank before":     "para\n\n" + defs(0, 200) + "\n# h\n",
	}
}

func TestLinkRefBatchingChangesNothing(t *testing.T) {
	for name, src := range linkRefDocs() {
		got, want := dumpMarkdown(markdownParser(), []byte(src)), dumpMarkdown(plainMarkdownParser, []byte(src))
		if got != want {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			lo := max(0, i-200)
			t.Errorf("%s: batching changed the parse at byte %d\n got: …%.300s\nwant: …%.300s", name, i, got[lo:], want[lo:])
		}
	}
}

// TestLinkRefDefinitionsLinear: eight times the definitions take about
// eight times as long, not sixty-four (goldmark alone takes time in their
// square: 200,000 took 43 s). Times are the best of three, compared as a
// ratio, since the machine may be busy.
func TestLinkRefDefinitionsLinear(t *testing.T) {
	doc := func(n int) []byte {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "[l%d]: http://x/%d\n", i, i)
		}
		fmt.Fprintf(&sb, "\nSee [l%d].\n", n-1)
		return []byte(sb.String())
	}
	time1 := func(n int, src []byte) time.Duration {
		start := time.Now()
		d, err := loadMarkdown("refs.md", src)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("See l%d.", n-1); d.Text != want {
			t.Fatalf("text = %q, want %q", d.Text, want)
		}
		return took
	}
	// The two sizes are timed in turn, best of five each, each after a
	// collection, so that a busy machine slows both alike. Eight times the
	// input leaves a wide margin between linear (8×, more with the larger
	// heap's cache misses) and quadratic (64×).
	const small, large = 10_000, 80_000
	smallSrc, largeSrc := doc(small), doc(large)
	bestSmall, bestLarge := time.Duration(1<<62), time.Duration(1<<62)
	for range 5 {
		runtime.GC()
		bestSmall = min(bestSmall, time1(small, smallSrc))
		runtime.GC()
		bestLarge = min(bestLarge, time1(large, largeSrc))
	}
	ratio := float64(bestLarge) / float64(bestSmall)
	t.Logf("10,000 link definitions: %v; 80,000: %v (%.1f×)", bestSmall, bestLarge, ratio)
	if ratio > 24 {
		t.Fatalf("8× the link definitions took %.1f× as long (linear is 8×, quadratic 64×)", ratio)
	}
}

func FuzzLinkRefBatching(f *testing.F) {
	for _, src := range linkRefDocs() {
		f.Add(src[:min(len(src), 400)], 70)
	}
	f.Fuzz(func(t *testing.T, unit string, repeat int) {
		if repeat < 0 || repeat > 200 || len(unit) > 200 {
			return
		}
		src := []byte(strings.Repeat("[r]: /r\n", linkRefBatch+1) + strings.Repeat(unit, repeat))
		if got, want := dumpMarkdown(markdownParser(), src), dumpMarkdown(plainMarkdownParser, src); got != want {
			t.Fatalf("batching changed the parse of %q\n got: %.400s\nwant: %.400s", src, got, want)
		}
	})
}
