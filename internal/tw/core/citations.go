package core

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/cite"
)

// Citations while writing: a reference library (references.json in the
// home, and one beside the document when its folder has one, which wins
// for its keys), Pandoc citations put in at the cursor, the works cited
// formatted at the cursor, a check of the keys, and imports. Nothing
// reaches the network: a DOI or ISBN is looked up in the libraries, and a
// work they lack is entered by hand.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, inMarkdownEditMode, map[string]actionHandler{
		"insert_citation":     (*App).insertCitation,
		"insert_bibliography": (*App).insertBibliography,
	})
	handle(t, anytime, map[string]actionHandler{
		"add_reference":     (*App).addReference,
		"import_references": (*App).importReferences,
	})
	handle(t, onDocument, map[string]actionHandler{
		"check_citations": (*App).checkCitations,
	})
})

// documentPath is the file of the document being read or edited, "" for
// a new one.
func (a *App) documentPath() string {
	if a.editing && a.edit.path != "" {
		return a.edit.path
	}
	if a.d != nil {
		return a.d.Meta.Path
	}
	return ""
}

// userLibrary is the user's library file; ok is false, said, when this
// session keeps no files.
func (a *App) userLibrary() (string, bool) {
	if a.opts.Home == "" {
		a.sayError(a.tr("tw keeps no files in this session, so there is no reference library."))
		return "", false
	}
	return cite.UserLibrary(a.opts.Home), true
}

// libraries are the document folder's library and the user's, in the
// order keys are looked up. A library that cannot be read is said and
// left out.
func (a *App) libraries() cite.Layered {
	var out cite.Layered
	var paths []string
	if p := a.documentPath(); p != "" {
		paths = append(paths, cite.FolderLibrary(p))
	}
	if a.opts.Home != "" {
		paths = append(paths, cite.UserLibrary(a.opts.Home))
	}
	for _, p := range paths {
		l, err := cite.Load(p)
		if err != nil {
			a.sayError(a.tr("The reference library cannot be read: %v", err))
			continue
		}
		out = append(out, l)
	}
	return out
}

// insertCitation lists the references of the libraries, filtered as
// typed; the one chosen is cited at the cursor after asking for a page
// or other place.
func (a *App) insertCitation() {
	refs := a.libraries().All()
	if len(refs) == 0 {
		a.say(a.tr("Your reference library is empty. Add a reference with add reference, or import a BibTeX, RIS or CSL-JSON file with import references."))
		return
	}
	items := make([]string, len(refs))
	for i, r := range refs {
		items[i] = r.Label()
	}
	filter := ""
	a.openList(&List{Title: a.tr("Insert citation"), Items: items, Filter: &filter, choose: func(i int) {
		a.citationLocator(refs[i], a.tr("Page or other place, such as 12, 3-5 or chapter 2; Enter alone for none"))
	}})
}

// citationLocator asks for the place cited in r and inserts the citation;
// a place it cannot read is asked again, the label saying why.
func (a *App) citationLocator(r cite.Reference, label string) {
	a.openPrompt("citation_locator", label, "Prompt", func(text string) {
		loc, ok := cite.ParseLocator(text)
		if !ok {
			a.citationLocator(r, a.tr("Could not read the place %s. Type a page such as 12, pages such as 3-5, or chapter 2; Enter alone for none.", strings.TrimSpace(text)))
			return
		}
		a.putCitation(r, loc)
	})
}

// putCitation cites r at the cursor: it joins the bracketed citation the
// cursor is in ([@a; @b]), else goes in as [@key, p. 12].
func (a *App) putCitation(r cite.Reference, locator string) {
	item := cite.CiteItem{Key: r.ID, Suffix: locator}
	if c, ok := cite.CitationAt(a.d.Text, a.cursor); ok && !c.Narrative {
		items := c.Items
		known := false
		for _, it := range items {
			known = known || it.Key == r.ID
		}
		if !known {
			items = append(items, item)
		}
		text := cite.WriteCitation(items)
		a.sel = nil
		a.apply(c.Start, c.End, text, c.Start+utf8.RuneCountInString(text))
	} else {
		start := a.cursor
		if a.sel != nil {
			start = max(a.sel.Start, a.sel.End)
			a.sel = nil
		}
		text := cite.WriteCitation([]cite.CiteItem{item})
		if start > 0 {
			before, _ := utf8.DecodeLastRuneInString(a.d.Slice(start-1, start))
			if !unicode.IsSpace(before) && before != '(' && before != '[' {
				text = " " + text
			}
		}
		a.apply(start, start, text, start+utf8.RuneCountInString(text))
	}
	a.say(a.tr("Inserted citation of %s.", r.Words(locator)))
}

// insertBibliography puts the entries of the works cited, formatted, at
// the cursor, and names the keys no library has.
func (a *App) insertBibliography() {
	b := cite.Cited(a.d.Text, a.libraries())
	switch {
	case b.Cited == 0:
		a.say(a.tr("The document has no citations yet. Insert one with insert citation."))
		return
	case len(b.Entries) == 0:
		a.say(a.tr("None of the cited works is in your library, so there is nothing to list."))
		return
	}
	at := a.cursor
	lead := ""
	if at > 0 && a.d.Slice(at-1, at) != "\n" {
		lead = "\n\n"
	}
	block := lead + strings.Join(b.Entries, "\n\n") + "\n"
	a.sel = nil
	a.apply(at, at, block, at+utf8.RuneCountInString(block))
	said := a.tr("Inserted the bibliography, %d entries.", len(b.Entries))
	if len(b.Missing) > 0 {
		said += " " + a.tr("Not in the library: %s.", strings.Join(b.Missing, ", "))
	}
	a.say(said)
}

