package core

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/tw/library"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"open_library":     (*App).openLibrary,
		"continue_reading": (*App).continueReading,
		"browse_files":     (*App).browseFiles,
	})
	handle(t, onDocument, map[string]actionHandler{
		"edit_document_details": (*App).editDocumentDetails,
	})
})

// libraryState is the library index the app keeps open and the scan
// that brings it up to date in the background.
type libraryState struct {
	db       *library.Library
	scanning context.CancelFunc // the scan running, or nil
	scanDone chan struct{}
	list     *List              // the library list while it is open, refreshed after a scan
	batch    context.CancelFunc // the batch conversion running, or nil
}

// libraryDB opens the library index under the home, once.
func (a *App) libraryDB() (*library.Library, bool) {
	if a.libs.db != nil {
		return a.libs.db, true
	}
	db, err := library.Open(library.File(a.opts.Home))
	if err != nil {
		a.sayError(a.tr("The library cannot be opened: %v", err))
		return nil, false
	}
	a.libs.db = db
	return db, true
}

// closeLibrary stops a scan and closes the index; the lock is not held.
func (a *App) closeLibrary() {
	a.mu.Lock()
	cancel, done, db := a.libs.scanning, a.libs.scanDone, a.libs.db
	a.cancelBatch()
	a.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
	if db != nil {
		db.Close()
	}
}

// recentLimit is library.recent_limit: how many recent documents are
// listed.
func (a *App) recentLimit() int { return max(1, a.opts.Settings.Int("library.recent_limit")) }

// openLibrary lists the recent documents, then the library's, and brings
// the index up to date in the background; typing filters the list by
// titles, authors and full text; Enter opens a document.
func (a *App) openLibrary() {
	db, ok := a.libraryDB()
	if !ok {
		return
	}
	l := a.libraryList(db)
	if len(l.all) == 0 && len(a.libraryFolders()) == 0 {
		a.say(a.tr("The library is empty: add a folder with tw library add, or set library.folders."))
		return
	}
	a.stopIfReading()
	a.openList(l)
	a.libs.list = l
	a.scanLibrary()
}

// libraryList builds the library list: recent documents first, then every
// document of the index, by title.
func (a *App) libraryList(db *library.Library) *List {
	a.saveState() // the open document's place, for the recent ones
	recent, err := library.Recent(a.opts.Home, a.recentLimit())
	if err != nil {
		a.opts.Logger.Printf("library: %v", err)
	}
	docs, err := db.List()
	if err != nil {
		a.sayError(a.tr("The library cannot be read: %v", err))
	}
	byPath := make(map[string]library.Document, len(docs))
	for _, d := range docs {
		byPath[d.Path] = d
	}
	var items, paths []string
	listed := map[string]bool{}
	for _, r := range recent {
		d, ok := byPath[r.Path]
		if !ok {
			d = a.detailsOf(db, r.Path)
		}
		if a.d != nil && r.Path == a.d.Meta.Path && d.Title == lastElem(r.Path) {
			d.Title = a.title // the open document, as it calls itself
		}
		item := a.documentItem(d)
		if r.Place > 0 {
			item = a.tr("%s, %d percent", item, r.Percent())
		}
		items, paths = append(items, a.tr("Recent: %s", item)), append(paths, r.Path)
		listed[r.Path] = true
	}
	for _, d := range docs {
		if !listed[d.Path] {
			items, paths = append(items, a.documentItem(d)), append(paths, d.Path)
		}
	}
	l := &List{Title: a.tr("Library"), Items: items, Filter: new(string)}
	l.all = items
	recentN := len(recent)
	l.query = func(typed string) []int { return a.searchLibrary(db, paths, items, recentN, typed) }
	l.choose = func(i int) {
		a.libs.list = nil
		a.openChosen(paths[i])
	}
	l.closing = func() string { a.libs.list = nil; return "" }
	return l
}

// searchLibrary returns the items of the library list that match typed:
// the recent ones (the first recentN) whose item holds every word, then
// the documents the index finds, best first.
func (a *App) searchLibrary(db *library.Library, paths, items []string, recentN int, typed string) []int {
	out := []int{}
	if strings.TrimSpace(typed) == "" {
		for i := range items {
			out = append(out, i)
		}
		return out
	}
	at := map[string][]int{}
	for i, p := range paths {
		at[p] = append(at[p], i)
	}
	taken := map[int]bool{}
	take := func(i int) {
		if !taken[i] {
			taken[i] = true
			out = append(out, i)
		}
	}
	words := strings.Fields(strings.ToLower(strings.ReplaceAll(typed, `"`, " ")))
	for i, it := range items[:recentN] {
		low := strings.ToLower(it)
		all := true
		for _, w := range words {
			all = all && strings.Contains(low, w)
		}
		if all {
			take(i)
		}
	}
	docs, err := db.Search(typed, 0)
	if err != nil {
		a.opts.Logger.Printf("%v", err)
	}
	for _, d := range docs {
		for _, i := range at[d.Path] {
			take(i)
		}
	}
	return out
}

