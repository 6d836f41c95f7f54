package library

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"textfirst/internal/tw/docstate"
)

// Read is a document tw has kept a state for: when it was last left, and
// where.
type Read struct {
	Path string
	// When is when its state was last saved.
	When time.Time
	// Place is the saved reading place (a character offset), and Length
	// the document's length then; Place is 0 when none was kept.
	Place, Length int
}

// Percent is how far into the document the place is, 0 to 100.
func (r Read) Percent() int {
	if r.Length <= 0 {
		return 0
	}
	return min(100, r.Place*100/r.Length)
}

// Recent returns the documents whose place, marks or notes tw keeps in
// home (package docstate), the most recently left first; at most limit
// (0: all). Web pages are left out, and so are files that are gone.
func Recent(home string, limit int) ([]Read, error) {
	dir := docstate.Store{Home: home}.DocumentsDir()
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Read
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		var st docstate.DocState
		if json.Unmarshal(data, &st) != nil || st.Path == "" || !filepath.IsAbs(st.Path) {
			continue
		}
		file := st.Path
		if i := strings.Index(file, "!"); i > 0 {
			file = file[:i] // an archive's member: the archive must be there
		}
		if _, err := os.Stat(file); err != nil {
			continue
		}
		r := Read{Path: st.Path, When: info.ModTime(), Length: st.Length}
		if st.Place != nil {
			r.Place = st.Place.Char
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].When.Equal(out[j].When) {
			return out[i].When.After(out[j].When)
		}
		return out[i].Path < out[j].Path
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// ContinueReading returns the recent documents with a place kept past
// their start and before their end, the most recently left first.
func ContinueReading(home string) ([]Read, error) {
	all, err := Recent(home, 0)
	var out []Read
	for _, r := range all {
		if r.Place > 0 && (r.Length == 0 || r.Place < r.Length-1) {
			out = append(out, r)
		}
	}
	return out, err
}
