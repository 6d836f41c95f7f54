package core

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
)

// Recovery copies (editing.autosave_recovery): while a document being
// edited has unsaved changes, the autosave writes its source to a copy in
// tw's home (data/recovery, one file per document, named like its state
// file), replaced atomically each time the source changed. Saving the
// document, leaving edit mode (saving or discarding) and so quitting
// cleanly remove the copy; a process that is killed leaves it. Opening the
// document again while a copy newer than the file is there asks whether to
// restore the edits: yes opens edit mode with them (one undo step takes
// them back), no removes the copy. A copy older than the file (the file
// was saved since, by tw or another program) is removed without asking.
// Documents opened with a password never get a copy: it would hold their
// text in clear.

// recoveryCopy is what a recovery file holds.
type recoveryCopy struct {
	Path   string `json:"path"`   // the document's absolute path
	Source string `json:"source"` // its source as edited, lines ending in \n
}

// recoveryFile is where the recovery copy of the document at path lives.
func (a *App) recoveryFile(path string) string {
	return filepath.Join(a.opts.Home, "data", "recovery", filepath.Base(a.st.FileFor(path)))
}

// recoverable reports whether the document being edited may have a copy.
func (a *App) recoverable() bool {
	return a.editing && a.edit != nil && a.edit.path != "" && !a.encrypted && !doc.IsWebAddress(a.edit.path)
}

// keepRecovery writes the recovery copy of the edits when they are unsaved
// and changed since the copy was last written, and removes the copy when
// there is nothing to recover or copies are turned off. Its failures are
// logged, not said: the user did not ask for it.
func (a *App) keepRecovery() {
	if !a.recoverable() {
		return
	}
	if !a.dirty || !a.opts.Settings.Bool("editing.autosave_recovery") {
		a.dropRecovery(a.edit.path)
		return
	}
	if a.edit.recoveryText == a.d.Text {
		return
	}
	file := a.recoveryFile(a.edit.path)
	data, err := json.Marshal(recoveryCopy{Path: a.edit.path, Source: a.d.Text})
	if err == nil {
		err = atomicfile.MkdirPrivate(a.opts.Home, filepath.Dir(file))
	}
	if err == nil {
		err = atomicfile.WritePrivate(file, data)
	}
	if err != nil {
		a.opts.Logger.Printf("could not keep a recovery copy of %s: %v", a.edit.path, err)
		return
	}
	a.edit.recoveryText = a.d.Text
}

// dropRecovery removes the recovery copy of the document at path, if any.
func (a *App) dropRecovery(path string) {
	if path == "" || doc.IsWebAddress(path) {
		return
	}
	if a.edit != nil && a.edit.path == path {
		a.edit.recoveryText = ""
	}
	if err := os.Remove(a.recoveryFile(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		a.opts.Logger.Printf("could not remove the recovery copy of %s: %v", path, err)
	}
}

// offerRecovery asks whether to restore the edits of the document just
// opened from abs when a recovery copy of them is newer than the file. It
// reports whether it asked.
func (a *App) offerRecovery(abs string) bool {
	if a.encrypted || doc.IsWebAddress(abs) || !editableFormat(a.d.Meta.Format) {
		return false
	}
	file := a.recoveryFile(abs)
	kept, err := os.Stat(file)
	if err != nil {
		return false
	}
	if !a.opts.Settings.Bool("editing.autosave_recovery") {
		a.dropRecovery(abs)
		return false
	}
	var rc recoveryCopy
	data, err := os.ReadFile(file)
	if err == nil {
		err = json.Unmarshal(data, &rc)
	}
	switch info, statErr := os.Stat(abs); {
	case err != nil || rc.Path != abs:
		// Not a copy of this document's: leave it to whoever wrote it.
		a.opts.Logger.Printf("recovery copy %s is not of %s: %v", file, abs, err)
		return false
	case statErr != nil || info.ModTime().After(kept.ModTime()):
		a.dropRecovery(abs)
		return false
	}
	name := filepath.Base(abs)
	a.ask("restore_edits", a.tr("%s has unsaved edits kept from when tw last stopped. Restore them? y or n", name), func() {
		a.restoreEdits(abs, rc.Source)
	})
	a.pending.no = func() {
		a.dropRecovery(abs)
		a.say(a.tr("The kept edits were discarded."))
	}
	return true
}

// restoreEdits opens edit mode on the document at abs with source, the
// edits its recovery copy kept, as one undo step.
func (a *App) restoreEdits(abs, source string) {
	if a.d == nil || a.d.Meta.Path != abs {
		return
	}
	if !a.editing {
		a.enterEdit()
	}
	if !a.editing {
		return
	}
	cursor := a.cursor
	a.apply(0, a.d.Len(), source, 0)
	a.cursor = min(cursor, a.d.Len())
	a.edit.recoveryText = source
	a.say(a.tr("Edits restored; they are not saved yet. Ctrl+S saves them."))
}
