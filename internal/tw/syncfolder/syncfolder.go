// Package syncfolder keeps reading places and notes in step between
// computers through a folder they share (a USB stick, a network folder, a
// sync service's folder): each computer writes its own file per document
// and reads the others', so no two computers ever write one file. The
// newer edit of a note wins; the note it replaced is kept on the computer
// that lost it. The user's own lists (word list, glossary, pronunciations,
// favorite voices, reading statistics, key overrides, settings
// profiles, settings) travel the same way, a file per
// computer whatever the document (Share). It reads no document and speaks
// no word.
package syncfolder

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/readstats"
)

// Config is this computer's sync: the shared folder and its own name.
// The zero Config is sync off.
type Config struct {
	Folder   string `json:"folder"`
	Computer string `json:"computer"`
}

// On reports whether sync is set up.
func (c Config) On() bool { return c.Folder != "" && c.Computer != "" }

// configFile is the home's sync configuration.
func configFile(home string) string { return filepath.Join(home, "sync", "config.json") }

// LoadConfig reads the home's configuration; none is sync off.
func LoadConfig(home string) (Config, error) {
	var c Config
	err := readJSON(configFile(home), &c)
	return c, err
}

// SaveConfig writes the home's configuration; the zero Config turns sync
// off and leaves the folder as it is.
func SaveConfig(home string, c Config) error { return writeJSON(configFile(home), c) }

// A Place is where a computer was in a document.
type Place struct {
	Offset  int `json:"offset"`
	Percent int `json:"percent"`
}

