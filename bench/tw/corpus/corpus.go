// Package corpus makes the benchmark documents of bench/tw: deterministic
// Markdown of a chosen size with the structure of a long real document —
// chapters and sections, paragraphs of sentences of varied length,
// lists, tables, code blocks, quotes, links and emphasis, and some text
// that is not ASCII so that code points and bytes differ.
package corpus

import (
	"fmt"
	"strings"
)

// words feed the sentences; "the" and "of" come often, as in English, so a
// search for a common word has many matches.
var words = strings.Fields(`the of the and to in the reader moves through a long document word by word
and sentence by sentence while speech follows along with the text of each chapter the voice
reads headings lists tables links and notes café naïve résumé déjà vu cells nucleus membrane
protein energy growth division history method result study figure table 1,250 3.5 percent`)

// rng is a small deterministic generator: the document is the same on
// every run and every machine.
type rng uint64

func (r *rng) next(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

func (r *rng) word() string { return words[r.next(len(words))] }

// sentence is 5 to 24 words, capitalized, with an end mark; about one
// word in thirty carries inline markup.
func (r *rng) sentence() string {
	n := 5 + r.next(20)
	var b strings.Builder
	for i := range n {
		w := r.word()
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		} else {
			b.WriteByte(' ')
			switch r.next(30) {
			case 0:
				w = "**" + w + "**"
			case 1:
				w = "*" + w + "*"
			case 2:
				w = fmt.Sprintf("[%s](https://example.org/%d)", w, r.next(1000))
			case 3:
				w = "`" + w + "`"
			}
		}
		b.WriteString(w)
	}
	b.WriteString([]string{".", ".", ".", "?", "!", "."}[r.next(6)])
	return b.String()
}

func (r *rng) paragraph() string {
	n := 2 + r.next(6)
	s := make([]string, n)
	for i := range s {
		s[i] = r.sentence()
	}
	return strings.Join(s, " ")
}

// Markdown returns a document of at least size bytes.
func Markdown(size int) []byte {
	var b strings.Builder
	b.Grow(size + 4096)
	r := rng(42)
	b.WriteString("# A long document for benchmarks\n\n")
	for chapter := 1; b.Len() < size; chapter++ {
		fmt.Fprintf(&b, "## Chapter %d: %s %s\n\n", chapter, r.word(), r.word())
		for section := 1; section <= 6 && b.Len() < size; section++ {
			fmt.Fprintf(&b, "### Section %d.%d\n\n", chapter, section)
			for p := 0; p < 8; p++ {
				switch r.next(12) {
				case 0:
					for i := 0; i < 3+r.next(5); i++ {
						fmt.Fprintf(&b, "- %s\n", r.sentence())
						if r.next(4) == 0 {
							fmt.Fprintf(&b, "  - %s\n", r.sentence())
						}
					}
				case 1:
					b.WriteString("| Name | Value | Note |\n| --- | --- | --- |\n")
					for i := 0; i < 2+r.next(4); i++ {
						fmt.Fprintf(&b, "| %s | %d | %s %s |\n", r.word(), r.next(10000), r.word(), r.word())
					}
				case 2:
					b.WriteString("```\n")
					for i := 0; i < 2+r.next(4); i++ {
						fmt.Fprintf(&b, "value_%d = %s(%d)\n", i, r.word(), r.next(100))
					}
					b.WriteString("```\n")
				case 3:
					fmt.Fprintf(&b, "> %s\n", r.paragraph())
				default:
					b.WriteString(r.paragraph())
					b.WriteByte('\n')
				}
				b.WriteByte('\n')
			}
		}
	}
	return []byte(b.String())
}
