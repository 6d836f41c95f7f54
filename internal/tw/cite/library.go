package cite

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"textfirst/internal/atomicfile"
)

// LibraryFile is the name of a reference library: the user's, in the
// home, and a folder's, beside its documents.
const LibraryFile = "references.json"

// UserLibrary is the path of the user's library in home.
func UserLibrary(home string) string { return filepath.Join(home, LibraryFile) }

// FolderLibrary is the path of the library of the folder a document is
// in.
func FolderLibrary(docPath string) string {
	return filepath.Join(filepath.Dir(docPath), LibraryFile)
}

// A Library is a set of references by key, kept in a CSL-JSON file. The
// zero Library is empty and has no file. A Library is not safe for
// concurrent use; Update serialises changes between processes.
type Library struct {
	Path  string
	refs  []Reference
	byKey map[string]int // index in refs of each key
	byDOI map[string]int // index in refs of each DOI, lowercase
}

// sortedRefs is refs sorted as a library sorts them.
func sortedRefs(refs []Reference) []Reference {
	l := &Library{}
	for _, r := range refs {
		l.put(r)
	}
	return l.Sorted()
}

// Load reads the library at path; a missing file is an empty library.
func Load(path string) (*Library, error) {
	l := &Library{Path: path}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cite: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return l, nil
	}
	refs, err := ReadCSLJSON(data)
	if err != nil {
		return nil, fmt.Errorf("cite: %s: %w", path, err)
	}
	for _, r := range refs {
		l.put(r)
	}
	return l, nil
}

// Update loads the library at path under its lock, lets change alter it,
// and writes it atomically when change returns nil: a change made by
// another process meanwhile is never lost.
func Update(path string, change func(*Library) error) error {
	return atomicfile.WithLock(path, func() error {
		l, err := Load(path)
		if err != nil {
			return err
		}
		if err := change(l); err != nil {
			return err
		}
		data, err := WriteCSLJSON(l.Sorted())
		if err != nil {
			return err
		}
		if err := atomicfile.Write(path, data, 0o600); err != nil {
			return fmt.Errorf("cite: %w", err)
		}
		return nil
	})
}

// Len is how many references the library has.
func (l *Library) Len() int { return len(l.refs) }

// Get is the reference with key.
func (l *Library) Get(key string) (Reference, bool) {
	if i, ok := l.byKey[key]; ok {
		return l.refs[i], true
	}
	return Reference{}, false
}

// Sorted is the references by authors, year and title.
func (l *Library) Sorted() []Reference {
	type keyed struct {
		key string
		ref Reference
	}
	all := make([]keyed, len(l.refs))
	for i, r := range l.refs {
		all[i] = keyed{sortKey(r), r}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].key != all[j].key {
			return all[i].key < all[j].key
		}
		return all[i].ref.ID < all[j].ref.ID
	})
	out := make([]Reference, len(all))
	for i, k := range all {
		out[i] = k.ref
	}
	return out
}

func sortKey(r Reference) string {
	names := r.Author
	if len(names) == 0 {
		names = r.Editor
	}
	var parts []string
	for _, n := range names {
		parts = append(parts, n.Short(), n.Given)
	}
	if len(parts) == 0 {
		parts = append(parts, r.Title)
	}
	return strings.ToLower(strings.Join(parts, " ") + " " + r.Year() + " " + r.Title)
}

// Find is the reference with this DOI or ISBN (compared as identifiers:
// case and hyphens aside).
func (l *Library) Find(id Identifier) (Reference, bool) {
	for _, r := range l.refs {
		switch id.Kind {
		case DOI:
			if r.DOI != "" && strings.EqualFold(normalDOI(r.DOI), id.Value) {
				return r, true
			}
		case ISBN:
			for _, s := range strings.FieldsFunc(r.ISBN, func(c rune) bool { return c == ' ' || c == ',' || c == ';' }) {
				if n, ok := normalISBN(s); ok && isbn13(n) == isbn13(id.Value) {
					return r, true
				}
			}
		}
	}
	return Reference{}, false
}

