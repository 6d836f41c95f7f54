package core

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/syncfolder"
)

// Sync through a shared folder (internal/tw/syncfolder): each computer
// publishes its place and notes in the open document, found by its text,
// and takes the others' notes; the newer edit of a note wins, and the
// text it replaced is kept here (sync_replaced_notes puts it back). Sync
// runs when asked (sync_now, and after sync_setup), while reading: in
// edit mode places and notes are in the source.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"sync_setup":  (*App).syncSetup,
		"sync_status": (*App).syncStatus,
		"sync_stop":   (*App).syncStop,
	})
	handle(t, interrupting, map[string]actionHandler{
		"sync_now":            func(a *App) { a.syncNow() },
		"sync_go_to_place":    (*App).syncGoToPlace,
		"sync_replaced_notes": (*App).syncReplacedNotes,
	})
})

// syncConfig is the home's sync configuration; ok is false, said, when
// sync is not set up or this session keeps no files.
func (a *App) syncConfig() (syncfolder.Config, bool) {
	c, problem, isError := a.currentSyncConfig()
	switch {
	case problem == "":
		return c, true
	case isError:
		a.sayError(problem)
	default:
		a.say(problem)
	}
	return c, false
}

// currentSyncConfig is the home's sync configuration, or the sentence
// that says why there is none to use (an error when isError).
func (a *App) currentSyncConfig() (c syncfolder.Config, problem string, isError bool) {
	if a.opts.Home == "" {
		return c, a.tr("tw keeps no files in this session, so there is nothing to sync."), true
	}
	c, err := syncfolder.LoadConfig(a.opts.Home)
	if err != nil {
		return c, a.tr("The sync settings cannot be read: %v", err), true
	}
	// sync.folder and sync.device_name, when set, are used in place of
	// what sync setup chose; sync.enabled off stops sync without
	// forgetting either.
	if f := strings.TrimSpace(a.opts.Settings.String("sync.folder")); f != "" {
		if abs, err := filepath.Abs(expandHome(f)); err == nil {
			c.Folder = abs
		}
	}
	if n := strings.TrimSpace(a.opts.Settings.String("sync.device_name")); n != "" {
		c.Computer = n
	}
	if !a.opts.Settings.Bool("sync.enabled") {
		return c, a.tr("Sync is turned off in the settings (sync.enabled)."), false
	}
	if !c.On() {
		return c, a.tr("Sync is off. Set it up with sync setup."), false
	}
	return c, "", false
}

// syncReading is true when the document can be synced: not while editing.
func (a *App) syncReading() bool {
	if a.editing {
		a.say(a.tr("Sync works while reading: turn edit mode off with Ctrl+E, then sync."))
		return false
	}
	return true
}

// syncSetup asks for the shared folder and this computer's name, then
// syncs the open document.
func (a *App) syncSetup() {
	if a.opts.Home == "" {
		a.sayError(a.tr("tw keeps no files in this session, so there is nothing to sync."))
		return
	}
	a.askText("sync_folder", a.tr("Sync folder: a folder your computers share"), func(folder string) {
		folder, err := filepath.Abs(expandHome(folder))
		if err == nil {
			err = os.MkdirAll(folder, 0o700)
		}
		if err != nil {
			a.sayError(a.tr("Could not use the sync folder: %v", err))
			return
		}
		host, _ := os.Hostname()
		a.openPrompt("sync_computer_name", a.tr("This computer's name for sync; Enter keeps %s", host), "Prompt", func(name string) {
			if name = strings.TrimSpace(name); name == "" {
				name = host
			}
			c := syncfolder.Config{Folder: folder, Computer: name}
			if err := syncfolder.SaveConfig(a.opts.Home, c); err != nil {
				a.sayError(a.tr("Could not save the sync settings: %v", err))
				return
			}
			said := a.tr("Sync set up: %s, through %s.", name, folder)
			if a.d != nil && !a.editing {
				said += " " + a.syncNow()
			}
			a.say(said)
		})
	})
}

// syncStop turns sync off here; the folder is left as it is.
func (a *App) syncStop() {
	if _, ok := a.syncConfig(); !ok {
		return
	}
	if err := syncfolder.SaveConfig(a.opts.Home, syncfolder.Config{}); err != nil {
		a.sayError(a.tr("Could not save the sync settings: %v", err))
		return
	}
	if st, ok := a.opts.Settings.(settingSetter); ok && a.opts.Settings.String("sync.folder") != "" {
		// The folder in the settings would start sync again.
		if _, err := st.Set("sync.enabled", false); err != nil {
			a.sayError(a.errorText(err))
		}
	}
	a.say(a.tr("Sync stopped on this computer; the sync folder is left as it is."))
}

