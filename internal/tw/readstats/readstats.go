// Package readstats keeps the reading statistics of a home: for each
// document, the time it was read aloud, the furthest point reached, and
// how many sessions read it. They live in one JSON file under the home,
// changed under a lock and written atomically, so that two processes
// reading at once both count and a killed process leaves the file whole.
package readstats

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"textfirst/internal/atomicfile"
)

// Doc is one document's statistics.
type Doc struct {
	Path  string `json:"path"`
	Title string `json:"title"`
	// Seconds is the time the document was read aloud.
	Seconds float64 `json:"seconds"`
	// Sessions counts the sessions that read it aloud: one per opening.
	Sessions int `json:"sessions"`
	// Furthest is the furthest point heard, in percent of the document,
	// and FurthestChar the same as a code point offset.
	Furthest     int `json:"furthest_percent"`
	FurthestChar int `json:"furthest_char"`
	// Last is when it was last read aloud.
	Last time.Time `json:"last"`
}

// Stats are the statistics of every document read aloud, by path.
type Stats struct {
	Documents map[string]*Doc `json:"documents"`
}

// Delta is what one stretch of reading adds to a document's statistics.
type Delta struct {
	Path, Title string
	Seconds     float64
	// NewSession counts a session: the first stretch read aloud since
	// the document was opened.
	NewSession   bool
	Furthest     int
	FurthestChar int
	At           time.Time
}

// File is where the statistics of home are kept.
func File(home string) string { return filepath.Join(home, "data", "stats.json") }

// Load reads the statistics of home; a home with none has empty ones.
func Load(home string) (Stats, error) {
	s := Stats{Documents: map[string]*Doc{}}
	data, err := os.ReadFile(File(home))
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("readstats: %w", err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return Stats{Documents: map[string]*Doc{}}, fmt.Errorf("readstats: %s is damaged: %w", File(home), err)
	}
	if s.Documents == nil {
		s.Documents = map[string]*Doc{}
	}
	for p, d := range s.Documents {
		if d == nil {
			delete(s.Documents, p)
			continue
		}
		d.Path = p
		d.Seconds = max(d.Seconds, 0)
		d.Sessions = max(d.Sessions, 0)
		d.Furthest = min(max(d.Furthest, 0), 100)
	}
	return s, nil
}

// Add adds the deltas to the statistics of home: under the lock, what is
// on disk now is read, the deltas applied and the result written
// atomically. A damaged file is replaced by what the deltas give.
func Add(home string, deltas ...Delta) error {
	file := File(home)
	if err := atomicfile.MkdirPrivate(home, filepath.Dir(file)); err != nil {
		return fmt.Errorf("readstats: %w", err)
	}
	unlock, err := atomicfile.Lock(file)
	if err != nil {
		return fmt.Errorf("readstats: %w", err)
	}
	defer unlock()
	s, _ := Load(home)
	for _, d := range deltas {
		s.apply(d)
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("readstats: %w", err)
	}
	if err := atomicfile.WritePrivate(file, append(data, '\n')); err != nil {
		return fmt.Errorf("readstats: %w", err)
	}
	return nil
}

func (s *Stats) apply(d Delta) {
	if d.Path == "" {
		return
	}
	doc := s.Documents[d.Path]
	if doc == nil {
		doc = &Doc{Path: d.Path}
		s.Documents[d.Path] = doc
	}
	if d.Title != "" {
		doc.Title = d.Title
	}
	doc.Seconds += max(d.Seconds, 0)
	if d.NewSession {
		doc.Sessions++
	}
	if d.Furthest > doc.Furthest || d.FurthestChar > doc.FurthestChar {
		doc.Furthest = max(doc.Furthest, min(d.Furthest, 100))
		doc.FurthestChar = max(doc.FurthestChar, d.FurthestChar)
	}
	if d.At.After(doc.Last) {
		doc.Last = d.At
	}
}

// Totals are the time read aloud and the sessions of every document.
func (s Stats) Totals() (seconds float64, sessions int) {
	for _, d := range s.Documents {
		seconds += d.Seconds
		sessions += d.Sessions
	}
	return seconds, sessions
}

// MostRead are the n documents read aloud longest, longest first (ties:
// the one read last first, then by path).
func (s Stats) MostRead(n int) []Doc {
	out := make([]Doc, 0, len(s.Documents))
	for _, d := range s.Documents {
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Seconds != b.Seconds {
			return a.Seconds > b.Seconds
		}
		if !a.Last.Equal(b.Last) {
			return a.Last.After(b.Last)
		}
		return a.Path < b.Path
	})
	return out[:min(n, len(out))]
}

// SyncedFile holds the other computers' statistics as sync last brought
// them, by computer: each computer's own record, replaced whole at each
// sync, so that nothing is counted twice.
func SyncedFile(home string) string { return filepath.Join(home, "data", "stats-synced.json") }

// LoadSynced reads the other computers' statistics, by computer; none is
// an empty map.
func LoadSynced(home string) (map[string]Stats, error) {
	out := map[string]Stats{}
	data, err := os.ReadFile(SyncedFile(home))
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("readstats: %w", err)
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return map[string]Stats{}, fmt.Errorf("readstats: %s is damaged: %w", SyncedFile(home), err)
	}
	return out, nil
}

// SaveSynced puts each computer's statistics in records in place of what
// the home had of that computer, under the file's lock, written
// atomically; the other computers' stay.
func SaveSynced(home string, records map[string]Stats) error {
	file := SyncedFile(home)
	if err := atomicfile.MkdirPrivate(home, filepath.Dir(file)); err != nil {
		return fmt.Errorf("readstats: %w", err)
	}
	return atomicfile.WithLock(file, func() error {
		all, _ := LoadSynced(home)
		for computer, s := range records {
			all[computer] = s
		}
		data, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			return fmt.Errorf("readstats: %w", err)
		}
		if err := atomicfile.WritePrivate(file, append(data, '\n')); err != nil {
			return fmt.Errorf("readstats: %w", err)
		}
		return nil
	})
}

// With returns the statistics of s and o together: a document in both
// (the same path) has the time and sessions of both, the further point
// and the later reading. Neither s nor o changes.
func (s Stats) With(o Stats) Stats {
	out := Stats{Documents: map[string]*Doc{}}
	for _, from := range []Stats{s, o} {
		for p, d := range from.Documents {
			if d == nil {
				continue
			}
			have := out.Documents[p]
			if have == nil {
				c := *d
				c.Path = p
				out.Documents[p] = &c
				continue
			}
			have.Seconds += max(d.Seconds, 0)
			have.Sessions += max(d.Sessions, 0)
			have.Furthest = max(have.Furthest, d.Furthest)
			have.FurthestChar = max(have.FurthestChar, d.FurthestChar)
			if d.Last.After(have.Last) {
				have.Last = d.Last
				if d.Title != "" {
					have.Title = d.Title
				}
			}
		}
	}
	return out
}

// LoadWithSynced is Load with the other computers' statistics (LoadSynced)
// counted too.
func LoadWithSynced(home string) (Stats, error) {
	s, err := Load(home)
	if err != nil {
		return s, err
	}
	synced, err := LoadSynced(home)
	computers := make([]string, 0, len(synced))
	for c := range synced {
		computers = append(computers, c)
	}
	sort.Strings(computers)
	for _, c := range computers {
		s = s.With(synced[c])
	}
	return s, err
}
