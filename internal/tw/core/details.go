package core

import (
	"strings"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/library"
)

// purposeDocumentDetails is the prompt of each field of the document
// details (title, author, DOI, ISBN).
const purposeDocumentDetails = "document_details"

// detailFields are the fields of the document details, in the order they
// are asked.
var detailFields = []string{msg("Title"), msg("Author"), msg("DOI"), msg("ISBN")}

// editDocumentDetails opens the form of the open document's details —
// title, author, DOI and ISBN — as one prompt (purpose document_details)
// showing one field at a time, filled with what it is now: Tab and
// Shift+Tab move between the fields, Enter saves them all in the library,
// where the library list shows them and its search finds them. A DOI or
// ISBN that is not one is refused with the reason, on its field. Escape
// leaves them as they were; an empty field gives back what the file says.
func (a *App) editDocumentDetails() {
	db, ok := a.libraryDB()
	if !ok {
		return
	}
	path := a.d.Meta.Path
	if path == "" {
		a.sayError(a.tr("This document has no file: save it first."))
		return
	}
	d := a.detailsOf(db, path)
	if d.Title == "" || d.Title == lastElem(path) {
		d.Title = a.title
	}
	if d.Author == "" && a.d.Meta.Author != nil {
		d.Author = *a.d.Meta.Author
	}
	a.showDetail(&detailsForm{db: db, path: path, values: []string{d.Title, d.Author, d.DOI, d.ISBN}})
}

// detailsForm is the document details being edited.
type detailsForm struct {
	db     *library.Library
	path   string
	values []string // by detailFields
	at     int      // the field shown
}

// lastElem is the name a path ends in, inside an archive too.
func lastElem(path string) string {
	if i := strings.LastIndexAny(path, `/\!`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// showDetail opens the prompt on the form's field f.at.
func (a *App) showDetail(f *detailsForm) {
	n := len(detailFields)
	label := a.tr("Document details, %s (%d of %d)", a.trKey(detailFields[f.at]), f.at+1, n)
	a.openPrompt(purposeDocumentDetails, label, "Prompt", func(text string) {
		f.values[f.at] = text
		a.saveDetails(f)
	})
	a.prompt.Text = []rune(f.values[f.at])
	a.prompt.Caret = len(a.prompt.Text)
	a.prompt.field = func(step int) {
		f.values[f.at] = string(a.prompt.Text)
		f.at = (f.at + step + n) % n
		a.showDetail(f)
	}
}

// saveDetails checks the form's fields and saves them, or says what is
// wrong and shows that field again.
func (a *App) saveDetails(f *detailsForm) {
	for i, v := range f.values {
		v = strings.TrimSpace(v)
		if i == 2 {
			v = strings.TrimPrefix(strings.TrimPrefix(v, "https://doi.org/"), "doi:")
		}
		f.values[i] = v
		if why := detailProblem(i, v); why != "" {
			a.sayError(a.trKey(why))
			f.at = i
			a.showDetail(f)
			return
		}
	}
	v := f.values
	if err := f.db.SetDetails(f.path, library.Details{Title: v[0], Author: v[1], DOI: v[2], ISBN: v[3]}); err != nil {
		a.sayError(a.tr("The details could not be saved: %v", err))
		return
	}
	a.say(a.tr("Details saved for %s.", a.detailsOf(f.db, f.path).Title))
}

var (
	doiShape = lazyregexp.New(`^10\.\d{4,9}/\S+$`)
	notISBN  = lazyregexp.New(`[^0-9Xx]`)
)

// detailProblem says why text cannot be field i of the details, or "".
func detailProblem(i int, text string) string {
	switch {
	case text == "":
		return ""
	case i == 2 && !doiShape.MatchString(text):
		return msg("A DOI starts with 10., a number, and a slash, such as 10.1000/182.")
	case i == 3 && !validISBN(notISBN.ReplaceAllString(strings.NewReplacer("-", "", " ", "").Replace(text), "?")):
		return msg("An ISBN has 10 or 13 digits with a valid check digit, such as 978-0-306-40615-7.")
	}
	return ""
}

// validISBN reports whether s (digits only, X as the last of ten) is an
// ISBN-10 or ISBN-13 whose check digit is right.
func validISBN(s string) bool {
	switch len(s) {
	case 10:
		sum := 0
		for k, c := range s {
			v := int(c - '0')
			if c == 'X' || c == 'x' {
				if k != 9 {
					return false
				}
				v = 10
			} else if c < '0' || c > '9' {
				return false
			}
			sum += (10 - k) * v
		}
		return sum%11 == 0
	case 13:
		sum := 0
		for k, c := range s {
			if c < '0' || c > '9' {
				return false
			}
			w := 1
			if k%2 == 1 {
				w = 3
			}
			sum += w * int(c-'0')
		}
		return sum%10 == 0
	}
	return false
}
