// Package library is tw's index of the user's documents: one SQLite file
// under the home (modernc.org/sqlite, no server) with a row per document
// — its path, size, modification time, format, title, author, DOI, ISBN,
// pages, words, and why it could not be read — and full-text search
// (SQLite's FTS5) over the titles, authors and texts.
//
// A Library is safe for concurrent use, and several processes may use
// the same file: SQLite locks it, and every write is a transaction that
// a killed process leaves undone or done.
package library

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

// File is the library's database file in the home.
func File(home string) string { return filepath.Join(home, "data", "state", "library.db") }

// Document is one document of the library, with its details as shown:
// the details the user edited win over those found in the file.
type Document struct {
	Path    string
	Size    int64
	ModTime time.Time
	Format  string
	Title   string
	Author  string
	DOI     string
	ISBN    string
	Pages   int
	Words   int
	// Error is why the file could not be read ("" when it was).
	Error string
}

// Details are what the user may edit of a document.
type Details struct {
	Title, Author, DOI, ISBN string
}

// Library is an open library database.
type Library struct {
	db *sql.DB
}

// ErrNotIndexed is returned for a document the library does not hold.
var ErrNotIndexed = errors.New("library: the document is not in the library")

const schema = `
CREATE TABLE IF NOT EXISTS documents (
	id INTEGER PRIMARY KEY,
	path TEXT NOT NULL UNIQUE,
	size INTEGER NOT NULL,
	mtime INTEGER NOT NULL,
	format TEXT NOT NULL DEFAULT '',
	title TEXT NOT NULL DEFAULT '',
	author TEXT NOT NULL DEFAULT '',
	doi TEXT NOT NULL DEFAULT '',
	isbn TEXT NOT NULL DEFAULT '',
	pages INTEGER NOT NULL DEFAULT 0,
	words INTEGER NOT NULL DEFAULT 0,
	error TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS details (
	path TEXT PRIMARY KEY,
	title TEXT, author TEXT, doi TEXT, isbn TEXT
);
CREATE VIRTUAL TABLE IF NOT EXISTS meta_fts USING fts5(title, author, name, ids,
	tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS text_fts USING fts5(body,
	content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
`

// Open opens the library in file, making it (and its folder, readable
// by its owner only) when there is none.
func Open(file string) (*Library, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	dsn := "file:" + file + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("library: %s: %w", file, err)
	}
	os.Chmod(file, 0o600)
	return &Library{db: db}, nil
}

// Close closes the database.
func (l *Library) Close() error { return l.db.Close() }

// shown is the select list of a document as shown: edited details win.
const shown = `d.path, d.size, d.mtime, d.format,
	COALESCE(NULLIF(x.title, ''), d.title), COALESCE(NULLIF(x.author, ''), d.author),
	COALESCE(NULLIF(x.doi, ''), d.doi), COALESCE(NULLIF(x.isbn, ''), d.isbn),
	d.pages, d.words, d.error
	FROM documents d LEFT JOIN details x ON x.path = d.path`

func scanDocs(rows *sql.Rows) ([]Document, error) {
	defer rows.Close()
	var out []Document
	for rows.Next() {
		var d Document
		var mtime int64
		if err := rows.Scan(&d.Path, &d.Size, &mtime, &d.Format, &d.Title, &d.Author, &d.DOI, &d.ISBN, &d.Pages, &d.Words, &d.Error); err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
		d.ModTime = time.Unix(0, mtime)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	return out, nil
}

// List returns every document, by title (any case), then path.
func (l *Library) List() ([]Document, error) {
	rows, err := l.db.Query(`SELECT ` + shown + ` ORDER BY 5 COLLATE NOCASE, d.path`)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	return scanDocs(rows)
}

// Get returns the document at path.
func (l *Library) Get(path string) (Document, error) {
	rows, err := l.db.Query(`SELECT `+shown+` WHERE d.path = ?`, path)
	if err != nil {
		return Document{}, fmt.Errorf("library: %w", err)
	}
	docs, err := scanDocs(rows)
	if err != nil {
		return Document{}, err
	}
	if len(docs) == 0 {
		return Document{}, fmt.Errorf("%w: %s", ErrNotIndexed, path)
	}
	return docs[0], nil
}

// Count returns how many documents the library holds, and how many of
// them could not be read.
func (l *Library) Count() (all, failed int, err error) {
	err = l.db.QueryRow(`SELECT COUNT(*), COUNT(NULLIF(error, '')) FROM documents`).Scan(&all, &failed)
	if err != nil {
		err = fmt.Errorf("library: %w", err)
	}
	return all, failed, err
}

// SetDetails saves the user's details of the document at path; an empty
// field gives back the one found in the file. The document need not be
// in the library yet: the details wait for it.
func (l *Library) SetDetails(path string, d Details) error {
	tx, err := l.db.Begin()
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	defer tx.Rollback()
	_, err = tx.Exec(`INSERT INTO details(path, title, author, doi, isbn) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(path) DO UPDATE SET title = excluded.title, author = excluded.author,
		doi = excluded.doi, isbn = excluded.isbn`,
		path, strings.TrimSpace(d.Title), strings.TrimSpace(d.Author), strings.TrimSpace(d.DOI), strings.TrimSpace(d.ISBN))
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	if err := refreshMeta(tx, path); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("library: %w", err)
	}
	return nil
}

