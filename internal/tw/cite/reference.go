// Package cite keeps a reference library and reads and writes what
// writers cite with: BibTeX, RIS and CSL-JSON files, Pandoc citations
// ([@key, p. 12]) in Markdown, and bibliography entries. It reads no
// document and reaches no network.
package cite

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A Reference is one work, with CSL-JSON's field names: CSL-JSON is the
// library's file format, and BibTeX and RIS are read into it.
type Reference struct {
	ID             string `json:"id"`
	Type           string `json:"type,omitempty"`
	Title          string `json:"title,omitempty"`
	Author         []Name `json:"author,omitempty"`
	Editor         []Name `json:"editor,omitempty"`
	Issued         *Date  `json:"issued,omitempty"`
	ContainerTitle string `json:"container-title,omitempty"`
	Publisher      string `json:"publisher,omitempty"`
	PublisherPlace string `json:"publisher-place,omitempty"`
	Volume         string `json:"volume,omitempty"`
	Issue          string `json:"issue,omitempty"`
	Page           string `json:"page,omitempty"`
	Edition        string `json:"edition,omitempty"`
	DOI            string `json:"DOI,omitempty"`
	ISBN           string `json:"ISBN,omitempty"`
	URL            string `json:"URL,omitempty"`
}

// A Name is a person (family and given names) or, with only Literal, an
// organisation.
type Name struct {
	Family  string `json:"family,omitempty"`
	Given   string `json:"given,omitempty"`
	Literal string `json:"literal,omitempty"`
}

// A Date is CSL-JSON's date: date-parts (year, month, day), or a literal
// such as "forthcoming".
type Date struct {
	Parts   [][]any `json:"date-parts,omitempty"`
	Literal string  `json:"literal,omitempty"`
}

// YearDate is the date of a year alone; 0 gives nil.
func YearDate(year int) *Date {
	if year == 0 {
		return nil
	}
	return &Date{Parts: [][]any{{year}}}
}

// Year is the reference's year as written, "" when it has none.
func (r Reference) Year() string {
	if r.Issued == nil {
		return ""
	}
	if len(r.Issued.Parts) > 0 && len(r.Issued.Parts[0]) > 0 {
		switch y := r.Issued.Parts[0][0].(type) {
		case float64:
			return strconv.Itoa(int(y))
		case int:
			return strconv.Itoa(y)
		case string:
			return strings.TrimSpace(y)
		}
	}
	return r.Issued.Literal
}

// Short is how the name is cited: the family name, else the literal.
func (n Name) Short() string {
	if n.Family != "" {
		return n.Family
	}
	return n.Literal
}

// Full is the name in reading order: "Jane Doe".
func (n Name) Full() string {
	if n.Family == "" {
		return strings.TrimSpace(n.Given + " " + n.Literal)
	}
	return strings.TrimSpace(n.Given + " " + n.Family)
}

// Authors is who the work is by, in words: "Doe", "Doe and Roe", "Doe
// et al."; the editors when it has no author; "" when neither.
func (r Reference) Authors() string {
	names := r.Author
	if len(names) == 0 {
		names = r.Editor
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0].Short()
	case 2:
		return names[0].Short() + " and " + names[1].Short()
	}
	return names[0].Short() + " et al."
}

// Label is the reference in one line, as a list shows it: "Doe and Roe,
// 2020, On things (doe2020)".
func (r Reference) Label() string {
	var parts []string
	for _, p := range []string{r.Authors(), r.Year(), r.Title} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return r.ID
	}
	return strings.Join(parts, ", ") + " (" + r.ID + ")"
}

// Words is the citation of the reference read aloud, with the locator:
// "Doe and Roe, 2020, p. 12"; a work with neither authors nor a title is
// named by its key.
func (r Reference) Words(locator string) string {
	parts := []string{}
	if a := r.Authors(); a != "" {
		parts = append(parts, a)
	} else if r.Title != "" {
		parts = append(parts, r.Title)
	} else {
		parts = append(parts, r.ID)
	}
	if y := r.Year(); y != "" {
		parts = append(parts, y)
	}
	if locator != "" {
		parts = append(parts, locator)
	}
	return strings.Join(parts, ", ")
}

// MakeKey is a citation key for the reference: the first author's family
// name in lowercase ASCII letters and the year ("doe2020"), else a word
// of the title, else "ref".
func MakeKey(r Reference) string {
	base := ""
	names := r.Author
	if len(names) == 0 {
		names = r.Editor
	}
	if len(names) > 0 {
		base = asciiLetters(names[0].Short())
	}
	if base == "" {
		for _, w := range strings.Fields(r.Title) {
			if base = asciiLetters(w); len(base) > 3 {
				break
			}
		}
	}
	if base == "" {
		base = "ref"
	}
	return base + asciiDigits(r.Year())
}

// asciiLetters is s in lowercase ASCII letters, accents taken off
// ("Müller" → "muller").
func asciiLetters(s string) string {
	var b strings.Builder
	for _, c := range norm.NFD.String(s) {
		c = unicode.ToLower(c)
		if c >= 'a' && c <= 'z' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func asciiDigits(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// validKey reports whether key can be cited in Pandoc's syntax: it starts
// with a letter, digit or underscore and holds no space or bracket.
func validKey(key string) bool {
	if key == "" {
		return false
	}
	for i, c := range key {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_':
		case i > 0 && strings.ContainsRune(":.#$%&-+?<>~/'", c):
		default:
			return false
		}
	}
	return true
}

// YearOf is the year in a date as typed ("2020", "May 2020"), 0 when it
// holds none.
func YearOf(s string) int { return yearIn(s) }

// ParseNames reads authors as a writer types them: separated by
// semicolons (or by "and"), each "Family, Given" or "Given Family"; a
// single word is a family name.
func ParseNames(s string) []Name {
	parts := strings.Split(s, ";")
	if len(parts) == 1 {
		parts = splitTopLevel(s, "and")
	}
	var out []Name
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if family, given, ok := strings.Cut(p, ","); ok {
			out = append(out, Name{Family: strings.TrimSpace(family), Given: strings.TrimSpace(given)})
			continue
		}
		words := strings.Fields(p)
		out = append(out, Name{Family: words[len(words)-1], Given: strings.Join(words[:len(words)-1], " ")})
	}
	return out
}