// checkCitations says how many citations the document has and which
// keys no library has.
func (a *App) checkCitations() {
	b := cite.Cited(a.d.Text, a.libraries())
	if b.Cited == 0 {
		a.say(a.tr("The document has no citations."))
		return
	}
	said := a.tr("%d citations found.", b.Cited)
	if len(b.Missing) == 0 {
		said += " " + a.tr("Every key is in the library.")
	} else {
		said += " " + a.tr("Not in the library: %s.", strings.Join(b.Missing, ", "))
	}
	a.say(said)
}

// importReferences asks for a BibTeX, RIS or CSL-JSON file and merges its
// references into the user's library.
func (a *App) importReferences() {
	lib, ok := a.userLibrary()
	if !ok {
		return
	}
	a.openPrompt("import_references", a.tr("File of references to import: BibTeX, RIS or CSL-JSON"), "Prompt", func(text string) {
		path := strings.Trim(strings.TrimSpace(text), `"'`)
		if path == "" {
			a.say(a.tr("Cancelled."))
			return
		}
		if !filepath.IsAbs(path) {
			if d := a.documentPath(); d != "" && fileExists(filepath.Join(filepath.Dir(d), path)) {
				path = filepath.Join(filepath.Dir(d), path)
			}
		}
		refs, readErr := cite.ReadFile(path)
		if readErr != nil && len(refs) == 0 {
			a.sayError(a.tr("Could not import %s: %v", filepath.Base(path), readErr))
			return
		}
		var m cite.Merged
		if err := cite.Update(lib, func(l *cite.Library) error { m = l.Merge(refs); return nil }); err != nil {
			a.sayError(a.tr("Could not save your reference library: %v", err))
			return
		}
		said := a.tr("Imported %d new references from %s.", m.Added, filepath.Base(path))
		if m.Duplicates > 0 {
			said += " " + a.tr("%d were already in your library.", m.Duplicates)
		}
		if readErr != nil {
			said += " " + a.tr("Some entries could not be read: %v", readErr)
		}
		a.say(said)
	})
}

// addReference asks for a DOI or ISBN. A work the libraries have is
// named; tw looks nothing up on the network, so another is entered by
// hand: authors, title, year, and where it was published.
func (a *App) addReference() {
	lib, ok := a.userLibrary()
	if !ok {
		return
	}
	a.openPrompt("reference_identifier", a.tr("DOI or ISBN of the reference to add"), "Prompt", func(text string) {
		if strings.TrimSpace(text) == "" {
			a.say(a.tr("Cancelled."))
			return
		}
		id, err := cite.ParseIdentifier(text)
		if err != nil {
			a.sayError(a.tr("Not a DOI or an ISBN: %s. A DOI starts with 10. and a slash; an ISBN has 10 or 13 digits.", strings.TrimSpace(text)))
			return
		}
		for _, l := range a.libraries() {
			if r, ok := l.Find(id); ok {
				a.say(a.tr("Already in your library: %s", r.Label()))
				return
			}
		}
		r := cite.Reference{Type: "book"}
		if id.Kind == cite.DOI {
			r.Type, r.DOI = "article-journal", id.Value
		} else {
			r.ISBN = id.Value
		}
		a.referenceDetails(lib, r)
	})
}

// referenceDetails asks for the details of r one by one, then adds it.
func (a *App) referenceDetails(lib string, r cite.Reference) {
	a.openPrompt("reference_authors", a.tr("Looking up needs a network, which tw does not use: type the details. Authors, as family name, given names; separate authors with semicolons"), "Prompt", func(authors string) {
		r.Author = cite.ParseNames(authors)
		a.openPrompt("reference_title", a.tr("Title"), "Prompt", func(title string) {
			r.Title = strings.TrimSpace(title)
			if r.Title == "" {
				a.say(a.tr("A title is needed; nothing was added."))
				return
			}
			a.openPrompt("reference_year", a.tr("Year; Enter alone for none"), "Prompt", func(year string) {
				if y := strings.TrimSpace(year); y != "" {
					r.Issued = &cite.Date{Literal: y}
					if n := cite.YearOf(y); n != 0 {
						r.Issued = cite.YearDate(n)
					}
				}
				a.openPrompt("reference_published_in", a.tr("Journal or publisher; Enter alone for none"), "Prompt", func(in string) {
					if in = strings.TrimSpace(in); in != "" && r.Type == "article-journal" {
						r.ContainerTitle = in
					} else {
						r.Publisher = in
					}
					a.saveReference(lib, r)
				})
			})
		})
	})
}

func (a *App) saveReference(lib string, r cite.Reference) {
	var key string
	var outcome cite.Outcome
	err := cite.Update(lib, func(l *cite.Library) error {
		key, outcome = l.Add(r)
		r, _ = l.Get(key)
		return nil
	})
	switch {
	case err != nil:
		a.sayError(a.tr("Could not save your reference library: %v", err))
	case outcome == cite.Duplicate:
		a.say(a.tr("Already in your library: %s", r.Label()))
	default:
		a.say(a.tr("Added to your library: %s", r.Label()))
	}
}
