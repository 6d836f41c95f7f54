package core

import (
	"fmt"
	"sort"
	"strings"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/units"
)

// The Bookmarks and notes group.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"add_bookmark":        (*App).addBookmark,
		"list_bookmarks":      (*App).listBookmarks,
		"rename_bookmark":     (*App).renameBookmarkAtCursor,
		"delete_bookmark":     (*App).deleteBookmarkAtCursor,
		"add_note":            (*App).addNote,
		"list_notes":          (*App).listNotes,
		"edit_note":           (*App).editNoteAtCursor,
		"delete_note":         (*App).deleteNoteAtCursor,
		"highlight_selection": (*App).toggleHighlight,
		"toggle_highlight":    (*App).toggleHighlight,
		"list_highlights":     (*App).listHighlights,
		"note_links":          func(a *App) { a.say(a.tr("This note has no links.")) },
		"export_study_sheet":  (*App).exportStudySheet,
	})
	handle(t, interrupting, map[string]actionHandler{
		"next_bookmark":     func(a *App) { a.bookmarkNav(true) },
		"previous_bookmark": func(a *App) { a.bookmarkNav(false) },
		"next_note":         func(a *App) { a.noteNav(true) },
		"previous_note":     func(a *App) { a.noteNav(false) },
	})
})

// bookmarkHere is the index of the bookmark at or before the cursor; it
// says so when there is none.
func (a *App) bookmarkHere() (int, bool) {
	i := a.bookmarkAtCursor()
	if i < 0 {
		a.say(a.tr("No bookmarks."))
	}
	return i, i >= 0
}

// renameBookmarkAtCursor asks for a new name of the bookmark at or
// before the cursor.
func (a *App) renameBookmarkAtCursor() {
	if i, ok := a.bookmarkHere(); ok {
		a.renameBookmark(i)
	}
}

// deleteBookmarkAtCursor asks whether to delete the bookmark at or
// before the cursor.
func (a *App) deleteBookmarkAtCursor() {
	i, ok := a.bookmarkHere()
	if !ok {
		return
	}
	name := a.state.Bookmarks[i].Name
	a.ask("delete_bookmark", a.tr("Delete bookmark %s? y or n", name), func() {
		for j, b := range a.state.Bookmarks {
			if b.Name == name {
				a.deleteBookmark(j)
				return
			}
		}
		a.say(a.tr("Bookmark %s is gone.", name))
	})
}

// editNoteAtCursor asks for the new text of the note at the cursor.
func (a *App) editNoteAtCursor() {
	i := a.noteAtCursor()
	if i < 0 {
		a.say(a.tr("No note here."))
		return
	}
	a.editNote(i)
}

// deleteNoteAtCursor asks whether to delete the note at the cursor, or,
// where there is none, the highlight.
func (a *App) deleteNoteAtCursor() {
	i := a.noteAtCursor()
	if i >= 0 {
		nid := a.state.Notes[i].ID
		a.ask("delete_note", a.tr("Delete this note? y or n"), func() { a.deleteNoteByID(nid) })
		return
	}
	h := a.highlightAtCursor()
	if h < 0 {
		a.say(a.tr("No note here."))
		return
	}
	hid := a.state.Highlights[h].ID
	a.ask("delete_note", a.tr("Remove this highlight? y or n"), func() {
		for j, x := range a.state.Highlights {
			if x.ID == hid {
				a.state.Highlights = append(a.state.Highlights[:j], a.state.Highlights[j+1:]...)
				if a.saveMarks(msg("Could not save the highlight's removal: %s.")) {
					a.say(a.tr("Highlight removed."))
				}
				return
			}
		}
	})
}

