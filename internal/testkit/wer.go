package testkit

import (
	"strings"
	"unicode"
)

// Words lowercases s, trims punctuation from each word and drops words with
// no letter (numbers, footnote calls): the words a word error rate counts.
func Words(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if w == "" || strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		out = append(out, w)
	}
	return out
}

// WER is the word error rate of got against ref: the word-level edit
// distance over the length of ref. Words out of order count as errors.
func WER(ref, got []string) float64 {
	prev := make([]int, len(got)+1)
	cur := make([]int, len(got)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ref); i++ {
		cur[0] = i
		for j := 1; j <= len(got); j++ {
			c := prev[j-1]
			if ref[i-1] != got[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return float64(prev[len(got)]) / float64(max(1, len(ref)))
}
