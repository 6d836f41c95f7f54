package library

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// Limits of a walk through the library folders.
const (
	// MaxDepth is how many folders below a library folder are looked in.
	MaxDepth = 8
	// MaxFiles is how many documents a walk lists at most, so that a
	// huge folder cannot stall the reader.
	MaxFiles = 20000
)

// notIndexed are the formats tw reads that the library leaves out: images
// (recognised with OCR, slowly), data files, and archives (the file
// browser walks into them).
var notIndexed = map[string]bool{"image": true, "archive": true, "json": true, "csv": true, "tsv": true}

// IsDocument reports whether the library indexes a file, by its name: a
// format tw reads that is no image, data file or archive, or plain text.
func IsDocument(name string) bool {
	if f := load.FormatOf(name); f != load.FormatText {
		return !notIndexed[f]
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".txt", ".text":
		return true
	}
	return false
}

// Folders are the library.folders as given, ready to walk: "~/" is the
// user's home folder, and blank ones are left out.
func Folders(given []string) []string {
	var out []string
	for _, f := range given {
		if strings.HasPrefix(f, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				f = filepath.Join(home, f[2:])
			}
		}
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Files lists the documents the library indexes in folders and below
// them (MaxDepth deep, MaxFiles at most), sorted by path. A folder that
// cannot be read is returned in missing with why.
func Files(folders []string) (files []string, missing []FolderError) {
	files, missing = Walk(folders, MaxDepth, IsDocument)
	sort.Strings(files)
	return files, missing
}

// Walk lists the regular files in folders and up to depth folders below
// them whose name keep takes, MaxFiles at most, leaving hidden files and
// folders out, in the order of the walk. A folder that cannot be read is
// returned in missing with why.
func Walk(folders []string, depth int, keep func(name string) bool) (files []string, missing []FolderError) {
	for _, root := range folders {
		root = filepath.Clean(root)
		st, err := os.Stat(root)
		if err != nil {
			missing = append(missing, FolderError{root, err})
			continue
		}
		if !st.IsDir() {
			missing = append(missing, FolderError{root, errNotFolder})
			continue
		}
		top := strings.Count(root, string(filepath.Separator))
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || len(files) >= MaxFiles {
				if d != nil && d.IsDir() && path != root {
					return filepath.SkipDir
				}
				return nil
			}
			name := d.Name()
			if path != root && strings.HasPrefix(name, ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if strings.Count(path, string(filepath.Separator))-top >= depth {
					return filepath.SkipDir
				}
				return nil
			}
			if (d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) && keep(name) {
				files = append(files, path)
			}
			return nil
		})
	}
	return files, missing
}

var errNotFolder = errors.New("not a folder")

// FolderError is a library folder that could not be read: it vanished,
// or is no folder, or may not be read.
type FolderError struct {
	Folder string
	Err    error
}

func (e FolderError) Error() string { return e.Folder + ": " + e.Err.Error() }
func (e FolderError) Unwrap() error { return e.Err }

// Failure is a file that could not be read, and why.
type Failure struct {
	Path   string
	Reason string
}

// Report is what a scan did.
type Report struct {
	Added, Updated, Unchanged, Removed int
	// Failed are the files that could not be read: they are listed in
	// the library with their reason and indexed again when they change.
	Failed []Failure
	// Missing are the folders that could not be read; the documents
	// indexed from them are kept, for a drive that comes back.
	Missing []FolderError
}

// Progress is how far a scan has come: Done of Total files looked at.
type Progress struct {
	Done, Total int
	Path        string
}

// Extracted is what a document gives the library.
type Extracted struct {
	Format, Title, Author, DOI, ISBN string
	Pages, Words                     int
	Text                             string
}

// Extractor reads a document for the index.
type Extractor func(path string) (Extracted, error)

// LoadExtractor reads documents with tw's loaders (package load).
func LoadExtractor(path string) (Extracted, error) {
	d, err := load.FileOptions(path, load.Options{})
	if err != nil {
		return Extracted{}, err
	}
	return FromDocument(d), nil
}

var (
	doiPattern  = lazyregexp.New(`\b10\.\d{4,9}/[-._;()/:A-Za-z0-9]*[A-Za-z0-9]`)
	isbnPattern = lazyregexp.New(`ISBN(?:-1[03])?:?\s*((?:97[89][- ]?)?\d{1,5}[- ]?\d{1,7}[- ]?\d{1,7}[- ]?[\dXx])\b`)
)

// idsLookedIn is how much of a text's start a DOI or ISBN is looked for in.
const idsLookedIn = 20000

// FromDocument is what a loaded document gives the library: its title
// (else its file's name), author, pages, words, text, and the first DOI
// and ISBN near its start.
func FromDocument(d *doc.Document) Extracted {
	e := Extracted{Format: d.Meta.Format, Title: strings.TrimSpace(d.Meta.Title), Text: d.Text}
	if d.Meta.Author != nil {
		e.Author = strings.TrimSpace(*d.Meta.Author)
	}
	if e.Title == "" {
		e.Title = filepath.Base(d.Meta.Path)
	}
	e.Pages, _ = strconv.Atoi(d.Meta.Properties["pages"])
	e.Words = len(strings.Fields(d.Text))
	head := d.Text
	if len(head) > idsLookedIn {
		head = head[:idsLookedIn]
	}
	e.DOI = doiPattern.FindString(head)
	if m := isbnPattern.FindStringSubmatch(head); m != nil {
		e.ISBN = strings.NewReplacer(" ", "", "-", "").Replace(m[1])
	}
	return e
}

