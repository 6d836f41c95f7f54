package core

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docxreview"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/textdiff"
	"textfirst/internal/tw/units"
)

// Tracked changes and comments. list_changes lists a document's tracked
// changes and comments in document order ("Inserted by Ann: often");
// Enter goes to one, a accepts and r rejects the change chosen.
// accept_all_changes and reject_all_changes decide every change.
// add_comment comments the selection or the sentence at the cursor, and
// save_changes_to_word writes what was decided and the comments added into
// the Word file, after keeping a copy of the original beside it.
//
// Deciding works on Word files (.docx): the file's bytes as read are kept
// with the review's steps (decisions, comments), the steps are written
// into a copy in memory (package docxreview) and that copy is read again,
// so the text shown is what the file will hold once saved; the file itself
// is untouched until save_changes_to_word. Undo and redo take steps back
// and forward again; marks and the cursor follow the text (textdiff).

var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"list_changes":         (*App).listChanges,
		"accept_all_changes":   func(a *App) { a.decideAll(true) },
		"reject_all_changes":   func(a *App) { a.decideAll(false) },
		"add_comment":          (*App).addComment,
		"save_changes_to_word": (*App).saveChangesToWord,
	})
})

// reviewState is the review of the open Word document not yet saved.
type reviewState struct {
	path   string
	orig   []byte       // the file as read, or as last saved
	marked bool         // its changes are written in the text (reading.revisions)
	steps  []reviewStep // done since, in order
	undone []reviewStep // taken back by undo, the latest last
	// working is orig with the steps written in; shown.
	working []byte
	// backup is the copy of the original kept by the first save, "" until
	// then.
	backup string
}

// reviewStep is one step of a review: changes decided, or a comment added.
type reviewStep struct {
	decisions []docxreview.Decision
	comment   *docxreview.Comment
	done      string // what was said when it was done ("Changes accepted: 4.")
}

// changeRow is one row of the changes list: a tracked change, a comment
// of the document, or a note kept as a comment.
type changeRow struct {
	at      int
	change  *load.DocChange
	comment *load.DocComment
	note    int // the note's id, for a note kept as a comment
}

// documentChanges are d's tracked changes, as its loader recorded them.
func documentChanges(d *doc.Document) []load.DocChange { return load.ChangesOf(d.Meta.Properties) }

// documentComments are d's comments: those its loader recorded with their
// author (Word files), else those of its comments section (OpenDocument).
func documentComments(d *doc.Document) []load.DocComment {
	var out []load.DocComment
	if raw := d.Meta.Properties["textweaver.comments"]; raw != "" {
		_ = json.Unmarshal([]byte(raw), &out)
		return out
	}
	refs := map[string]int{}
	for _, m := range d.Markers() {
		if m.Kind != doc.Footnote || m.Label != "comment" {
			continue
		}
		if m.Level == 0 {
			if _, seen := refs[m.Reference]; !seen {
				refs[m.Reference] = m.Start
			}
			continue
		}
		text := strings.TrimSpace(d.Slice(m.Start, m.End))
		c := load.DocComment{Ref: m.Reference, Text: strings.TrimSpace(strings.TrimPrefix(text, "["+m.Reference+"]"))}
		c.Range.Start, c.Range.End = m.Start, m.Start
		if at, ok := refs[m.Reference]; ok {
			c.Range.Start, c.Range.End = at, at
		}
		out = append(out, c)
	}
	return out
}

// isWord reports whether the open document is a Word file on disk.
func (a *App) isWord() bool {
	return a.d.Meta.Format == "docx" && a.d.Meta.Path != "" && !doc.IsWebAddress(a.d.Meta.Path) &&
		!strings.Contains(a.d.Meta.Path, "!")
}

// notWord says that deciding changes needs a Word file.
func (a *App) notWord() {
	a.say(a.tr("Tracked changes are decided and saved in Word files (.docx) only; this is a %s document.", strings.ToUpper(a.d.Meta.Format)))
}

