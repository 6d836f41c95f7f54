package core

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/tw/doc"
)

// visit is a document left by following a link to another page: where to
// go back to, and the link history it had then.
type visit struct {
	path   string
	cursor int
	pages  pageTrail
}

// pageTrail is the page a link opened (doc, "" for none) and how long the
// page's own history was when it opened: Back goes through the page's own
// jumps first, then to the page before.
type pageTrail struct {
	doc  string
	base int
}

// linkedPage is the document a link's reference names when it is another
// page: an http(s) address (relative ones resolved against a web
// document's address), or from a file, an existing file it names
// (relative to the file's folder, or a file: address). fragment is the
// anchor named after "#", "" when none.
func (a *App) linkedPage(ref string) (target, fragment string, ok bool) {
	if ref == "" || strings.HasPrefix(ref, "#") {
		return "", "", false
	}
	u, err := url.Parse(ref)
	if err != nil {
		return "", "", false
	}
	fragment, u.Fragment, u.RawFragment = u.Fragment, "", ""
	base := a.d.Meta.Path
	switch {
	case u.Scheme == "http" || u.Scheme == "https":
		return u.String(), fragment, true
	case u.Scheme != "" && u.Scheme != "file", base == "":
		return "", "", false
	case doc.IsWebAddress(base) && u.Scheme == "":
		b, err := url.Parse(base)
		if err != nil {
			return "", "", false
		}
		return b.ResolveReference(u).String(), fragment, true
	case doc.IsWebAddress(base):
		return "", "", false // a file: link on a web page
	}
	p := u.Path
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(base), filepath.FromSlash(p))
	}
	if fi, err := os.Stat(p); err != nil || fi.IsDir() || p == base {
		return "", "", false
	}
	return p, fragment, true
}

// followToPage opens target, a page a link names, at its anchor fragment
// when it has one; Back comes back to this document and place. Following
// a link forgets the pages Back left, as a browser does.
func (a *App) followToPage(target, fragment string) {
	if a.openPage(target) {
		a.forwards = nil
		if fragment != "" {
			if h, ok := a.findAnchor(fragment); ok {
				a.cursor = h
				a.say(a.landing(h))
			}
		}
	}
}

// openPage opens target as a page reached from this document, which Back
// returns to; it reports whether it opened.
func (a *App) openPage(target string) bool {
	from := visit{path: a.d.Meta.Path, cursor: a.cursor, pages: a.pages}
	if err := a.open(target); err != nil {
		if !errors.Is(err, ErrPasswordAsked) {
			a.sayError(a.errorText(err))
		}
		return false
	}
	a.visits = append(a.visits, from)
	a.pages = pageTrail{doc: a.d.Meta.Path, base: len(a.state.History)}
	return true
}

// forwardToPage opens again, at the place it was left, the page Back left
// last; it reports whether there was one.
func (a *App) forwardToPage() bool {
	if len(a.forwards) == 0 || a.d == nil {
		return false
	}
	v := a.forwards[len(a.forwards)-1]
	a.forwards = a.forwards[:len(a.forwards)-1]
	if a.openPage(v.path) {
		a.cursor = min(v.cursor, a.d.Len())
		a.say(a.tr("Forward to %s, line %d: %s", a.title, a.ix.LineOf(a.cursor)+1, a.preview(a.cursor)))
	}
	return true
}

// backToPage goes back to the document a link was followed from, at the
// place it was followed, when the page the link opened is the open one
// and its own history is spent; it reports whether it did.
func (a *App) backToPage() bool {
	if len(a.visits) == 0 || a.d == nil || a.state == nil || a.d.Meta.Path != a.pages.doc || len(a.state.History) > a.pages.base {
		return false
	}
	v := a.visits[len(a.visits)-1]
	a.visits = a.visits[:len(a.visits)-1]
	left := visit{path: a.d.Meta.Path, cursor: a.cursor}
	if err := a.open(v.path); err != nil {
		if !errors.Is(err, ErrPasswordAsked) {
			a.sayError(a.errorText(err))
		}
		return true
	}
	a.forwards = append(a.forwards, left)
	a.cursor = min(v.cursor, a.d.Len())
	a.pages = v.pages
	a.say(a.tr("Back to %s, line %d: %s", a.title, a.ix.LineOf(a.cursor)+1, a.preview(a.cursor)))
	return true
}