// addBookmark sets a bookmark at the cursor, named mark1, mark2, … (the
// first free name).
func (a *App) addBookmark() {
	at, _ := a.toCanonical(units.Range{Start: a.cursor, End: a.cursor})
	// One place keeps one bookmark: a second m there says so.
	for _, b := range a.state.Bookmarks {
		if b.Char == at.Start {
			a.say(a.tr("There is already a bookmark here, %s.", b.Name))
			return
		}
	}
	name := a.freeBookmarkName()
	a.state.Bookmarks = append(a.state.Bookmarks, docstate.Bookmark{Name: name, Char: at.Start})
	a.sortBookmarks()
	if !a.saveMarks(msg("Could not save the bookmark: %s.")) {
		return
	}
	// Another process may have given the same name to a bookmark of its
	// own meanwhile (the write merged it in): this one takes the next
	// free name, so every name still means one place.
	if a.bookmarksNamed(name) > 1 {
		for i := range a.state.Bookmarks {
			if b := &a.state.Bookmarks[i]; b.Name == name && b.Char == at.Start {
				b.Name = a.freeBookmarkName()
				name = b.Name
				break
			}
		}
		if !a.saveMarks(msg("Could not save the bookmark: %s.")) {
			return
		}
	}
	a.say(a.tr("Bookmark %s set at %d percent.", name, a.percent(a.cursor)))
}

// freeBookmarkName is the first of mark1, mark2, … no bookmark has.
func (a *App) freeBookmarkName() string {
	for i := 1; ; i++ {
		name := fmt.Sprintf("mark%d", i)
		if a.bookmarksNamed(name) == 0 {
			return name
		}
	}
}

func (a *App) bookmarksNamed(name string) int {
	n := 0
	for _, b := range a.state.Bookmarks {
		if b.Name == name {
			n++
		}
	}
	return n
}

func (a *App) sortBookmarks() { sortMarks(a.state.Bookmarks, bookmarkChar) }

func bookmarkChar(b docstate.Bookmark) int    { return b.Char }
func noteStart(n docstate.Note) int           { return n.Start }
func highlightStart(h docstate.Highlight) int { return h.Start }

// sortMarks sorts marks by where they start (at), keeping the order of
// marks that start at one place.
func sortMarks[T any](marks []T, at func(T) int) {
	sort.SliceStable(marks, func(i, j int) bool { return at(marks[i]) < at(marks[j]) })
}

// adjacentMark is the index of the first of marks (sorted by at: marks,
// lint or grammar problems) that starts after cursor (next), or of the
// last one that starts before it; -1 when there is none.
func adjacentMark[T any](marks []T, at func(T) int, cursor int, next bool) int {
	if next {
		for i := range marks {
			if at(marks[i]) > cursor {
				return i
			}
		}
		return -1
	}
	for i := len(marks) - 1; i >= 0; i-- {
		if at(marks[i]) < cursor {
			return i
		}
	}
	return -1
}

// markHolding is the index of the first of marks whose range [start, end)
// holds cursor (an empty range holds its start), or -1.
func markHolding[T any](marks []T, span func(T) (start, end int), cursor int) int {
	for i, m := range marks {
		if start, end := span(m); cursor >= start && cursor < max(end, start+1) {
			return i
		}
	}
	return -1
}

func (a *App) bookmarkNav(next bool) {
	a.markNav(next, "bookmark", adjacentMark(a.state.Bookmarks, bookmarkChar, a.cursor, next), a.goToBookmark)
}

// markNav goes to mark i of a kind ("bookmark", "note") with goTo, or, when
// i is -1, says there is none that way.
func (a *App) markNav(next bool, kind string, i int, goTo func(int)) {
	if i < 0 {
		a.edge(dirOf(next), kind)
		return
	}
	goTo(i)
}

// goToBookmark moves to bookmark i and says it.
func (a *App) goToBookmark(i int) {
	b := a.state.Bookmarks[i]
	a.moveTo(b.Char, true)
	a.say(a.tr("Bookmark %s, line %d: %s", b.Name, a.ix.LineOf(b.Char)+1, a.nonBlank(a.preview(b.Char))))
}

// bookmarkAtCursor returns the index of the bookmark at or last before the
// cursor, or -1.
func (a *App) bookmarkAtCursor() int {
	best := -1
	for i, b := range a.state.Bookmarks {
		if b.Char <= a.cursor {
			best = i
		}
	}
	if best < 0 && len(a.state.Bookmarks) > 0 {
		best = 0
	}
	return best
}

func (a *App) bookmarkItems() []string {
	return markItems(a.state.Bookmarks, func(b docstate.Bookmark) string {
		return a.tr("%s, line %d: %s", b.Name, a.ix.LineOf(b.Char)+1, a.nonBlank(a.preview(b.Char)))
	})
}

