// Package summary picks the sentences that best stand for a document, or a
// part of it, without a model: continuous LexRank (Erkan and Radev, 2004).
//
// The rules, the original textweaver's:
//
//   - Candidates are the document's own sentences (package units), so a
//     summary sentence starts and ends where moving by sentence does.
//     Sentences inside headings, tables, code blocks, graphics' text and
//     notes are not candidates, nor are sentences of fewer than MinWords
//     words.
//   - Each candidate is a TF-IDF vector of its terms: lowercase words of two
//     or more characters, not all digits, not English stop words; an
//     apostrophe inside a word joins it ("don't" is "dont") and a final "'s"
//     is dropped.
//   - Every two candidates are linked by the cosine of their vectors (no
//     threshold), and each candidate's centrality is found by power
//     iteration with damping 0.85. The similarity matrix is never built:
//     with the unit vectors as the rows of N it is N·Nᵀ, so each step costs
//     time linear in the number of terms.
//   - The Sentences most central candidates are the summary, in document
//     order; ties go to the earlier sentence, so every run gives the same.
//   - A text longer than TextBudget characters is read in SampleWindows
//     windows spread evenly through it, and at most MaxCandidates of the
//     candidates found, spread evenly, are ranked; Summary says so.
package summary

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// The defaults of Options.
const (
	DefaultSentences     = 5
	MaxSentences         = 50
	DefaultMaxCandidates = 50_000
	DefaultTextBudget    = 600_000
	DefaultMinWords      = 4
	// SampleWindows is how many evenly spread windows a text longer than
	// the budget is read in.
	SampleWindows = 64
)

const (
	damping       = 0.85
	tolerance     = 1e-10
	maxIterations = 200
)

// Options says how a summary is made; zero fields take the defaults.
type Options struct {
	Sentences     int // how many sentences at most
	MaxCandidates int // the most candidates ranked; more are sampled evenly
	TextBudget    int // the most characters read; a longer text is sampled
	MinWords      int // shorter sentences are not candidates
}

func (o Options) withDefaults() Options {
	if o.Sentences <= 0 {
		o.Sentences = DefaultSentences
	}
	if o.MaxCandidates <= 0 {
		o.MaxCandidates = DefaultMaxCandidates
	}
	if o.TextBudget <= 0 {
		o.TextBudget = DefaultTextBudget
	}
	if o.MinWords <= 0 {
		o.MinWords = DefaultMinWords
	}
	return o
}

// Sentence is one sentence of a summary.
type Sentence struct {
	Start, End int     // its range in the canonical text
	Text       string  // its text on one line
	Score      float64 // its centrality; the scores of all ranked candidates sum to 1
}

// Summary is a summary and how it was made.
type Summary struct {
	Sentences  []Sentence // the chosen sentences, in document order
	Ranked     int        // how many candidates were ranked
	Candidates int        // how many candidates were found in the text read
	CharsRead  int        // how many characters of paragraphs were read
	Chars      int        // how many characters the part summarized has
	Windowed   bool       // the text was longer than the budget and read in windows
}

// Sampled reports whether only a part of the text was summarized: it was
// read in windows, or some candidates were not ranked.
func (s Summary) Sampled() bool { return s.Windowed || s.Ranked < s.Candidates }

// Summarize summarizes the text of ix's document between from and to.
func Summarize(ix *units.Index, from, to int, o Options) Summary {
	o = o.withDefaults()
	d := ix.Doc
	from, to = max(0, from), min(to, d.Len())
	if from >= to {
		return Summary{}
	}
	skip := skippedRanges(d, from, to)
	var (
		vocab   = map[string]int32{}
		ranges  []units.Range
		vectors [][]int32
		read    int
	)
	for _, p := range paragraphsToRead(ix, from, to, o.TextBudget) {
		read += p.Len()
		for _, s := range ix.Sentences(p) {
			if s.Start < p.Start || s.End > p.End || s.Len() == 0 || skip.covers(s) {
				continue
			}
			var terms []int32
			words := eachWord(d.Slice(s.Start, s.End), func(term string) {
				id, ok := vocab[term]
				if !ok {
					id = int32(len(vocab))
					vocab[term] = id
				}
				terms = append(terms, id)
			})
			if words >= o.MinWords && len(terms) > 0 {
				ranges = append(ranges, s)
				vectors = append(vectors, terms)
			}
		}
	}
	chosen := spread(len(ranges), o.MaxCandidates)
	ranked := make([][]int32, len(chosen))
	for i, c := range chosen {
		ranked[i] = vectors[c]
	}
	scores := lexRank(ranked, len(vocab))
	order := make([]int, len(chosen))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	order = order[:min(o.Sentences, len(order))]
	sort.Ints(order)
	out := Summary{Ranked: len(chosen), Candidates: len(ranges), CharsRead: read, Chars: to - from, Windowed: to-from > o.TextBudget}
	for _, i := range order {
		r := ranges[chosen[i]]
		out.Sentences = append(out.Sentences, Sentence{Start: r.Start, End: r.End, Text: strings.Join(strings.Fields(d.Slice(r.Start, r.End)), " "), Score: scores[i]})
	}
	return out
}