// known is what the index holds of a file, to tell whether it changed.
type known struct {
	size, mtime int64
}

// Scan brings the index up to date with the documents in folders: files
// new or changed (by size and modification time) are read by extract,
// several at a time, files gone from a folder that could be read are
// taken out, and a file that cannot be read is listed with its reason
// without stopping the rest. progress (may be nil) is told after each
// file. Cancelling ctx stops the scan; what was indexed stays.
func (l *Library) Scan(ctx context.Context, folders []string, extract Extractor, progress func(Progress)) (Report, error) {
	files, missing := Files(folders)
	rep := Report{Missing: missing}
	present, err := l.known()
	if err != nil {
		return rep, err
	}
	var todo []string
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		seen[f] = true
		st, err := os.Stat(f)
		if err != nil {
			continue
		}
		if k, ok := present[f]; ok && k.size == st.Size() && k.mtime == st.ModTime().UnixNano() {
			rep.Unchanged++
			continue
		}
		todo = append(todo, f)
	}
	// Files gone from the folders that could be read.
	var gone []string
	for p := range present {
		if !seen[p] && underAny(p, folders, missing) {
			gone = append(gone, p)
		}
	}
	for _, p := range gone {
		n, err := l.Remove(p)
		if err != nil {
			return rep, err
		}
		rep.Removed += n
	}
	total := len(todo)
	if progress != nil {
		progress(Progress{Done: 0, Total: total})
	}
	done := 0
	err = l.extractAll(ctx, todo, extract, func(r extraction) error {
		if err := l.put(r); err != nil {
			return err
		}
		rep.count(r, present)
		done++
		if progress != nil {
			progress(Progress{Done: done, Total: total, Path: r.path})
		}
		return nil
	})
	return rep, err
}

// count counts a file indexed: added, updated (it was in present before),
// or failed with its reason.
func (rep *Report) count(r extraction, present map[string]known) {
	_, existed := present[r.path]
	switch {
	case r.err != nil:
		rep.Failed = append(rep.Failed, Failure{r.path, reason(r.err)})
	case existed:
		rep.Updated++
	default:
		rep.Added++
	}
}

// reason words why a file could not be read, without its path.
func reason(err error) string {
	var le *load.Error
	if errors.As(err, &le) {
		return le.Reason
	}
	return err.Error()
}

// underAny reports whether path lies under one of folders that is not
// missing.
func underAny(path string, folders []string, missing []FolderError) bool {
	gone := map[string]bool{}
	for _, m := range missing {
		gone[m.Folder] = true
	}
	for _, f := range folders {
		f = filepath.Clean(f)
		if !gone[f] && strings.HasPrefix(path, f+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func (l *Library) known() (map[string]known, error) {
	rows, err := l.db.Query(`SELECT path, size, mtime FROM documents`)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	defer rows.Close()
	out := map[string]known{}
	for rows.Next() {
		var p string
		var k known
		if err := rows.Scan(&p, &k.size, &k.mtime); err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
		out[p] = k
	}
	return out, rows.Err()
}

// extraction is one file read for the index.
type extraction struct {
	path        string
	size, mtime int64
	e           Extracted
	err         error
}

// extractAll reads paths with as many workers as there are processors
// and hands each result to put, one at a time, in the caller's goroutine.
func (l *Library) extractAll(ctx context.Context, paths []string, extract Extractor, put func(extraction) error) error {
	jobs := make(chan string)
	results := make(chan extraction)
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				results <- extractOne(p, extract)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, p := range paths {
			select {
			case jobs <- p:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	var firstErr error
	for r := range results {
		if firstErr == nil {
			firstErr = put(r)
		}
	}
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

func extractOne(path string, extract Extractor) (r extraction) {
	r.path = path
	if st, err := os.Stat(path); err == nil {
		r.size, r.mtime = st.Size(), st.ModTime().UnixNano()
	}
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("library: reading it failed: %v", p)
		}
	}()
	r.e, r.err = extract(path)
	if r.err == nil && r.e.Format == "" {
		r.e.Format = load.FormatOf(path)
	}
	return r
}

// put writes one document's row and text in one transaction.
func (l *Library) put(r extraction) error {
	tx, err := l.db.Begin()
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	defer tx.Rollback()
	e := r.e
	msg := ""
	if r.err != nil {
		msg = reason(r.err)
		e = Extracted{Format: load.FormatOf(r.path), Title: filepath.Base(r.path)}
	}
	var id int64
	err = tx.QueryRow(`INSERT INTO documents(path, size, mtime, format, title, author, doi, isbn, pages, words, error)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, format = excluded.format,
		title = excluded.title, author = excluded.author, doi = excluded.doi, isbn = excluded.isbn,
		pages = excluded.pages, words = excluded.words, error = excluded.error
		RETURNING id`,
		r.path, r.size, r.mtime, e.Format, e.Title, e.Author, e.DOI, e.ISBN, e.Pages, e.Words, msg).Scan(&id)
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	if _, err := tx.Exec(`DELETE FROM text_fts WHERE rowid = ?`, id); err != nil {
		return fmt.Errorf("library: %w", err)
	}
	if e.Text != "" {
		if _, err := tx.Exec(`INSERT INTO text_fts(rowid, body) VALUES (?, ?)`, id, e.Text); err != nil {
			return fmt.Errorf("library: %w", err)
		}
	}
	if err := refreshMeta(tx, r.path); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("library: %w", err)
	}
	return nil
}