// markItems are the list items of marks, one a mark (nil for none).
func markItems[T any](marks []T, item func(T) string) []string {
	var items []string
	for _, m := range marks {
		items = append(items, item(m))
	}
	return items
}

// openMarkList opens the list of count marks of one kind, or says none (a
// catalogue key) when there are none.
func (a *App) openMarkList(count int, none string, l *List) {
	if count == 0 {
		a.say(a.trKey(none))
		return
	}
	a.openList(l)
}

func (a *App) listBookmarks() {
	a.openMarkList(len(a.state.Bookmarks), msg("No bookmarks."), &List{Title: a.tr("Bookmarks"), kind: bookmarkList,
		Items: a.bookmarkItems(), choose: a.goToBookmark, remove: a.deleteBookmark, rename: a.renameBookmark})
}

func (a *App) deleteBookmark(i int) {
	name := a.state.Bookmarks[i].Name
	a.state.Bookmarks = append(a.state.Bookmarks[:i], a.state.Bookmarks[i+1:]...)
	if a.saveMarks(msg("Could not save the bookmark's deletion: %s.")) {
		a.say(a.tr("Bookmark %s deleted.", name))
	}
}

func (a *App) renameBookmark(i int) {
	old := a.state.Bookmarks[i].Name
	a.openPrompt("rename_bookmark", a.tr("New bookmark name, Enter keeps it"), "Prompt", func(text string) {
		text = strings.TrimSpace(text)
		if text == "" || text == old {
			a.say(a.tr("Kept."))
			return
		}
		for _, b := range a.state.Bookmarks {
			if b.Name == text {
				a.sayError(a.tr("A bookmark is already named %s.", text))
				return
			}
		}
		found := false
		for j := range a.state.Bookmarks {
			if a.state.Bookmarks[j].Name == old {
				a.state.Bookmarks[j].Name = text
				found = true
			}
		}
		if !found {
			// Deleted meanwhile (here or by another tw on this home).
			a.say(a.tr("Bookmark %s is gone.", old))
			return
		}
		if a.saveMarks(msg("Could not save the bookmark's new name: %s.")) {
			a.say(a.tr("Bookmark %s renamed to %s.", old, text))
		}
	})
}

// --- notes -------------------------------------------------------------

var (
	tagPattern   = lazyregexp.New(`(?:^|\s)#([\p{L}\p{N}_-]+)`)
	colorPattern = lazyregexp.New(`(?i)(?:^|\s)(?:color|colour):\s*([a-z]+)`)
	colorNames   = map[string]bool{"yellow": true, "green": true, "blue": true, "pink": true, "red": true,
		"orange": true, "purple": true, "gray": true, "grey": true}
)

// parseNote takes the #tags and a color out of what the user wrote.
func parseNote(text string) (tags []string, color *string) {
	tags = []string{}
	for _, m := range tagPattern.FindAllStringSubmatch(text, -1) {
		tags = append(tags, m[1])
	}
	if m := colorPattern.FindStringSubmatch(text); m != nil {
		c := strings.ToLower(m[1])
		color = &c
	} else {
		for _, t := range tags {
			if colorNames[strings.ToLower(t)] {
				c := strings.ToLower(t)
				color = &c
				break
			}
		}
	}
	return tags, color
}

// noteTarget is the selection, else the sentence at the cursor.
func (a *App) noteTarget() (units.Range, bool) {
	if a.sel != nil && a.sel.Len() > 0 {
		return *a.sel, true
	}
	if s, ok := a.ix.Sentence(a.cursor); ok {
		return s, true
	}
	if w, ok := a.ix.NextWord(a.cursor); ok {
		return w, true
	}
	return units.Range{}, false
}

func (a *App) addNote() {
	r, ok := a.noteTarget()
	if !ok {
		a.say(a.tr("Nothing here to note."))
		return
	}
	a.askText("note_text", a.tr("Note"), func(text string) {
		a.state.NextID++
		tags, color := parseNote(text)
		cr, canon := a.toCanonical(r)
		a.state.Notes = append(a.state.Notes, docstate.Note{ID: a.state.NextID, Start: cr.Start, End: cr.End,
			Anchor: canon.Slice(cr.Start, cr.End), Text: text, Tags: tags, Color: color})
		a.sortNotes()
		a.sel = nil
		if a.saveMarks(msg("Could not save the note: %s.")) {
			a.say(a.tr("Note added: %s", text))
		}
	})
}