// An Outcome is what adding one reference did.
type Outcome int

const (
	Added     Outcome = iota // a new reference, under its own key or a new one
	Duplicate                // the library had the same work already
)

// Add puts r in the library and returns the key it is kept under. A
// reference with the DOI, or the key, authors, year and title, of one
// already there is a duplicate and changes nothing; a key already used
// by another work is given a letter (doe2020a, doe2020b …).
func (l *Library) Add(r Reference) (string, Outcome) {
	if r.ID == "" || !validKey(r.ID) {
		r.ID = MakeKey(r)
	}
	if i, ok := l.byDOI[normalDOI(r.DOI)]; ok && r.DOI != "" {
		return l.refs[i].ID, Duplicate
	}
	if old, ok := l.Get(r.ID); ok && sortKey(old) == sortKey(r) {
		return old.ID, Duplicate
	}
	if _, taken := l.Get(r.ID); taken {
		base := r.ID
		for c := 'a'; ; c++ {
			key := base + string(c)
			if c > 'z' {
				key = fmt.Sprintf("%s-%d", base, int(c-'z'))
			}
			if _, taken := l.Get(key); !taken {
				r.ID = key
				break
			}
		}
	}
	l.put(r)
	return r.ID, Added
}

// Remove takes the reference with key out; false when there is none.
func (l *Library) Remove(key string) (Reference, bool) {
	i, ok := l.byKey[key]
	if !ok {
		return Reference{}, false
	}
	r := l.refs[i]
	rest := append(l.refs[:i:i], l.refs[i+1:]...)
	l.refs, l.byKey, l.byDOI = nil, nil, nil
	for _, x := range rest {
		l.put(x)
	}
	return r, true
}

// put adds r, replacing a reference with its key.
func (l *Library) put(r Reference) {
	if l.byKey == nil {
		l.byKey, l.byDOI = map[string]int{}, map[string]int{}
	}
	i, ok := l.byKey[r.ID]
	if ok {
		l.refs[i] = r
	} else {
		i = len(l.refs)
		l.refs = append(l.refs, r)
		l.byKey[r.ID] = i
	}
	if r.DOI != "" {
		if _, taken := l.byDOI[normalDOI(r.DOI)]; !taken {
			l.byDOI[normalDOI(r.DOI)] = i
		}
	}
}

// Merged is how many references an import added and how many the
// library already had.
type Merged struct{ Added, Duplicates int }

// Merge adds each reference and counts the outcomes. A reference whose
// key the library has already is that work (a file imported again, or the
// same library in another format) and is left as the library has it;
// others are added as Add adds them.
func (l *Library) Merge(refs []Reference) Merged {
	var m Merged
	for _, r := range refs {
		if _, ok := l.Get(r.ID); ok && validKey(r.ID) {
			m.Duplicates++
			continue
		}
		if _, o := l.Add(r); o == Added {
			m.Added++
		} else {
			m.Duplicates++
		}
	}
	return m
}

// Layered looks keys up in libraries in order: a folder's library, then
// the user's.
type Layered []*Library

// Get is the reference with key from the first library that has it.
func (ls Layered) Get(key string) (Reference, bool) {
	for _, l := range ls {
		if l == nil {
			continue
		}
		if r, ok := l.Get(key); ok {
			return r, true
		}
	}
	return Reference{}, false
}

// All is every reference once (a key of an earlier library hides the
// same key in a later one), sorted.
func (ls Layered) All() []Reference {
	merged := &Library{}
	for _, l := range ls {
		if l == nil {
			continue
		}
		for _, r := range l.refs {
			if _, seen := merged.Get(r.ID); !seen {
				merged.put(r)
			}
		}
	}
	return merged.Sorted()
}