// A Note is a note as the sync folder carries it: SID names it on every
// computer; Edited is when its text was last changed, in Unix
// nanoseconds.
type Note struct {
	SID    string `json:"sid"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Anchor string `json:"anchor"`
	Text   string `json:"text"`
	Edited int64  `json:"edited"`
}

// A Bookmark is a bookmark as the sync folder carries it: a name at a
// character of the document.
type Bookmark struct {
	Name string `json:"name"`
	Char int    `json:"char"`
}

// A Highlight is a highlighted range as the sync folder carries it.
type Highlight struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Color string `json:"color"`
	Text  string `json:"text"`
	Name  string `json:"name,omitempty"`
}

// A Device is one computer's view of one document. Bookmarks and
// Highlights are shared only where a computer's settings share them.
type Device struct {
	Computer   string      `json:"computer"`
	Title      string      `json:"title"`
	Saved      int64       `json:"saved"` // Unix nanoseconds
	Place      *Place      `json:"place,omitempty"`
	Notes      []Note      `json:"notes"`
	Bookmarks  []Bookmark  `json:"bookmarks,omitempty"`
	Highlights []Highlight `json:"highlights,omitempty"`
}

// docDir is the folder of a document, named by its text's hash.
func docDir(folder, doc string) string { return filepath.Join(folder, "textweaver-sync", doc) }

// ErrNoFolder is returned when the sync folder is not there (a stick not
// plugged in).
var ErrNoFolder = errors.New("syncfolder: the sync folder is not there")

// Publish writes this computer's view of the document doc.
func Publish(c Config, doc string, d Device) error {
	if fi, err := os.Stat(c.Folder); err != nil || !fi.IsDir() {
		return ErrNoFolder
	}
	d.Computer = c.Computer
	return writeJSON(filepath.Join(docDir(c.Folder, doc), fileName(c.Computer)), d)
}

// Others reads the other computers' views of doc, by computer name; a
// file that cannot be read is skipped and named in the error.
func Others(c Config, doc string) ([]Device, error) {
	return readOthers(c, docDir(c.Folder, doc), func(d Device) string { return d.Computer })
}

// readOthers reads the other computers' files in dir, sorted by the
// computer that computer names; a file that cannot be read, or names no
// computer, is skipped and named in the error.
func readOthers[T any](c Config, dir string, computer func(T) string) ([]T, error) {
	if fi, err := os.Stat(c.Folder); err != nil || !fi.IsDir() {
		return nil, ErrNoFolder
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("syncfolder: %w", err)
	}
	var out []T
	var bad []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") || e.Name() == fileName(c.Computer) {
			continue
		}
		var v T
		if err := readJSON(filepath.Join(dir, e.Name()), &v); err != nil || computer(v) == "" {
			bad = append(bad, e.Name())
			continue
		}
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return computer(out[i]) < computer(out[j]) })
	if len(bad) > 0 {
		return out, fmt.Errorf("syncfolder: cannot read %s", strings.Join(bad, ", "))
	}
	return out, nil
}

// fileName is a computer's file: its name made safe for any file system.
func fileName(computer string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, computer) + ".json"
}

// A Ledger is what this computer knows of its notes in one document: the
// sync id, text and edit time of each local note id, as last synced.
type Ledger map[int]Note

func ledgerFile(home, doc string) string { return filepath.Join(home, "sync", "notes", doc+".json") }

// LoadLedger reads the ledger of doc; none is empty.
func LoadLedger(home, doc string) (Ledger, error) {
	l := Ledger{}
	err := readJSON(ledgerFile(home, doc), &l)
	return l, err
}

// SaveLedger writes the ledger of doc.
func SaveLedger(home, doc string, l Ledger) error { return writeJSON(ledgerFile(home, doc), l) }

// A Replaced note is a note's text that another computer's newer edit
// replaced here.
type Replaced struct {
	Doc  string `json:"doc"`
	SID  string `json:"sid"`
	Text string `json:"text"`
	By   string `json:"by"`
	At   int64  `json:"at"` // Unix nanoseconds
}

func replacedFile(home string) string { return filepath.Join(home, "sync", "replaced.json") }

// LoadReplaced reads the replaced notes, oldest first.
func LoadReplaced(home string) ([]Replaced, error) {
	var r []Replaced
	err := readJSON(replacedFile(home), &r)
	return r, err
}

// UpdateReplaced changes the list of replaced notes under its lock.
func UpdateReplaced(home string, change func([]Replaced) []Replaced) error {
	path := replacedFile(home)
	return atomicfile.WithLock(path, func() error {
		r, err := LoadReplaced(home)
		if err != nil {
			return err
		}
		return writeJSON(path, change(r))
	})
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("syncfolder: %w", err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("syncfolder: %s: %w", path, err)
	}
	return nil
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("syncfolder: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("syncfolder: %w", err)
	}
	if err := atomicfile.Write(path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("syncfolder: %w", err)
	}
	return nil
}

// A Share is what one computer shares of the user's own lists, whatever
// document is open: each part only where that computer's settings share
// it. It lives in the folder's textweaver-sync/home/COMPUTER.json, a file
// only that computer writes.
type Share struct {
	Computer string `json:"computer"`
	Saved    int64  `json:"saved"` // Unix nanoseconds
	// Words is the personal spelling word list (sync.words).
	Words []string `json:"words,omitempty"`
	// Glossary is the user's glossary, a term's senses in one entry
	// each, and Pronunciations speech.pronunciations (sync.glossary).
	Glossary       []GlossaryTerm    `json:"glossary,omitempty"`
	Pronunciations map[string]string `json:"pronunciations,omitempty"`
	// FavoriteVoices is speech.favorite_voices (sync.favorite_voices).
	FavoriteVoices []string `json:"favorite_voices,omitempty"`
	// Statistics are this computer's own reading statistics, never those
	// it took from others (sync.statistics).
	Statistics *readstats.Stats `json:"statistics,omitempty"`
	// KeyOverrides is the key overrides file, keymap.toml
	// (sync.key_overrides).
	KeyOverrides *File `json:"key_overrides,omitempty"`
	// Profiles are the settings profiles' files, by profile name
	// (sync.profiles).
	Profiles map[string]File `json:"profiles,omitempty"`
	// Settings are the settings that travel, by path, each with when it
	// last changed (sync.settings).
	Settings SettingsLedger `json:"settings,omitempty"`
}

// A SettingChange is a setting's value, as JSON, and when it last
// changed, in Unix nanoseconds (0: never changed from its default).
type SettingChange struct {
	Value   json.RawMessage `json:"value"`
	Changed int64           `json:"changed"`
}

// A SettingsLedger is what a computer knows of its settings that travel,
// by path: each value as last synced and when it changed.
type SettingsLedger map[string]SettingChange

func settingsLedgerFile(home string) string { return filepath.Join(home, "sync", "settings.json") }

// LoadSettingsLedger reads the home's settings ledger; none is empty.
func LoadSettingsLedger(home string) (SettingsLedger, error) {
	l := SettingsLedger{}
	err := readJSON(settingsLedgerFile(home), &l)
	return l, err
}

// SaveSettingsLedger writes the home's settings ledger.
func SaveSettingsLedger(home string, l SettingsLedger) error {
	return writeJSON(settingsLedgerFile(home), l)
}

// A File is a small file of the home as the sync folder carries it: its
// text, and when it was last changed, in Unix nanoseconds, on the computer
// where it was written (a file that arrives keeps that time, so the newest
// copy stays the newest everywhere).
type File struct {
	Text     string `json:"text"`
	Modified int64  `json:"modified"`
}

// A GlossaryTerm is a term of the user's glossary with its senses.
type GlossaryTerm struct {
	Term   string          `json:"term"`
	Senses []GlossarySense `json:"senses"`
}

// A GlossarySense is one sense of a glossary term.
type GlossarySense struct {
	PartOfSpeech string   `json:"part_of_speech,omitempty"`
	Definition   string   `json:"definition"`
	Examples     []string `json:"examples,omitempty"`
	Synonyms     []string `json:"synonyms,omitempty"`
}

// homeDir is the folder of the computers' shares: not a document hash, so
// no document's folder.
func homeDir(folder string) string { return filepath.Join(folder, "textweaver-sync", "home") }

// PublishShare writes this computer's share.
func PublishShare(c Config, s Share) error {
	if fi, err := os.Stat(c.Folder); err != nil || !fi.IsDir() {
		return ErrNoFolder
	}
	s.Computer = c.Computer
	return writeJSON(filepath.Join(homeDir(c.Folder), fileName(c.Computer)), s)
}

// OtherShares reads the other computers' shares, by computer name; a file
// that cannot be read is skipped and named in the error.
func OtherShares(c Config) ([]Share, error) {
	return readOthers(c, homeDir(c.Folder), func(s Share) string { return s.Computer })
}
