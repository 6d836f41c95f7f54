package engine

import (
	"path"
	"sort"
	"strings"

	"textfirst/internal/editdistance"
)

// Nearest returns up to n voices nearest to query, for a person who named a
// voice that none matches: those Match scores highest first, then by the
// edit distance between the query and the voice's id (or its last part,
// "en-US" of "gmw/en-US"), name or language,
// whichever is least; ties keep the voices' order.
func Nearest(voices []Voice, query string, n int) []Voice {
	q := strings.ToLower(strings.TrimSpace(query))
	type ranked struct {
		v     Voice
		score int
		dist  int
	}
	rs := make([]ranked, 0, len(voices))
	for _, v := range voices {
		d := -1
		for _, s := range []string{v.ID, path.Base(v.ID), v.Name, v.Language} {
			if s == "" {
				continue
			}
			if e := editdistance.Levenshtein(q, strings.ToLower(s)); d < 0 || e < d {
				d = e
			}
		}
		rs = append(rs, ranked{v, score(v, q), d})
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].score != rs[j].score {
			return rs[i].score > rs[j].score
		}
		return rs[i].dist < rs[j].dist
	})
	out := make([]Voice, 0, n)
	for _, r := range rs[:min(n, len(rs))] {
		out = append(out, r.v)
	}
	return out
}
