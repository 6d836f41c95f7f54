// Package store keeps what tw remembers about each document between runs:
// the reading place, navigation history, bookmarks, notes and highlights.
//
// One JSON file per document lives under HOME/data/state/documents, named
// by a hash of the document's absolute path. Each mark carries about 40
// characters of context so it can be found again after the file was edited
// outside tw; the file also records the text's length and hash, so a
// reader knows whether offsets can be trusted as they are. Files are
// written atomically: a killed process leaves the old state or the new one.
package docstate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
)

// Bookmark is a named place.
type Bookmark struct {
	Name    string `json:"name"`
	Char    int    `json:"char"`
	Context string `json:"context"`
}

// Note is text the user wrote about a range of the document.
type Note struct {
	ID      int      `json:"id"`
	Start   int      `json:"start"`
	End     int      `json:"end"`
	Anchor  string   `json:"anchor"`
	Text    string   `json:"text"`
	Tags    []string `json:"tags"`
	Color   *string  `json:"color"`
	Context string   `json:"context"`
}

// Highlight marks a range with a color, and a name the reader gave it
// (highlight_as: "definition", "exam"); "" for a highlight with none.
type Highlight struct {
	ID      int    `json:"id"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
	Color   string `json:"color"`
	Text    string `json:"text"`
	Context string `json:"context"`
	Name    string `json:"name,omitempty"`
}

// Place is the reading position with its context.
type Place struct {
	Char    int    `json:"char"`
	Context string `json:"context"`
}

// DocState is everything remembered about one document.
type DocState struct {
	Path       string      `json:"path"`
	Length     int         `json:"length"`
	Hash       string      `json:"hash"`
	Place      *Place      `json:"place"`
	History    []int       `json:"history"`
	Forward    []int       `json:"forward"`
	Bookmarks  []Bookmark  `json:"bookmarks"`
	Notes      []Note      `json:"notes"`
	Highlights []Highlight `json:"highlights"`
	NextID     int         `json:"next_id"`
}

// Store reads and writes document states under a home folder.
type Store struct {
	Home string
}

// StateDir is the folder for logs and state files.
func (s Store) StateDir() string { return filepath.Join(s.Home, "data", "state") }

// DocumentsDir is the folder of the documents' state files.
func (s Store) DocumentsDir() string { return filepath.Join(s.StateDir(), "documents") }

// FileFor returns the state file of the document at absPath. A web
// address is named without its credentials (doc.PublicAddress).
func (s Store) FileFor(absPath string) string {
	sum := sha256.Sum256([]byte(pathKey(runtime.GOOS, doc.PublicAddress(absPath))))
	return filepath.Join(s.DocumentsDir(), hex.EncodeToString(sum[:12])+".json")
}

// pathKey is the spelling of a document path that names its state file.
// On Windows one file has many spellings: forward slashes and backslashes
// are the same separator and a drive letter's case does not matter, so the
// key uses backslashes and an upper-case drive letter (c:/x.txt and
// C:\x.txt share their state). Other systems use the path as it is.
func pathKey(goos, absPath string) string {
	if goos != "windows" {
		return absPath
	}
	k := []byte(strings.ReplaceAll(absPath, "/", `\`))
	if len(k) >= 2 && k[1] == ':' && k[0] >= 'a' && k[0] <= 'z' {
		k[0] -= 'a' - 'A'
	}
	return string(k)
}

// Load returns the saved state of absPath, or an empty state when there is
// none. A damaged state file is reported and treated as empty.
func (s Store) Load(absPath string) (*DocState, error) {
	data, err := os.ReadFile(s.FileFor(absPath))
	if errors.Is(err, os.ErrNotExist) {
		return &DocState{Path: absPath}, nil
	}
	if err != nil {
		return &DocState{Path: absPath}, fmt.Errorf("store: %w", err)
	}
	var st DocState
	if err := json.Unmarshal(data, &st); err != nil {
		return &DocState{Path: absPath}, fmt.Errorf("store: %s is damaged: %w", s.FileFor(absPath), err)
	}
	st.Path = absPath
	return &st, nil
}

// Save writes st atomically, readable by its owner only, in folders of the
// home readable by their owner only (tightened when they exist).
func (s Store) Save(st *DocState) error {
	file := s.FileFor(st.Path)
	if err := atomicfile.MkdirPrivate(s.Home, filepath.Dir(file)); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	stored := *st
	stored.Path = doc.PublicAddress(st.Path) // no password or token kept
	data, err := json.MarshalIndent(&stored, "", " ")
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := atomicfile.WritePrivate(file, append(data, '\n')); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Hash is the hash recorded for a document text.
func Hash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// Has reports whether a state was saved for the document at absPath.
func (s Store) Has(absPath string) bool {
	_, err := os.Stat(s.FileFor(absPath))
	return err == nil
}

// FindMoved looks among the saved states for the one of a document whose
// text has this length and hash and whose file is gone from where it was:
// the same book moved or renamed. That state becomes absPath's (saved
// under its new path, the old state file removed) and is returned; nil
// when there is none. A document still at its old path is another copy,
// and keeps its own marks. hash is asked only when a state of that length
// whose file is gone exists, so a new document costs no hashing.
func (s Store) FindMoved(absPath string, length int, hash func() string) (*DocState, error) {
	entries, err := os.ReadDir(s.DocumentsDir())
	if err != nil {
		return nil, nil // no states saved yet
	}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" {
			continue
		}
		file := filepath.Join(s.DocumentsDir(), e.Name())
		data, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		var st DocState
		if json.Unmarshal(data, &st) != nil || st.Length != length || st.Hash == "" || st.Path == "" || doc.IsWebAddress(st.Path) {
			continue
		}
		if _, err := os.Stat(st.Path); !errors.Is(err, os.ErrNotExist) || st.Hash != hash() {
			continue
		}
		st.Path = absPath
		if err := s.Save(&st); err != nil {
			return nil, err
		}
		os.Remove(file)
		return &st, nil
	}
	return nil, nil
}