// changeRows are the rows of the changes list, in document order: at the
// same place, a change before a comment.
func (a *App) changeRows() []changeRow {
	var rows []changeRow
	changes := documentChanges(a.d)
	for i := range changes {
		rows = append(rows, changeRow{at: changes[i].Range.Start, change: &changes[i]})
	}
	comments := documentComments(a.d)
	for i := range comments {
		rows = append(rows, changeRow{at: comments[i].Range.Start, comment: &comments[i]})
	}
	for _, n := range a.state.Notes {
		if slices.Contains(n.Tags, commentTag) {
			rows = append(rows, changeRow{at: n.Start, note: n.ID})
		}
	}
	slices.SortStableFunc(rows, func(x, y changeRow) int {
		if x.at != y.at {
			return x.at - y.at
		}
		if (x.change == nil) != (y.change == nil) {
			if x.change != nil {
				return -1
			}
			return 1
		}
		return 0
	})
	return rows
}

// commentTag is the tag of a note add_comment keeps for a document that
// is not a Word file.
const commentTag = "comment"

// shortText is s on one line, cut after about 100 characters at a word.
func shortText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= 100 {
		return s
	}
	r := []rune(s)[:100]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > 60 {
		cut = cut[:i]
	}
	return cut + " …"
}

// rowText is how a row is listed: what it is, by whom, then its text.
func (a *App) rowText(r changeRow) string {
	switch {
	case r.change != nil:
		c := r.change
		text := shortText(c.Text)
		switch {
		case c.Kind == "inserted" && c.Author != "":
			return a.tr("Inserted by %s: %s", c.Author, text)
		case c.Kind == "inserted":
			return a.tr("Inserted: %s", text)
		case c.Kind == "deleted" && c.Author != "":
			return a.tr("Deleted by %s: %s", c.Author, text)
		case c.Kind == "deleted":
			return a.tr("Deleted: %s", text)
		case c.Author != "":
			return a.tr("Changed by %s: %s", c.Author, text)
		}
		return a.tr("Changed: %s", text)
	case r.comment != nil:
		if r.comment.Author != "" {
			return a.tr("Comment by %s: %s", r.comment.Author, shortText(r.comment.Text))
		}
		return a.tr("Comment: %s", shortText(r.comment.Text))
	}
	for _, n := range a.state.Notes {
		if n.ID == r.note {
			return a.tr("Comment kept as a note: %s", shortText(n.Text))
		}
	}
	return ""
}

// rowDetails is what the details key says of a row: the row, what it is
// on, and when it was made.
func (a *App) rowDetails(r changeRow) string {
	out := a.rowText(r)
	if last, _ := utf8.DecodeLastRuneInString(out); out != "" && !strings.ContainsRune(".!?…", last) {
		out += "."
	}
	date := ""
	switch {
	case r.change != nil:
		date = r.change.Date
		if r.change.Kind == "deleted" && r.change.Range.Start == r.change.Range.End {
			out += " " + a.tr("It was before: %s", a.nonBlank(a.previewMore(r.at)))
		}
	case r.comment != nil:
		date = r.comment.Date
		if on := strings.TrimSpace(a.d.Slice(r.comment.Range.Start, r.comment.Range.End)); on != "" {
			out += " " + a.tr("On: %s", shortText(on))
		}
	}
	if date == "" {
		if r.change != nil || r.comment != nil && r.comment.ID != "" {
			out += " " + a.tr("No date recorded.")
		}
		return out
	}
	if t, err := time.Parse(time.RFC3339, date); err == nil {
		date = t.Format("2006-01-02 15:04")
	}
	return out + " " + a.tr("Made %s.", date)
}

// listChanges lists the tracked changes and comments.
func (a *App) listChanges() {
	rows := a.changeRows()
	if len(rows) == 0 {
		switch a.d.Meta.Format {
		case "docx":
			a.say(a.tr("No tracked changes or comments in this document."))
		default:
			a.say(a.tr("No comments in this document. Tracked changes are listed in Word files (.docx) only."))
		}
		return
	}
	l := &List{Title: a.tr("Changes and comments")}
	fill := func() {
		items := make([]string, len(rows))
		for i, r := range rows {
			items[i] = a.rowText(r)
		}
		l.Items, l.all = items, items
	}
	fill()
	changes := 0
	for _, r := range rows {
		if r.change != nil {
			changes++
		}
	}
	l.intro = a.tr("%s. Changes: %d, comments: %d. Enter goes to one; a accepts a change, r rejects it; Escape closes.",
		l.Title, changes, len(rows)-changes)
	l.choose = func(i int) { a.goToChangeRow(rows[i]) }
	l.explain = func(i int) string { return a.rowDetails(rows[i]) }
	l.key = func(i int, c rune) bool {
		if c != 'a' && c != 'r' {
			return false
		}
		said, ok := a.decideRow(rows[i], c == 'a')
		if !ok {
			return true
		}
		rows = a.changeRows()
		if len(rows) == 0 {
			a.closeUI()
			a.say(said + " " + a.tr("No tracked changes or comments left."))
			return true
		}
		fill()
		i = min(i, len(rows)-1)
		a.reshowList(l, i, said+" "+a.tr("%s, %d of %d", l.Items[i], i+1, len(l.Items)))
		return true
	}
	a.openList(l)
}