// syncStatus says how sync stands and names the other computers that have
// the open document.
func (a *App) syncStatus() {
	c, ok := a.syncConfig()
	if !ok {
		return
	}
	if fi, err := os.Stat(c.Folder); err != nil || !fi.IsDir() {
		a.say(a.tr("Sync folder %s is not there: plug it in or set sync up again.", c.Folder))
		return
	}
	said := a.tr("Syncing as %s through %s.", c.Computer, c.Folder)
	if a.d != nil {
		others, _ := syncfolder.Others(c, a.hash())
		if names := deviceNames(others); names != "" {
			said += " " + a.tr("Other computers with this document: %s.", names)
		} else {
			said += " " + a.tr("No other computer has this document yet.")
		}
	}
	a.say(said)
}

func deviceNames(ds []syncfolder.Device) string {
	var names []string
	for _, d := range ds {
		names = append(names, d.Computer)
	}
	return strings.Join(names, ", ")
}

// syncNow merges the other computers' notes into the open document's,
// publishes this computer's place and notes, says what happened, and
// returns what it said.
func (a *App) syncNow() string {
	c, ok := a.syncConfig()
	if !ok || !a.syncReading() {
		return ""
	}
	doc := a.hash()
	ledger, err := syncfolder.LoadLedger(a.opts.Home, doc)
	if err != nil {
		a.sayError(a.tr("The sync settings cannot be read: %v", err))
		return ""
	}
	others, err := syncfolder.Others(c, doc)
	if errors.Is(err, syncfolder.ErrNoFolder) {
		a.say(a.tr("Sync folder %s is not there: plug it in or set sync up again.", c.Folder))
		return ""
	}
	now := time.Now().UnixNano()
	// sync.notes and sync.places choose what this computer shares and
	// takes.
	var added, replaced int
	var mine []syncfolder.Note
	if a.opts.Settings.Bool("sync.notes") {
		a.syncLedger(c, ledger, now)
		added, replaced = a.syncMerge(doc, ledger, others, now)
		if added+replaced > 0 {
			a.sortNotes()
			a.saveMarks(msg("Could not save the note: %s."))
		}
		for _, n := range a.state.Notes {
			mine = append(mine, ledger[n.ID])
		}
	}
	var place *syncfolder.Place
	if a.opts.Settings.Bool("sync.places") {
		percent := 0
		if a.d.Len() > 0 {
			percent = a.cursor * 100 / a.d.Len()
		}
		place = &syncfolder.Place{Offset: a.cursor, Percent: percent}
	}
	// sync.bookmarks and sync.highlights: each computer shares its own
	// and takes those at places it has none.
	var bookmarks []syncfolder.Bookmark
	var highlights []syncfolder.Highlight
	var bookmarksAdded, highlightsAdded int
	if a.opts.Settings.Bool("sync.bookmarks") {
		bookmarksAdded = a.syncTakeBookmarks(others)
		for _, b := range a.state.Bookmarks {
			bookmarks = append(bookmarks, syncfolder.Bookmark{Name: b.Name, Char: b.Char})
		}
	}
	if a.opts.Settings.Bool("sync.highlights") {
		highlightsAdded = a.syncTakeHighlights(others)
		for _, h := range a.state.Highlights {
			highlights = append(highlights, syncfolder.Highlight{Start: h.Start, End: h.End, Color: h.Color, Text: h.Text, Name: h.Name})
		}
	}
	if bookmarksAdded+highlightsAdded > 0 {
		a.saveMarks(msg("Could not save the bookmark: %s."))
	}
	pubErr := syncfolder.Publish(c, doc, syncfolder.Device{Title: a.title, Saved: now, Place: place, Notes: mine,
		Bookmarks: bookmarks, Highlights: highlights})
	if err := syncfolder.SaveLedger(a.opts.Home, doc, ledger); err != nil && pubErr == nil {
		pubErr = err
	}
	// The user's own lists travel whatever the document (syncshare.go).
	arrived, err := a.syncShare(c, now)
	if err != nil && pubErr == nil {
		pubErr = err
	}
	if pubErr != nil {
		a.sayError(a.tr("Could not sync: %v", pubErr))
		return ""
	}
	said := a.tr("No other computer has this document yet.")
	if names := deviceNames(others); names != "" {
		said = a.tr("Synced with %s.", names)
	}
	if added > 0 {
		said += " " + a.tr("%d notes arrived.", added)
	}
	if replaced > 0 {
		said += " " + a.tr("%d notes were replaced by a newer edit; sync replaced notes lists them.", replaced)
	}
	if bookmarksAdded > 0 {
		said += " " + a.tr("%d bookmarks arrived.", bookmarksAdded)
	}
	if highlightsAdded > 0 {
		said += " " + a.tr("%d highlights arrived.", highlightsAdded)
	}
	for _, s := range arrived {
		said += " " + s
	}
	a.say(said)
	return said
}