// detailsOf is what the library knows of a document it may not index: the
// details the user gave it, else its file's name.
func (a *App) detailsOf(db *library.Library, path string) library.Document {
	d := library.Document{Path: path, Title: filepath.Base(path)}
	if i := strings.LastIndex(path, "!"); i >= 0 {
		d.Title = filepath.Base(path[i+1:])
	}
	if got, err := db.Get(path); err == nil {
		return got
	}
	if x, ok, _ := db.EditedDetails(path); ok {
		if x.Title != "" {
			d.Title = x.Title
		}
		d.Author, d.DOI, d.ISBN = x.Author, x.DOI, x.ISBN
	}
	return d
}

// documentItem is a document as the library list says it: its title, its
// author, or why it could not be read.
func (a *App) documentItem(d library.Document) string {
	switch {
	case d.Error != "":
		return a.tr("%s, could not be read: %s", d.Title, d.Error)
	case d.Author != "":
		return a.tr("%s, by %s", d.Title, d.Author)
	}
	return d.Title
}

// openChosen opens a document chosen in a list, saying why when it
// cannot be opened.
func (a *App) openChosen(path string) {
	if err := a.open(path); err != nil && err != ErrPasswordAsked {
		a.sayError(a.errorText(err))
	}
}

// scanLibrary brings the index up to date with the library folders in the
// background, saying how far it has come every quarter, and what it
// found: documents added, changed, gone, and the files and folders that
// could not be read. One scan runs at a time.
func (a *App) scanLibrary() {
	folders := a.libraryFolders()
	if a.libs.scanning != nil || len(folders) == 0 {
		return
	}
	db := a.libs.db
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	a.libs.scanning, a.libs.scanDone = cancel, done
	quarter := -1
	progress := func(p library.Progress) {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.closed || p.Total < 20 {
			return
		}
		if q := p.Done * 4 / p.Total; q > quarter && q < 4 {
			quarter = q
			a.say(a.tr("Updating the library: %d of %d documents read.", p.Done, p.Total))
		}
	}
	go func() {
		defer close(done)
		rep, err := db.Scan(ctx, folders, library.LoadExtractor, progress)
		a.mu.Lock()
		defer a.mu.Unlock()
		a.libs.scanning = nil
		stopped := ctx.Err() != nil
		cancel()
		if a.closed || stopped {
			return
		}
		a.libraryScanned(db, rep, err)
	}()
}

// libraryScanned says what a scan found, and shows it in the library list
// when that is still open.
func (a *App) libraryScanned(db *library.Library, rep library.Report, err error) {
	for _, m := range rep.Missing {
		if os.IsNotExist(m.Err) {
			a.sayError(a.tr("The library folder %s is gone; its documents stay listed until it comes back or is removed.", m.Folder))
		} else {
			a.sayError(a.tr("The library folder %s cannot be read: %v", m.Folder, m.Err))
		}
	}
	if err != nil {
		a.sayError(a.tr("The library could not be updated: %v", err))
		return
	}
	if rep.Added+rep.Updated+rep.Removed+len(rep.Failed) == 0 {
		return
	}
	a.say(a.tr("Library updated: %d added, %d changed, %d removed, %d could not be read.", rep.Added, rep.Updated, rep.Removed, len(rep.Failed)))
	if a.libs.list != nil && a.list == a.libs.list {
		fresh := a.libraryList(db)
		fresh.Filter, fresh.Selected = a.list.Filter, a.list.Selected
		a.list, a.libs.list = fresh, fresh
		a.refilter()
		a.effects = append(a.effects, ListEffect{Title: fresh.Title, Items: fresh.Items})
	}
}

// continueReading lists the documents with a place kept, the open one
// too, the most recently left first; Enter opens one where it was left.
func (a *App) continueReading() {
	a.saveState() // the open document is listed with its place
	reads, err := library.ContinueReading(a.opts.Home)
	if err != nil {
		a.sayError(a.tr("The saved places cannot be read: %v", err))
		return
	}
	if len(reads) == 0 {
		a.say(a.tr("Nothing to continue: no document has a place kept."))
		return
	}
	db, _ := a.libraryDB()
	items := make([]string, len(reads))
	for i, r := range reads {
		d := library.Document{Path: r.Path, Title: filepath.Base(r.Path)}
		if db != nil {
			d = a.detailsOf(db, r.Path)
		}
		items[i] = a.tr("%s, %d percent", a.documentItem(d), r.Percent())
	}
	a.stopIfReading()
	a.openList(&List{Title: a.tr("Continue reading"), Items: items, choose: func(i int) {
		a.openChosen(reads[i].Path)
	}})
}
