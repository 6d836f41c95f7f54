package core

import (
	"strings"

	"textfirst/internal/tw/units"
)

// The Search group.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"find": func(a *App) {
			a.openPrompt("find", a.tr("Find"), "Find", func(text string) {
				if err := a.runFind(text, false); err != nil {
					a.sayError(a.errorText(err))
				}
			})
		},
		"spelling_suggestions":  (*App).spellingSuggestions,
		"next_lint_problem":     func(a *App) { a.lintProblem(true) },
		"previous_lint_problem": func(a *App) { a.lintProblem(false) },
	})
	handle(t, interrupting, map[string]actionHandler{
		"find_next":            func(a *App) { a.findAgain(true) },
		"find_previous":        func(a *App) { a.findAgain(false) },
		"next_misspelling":     func(a *App) { a.misspelling(true) },
		"previous_misspelling": func(a *App) { a.misspelling(false) },
	})
})

type findState struct {
	pattern string
	hits    []units.Range
	current int
}

// Match is one search match.
type Match struct{ Start, End, Line int }

// runFind finds every match, moves to the first at or after the cursor
// (wrapping to the top) and announces it.
func (a *App) runFind(pattern string, isRegex bool) error {
	if pattern == "" {
		a.say(a.tr("Cancelled."))
		return nil
	}
	isRegex = isRegex || a.searchOpts.regex
	re, err := a.searchOpts.compile(pattern, isRegex)
	if err != nil {
		return err
	}
	var hits []units.Range
	text := a.d.Text
	if !isRegex && isASCII(pattern) && !a.searchOpts.matchCase && !a.searchOpts.wholeWords {
		// Fast path: an ASCII pattern is matched in a copy of the text with
		// only ASCII letters lowered, which keeps every byte offset.
		lower, pat := a.asciiLower(), asciiLowerString(pattern)
		for b := 0; ; {
			i := strings.Index(lower[b:], pat)
			if i < 0 {
				break
			}
			start := b + i
			hits = append(hits, units.Range{Start: a.d.Pos(start), End: a.d.Pos(start + len(pat))})
			b = start + len(pat)
		}
	} else {
		for _, loc := range re.FindAllStringIndex(text, -1) {
			if loc[1] == loc[0] {
				continue
			}
			hits = append(hits, units.Range{Start: a.d.Pos(loc[0]), End: a.d.Pos(loc[1])})
		}
	}
	a.find = &findState{pattern: pattern, hits: hits, current: -1}
	if len(hits) == 0 {
		a.say(a.tr("No matches for %s", pattern))
		return nil
	}
	cur := 0
	for i, h := range hits {
		if h.Start >= a.cursor {
			cur = i
			break
		}
	}
	a.showMatch(cur)
	return nil
}

func (a *App) showMatch(i int) {
	f := a.find
	f.current = i
	h := f.hits[i]
	a.moveTo(h.Start, true)
	l := a.ix.LineOf(h.Start)
	a.say(a.tr("Match %d of %d: %s", i+1, len(f.hits), a.spokenLine(l)))
}

func (a *App) findAgain(next bool) {
	f := a.find
	if f == nil {
		a.say(a.tr("Nothing to find again. Use Find first."))
		return
	}
	if len(f.hits) == 0 {
		a.say(a.tr("No matches for %s", f.pattern))
		return
	}
	i := -1
	if next {
		for k, h := range f.hits {
			if h.Start > a.cursor {
				i = k
				break
			}
		}
		if i < 0 {
			i = 0
		}
	} else {
		for k := len(f.hits) - 1; k >= 0; k-- {
			if f.hits[k].Start < a.cursor {
				i = k
				break
			}
		}
		if i < 0 {
			i = len(f.hits) - 1
		}
	}
	a.showMatch(i)
}

// Search finds pattern, moves to the first match at or after the cursor,
// and returns every match and the index of the current one (-1 for none).
func (a *App) Search(pattern string, isRegex bool) ([]Match, int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return nil, -1, ErrNoDocument
	}
	a.stopIfReading()
	if pattern == "" {
		a.find = nil
		a.say(a.tr("No matches for %s", ""))
		return []Match{}, -1, nil
	}
	if err := a.runFind(pattern, isRegex); err != nil {
		return nil, -1, err
	}
	out := make([]Match, 0, len(a.find.hits))
	for _, h := range a.find.hits {
		out = append(out, Match{h.Start, h.End, a.ix.LineOf(h.Start) + 1})
	}
	return out, a.find.current, nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiLowerString lowers the ASCII letters of s and nothing else, so the
// result has the same length and byte offsets.
func asciiLowerString(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// asciiLower returns the open text with its ASCII letters lowered, made
// once per text.
func (a *App) asciiLower() string {
	if a.lowerOf != a.d {
		a.lowerOf, a.lower = a.d, asciiLowerString(a.d.Text)
	}
	return a.lower
}