// syncTakeBookmarks adds the other computers' bookmarks at characters that
// have none here, under their names or, where a bookmark here has the
// name, the first free one; it returns how many it added. A bookmark is
// known by where it is, so a renamed one does not come back again.
func (a *App) syncTakeBookmarks(others []syncfolder.Device) int {
	at := map[int]bool{}
	for _, b := range a.state.Bookmarks {
		at[b.Char] = true
	}
	added := 0
	for _, d := range others {
		for _, rb := range d.Bookmarks {
			if at[rb.Char] || rb.Char < 0 || rb.Char > a.d.Len() {
				continue
			}
			name := rb.Name
			if name == "" || a.bookmarksNamed(name) > 0 {
				name = a.freeBookmarkName()
			}
			a.state.Bookmarks = append(a.state.Bookmarks, docstate.Bookmark{Name: name, Char: rb.Char})
			at[rb.Char] = true
			added++
		}
	}
	if added > 0 {
		a.sortBookmarks()
	}
	return added
}

// syncTakeHighlights adds the other computers' highlights of ranges that
// have none here; it returns how many it added.
func (a *App) syncTakeHighlights(others []syncfolder.Device) int {
	have := map[[2]int]bool{}
	for _, h := range a.state.Highlights {
		have[[2]int{h.Start, h.End}] = true
	}
	added := 0
	for _, d := range others {
		for _, rh := range d.Highlights {
			r := [2]int{rh.Start, rh.End}
			if have[r] || rh.Start < 0 || rh.Start >= rh.End || rh.End > a.d.Len() {
				continue
			}
			a.state.NextID++
			a.state.Highlights = append(a.state.Highlights, docstate.Highlight{ID: a.state.NextID, Start: rh.Start, End: rh.End,
				Color: rh.Color, Text: a.d.Slice(rh.Start, rh.End), Name: rh.Name})
			have[r] = true
			added++
		}
	}
	if added > 0 {
		a.sortHighlights()
	}
	return added
}

// syncLedger brings the ledger up to date with the notes here: a new note
// gets a sync id, a note whose text changed since the last sync the time
// of this one.
func (a *App) syncLedger(c syncfolder.Config, ledger syncfolder.Ledger, now int64) {
	for _, n := range a.state.Notes {
		e, known := ledger[n.ID]
		if !known {
			e = syncfolder.Note{SID: c.Computer + ":" + strconv.Itoa(n.ID) + ":" + strconv.FormatInt(now, 36), Edited: now}
		} else if e.Text != n.Text {
			e.Edited = now
		}
		e.Start, e.End, e.Anchor, e.Text = n.Start, n.End, n.Anchor, n.Text
		ledger[n.ID] = e
	}
}

// syncMerge takes the other computers' notes: one not here is added, one
// edited later elsewhere replaces the text here, which is kept.
func (a *App) syncMerge(doc string, ledger syncfolder.Ledger, others []syncfolder.Device, now int64) (added, replaced int) {
	bySID := map[string]int{}
	for i, n := range a.state.Notes {
		bySID[ledger[n.ID].SID] = i
	}
	var lost []syncfolder.Replaced
	for _, d := range others {
		for _, rn := range d.Notes {
			i, here := bySID[rn.SID]
			if !here {
				a.state.NextID++
				a.state.Notes = append(a.state.Notes, docstate.Note{ID: a.state.NextID, Start: rn.Start, End: rn.End,
					Anchor: rn.Anchor, Text: rn.Text})
				ledger[a.state.NextID] = rn
				bySID[rn.SID] = len(a.state.Notes) - 1
				added++
				continue
			}
			n := &a.state.Notes[i]
			local := ledger[n.ID]
			if rn.Text == local.Text || rn.Edited <= local.Edited {
				continue
			}
			lost = append(lost, syncfolder.Replaced{Doc: doc, SID: rn.SID, Text: n.Text, By: d.Computer, At: now})
			n.Text = rn.Text
			local.Text, local.Edited = rn.Text, rn.Edited
			ledger[n.ID] = local
			replaced++
		}
	}
	if len(lost) > 0 {
		err := syncfolder.UpdateReplaced(a.opts.Home, func(r []syncfolder.Replaced) []syncfolder.Replaced { return append(r, lost...) })
		if err != nil {
			a.sayError(a.tr("Could not keep the replaced notes: %v", err))
		}
	}
	return added, replaced
}

