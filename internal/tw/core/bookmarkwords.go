package core

import "textfirst/internal/tw/units"

// BookmarkedWords are the words of the open document that bookmarks are
// at (the character itself when it is not in a word), in the canonical
// text's offsets; nil when no document is open.
func (a *App) BookmarkedWords() []units.Range {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return nil
	}
	var out []units.Range
	for _, b := range a.state.Bookmarks {
		if b.Char < 0 || b.Char >= a.d.Len() {
			continue
		}
		w, ok := a.ix.Word(b.Char)
		if !ok {
			w = units.Range{Start: b.Char, End: b.Char + 1}
		}
		out = append(out, w)
	}
	return out
}

// FindMatch is the match of the last Find (or find next or previous) that
// the cursor is on, in the canonical text's offsets: the whole match,
// from its start, until the cursor moves away from it.
func (a *App) FindMatch() (units.Range, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f := a.find
	if a.d == nil || f == nil || f.current < 0 || f.current >= len(f.hits) || a.cursor != f.hits[f.current].Start {
		return units.Range{}, false
	}
	return f.hits[f.current], true
}
