package study

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
)

// Store keeps one deck per document under HOME/data/state/cards, in a
// JSON file named as the document's state file is. Every change is made
// by Update, under a lock on the file, on the deck as it is on disk at
// that moment, and written atomically: two processes grading the same
// deck keep both their grades, and a killed process leaves the old deck
// or the new one.
type Store struct {
	Home string
}

// Dir is the folder of the decks.
func (s Store) Dir() string { return filepath.Join(docstate.Store{Home: s.Home}.StateDir(), "cards") }

// FileFor is the deck file of the document at absPath.
func (s Store) FileFor(absPath string) string {
	return filepath.Join(s.Dir(), filepath.Base(docstate.Store{Home: s.Home}.FileFor(absPath)))
}

// Load returns the deck of the document at absPath: an empty one when it
// has none, an error when its file is damaged.
func (s Store) Load(absPath string) (*Deck, error) {
	return s.load(s.FileFor(absPath), absPath)
}

func (s Store) load(file, absPath string) (*Deck, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return &Deck{Document: doc.PublicAddress(absPath), Cards: []Card{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	var d Deck
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("study: %s is damaged: %w", file, err)
	}
	if d.Cards == nil {
		d.Cards = []Card{}
	}
	if absPath != "" {
		d.Document = doc.PublicAddress(absPath)
	}
	return &d, nil
}

// Update applies change to the deck of the document at absPath as it is
// on disk now, under the file's lock, and writes the result when change
// returns nil. It returns the deck as written (or as read, when change
// failed, with change's error).
func (s Store) Update(absPath string, change func(*Deck) error) (*Deck, error) {
	file := s.FileFor(absPath)
	if err := atomicfile.MkdirPrivate(s.Home, filepath.Dir(file)); err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	unlock, err := atomicfile.Lock(file)
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	defer unlock()
	d, err := s.load(file, absPath)
	if err != nil {
		return nil, err
	}
	if err := change(d); err != nil {
		return d, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // the cards' text as written: & and < kept
	enc.SetIndent("", " ")
	if err := enc.Encode(d); err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	if err := atomicfile.WritePrivate(file, buf.Bytes()); err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	return d, nil
}

// All returns every deck that has cards, by document path. A damaged
// file is skipped and reported in the returned errors.
func (s Store) All() ([]*Deck, []error) {
	entries, err := os.ReadDir(s.Dir())
	if err != nil {
		return nil, nil
	}
	var decks []*Deck
	var errs []error
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" {
			continue
		}
		d, err := s.load(filepath.Join(s.Dir(), e.Name()), "")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(d.Cards) > 0 {
			decks = append(decks, d)
		}
	}
	sort.Slice(decks, func(i, j int) bool { return decks[i].Document < decks[j].Document })
	return decks, errs
}