// syncGoToPlace lists the other computers' places in the open document;
// Enter goes to one.
func (a *App) syncGoToPlace() {
	c, ok := a.syncConfig()
	if !ok || !a.syncReading() {
		return
	}
	others, _ := syncfolder.Others(c, a.hash())
	var places []syncfolder.Device
	var items []string
	for _, d := range others {
		if d.Place == nil || d.Place.Offset < 0 || d.Place.Offset > a.d.Len() {
			continue
		}
		places = append(places, d)
		items = append(items, a.tr("%s, %d percent: %s", d.Computer, d.Place.Percent, a.previewMore(d.Place.Offset)))
	}
	if len(items) == 0 {
		a.say(a.tr("No other computer has a place in this document yet."))
		return
	}
	a.openList(&List{Title: a.tr("Other computers' places"), Items: items, choose: func(i int) {
		a.moveTo(places[i].Place.Offset, true)
		a.say(a.tr("Place of %s: %s", places[i].Computer, a.previewMore(a.cursor)))
	}})
}

// syncReplacedNotes lists the notes of the open document that another
// computer's newer edit replaced here; Enter puts one back.
func (a *App) syncReplacedNotes() {
	if _, ok := a.syncConfig(); !ok || !a.syncReading() {
		return
	}
	doc := a.hash()
	all, err := syncfolder.LoadReplaced(a.opts.Home)
	if err != nil {
		a.sayError(a.tr("The replaced notes cannot be read: %v", err))
		return
	}
	var mine []syncfolder.Replaced
	var items []string
	for _, r := range all {
		if r.Doc == doc {
			mine = append(mine, r)
			items = append(items, a.tr("Replaced by %s: %s", r.By, r.Text))
		}
	}
	if len(items) == 0 {
		a.say(a.tr("No note of this document was replaced by another computer."))
		return
	}
	a.openList(&List{Title: a.tr("Replaced notes"), Items: items, choose: func(i int) { a.putNoteBack(doc, mine[i]) }})
}

// putNoteBack gives the note its replaced text again, as an edit made now
// (so it wins at the next sync), and takes it off the list.
func (a *App) putNoteBack(doc string, r syncfolder.Replaced) {
	ledger, err := syncfolder.LoadLedger(a.opts.Home, doc)
	if err != nil {
		a.sayError(a.tr("The sync settings cannot be read: %v", err))
		return
	}
	for i := range a.state.Notes {
		n := &a.state.Notes[i]
		if e, ok := ledger[n.ID]; ok && e.SID == r.SID {
			n.Text = r.Text
			if !a.saveMarks(msg("Could not save the note: %s.")) {
				return
			}
			err := syncfolder.UpdateReplaced(a.opts.Home, func(all []syncfolder.Replaced) []syncfolder.Replaced {
				out := all[:0]
				for _, x := range all {
					if x != r {
						out = append(out, x)
					}
				}
				return out
			})
			if err != nil {
				a.sayError(a.tr("Could not keep the replaced notes: %v", err))
			}
			a.say(a.tr("Note put back: %s", r.Text))
			return
		}
	}
	a.say(a.tr("That note is no longer here."))
}

// syncResume, as a document opens at its own place here, goes to another
// computer's place in it as sync.position_policy says: newest to the
// place left last anywhere (another computer's as of its last sync, this
// one's as of the document's state saved here), furthest to the furthest
// place, ask asks whether to go to the newest other computer's place.
// It does nothing unless sync is on and set up with sync.places and
// reading.auto_resume on, nor for a place that is the reader's own. It
// returns what to say after "Opened …", or the question to ask once that
// is said; both empty when the reader stays.
func (a *App) syncResume(abs string) (said string, ask func()) {
	if a.editing || !a.opts.Settings.Bool("sync.places") || !a.opts.Settings.Bool("reading.auto_resume") {
		return "", nil
	}
	c, problem, _ := a.currentSyncConfig()
	if problem != "" {
		return "", nil
	}
	others, _ := syncfolder.Others(c, a.hash())
	var here int64
	if fi, err := os.Stat(a.st.FileFor(abs)); err == nil {
		here = fi.ModTime().UnixNano()
	}
	var best *syncfolder.Device
	policy := a.opts.Settings.String("sync.position_policy")
	for i, d := range others {
		if d.Place == nil || d.Place.Offset < 0 || d.Place.Offset > a.d.Len() || a.firstWordAtOrAfter(d.Place.Offset) == a.cursor {
			continue
		}
		switch {
		case policy == "furthest" && d.Place.Offset > a.cursor && (best == nil || d.Place.Offset > best.Place.Offset):
			best = &others[i]
		case policy != "furthest" && d.Saved > here && (best == nil || d.Saved > best.Saved):
			best = &others[i]
		}
	}
	if best == nil {
		return "", nil
	}
	goThere := func() string {
		a.moveTo(a.firstWordAtOrAfter(best.Place.Offset), true)
		return a.tr("Resumed at %d percent, where %s left off.", a.percent(a.cursor), best.Computer)
	}
	if policy == "ask" {
		return "", func() {
			a.ask("sync_go_to_place", a.tr("%s read to %d percent. Go there? y or n", best.Computer, best.Place.Percent),
				func() { a.say(goThere()) })
		}
	}
	return goThere(), nil
}
