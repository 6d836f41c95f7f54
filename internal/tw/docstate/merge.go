package docstate

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"

	"textfirst/internal/atomicfile"
)

// Update saves mine, the state one process holds, without losing what
// another process saved meanwhile. base is the state as this process last
// loaded or saved it (nil when it has not read one). Under a lock on the
// state file, Update reads what is on disk now, applies to it what mine
// changed since base (marks added, changed and removed; the place and
// history as mine has them), writes the result atomically and returns it:
// the caller holds it as both its new state and its new base.
//
// Two processes that each add a note with the same number keep both: the
// one written second gets the next free number.
func (s Store) Update(base, mine *DocState) (*DocState, error) {
	file := s.FileFor(mine.Path)
	if err := atomicfile.MkdirPrivate(s.Home, filepath.Dir(file)); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	unlock, err := atomicfile.Lock(file)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer unlock()
	theirs, err := s.Load(mine.Path)
	if err != nil {
		// A damaged file cannot be merged with; what this process holds
		// replaces it.
		theirs = &DocState{Path: mine.Path}
	}
	merged := merge(base, mine, theirs)
	if err := s.Save(merged); err != nil {
		return nil, err
	}
	return merged, nil
}

// merge applies to theirs what mine changed since base, and returns the
// result; none of the three is changed. A nil base means mine changed
// everything it has (nothing is removed from theirs).
func merge(base, mine, theirs *DocState) *DocState {
	if base == nil {
		base = &DocState{}
	}
	out := Clone(mine)
	out.Bookmarks = mergeBookmarks(base.Bookmarks, mine.Bookmarks, theirs.Bookmarks)

	// Numbers are shared by notes and highlights: one taken by any mark
	// on disk is not given again.
	nextID := max(mine.NextID, theirs.NextID)
	taken := map[int]bool{}
	for _, n := range theirs.Notes {
		taken[n.ID] = true
	}
	for _, h := range theirs.Highlights {
		taken[h.ID] = true
	}
	out.Notes = mergeByID(base.Notes, mine.Notes, theirs.Notes, taken, &nextID,
		func(n Note) int { return n.ID }, func(n *Note, id int) { n.ID = id })
	out.Highlights = mergeByID(base.Highlights, mine.Highlights, theirs.Highlights, taken, &nextID,
		func(h Highlight) int { return h.ID }, func(h *Highlight, id int) { h.ID = id })
	out.NextID = nextID
	return out
}

// mergeBookmarks: a bookmark is known by its name and place.
func mergeBookmarks(base, mine, theirs []Bookmark) []Bookmark {
	type key struct {
		name string
		char int
	}
	keyOf := func(b Bookmark) key { return key{b.Name, b.Char} }
	inBase, inMine := map[key]bool{}, map[key]bool{}
	for _, b := range base {
		inBase[keyOf(b)] = true
	}
	for _, b := range mine {
		inMine[keyOf(b)] = true
	}
	out := []Bookmark{}
	seen := map[key]bool{}
	for _, b := range theirs {
		k := keyOf(b)
		if inBase[k] && !inMine[k] {
			continue // this process removed or renamed it
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, b)
		}
	}
	for _, b := range mine {
		k := keyOf(b)
		if !inBase[k] && !seen[k] {
			seen[k] = true
			out = append(out, b)
		}
	}
	return out
}

// mergeByID merges notes or highlights, known by their numbers. taken
// holds the numbers in use (on disk, and those given out here); nextID is
// at least the next free one.
func mergeByID[T any](base, mine, theirs []T, taken map[int]bool, nextID *int, id func(T) int, setID func(*T, int)) []T {
	baseByID := map[int]T{}
	for _, x := range base {
		baseByID[id(x)] = x
	}
	mineByID := map[int]T{}
	for _, x := range mine {
		mineByID[id(x)] = x
	}
	out := []T{}
	inOut := map[int]bool{}
	for _, x := range theirs {
		i := id(x)
		b, wasInBase := baseByID[i]
		m, isInMine := mineByID[i]
		switch {
		case wasInBase && !isInMine:
			continue // removed here
		case wasInBase && isInMine && !reflect.DeepEqual(b, m):
			x = m // changed here
		}
		inOut[i] = true
		out = append(out, x)
	}
	for _, x := range mine {
		i := id(x)
		b, wasInBase := baseByID[i]
		switch {
		case !wasInBase:
			// Added here: keep its number unless a mark on disk has it.
			if taken[i] {
				for taken[*nextID] {
					*nextID++
				}
				i = *nextID
				setID(&x, i)
			}
		case !reflect.DeepEqual(b, x) && !inOut[i] && !taken[i]:
			// Changed here, removed there: the change wins.
		default:
			continue
		}
		taken[i], inOut[i] = true, true
		*nextID = max(*nextID, i+1)
		out = append(out, x)
	}
	return out
}

// Clone returns a deep copy of st.
func Clone(st *DocState) *DocState {
	if st == nil {
		return nil
	}
	data, err := json.Marshal(st)
	if err != nil {
		panic(err) // a DocState always marshals
	}
	var out DocState
	if err := json.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	out.Path = st.Path
	return &out
}
