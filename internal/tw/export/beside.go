package export

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"textfirst/internal/tw/doc"
)

// MaxImageSize is the largest image file a writer packs (128 MiB).
const MaxImageSize = 128 << 20

// The reasons a writer leaves out an image file it found (LeftOut.Reason).
// They are English keys the front ends word in the interface language.
const (
	ReasonOutsideFolder = "it lies outside the document's folder"
	ReasonNotRegular    = "it is not a regular file"
	ReasonTooLarge      = "it is larger than 128 MiB"
	ReasonUnreadable    = "it cannot be read"
)

// LeftOut is an image file a writer found but did not pack, written as its
// alt text instead: Src as the document names it, Reason one of the
// Reason constants.
type LeftOut struct {
	Src, Reason string
}

// besideFiles reads the files a document refers to from its folder, as the
// loaders read documents: only regular files, only inside the folder (no
// link leads out), never a device or a FIFO, at most MaxImageSize bytes.
// It notes each file found and refused, once. Not safe for concurrent use.
type besideFiles struct {
	base    string // the document's folder; "" when it has none
	leftOut []LeftOut
	noted   map[string]bool
}

func newBesideFiles(d *doc.Document) *besideFiles {
	f := &besideFiles{noted: map[string]bool{}}
	if d.Meta.Path != "" && !doc.IsWebAddress(d.Meta.Path) {
		f.base = filepath.Dir(d.Meta.Path)
	}
	return f
}

// local reports whether src names a file under the document's folder: a
// relative path without a scheme that stays below the folder.
func (f *besideFiles) local(src string) bool {
	return f.base != "" && src != "" && !strings.Contains(src, ":") && !path.IsAbs(src) && !strings.HasPrefix(path.Clean(src), "..")
}

// read returns the content of the file src (a slash path relative to the
// document's folder). A missing file gives false quietly; a file refused
// (see besideFiles) gives false and is noted in leftOut.
func (f *besideFiles) read(src string) ([]byte, bool) {
	if !f.local(src) {
		return nil, false
	}
	data, reason := f.readChecked(filepath.FromSlash(path.Clean(src)))
	if reason != "" && !f.noted[src] {
		f.noted[src] = true
		f.leftOut = append(f.leftOut, LeftOut{Src: src, Reason: reason})
	}
	return data, reason == "" && data != nil
}

// readChecked reads name under f.base; a missing file is (nil, "").
func (f *besideFiles) readChecked(name string) ([]byte, string) {
	if _, err := os.Lstat(filepath.Join(f.base, name)); errors.Is(err, fs.ErrNotExist) {
		return nil, ""
	}
	if outside(f.base, name) {
		return nil, ReasonOutsideFolder
	}
	// The root refuses any link that leads out, should one appear after
	// the check above.
	root, err := os.OpenRoot(f.base)
	if err != nil {
		return nil, ReasonUnreadable
	}
	defer root.Close()
	st, err := root.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, ""
	case err != nil:
		return nil, ReasonUnreadable
	case !st.Mode().IsRegular():
		// Opening a FIFO waits for a writer; a device may never end.
		return nil, ReasonNotRegular
	case st.Size() > MaxImageSize:
		return nil, ReasonTooLarge
	}
	file, err := root.Open(name)
	if err != nil {
		return nil, ReasonUnreadable
	}
	defer file.Close()
	if st, err := file.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, ReasonNotRegular // replaced between the looks
	}
	data, err := io.ReadAll(io.LimitReader(file, MaxImageSize+1))
	switch {
	case err != nil:
		return nil, ReasonUnreadable
	case len(data) > MaxImageSize:
		return nil, ReasonTooLarge
	}
	return data, ""
}

// outside reports whether name, relative to base, resolves (following its
// links) to a place outside base, or cannot be resolved.
func outside(base, name string) bool {
	realBase, err := filepath.EvalSymlinks(base)
	if err != nil {
		return true
	}
	real, err := filepath.EvalSymlinks(filepath.Join(base, name))
	if err != nil {
		return true
	}
	rel, err := filepath.Rel(realBase, real)
	return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel)
}
