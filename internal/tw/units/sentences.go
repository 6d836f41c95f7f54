package units

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// fixedAbbreviations never end a sentence, whatever follows them. They are
// compared case-sensitively without their final period. Ambiguous ones
// (a.m., etc., Inc.) are not listed: UAX #29 already ends a sentence after
// them only before a capital, which is the rule for them.
var fixedAbbreviations = map[string]bool{
	"Dr": true, "Mr": true, "Mrs": true, "Ms": true, "Mx": true, "Prof": true,
	"Sr": true, "Jr": true, "St": true, "Mt": true, "Ft": true, "Rev": true,
	"Gen": true, "Col": true, "Capt": true, "Lt": true, "Sgt": true, "Gov": true,
	"Sen": true, "Rep": true, "Hon": true,
	"e.g": true, "i.e": true, "E.g": true, "I.e": true, "cf": true, "Cf": true,
	"vs": true, "pp": true, "p": true, "Fig": true, "Figs": true, "fig": true,
	"Vol": true, "vol": true, "Eq": true, "eq": true, "approx": true, "ca": true,
	"Ch": true, "ch": true, "Sec": true, "sec": true, "No": false,
}

// Sentences returns the sentences of the paragraph p, in order, each without
// leading or trailing white space.
//
// The sentences of the last paragraphs asked for are kept, so moving
// sentence by sentence through a long paragraph segments it once.
func (ix *Index) Sentences(p Range) []Range {
	return ix.sentences.get(p, func() []Range {
		out := ix.segmentSentences(p)
		if out == nil {
			out = []Range{}
		}
		return out
	})
}

// Counts gives the number of paragraphs and of sentences in the whole
// document (as Sentences finds them in each paragraph), in one pass over
// its lines and without caching.
func (ix *Index) Counts() (paragraphs, sentences int) {
	start := -1 // the first line of the paragraph being read
	rest := ix.Doc.Text
	for l := 0; l <= ix.Lines(); l++ {
		if l < ix.Lines() {
			// Line l is the text up to the next "\n": read from the
			// bytes, not through the document's rune offsets.
			line := rest
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				line, rest = rest[:i], rest[i+1:]
			}
			if strings.TrimSpace(line) != "" {
				if start < 0 {
					start = l
				}
				continue
			}
		}
		if start >= 0 {
			paragraphs++
			sentences += len(ix.segmentSentences(Range{ix.Line(start).Start, ix.Line(l - 1).End}))
			start = -1
		}
	}
	return paragraphs, sentences
}

// segmentSentences splits the paragraph p into sentences.
func (ix *Index) segmentSentences(p Range) []Range {
	var out []Range
	// Split the paragraph at hard line starts; every other line break is a
	// soft wrap and reads as a space.
	start := p.Start
	hard := ix.hardStarts
	i, _ := slices.BinarySearch(hard, uint32(max(0, p.Start+1)))
	for ; i < len(hard) && int(hard[i]) < p.End; i++ {
		if h := int(hard[i]); h > start {
			out = append(out, ix.blockSentences(Range{start, h - 1})...)
			start = h
		}
	}
	out = append(out, ix.blockSentences(Range{start, p.End})...)
	return out
}

// blockSentences segments one run of soft-wrapped lines.
func (ix *Index) blockSentences(r Range) []Range {
	text := strings.ReplaceAll(ix.Doc.Slice(r.Start, r.End), "\n", " ")
	var raw []Range
	pos := r.Start
	eachSentence(text, func(seg string) {
		raw = append(raw, splitEllipsis(seg, pos)...)
		pos += utf8.RuneCountInString(seg)
	})
	// Merge a sentence that ends with a fixed abbreviation into the next.
	var merged []Range
	for k := 0; k < len(raw); k++ {
		cur := raw[k]
		for k+1 < len(raw) && endsWithAbbreviation(ix.Doc.Slice(cur.Start, cur.End)) {
			k++
			cur.End = raw[k].End
		}
		merged = append(merged, cur)
	}
	var out []Range
	for _, s := range merged {
		if t := ix.trim(s); t.Len() > 0 {
			out = append(out, t)
		}
	}
	return out
}

// splitEllipsis splits a UAX #29 sentence after a "…" followed by space and
// a capital letter, which UAX #29 does not treat as a sentence end.
func splitEllipsis(seg string, base int) []Range {
	if !strings.Contains(seg, "…") {
		return []Range{{base, base + utf8.RuneCountInString(seg)}}
	}
	var out []Range
	start := base
	runes := []rune(seg)
	for i := 0; i < len(runes); i++ {
		if runes[i] != '…' {
			continue
		}
		j := i + 1
		for j < len(runes) && unicode.IsSpace(runes[j]) {
			j++
		}
		if j > i+1 && j < len(runes) && unicode.IsUpper(runes[j]) {
			out = append(out, Range{start, base + j})
			start = base + j
		}
	}
	out = append(out, Range{start, base + len(runes)})
	return out
}

func endsWithAbbreviation(s string) bool {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	if !strings.HasSuffix(s, ".") {
		return false
	}
	s = strings.TrimSuffix(s, ".")
	k := strings.LastIndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '(' || r == '"' || r == '“' })
	word := s[k+1:]
	if k >= 0 {
		_, size := utf8.DecodeRuneInString(s[k:])
		word = s[k+size:]
	}
	return fixedAbbreviations[word]
}

// trim removes white space at both ends of r.
func (ix *Index) trim(r Range) Range {
	s := ix.Doc.Slice(r.Start, r.End)
	lead := utf8.RuneCountInString(s[:len(s)-len(strings.TrimLeftFunc(s, unicode.IsSpace))])
	trail := utf8.RuneCountInString(s[len(strings.TrimRightFunc(s, unicode.IsSpace)):])
	r.Start += lead
	r.End -= trail
	if r.End < r.Start {
		r.End = r.Start
	}
	return r
}

// Sentence returns the sentence holding pos (or the one that starts next,
// when pos is between sentences of a paragraph). ok is false on a blank line.
func (ix *Index) Sentence(pos int) (Range, bool) {
	p, ok := ix.Paragraph(pos)
	if !ok {
		return Range{}, false
	}
	ss := ix.Sentences(p)
	for _, s := range ss {
		if pos < s.End {
			return s, true
		}
	}
	if len(ss) > 0 {
		return ss[len(ss)-1], true
	}
	return Range{}, false
}

// NextSentence returns the first sentence starting after pos.
func (ix *Index) NextSentence(pos int) (Range, bool) {
	if p, ok := ix.Paragraph(pos); ok {
		for _, s := range ix.Sentences(p) {
			if s.Start > pos {
				return s, true
			}
		}
	}
	for from := pos; ; {
		p, ok := ix.NextParagraph(from)
		if !ok {
			return Range{}, false
		}
		if ss := ix.Sentences(p); len(ss) > 0 {
			return ss[0], true
		}
		from = p.Start
	}
}

// PreviousSentence returns the last sentence starting before pos.
func (ix *Index) PreviousSentence(pos int) (Range, bool) {
	if p, ok := ix.Paragraph(pos); ok {
		ss := ix.Sentences(p)
		for i := len(ss) - 1; i >= 0; i-- {
			if ss[i].Start < pos {
				return ss[i], true
			}
		}
	}
	for from := pos; ; {
		p, ok := ix.PreviousParagraph(from)
		if !ok {
			return Range{}, false
		}
		if ss := ix.Sentences(p); len(ss) > 0 {
			return ss[len(ss)-1], true
		}
		from = p.Start
	}
}
