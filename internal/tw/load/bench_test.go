package load

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// words feed the generated documents; a few are not ASCII so code points
// and bytes differ.
var benchWords = strings.Fields(`the reader moves through a long document word by word and
sentence by sentence while speech follows along café naïve résumé — “quoted” text with
numbers 1,250 and 3.5 percent across headings lists tables links and emphasis`)

// rng is a small deterministic generator (the documents must be the same
// on every run).
type rng uint64

func (r *rng) next(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

func (r *rng) sentence(min, max int) string {
	n := min + r.next(max-min+1)
	var sb strings.Builder
	for i := range n {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(benchWords[r.next(len(benchWords))])
	}
	return sb.String()
}

// prose is a sentence of 6 to 23 words where about one word in thirteen
// carries inline markup (bold, code or a link), as in running text.
func (r *rng) prose() string {
	n := 6 + r.next(18)
	var sb strings.Builder
	for i := range n {
		w := benchWords[r.next(len(benchWords))]
		if i == 0 {
			first, size := utf8.DecodeRuneInString(w)
			sb.WriteRune(unicode.ToUpper(first))
			sb.WriteString(w[size:])
			continue
		}
		sb.WriteByte(' ')
		switch r.next(40) {
		case 0:
			sb.WriteString("**" + w + "**")
		case 1:
			sb.WriteString("*" + w + "*")
		case 2:
			sb.WriteString("`" + w + "`")
		case 3:
			sb.WriteString("[" + w + "](https://example.org/" + w + ")")
		default:
			sb.WriteString(w)
		}
	}
	sb.WriteString([]string{".", ".", ".", "?", "!"}[r.next(5)])
	return sb.String()
}

// genMarkdown builds a deterministic Markdown document of about size bytes,
// shaped like a long book or report: sections with a heading, a few
// paragraphs of running text with some emphasis, code and links, then a
// list (some items with nested lists), a table, a code block, a quote or a
// subsection.
func genMarkdown(size int) []byte {
	var sb strings.Builder
	sb.Grow(size + 4096)
	r := rng(42)
	sb.WriteString("---\ntitle: Benchmark\nauthor: Bench\n---\n\n# Benchmark\n\n")
	for sec := 1; sb.Len() < size; sec++ {
		fmt.Fprintf(&sb, "## Section %d: %s\n\n", sec, r.sentence(2, 5))
		for p := 2 + r.next(4); p > 0; p-- {
			for s := 2 + r.next(6); s > 0; s-- {
				sb.WriteString(r.prose())
				sb.WriteByte(' ')
			}
			sb.WriteString("\n\n")
		}
		switch r.next(5) {
		case 0:
			for i := 3 + r.next(6); i > 0; i-- {
				fmt.Fprintf(&sb, "- %s\n", r.prose())
				if r.next(4) == 0 {
					fmt.Fprintf(&sb, "  1. %s\n", r.prose())
				}
			}
			sb.WriteString("\n")
		case 1:
			sb.WriteString("| Name | Role | Score |\n|------|:----:|------:|\n")
			for i := 2 + r.next(8); i > 0; i-- {
				fmt.Fprintf(&sb, "| %s | reader %d | %d |\n", r.sentence(1, 2), i, r.next(100))
			}
			sb.WriteString("\n")
		case 2:
			fmt.Fprintf(&sb, "```go\nfunc f%d() int {\n\treturn %d\n}\n```\n\n", sec, sec)
		case 3:
			fmt.Fprintf(&sb, "> %s\n> %s\n\n", r.prose(), r.prose())
		default:
			fmt.Fprintf(&sb, "### Subsection %d\n\n%s\n\n", sec, r.prose())
		}
	}
	return []byte(sb.String())
}

// genHTML builds the same kind of document in HTML.
func genHTML(size int) []byte {
	var sb strings.Builder
	r := rng(7)
	sb.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><title>Bench</title></head><body>\n")
	for sec := 1; sb.Len() < size; sec++ {
		fmt.Fprintf(&sb, "<h2>Section %d: %s</h2>\n", sec, r.sentence(2, 5))
		for p := 0; p < 3; p++ {
			fmt.Fprintf(&sb, "<p>%s <strong>%s</strong> and <em>%s</em> with <code>code</code> and a <a href=\"https://example.org/%d\">link</a>.\n%s.</p>\n",
				r.sentence(8, 20), r.sentence(1, 3), r.sentence(1, 3), sec, r.sentence(5, 15))
		}
		sb.WriteString("<ul>\n")
		for i := 0; i < 4; i++ {
			fmt.Fprintf(&sb, "<li>%s</li>\n", r.sentence(3, 8))
		}
		sb.WriteString("</ul>\n<table><tr><th>Name</th><th>Value</th></tr>\n")
		for i := 0; i < 3; i++ {
			fmt.Fprintf(&sb, "<tr><td>%s</td><td>%d</td></tr>\n", r.sentence(1, 2), r.next(1000))
		}
		sb.WriteString("</table>\n")
	}
	sb.WriteString("</body></html>\n")
	return []byte(sb.String())
}

// heapUse measures the heap while one document loads: the highest live
// heap seen (sampled every half millisecond, so a little under the true
// peak) and what the loaded document keeps, both above the heap before.
func heapUse(load func() *doc.Document) (peak, retained uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := read()
	stop := make(chan struct{})
	highest := make(chan uint64)
	go func() {
		var hi uint64
		tick := time.NewTicker(500 * time.Microsecond)
		defer tick.Stop()
		for {
			if v := read(); v > hi {
				hi = v
			}
			select {
			case <-stop:
				highest <- hi
				return
			case <-tick.C:
			}
		}
	}()
	d := load()
	close(stop)
	hi := <-highest
	runtime.GC()
	after := read()
	runtime.KeepAlive(d)
	if hi > base {
		peak = hi - base
	}
	if after > base {
		retained = after - base
	}
	return peak, retained
}

func benchLoad(b *testing.B, name string, data []byte, loader doc.LoaderFunc) {
	b.Helper()
	peak, retained := heapUse(func() *doc.Document {
		d, err := loader(name, data)
		if err != nil {
			b.Fatal(err)
		}
		return d
	})
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var d *doc.Document
	cpuBefore := cpuTime()
	n := 0
	for b.Loop() {
		var err error
		if d, err = loader(name, data); err != nil {
			b.Fatal(err)
		}
		n++
	}
	// CPU time of all threads (parsing, conversion, garbage collection):
	// steadier than wall time on a machine shared with other work.
	b.ReportMetric(float64(cpuTime()-cpuBefore)/float64(n)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(retained)/float64(len(data)), "retained/filesize")
	b.ReportMetric(float64(peak)/float64(len(data)), "peak/filesize")
	b.ReportMetric(float64(d.NumMarkers()), "markers")
}

func BenchmarkLoadMarkdown10MB(b *testing.B) {
	benchLoad(b, "bench.md", genMarkdown(10<<20), loadMarkdown)
}

func BenchmarkLoadHTML10MB(b *testing.B) {
	benchLoad(b, "bench.html", genHTML(10<<20), loadHTML)
}