// goToChangeRow moves to a row's place and says its sentence.
func (a *App) goToChangeRow(r changeRow) {
	a.moveTo(min(r.at, a.d.Len()), true)
	if s, ok := a.ix.Sentence(a.cursor); ok {
		a.say(a.nonBlank(a.d.Slice(s.Start, s.End)))
		return
	}
	a.say(a.nonBlank(a.spokenLine(a.ix.LineOf(a.cursor))))
}

// decideRow accepts or rejects the change of row r; it returns what it
// said it did, and false when nothing was done (said why).
func (a *App) decideRow(r changeRow, accept bool) (string, bool) {
	if r.change == nil {
		a.say(a.tr("This is a comment: a and r accept and reject tracked changes."))
		return "", false
	}
	if !a.isWord() {
		a.notWord()
		return "", false
	}
	c := r.change
	var done string
	switch {
	case accept && c.Kind == "deleted":
		done = a.tr("Accepted deletion: %s.", shortText(c.Text))
	case accept:
		done = a.tr("Accepted insertion: %s.", shortText(c.Text))
	case c.Kind == "deleted":
		done = a.tr("Rejected deletion: %s.", shortText(c.Text))
	default:
		done = a.tr("Rejected insertion: %s.", shortText(c.Text))
	}
	step := reviewStep{decisions: []docxreview.Decision{{Part: c.Part, ID: c.ID, Kind: c.Kind, Accept: accept}}, done: done}
	if _, ok := a.pushReviewStep(step); !ok {
		return "", false
	}
	return done, true
}

// decideAll accepts or rejects every tracked change.
func (a *App) decideAll(accept bool) {
	if !a.isWord() {
		a.notWord()
		return
	}
	changes := documentChanges(a.d)
	if len(changes) == 0 {
		a.say(a.tr("No tracked changes to decide."))
		return
	}
	step := reviewStep{done: a.tr("Changes rejected: %d.", len(changes))}
	if accept {
		step.done = a.tr("Changes accepted: %d.", len(changes))
	}
	for _, c := range changes {
		step.decisions = append(step.decisions, docxreview.Decision{Part: c.Part, ID: c.ID, Kind: c.Kind, Accept: accept})
	}
	if _, ok := a.pushReviewStep(step); !ok {
		return
	}
	name := filepath.Base(a.d.Meta.Path)
	if accept {
		a.say(step.done + " " + a.tr("The text shown is the final text. Save changes to Word writes it into %s; undo takes it back.", name))
		return
	}
	a.say(step.done + " " + a.tr("The text shown is the original text. Save changes to Word writes it into %s; undo takes it back.", name))
}

// pushReviewStep does step after the review's steps; redo's steps are
// dropped. False when it could not be done (said why).
func (a *App) pushReviewStep(step reviewStep) (docxreview.Report, bool) {
	r, ok := a.startReview()
	if !ok {
		return docxreview.Report{}, false
	}
	rep, ok := a.reviewTo(append(slices.Clone(r.steps), step))
	if ok {
		r.undone = nil
	}
	return rep, ok
}

// startReview is the open Word document's review, begun with the file as
// it is now when there is none; nil (said why) when the file cannot be
// read or is no longer the document shown.
func (a *App) startReview() (*reviewState, bool) {
	if a.review != nil {
		return a.review, true
	}
	path := a.d.Meta.Path
	name := filepath.Base(path)
	data, err := os.ReadFile(path)
	if err != nil {
		a.sayError(a.tr("Could not read %s: %s.", name, errReason(err)))
		return nil, false
	}
	r := &reviewState{path: path, orig: data, working: data, marked: a.d.Meta.Properties["textweaver.revisions_marked"] == "true"}
	d, err := a.reload(r, data)
	if err != nil {
		a.sayError(a.tr("Could not read %s: %s.", name, errReason(err)))
		return nil, false
	}
	if d.Text != a.d.Text {
		a.sayError(a.tr("%s changed since it was opened. Open it again, then decide its changes.", name))
		return nil, false
	}
	a.review = r
	return r, true
}

