package core

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/docxreview"
	"textfirst/internal/tw/units"
)

// saveChangesToWord writes the review into the Word file: a copy of the
// file as it was is kept beside it first (the first save of the session),
// then the file is replaced at once with the reviewed one.
func (a *App) saveChangesToWord() {
	if !a.isWord() {
		a.notWord()
		return
	}
	r := a.review
	if r == nil || len(r.steps) == 0 {
		a.say(a.tr("Nothing to save: no change was accepted or rejected and no comment added since the file was read."))
		return
	}
	name := filepath.Base(r.path)
	disk, err := os.ReadFile(r.path)
	if err != nil {
		a.sayError(a.tr("Could not read %s: %s.", name, errReason(err)))
		return
	}
	if !bytes.Equal(disk, r.orig) {
		a.sayError(a.tr("%s changed on disk since its changes were read, so nothing was written. Your decisions are still shown here.", name))
		return
	}
	perm := os.FileMode(0o644)
	if fi, err := os.Stat(r.path); err == nil {
		perm = fi.Mode().Perm()
	}
	kept := ""
	if r.backup == "" {
		backup := docxreview.BackupPath(r.path)
		if err := atomicfile.Write(backup, r.orig, perm); err != nil {
			a.sayError(a.tr("Could not keep a copy of the original as %s, so nothing was written: %s.", filepath.Base(backup), errReason(err)))
			return
		}
		r.backup, kept = backup, backup
	}
	if err := atomicfile.Write(r.path, r.working, perm); err != nil {
		a.sayError(a.tr("Could not write %s: %s. The file is as it was.", name, errReason(err)))
		return
	}
	decided, comments := 0, 0
	for _, s := range r.steps {
		decided += len(s.decisions)
		if s.comment != nil {
			comments++
		}
	}
	r.orig, r.steps, r.undone = r.working, nil, nil
	said := a.tr("Saved into %s: changes decided: %d, comments added: %d.", name, decided, comments)
	if kept != "" {
		said += " " + a.tr("The original is kept beside it as %s.", filepath.Base(kept))
	}
	a.say(said)
}

// addComment asks for a comment on the selection or the sentence at the
// cursor. In a Word file it is a comment of the file (written by
// save_changes_to_word); in any other document it is kept as a note
// tagged comment.
func (a *App) addComment() {
	target, ok := a.noteTarget()
	if !ok {
		a.say(a.tr("Nothing here to comment on."))
		return
	}
	if !a.isWord() {
		a.askText("comment_text", a.tr("Comment on: %s", a.previewText(a.d.Slice(target.Start, target.End))), func(text string) {
			a.commentAsNote(target, text)
		})
		return
	}
	if a.inNotesSection(target) {
		a.say(a.tr("Comments go on the document's own text, not on its notes or comments."))
		return
	}
	a.askText("comment_text", a.tr("Comment on: %s", a.previewText(a.d.Slice(target.Start, target.End))), func(text string) {
		a.commentWord(target, text)
	})
}

// commentAsNote keeps a comment on a document that is not a Word file as a
// note tagged comment.
func (a *App) commentAsNote(r units.Range, text string) {
	a.state.NextID++
	tags, color := parseNote(text)
	if !slices.Contains(tags, commentTag) {
		tags = append(tags, commentTag)
	}
	cr, canon := a.toCanonical(r)
	a.state.Notes = append(a.state.Notes, docstate.Note{ID: a.state.NextID, Start: cr.Start, End: cr.End,
		Anchor: canon.Slice(cr.Start, cr.End), Text: text, Tags: tags, Color: color})
	a.sortNotes()
	a.sel = nil
	if a.saveMarks(msg("Could not save the note: %s.")) {
		a.say(a.tr("Only Word files take comments, so it is kept as a note tagged comment: %s", text))
	}
}

// commentWord adds a comment to the Word file's review.
func (a *App) commentWord(r units.Range, text string) {
	anchor, occurrence := a.commentAnchor(r)
	if anchor == "" {
		a.say(a.tr("Nothing here to comment on."))
		return
	}
	c := &docxreview.Comment{Author: a.commentAuthor(), Date: time.Now().UTC().Format("2006-01-02T15:04:05Z"),
		Text: text, Anchor: anchor, Occurrence: occurrence}
	done := a.tr("Comment added on: %s", a.previewText(anchor))
	rep, ok := a.pushReviewStep(reviewStep{comment: c, done: done})
	if !ok {
		return
	}
	if rep.Unplaced > 0 {
		// Written on other words than these: taken back.
		if rv := a.review; rv != nil {
			a.reviewTo(slices.Clone(rv.steps[:len(rv.steps)-1]))
		}
		a.sayError(a.tr("This text was not found in the Word file as it is written there, so no comment was added. Try a shorter passage within one paragraph."))
		return
	}
	a.sel = nil
	said := done + " " + a.tr("Save changes to Word writes it into %s.", filepath.Base(a.d.Meta.Path))
	if strings.TrimSpace(a.opts.Settings.String("editing.author")) == "" {
		said += " " + a.tr("It is signed %s; set Author in the settings to sign with your name.", c.Author)
	}
	a.say(said)
}

