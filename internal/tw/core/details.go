package core

import (
	"regexp"
	"strings"

	"textfirst/internal/tw/library"
)

// purposeDocumentDetails is the prompt of each field of the document
// details (title, author, DOI, ISBN).
const purposeDocumentDetails = "document_details"

// detailFields are the fields of the document details, in the order they
// are asked.
var detailFields = []string{msg("Title"), msg("Author"), msg("DOI"), msg("ISBN")}

// editDocumentDetails asks for the open document's title, author, DOI and
// ISBN one after the other, each filled with what it is now; Enter on the
// last saves them in the library, where the library list shows them and
// its search finds them. Escape leaves them as they were; an empty field
// gives back what the file itself says.
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
	values := []string{d.Title, d.Author, d.DOI, d.ISBN}
	a.askDetail(db, path, values, 0)
}

// lastElem is the name a path ends in, inside an archive too.
func lastElem(path string) string {
	if i := strings.LastIndexAny(path, `/\!`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// askDetail asks for field i of values, then the next, and saves them all
// after the last.
func (a *App) askDetail(db *library.Library, path string, values []string, i int) {
	label := a.tr("Document details, %s (%d of %d)", a.trKey(detailFields[i]), i+1, len(detailFields))
	a.openPrompt(purposeDocumentDetails, label, "Prompt", func(text string) {
		text = strings.TrimSpace(text)
		if why := detailProblem(i, text); why != "" {
			a.sayError(a.trKey(why))
			values[i] = text
			a.askDetail(db, path, values, i)
			return
		}
		if i == 2 {
			text = strings.TrimPrefix(strings.TrimPrefix(text, "https://doi.org/"), "doi:")
		}
		values[i] = text
		if i+1 < len(detailFields) {
			a.askDetail(db, path, values, i+1)
			return
		}
		err := db.SetDetails(path, library.Details{Title: values[0], Author: values[1], DOI: values[2], ISBN: values[3]})
		if err != nil {
			a.sayError(a.tr("The details could not be saved: %v", err))
			return
		}
		a.say(a.tr("Details saved for %s.", a.detailsOf(db, path).Title))
	})
	a.prompt.Text = []rune(values[i])
	a.prompt.Caret = len(a.prompt.Text)
}

var (
	doiShape = regexp.MustCompile(`^10\.\d{4,9}/\S+$`)
	notISBN  = regexp.MustCompile(`[^0-9Xx]`)
)

// detailProblem says why text cannot be field i of the details, or "".
func detailProblem(i int, text string) string {
	switch {
	case text == "":
		return ""
	case i == 2 && !doiShape.MatchString(strings.TrimPrefix(strings.TrimPrefix(text, "https://doi.org/"), "doi:")):
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