// reload reads data as the review's file, its tracked changes read as
// they were when it was opened (written in the text, or not).
func (a *App) reload(r *reviewState, data []byte) (*doc.Document, error) {
	revisions := load.RevisionsFinal
	if r.marked {
		revisions = load.RevisionsMarked
	}
	if a.opts.Reload != nil {
		return a.opts.Reload(r.path, data, revisions)
	}
	return load.BytesOptions(r.path, data, load.Options{Revisions: revisions})
}

// reviewTo shows the review's file with steps written in, and makes them
// the review's steps. False (said why) when it cannot be done.
func (a *App) reviewTo(steps []reviewStep) (docxreview.Report, bool) {
	r := a.review
	name := filepath.Base(r.path)
	var u docxreview.Update
	for _, s := range steps {
		u.Decisions = append(u.Decisions, s.decisions...)
		if s.comment != nil {
			u.Comments = append(u.Comments, *s.comment)
		}
	}
	data, rep := r.orig, docxreview.Report{}
	if len(u.Decisions)+len(u.Comments) > 0 {
		var err error
		if data, rep, err = docxreview.Apply(r.orig, u); err != nil {
			a.sayError(a.tr("Could not change %s: %s.", name, err.Error()))
			return rep, false
		}
	}
	d, err := a.reload(r, data)
	if err != nil {
		a.sayError(a.tr("Could not change %s: %s.", name, errReason(err)))
		return rep, false
	}
	r.steps, r.working = steps, data
	a.replaceDocument(d)
	return rep, true
}

// replaceDocument shows d in place of the open document, an edited copy
// of it: the cursor, the marks and the jump history keep their places in
// the text both share, and the marks are saved.
func (a *App) replaceDocument(d *doc.Document) {
	a.stopIfReading()
	m := textdiff.New(a.d.Text, d.Text)
	a.d = d
	a.ix = units.New(d)
	go a.ix.Warm()
	a.hashOf, a.textHash = nil, ""
	a.lowerOf, a.lower = nil, ""
	a.cursor = min(m.At(a.cursor), d.Len())
	a.sel, a.find, a.heard = nil, nil, nil
	st := a.state
	for i := range st.Bookmarks {
		st.Bookmarks[i].Char = m.At(st.Bookmarks[i].Char)
	}
	for i := range st.Notes {
		n := &st.Notes[i]
		n.Start, n.End = m.At(n.Start), max(m.At(n.End), m.At(n.Start))
		if n.End > n.Start {
			n.Anchor = d.Slice(n.Start, n.End)
		}
	}
	for i := range st.Highlights {
		h := &st.Highlights[i]
		h.Start, h.End = m.At(h.Start), max(m.At(h.End), m.At(h.Start))
		if h.End > h.Start {
			h.Text = d.Slice(h.Start, h.End)
		}
	}
	for i, p := range st.History {
		st.History[i] = m.At(p)
	}
	for i, p := range st.Forward {
		st.Forward[i] = m.At(p)
	}
	a.saveMarks(msg("Could not save the marks: %s."))
}

// undoReview takes the review's last step back (redo: does the last one
// undone again) and says which.
func (a *App) undoReview(undo bool) {
	r := a.review
	if undo {
		step := r.steps[len(r.steps)-1]
		if _, ok := a.reviewTo(slices.Clone(r.steps[:len(r.steps)-1])); ok {
			r.undone = append(r.undone, step)
			a.say(a.tr("Undone: %s", step.done))
		}
		return
	}
	step := r.undone[len(r.undone)-1]
	if _, ok := a.reviewTo(append(slices.Clone(r.steps), step)); ok {
		r.undone = r.undone[:len(r.undone)-1]
		a.say(a.tr("Redone: %s", step.done))
	}
}

// inEditModeOrReview runs undo and redo in edit mode; out of it, they
// take back and do again the steps of the review of a Word document's
// changes and comments, when there are any.
func inEditModeOrReview(id string, h actionHandler) actionHandler {
	edit := inEditMode(id, h)
	return func(a *App) {
		if !a.editing && a.d != nil && a.review != nil {
			if id == "undo" && len(a.review.steps) > 0 || id == "redo" && len(a.review.undone) > 0 {
				a.stopIfReading()
				a.undoReview(id == "undo")
				return
			}
		}
		edit(a)
	}
}
