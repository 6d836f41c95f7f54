package docxreview

import (
	"slices"
	"strings"
)

// edit replaces src[start:end] with text. Edits at the same place apply
// in the order of their rank (lower first in the result).
type edit struct {
	start, end int
	text       string
	rank       int
}

// applyEdits makes the edits on src. An edit inside a range another edit
// removes or replaces is dropped (a change inside a rejected insertion
// goes with it); edits never overlap otherwise.
func applyEdits(src string, edits []edit) string {
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		if (a.end > a.start) != (b.end > b.start) {
			// An insertion before a replacement at the same place.
			if a.end == a.start {
				return -1
			}
			return 1
		}
		return a.rank - b.rank
	})
	var b strings.Builder
	b.Grow(len(src))
	at := 0
	for _, e := range edits {
		if e.start < at || e.end < at {
			// Inside what an earlier edit removed.
			continue
		}
		b.WriteString(src[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.WriteString(src[at:])
	return b.String()
}