func (a *App) sortHighlights() { sortMarks(a.state.Highlights, highlightStart) }

func (a *App) sortNotes() { sortMarks(a.state.Notes, noteStart) }

func (a *App) noteNav(next bool) {
	a.markNav(next, "note", adjacentMark(a.state.Notes, noteStart, a.cursor, next), a.goToNote)
}

// goToNote moves to note i and says it.
func (a *App) goToNote(i int) {
	n := a.state.Notes[i]
	a.moveTo(n.Start, true)
	a.say(a.tr("Note: %s. On: %s", n.Text, a.previewText(n.Anchor)))
}

// noteAtCursor returns the index of the note holding the cursor, or -1.
func (a *App) noteAtCursor() int {
	return markHolding(a.state.Notes, func(n docstate.Note) (int, int) { return n.Start, n.End }, a.cursor)
}

func (a *App) noteItems() []string {
	return markItems(a.state.Notes, func(n docstate.Note) string {
		return a.tr("Line %d: %s: %s", a.ix.LineOf(n.Start)+1, a.previewText(n.Anchor), n.Text)
	})
}

func (a *App) listNotes() {
	a.openMarkList(len(a.state.Notes), msg("No notes."), &List{Title: a.tr("Notes"), kind: noteList, Items: a.noteItems(),
		choose: a.goToNote,
		remove: func(i int) {
			id := a.state.Notes[i].ID
			a.ask("delete_note", a.tr("Delete this note? y or n"), func() { a.deleteNoteByID(id) })
		},
		rename: a.editNote,
	})
}

func (a *App) deleteNoteByID(id int) {
	for i, n := range a.state.Notes {
		if n.ID == id {
			a.state.Notes = append(a.state.Notes[:i], a.state.Notes[i+1:]...)
			if a.saveMarks(msg("Could not save the note's deletion: %s.")) {
				a.say(a.tr("Note deleted."))
			}
			return
		}
	}
	a.say(a.tr("That note is gone."))
}

func (a *App) editNote(i int) {
	id := a.state.Notes[i].ID
	a.say(a.tr("Editing note: %s", a.state.Notes[i].Text))
	a.openPrompt("edit_note", a.tr("Edit note, Enter keeps it"), "Prompt", func(text string) {
		text = strings.TrimSpace(text)
		if text == "" {
			a.say(a.tr("Kept."))
			return
		}
		found := false
		for j := range a.state.Notes {
			if a.state.Notes[j].ID == id {
				a.state.Notes[j].Text = text
				a.state.Notes[j].Tags, a.state.Notes[j].Color = parseNote(text)
				found = true
			}
		}
		if !found {
			a.say(a.tr("That note is gone."))
			return
		}
		if a.saveMarks(msg("Could not save the note: %s.")) {
			a.say(a.tr("Note changed: %s", text))
		}
	})
}

// --- highlights --------------------------------------------------------

func (a *App) highlightAtCursor() int {
	return markHolding(a.state.Highlights, func(h docstate.Highlight) (int, int) { return h.Start, h.End }, a.cursor)
}

// toggleHighlight highlights the selection (else the sentence at the
// cursor), or removes the highlight the cursor is in.
func (a *App) toggleHighlight() {
	if i := a.highlightAtCursor(); i >= 0 && (a.sel == nil || a.sel.Len() == 0) {
		a.state.Highlights = append(a.state.Highlights[:i], a.state.Highlights[i+1:]...)
		if a.saveMarks(msg("Could not save the highlight's removal: %s.")) {
			a.say(a.tr("Highlight removed."))
		}
		return
	}
	if text, ok := a.addHighlight(""); ok {
		a.say(a.tr("Highlighted: %s", text))
	}
}