// EditedDetails returns the details the user set for path, if any.
func (l *Library) EditedDetails(path string) (Details, bool, error) {
	var d Details
	err := l.db.QueryRow(`SELECT COALESCE(title, ''), COALESCE(author, ''), COALESCE(doi, ''), COALESCE(isbn, '')
		FROM details WHERE path = ?`, path).Scan(&d.Title, &d.Author, &d.DOI, &d.ISBN)
	if errors.Is(err, sql.ErrNoRows) {
		return Details{}, false, nil
	}
	if err != nil {
		return Details{}, false, fmt.Errorf("library: %w", err)
	}
	return d, true, nil
}

// refreshMeta rewrites the title, author and identifiers searched for the
// document at path, as shown.
func refreshMeta(tx *sql.Tx, path string) error {
	var id int64
	var title, author, doi, isbn string
	err := tx.QueryRow(`SELECT d.id, COALESCE(NULLIF(x.title, ''), d.title), COALESCE(NULLIF(x.author, ''), d.author),
		COALESCE(NULLIF(x.doi, ''), d.doi), COALESCE(NULLIF(x.isbn, ''), d.isbn)
		FROM documents d LEFT JOIN details x ON x.path = d.path WHERE d.path = ?`, path).Scan(&id, &title, &author, &doi, &isbn)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	if _, err := tx.Exec(`DELETE FROM meta_fts WHERE rowid = ?`, id); err != nil {
		return fmt.Errorf("library: %w", err)
	}
	_, err = tx.Exec(`INSERT INTO meta_fts(rowid, title, author, name, ids) VALUES (?, ?, ?, ?, ?)`,
		id, title, author, searchableName(path), strings.TrimSpace(doi+" "+isbn))
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	return nil
}

// searchableName is a file's name as words: "live-manual.en.epub" is
// found by "live manual".
func searchableName(path string) string {
	name := filepath.Base(path)
	if i := strings.LastIndex(path, "!"); i >= 0 {
		name = filepath.Base(path[i+1:])
	}
	return strings.NewReplacer("-", " ", "_", " ", ".", " ").Replace(name)
}

// Remove takes the documents at path, or under it when it is a folder,
// out of the library, and returns how many there were. The user's
// details are kept, for when they come back.
func (l *Library) Remove(path string) (int, error) {
	tx, err := l.db.Begin()
	if err != nil {
		return 0, fmt.Errorf("library: %w", err)
	}
	defer tx.Rollback()
	ids, err := idsUnder(tx, path)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := deleteID(tx, id); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("library: %w", err)
	}
	return len(ids), nil
}

// idsUnder are the ids of the documents at path or below it.
func idsUnder(tx *sql.Tx, path string) ([]int64, error) {
	prefix := strings.TrimSuffix(path, string(filepath.Separator)) + string(filepath.Separator)
	rows, err := tx.Query(`SELECT id FROM documents WHERE path = ?1 OR substr(path, 1, length(?2)) = ?2`, path, prefix)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func deleteID(tx *sql.Tx, id int64) error {
	for _, q := range []string{`DELETE FROM text_fts WHERE rowid = ?`, `DELETE FROM meta_fts WHERE rowid = ?`, `DELETE FROM documents WHERE id = ?`} {
		if _, err := tx.Exec(q, id); err != nil {
			return fmt.Errorf("library: %w", err)
		}
	}
	return nil
}