// commentAuthor is the name comments are signed with: editing.author, else
// "tw" (never a name taken from the computer without asking).
func (a *App) commentAuthor() string {
	if name := strings.TrimSpace(a.opts.Settings.String("editing.author")); name != "" {
		return name
	}
	return "tw"
}

// inNotesSection reports whether r is in the text of a note or a comment
// the loader wrote after the document's text.
func (a *App) inNotesSection(r units.Range) bool {
	for _, m := range a.d.Markers() {
		if m.Kind == doc.Footnote && m.Level == 1 && m.Start < max(r.End, r.Start+1) && r.Start < m.End {
			return true
		}
	}
	return false
}

// commentAnchor is the text of r as the Word file holds it (what tw adds
// left out: note and comment references, and the words that say where
// changes are, with deleted text) with its whitespace collapsed, and
// which occurrence of that text it is, from 0.
func (a *App) commentAnchor(r units.Range) (string, int) {
	d := a.d
	var drop []units.Range
	for _, m := range d.Markers() {
		if m.Kind == doc.Footnote && m.Level == 0 {
			drop = append(drop, units.Range{Start: m.Start, End: m.End})
		}
	}
	if d.Meta.Properties["textweaver.revisions_marked"] == "true" {
		for _, c := range documentChanges(d) {
			open := "[" + c.Kind + ": "
			n := len([]rune(open))
			s, e := c.Range.Start, c.Range.End
			if s < n || d.Slice(s-n, s) != open || d.Slice(e, min(e+1, d.Len())) != "]" {
				continue
			}
			if c.Kind == "deleted" {
				drop = append(drop, units.Range{Start: s - n, End: e + 1})
			} else {
				drop = append(drop, units.Range{Start: s - n, End: s}, units.Range{Start: e, End: e + 1})
			}
		}
	}
	slices.SortFunc(drop, func(x, y units.Range) int { return x.Start - y.Start })
	var b strings.Builder
	start, end := -1, -1
	space := false
	k := 0
	pos := 0
	for _, ch := range d.Text[:d.Byte(min(r.End, d.Len()))] {
		for k < len(drop) && drop[k].End <= pos {
			k++
		}
		inDrop := k < len(drop) && drop[k].Start <= pos
		if pos == r.Start {
			start = b.Len()
		}
		pos++
		if inDrop {
			continue
		}
		if strings.ContainsRune(" \t\n\r\u00a0", ch) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
			if start == b.Len()-1 {
				start = b.Len()
			}
		}
		b.WriteRune(ch)
	}
	end = b.Len()
	if start < 0 || start >= end {
		return "", 0
	}
	text := b.String()
	anchor := strings.TrimSpace(text[start:end])
	occurrence := 0
	for from := 0; ; {
		i := strings.Index(text[from:], anchor)
		if i < 0 || from+i >= start {
			break
		}
		occurrence++
		from += i + 1
	}
	return anchor, occurrence
}

// parkedReview is the review of a Word document left for another one
// before it was saved: opening that document again, unchanged, brings it
// back.
type parkedReview struct {
	review *reviewState
	doc    *doc.Document
}

// parkReview keeps the open document's unsaved review, when it has one,
// before another document is shown; tell says so.
func (a *App) parkReview(tell bool) {
	r := a.review
	a.review = nil
	if r == nil || len(r.steps) == 0 {
		return
	}
	if a.parked == nil {
		a.parked = map[string]parkedReview{}
	}
	a.parked[r.path] = parkedReview{review: r, doc: a.d}
	if !tell {
		return
	}
	a.say(a.tr("The changes decided and comments added in %s are not saved to it; open it again before tw closes to go on.", filepath.Base(r.path)))
}

// unparkReview is the document to show for the file at abs just loaded
// as d: the one with its review, when one was parked and the file has not
// changed since.
func (a *App) unparkReview(abs string, d *doc.Document) (*doc.Document, *reviewState) {
	p, ok := a.parked[abs]
	if !ok || d.Meta.Format != "docx" {
		return d, nil
	}
	delete(a.parked, abs)
	disk, err := os.ReadFile(abs)
	if err != nil || !bytes.Equal(disk, p.review.orig) {
		return d, nil
	}
	return p.doc, p.review
}

// reviewUnsaved is the question quitting asks when the open Word
// document's review is not saved, else "".
func (a *App) reviewUnsaved() string {
	var names []string
	if r := a.review; r != nil && len(r.steps) > 0 {
		names = append(names, filepath.Base(r.path))
	}
	for path := range a.parked {
		names = append(names, filepath.Base(path))
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return a.tr("Quit textweaver? The changes decided and comments added in %s are not saved. y or n", strings.Join(names, ", "))
}