// addHighlight highlights the selection, else the sentence at the cursor,
// with name ("" for none), and saves it; it returns the highlighted text
// as said, or false (said) when there is nothing to highlight or the save
// failed.
func (a *App) addHighlight(name string) (string, bool) {
	r, ok := a.noteTarget()
	if !ok {
		a.say(a.tr("Nothing here to highlight."))
		return "", false
	}
	a.state.NextID++
	color := a.opts.Settings.String("highlight.color")
	if color == "" {
		color = "yellow"
	}
	cr, canon := a.toCanonical(r)
	a.state.Highlights = append(a.state.Highlights, docstate.Highlight{ID: a.state.NextID, Start: cr.Start, End: cr.End,
		Color: color, Text: canon.Slice(cr.Start, cr.End), Name: name})
	a.sortHighlights()
	a.sel = nil
	if !a.saveMarks(msg("Could not save the highlight: %s.")) {
		return "", false
	}
	return a.previewText(a.d.Slice(r.Start, r.End)), true
}

func (a *App) highlightItems() []string {
	return markItems(a.state.Highlights, func(h docstate.Highlight) string {
		return a.tr("Line %d, %s: %s", a.ix.LineOf(h.Start)+1, a.colorName(h.Color), a.previewText(h.Text))
	})
}

// refreshMarkList shows the marks as they are now in the open list of
// bookmarks, notes or highlights: its items and the indexes its choose,
// delete and rename use stay those of the marks, whoever changed them
// (this session, or another process whose marks were merged in).
func (a *App) refreshMarkList() {
	l := a.list
	if l == nil || a.state == nil {
		return
	}
	switch l.kind {
	case bookmarkList:
		l.all = a.bookmarkItems()
	case noteList:
		l.all = a.noteItems()
	case highlightList:
		l.all = a.highlightItems()
	default:
		return
	}
	if l.all == nil {
		l.all = []string{}
	}
	a.refilter()
}

func (a *App) listHighlights() {
	a.openMarkList(len(a.state.Highlights), msg("No highlights."), &List{Title: a.tr("Highlights"), kind: highlightList, Items: a.highlightItems(),
		choose: func(i int) {
			h := a.state.Highlights[i]
			a.moveTo(h.Start, true)
			a.say(a.previewText(h.Text))
		},
		remove: a.removeHighlight,
	})
}

// removeHighlight deletes highlight i (Delete in the Highlights list).
func (a *App) removeHighlight(i int) {
	text := a.previewText(a.state.Highlights[i].Text)
	a.state.Highlights = append(a.state.Highlights[:i], a.state.Highlights[i+1:]...)
	if a.saveMarks(msg("Could not save the highlight's removal: %s.")) {
		if len(a.state.Highlights) == 0 && a.list != nil && a.list.kind == highlightList {
			a.closeUI()
			a.say(a.tr("Highlight removed: %s. No highlights are left.", text))
			return
		}
		a.say(a.tr("Highlight removed: %s.", text))
	}
}

// NoteInfo, HighlightInfo: what the notes and highlights methods return.
type NoteInfo struct {
	ID, Start, End, Line int
	Anchor, Text         string
	Tags                 []string
	Color                *string
}

type HighlightInfo struct {
	ID, Start, End, Line int
	Color, Text          string
}

// Notes returns the notes in document order.
func (a *App) Notes() ([]NoteInfo, error) {
	return markInfos(a, func() []docstate.Note { return a.state.Notes }, func(n docstate.Note) NoteInfo {
		tags := n.Tags
		if tags == nil {
			tags = []string{}
		}
		return NoteInfo{n.ID, n.Start, n.End, a.ix.LineOf(n.Start) + 1, n.Anchor, n.Text, tags, n.Color}
	})
}

// Highlights returns the highlights in document order.
func (a *App) Highlights() ([]HighlightInfo, error) {
	return markInfos(a, func() []docstate.Highlight { return a.state.Highlights }, func(h docstate.Highlight) HighlightInfo {
		return HighlightInfo{h.ID, h.Start, h.End, a.ix.LineOf(h.Start) + 1, h.Color, h.Text}
	})
}

// markInfos describes the open document's marks of one kind (marks is read
// under the app's lock); no marks is an empty list, not nil.
func markInfos[T, I any](a *App, marks func() []T, info func(T) I) ([]I, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return nil, ErrNoDocument
	}
	out := []I{}
	for _, m := range marks() {
		out = append(out, info(m))
	}
	return out, nil
}