// lexRank is the continuous LexRank centrality of each sentence, given its
// term ids (below vocabulary). The scores sum to 1.
func lexRank(sentences [][]int32, vocabulary int) []float64 {
	n := len(sentences)
	if n == 0 {
		return nil
	}
	type weight struct {
		term int32
		w    float64
	}
	// Term frequencies, then TF-IDF, each vector scaled to length 1; a term
	// in every sentence weighs nothing.
	df := make([]int, vocabulary)
	vectors := make([][]weight, n)
	for i, terms := range sentences {
		sorted := append([]int32(nil), terms...)
		sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
		var v []weight
		for _, t := range sorted {
			if len(v) > 0 && v[len(v)-1].term == t {
				v[len(v)-1].w++
				continue
			}
			v = append(v, weight{t, 1})
			df[t]++
		}
		vectors[i] = v
	}
	for i, v := range vectors {
		kept := v[:0]
		norm := 0.0
		for _, tw := range v {
			tw.w *= math.Log(float64(n) / float64(df[tw.term]))
			if tw.w > 0 {
				kept = append(kept, tw)
				norm += tw.w * tw.w
			}
		}
		norm = math.Sqrt(norm)
		for k := range kept {
			kept[k].w /= norm
		}
		vectors[i] = kept
	}
	// links sets out to (S - I)·x, S = N·Nᵀ the cosine similarities: the
	// links of each sentence to the others, never to itself.
	byTerm := make([]float64, vocabulary)
	links := func(x, out []float64) {
		clear(byTerm)
		for i, v := range vectors {
			for _, tw := range v {
				byTerm[tw.term] += tw.w * x[i]
			}
		}
		for i, v := range vectors {
			if len(v) == 0 {
				out[i] = 0
				continue
			}
			s := 0.0
			for _, tw := range v {
				s += tw.w * byTerm[tw.term]
			}
			out[i] = max(s-x[i], 0)
		}
	}
	ones := make([]float64, n)
	for i := range ones {
		ones[i] = 1
	}
	degree := make([]float64, n)
	links(ones, degree)
	// Power iteration on the row-normalised links with damping; a sentence
	// linked to none spreads its score evenly.
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	share, next := make([]float64, n), make([]float64, n)
	for range maxIterations {
		dangling := 0.0
		for i := range p {
			if degree[i] < 1e-12 {
				dangling += p[i]
				share[i] = 0
			} else {
				share[i] = p[i] / degree[i]
			}
		}
		links(share, next)
		even := (1-damping)/float64(n) + damping*dangling/float64(n)
		moved := 0.0
		for i := range next {
			next[i] = even + damping*next[i]
			moved += math.Abs(next[i] - p[i])
		}
		p, next = next, p
		if moved < tolerance {
			break
		}
	}
	return p
}

// eachWord calls term with each term of text and returns how many words
// it has, stop words included.
func eachWord(text string, term func(string)) int {
	words := 0
	var w []rune
	flush := func() {
		if len(w) == 0 {
			return
		}
		words++
		s := string(w)
		w = w[:0]
		s = strings.TrimSuffix(s, "'s")
		s = strings.ReplaceAll(s, "'", "")
		if len([]rune(s)) < 2 || strings.Trim(s, "0123456789") == "" || stopWords()[s] {
			return
		}
		term(s)
	}
	rs := []rune(text)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w = append(w, unicode.ToLower(r))
		case (r == '\'' || r == '\u2019') && len(w) > 0 && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])):
			w = append(w, '\'')
		default:
			flush()
		}
	}
	flush()
	return words
}

// spread is at most max of 0..n-1, evenly spread and in order.
func spread(n, most int) []int {
	out := make([]int, 0, min(n, most))
	if n <= most {
		for i := range n {
			out = append(out, i)
		}
		return out
	}
	for i := range most {
		out = append(out, i*n/most)
	}
	return out
}

// paragraphsToRead is every paragraph between from and to (clipped to
// them) when that fits the budget; else the paragraphs of SampleWindows
// windows spread evenly, each window read up to its share of the budget
// (a paragraph longer than the share is cut).
func paragraphsToRead(ix *units.Index, from, to, budget int) []units.Range {
	var out []units.Range
	if to-from <= budget {
		for p, ok := ix.ParagraphAtOrAfter(from); ok && p.Start < to; p, ok = ix.NextParagraph(p.Start) {
			if r := clip(p, from, to); r.Len() > 0 {
				out = append(out, r)
			}
		}
		return out
	}
	share := max(budget/SampleWindows, 1)
	readTo := from
	for w := range SampleWindows {
		start := max(from+w*(to-from)/SampleWindows, readTo)
		end := min(start+share, to)
		used := 0
		for p, ok := ix.ParagraphAtOrAfter(start); ok && p.Start < end; p, ok = ix.NextParagraph(p.Start) {
			r := clip(p, max(start, readTo), to)
			if r.Len() == 0 {
				continue
			}
			left := share - used
			if r.Len() > left {
				if used > 0 {
					break
				}
				r.End = r.Start + left
			}
			used += r.Len()
			readTo = r.End
			out = append(out, r)
			if used >= share {
				break
			}
		}
	}
	return out
}

func clip(r units.Range, from, to int) units.Range {
	r.Start, r.End = max(r.Start, from), min(r.End, to)
	if r.End < r.Start {
		r.End = r.Start
	}
	return r
}

// skipped are the ranges whose sentences are not candidates: headings,
// tables, code blocks, graphics and notes.
type skipped []units.Range

func (s skipped) covers(r units.Range) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].End > r.Start })
	return i < len(s) && s[i].Start <= r.Start && r.End <= s[i].End
}

func skippedRanges(d *doc.Document, from, to int) skipped {
	var out skipped
	for _, m := range d.All() {
		if m.End <= from || m.Start >= to {
			continue
		}
		switch m.Kind {
		case doc.Heading, doc.Table, doc.Code, doc.Image, doc.Footnote:
			out = append(out, units.Range{Start: m.Start, End: m.End})
		}
	}
	// Merged into disjoint ranges in order, so covers can search them.
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	merged := out[:0]
	for _, r := range out {
		if n := len(merged); n > 0 && r.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, r.End)
			continue
		}
		merged = append(merged, r)
	}
	return merged
}
