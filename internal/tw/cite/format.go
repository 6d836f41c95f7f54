package cite

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
)

// locatorTerms maps the words a writer types before a locator to Pandoc's
// abbreviations, which Pandoc recognises in a citation's suffix.
var locatorTerms = map[string]string{
	"p": "p.", "page": "p.", "pp": "pp.", "pages": "pp.",
	"chap": "chap.", "chapter": "chap.", "ch": "chap.", "chapters": "chaps.",
	"sec": "sec.", "section": "sec.", "§": "sec.",
	"para": "para.", "paragraph": "para.", "fig": "fig.", "figure": "fig.",
	"vol": "vol.", "volume": "vol.", "l": "l.", "line": "l.", "lines": "ll.", "n": "n.", "note": "n.",
	"col": "col.", "column": "col.", "no": "no.", "number": "no.", "part": "pt.", "pt": "pt.",
	"book": "bk.", "bk": "bk.", "verse": "v.", "v": "v.", "table": "tbl.", "tbl": "tbl.",
}

// locatorValue is a page or other place: a number or roman numeral, a
// range of them, or a list.
var locatorValue = lazyregexp.New(`^[0-9ivxlcdmIVXLCDM]+[a-z]?(\s*[-–]\s*[0-9ivxlcdmIVXLCDM]+[a-z]?)?(\s*,\s*[0-9ivxlcdmIVXLCDM]+[a-z]?(\s*[-–]\s*[0-9ivxlcdmIVXLCDM]+[a-z]?)?)*$`)

// ParseLocator reads what a writer types for a locator — "12", "3-5",
// "p. 12", "chapter 2" — as Pandoc's locator: "p. 12", "pp. 3-5", "chap.
// 2". Empty text is no locator (ok); text it cannot read is not ok.
func ParseLocator(text string) (string, bool) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", true
	}
	term, value := "", text
	if i := strings.IndexFunc(text, func(c rune) bool { return unicode.IsDigit(c) }); i > 0 {
		term = strings.ToLower(strings.TrimRight(strings.TrimSpace(text[:i]), ". "))
		value = strings.TrimSpace(text[i:])
	} else if f := strings.Fields(text); i < 0 && len(f) == 2 {
		term, value = strings.ToLower(strings.TrimRight(f[0], ".")), f[1]
	}
	if !locatorValue.MatchString(value) {
		return "", false
	}
	value = strings.ReplaceAll(value, "–", "-")
	isRange := strings.ContainsAny(value, "-,")
	if term == "" || term == "p" || term == "page" || term == "pp" || term == "pages" {
		if isRange {
			return "pp. " + value, true
		}
		return "p. " + value, true
	}
	abbr, ok := locatorTerms[term]
	if !ok {
		return "", false
	}
	return abbr + " " + value, true
}

// Entry is the reference as a bibliography entry in Markdown, in the
// author-date manner of APA: "Doe, J., & Roe, R. (2020). *On things*.
// Publisher. https://doi.org/…".
func Entry(r Reference) string {
	var b strings.Builder
	who := apaNames(r.Author)
	eds := false
	if who == "" && len(r.Editor) > 0 {
		who, eds = apaNames(r.Editor), true
	}
	year := r.Year()
	if year == "" {
		year = "n.d."
	}
	title := strings.TrimRight(r.Title, ".")
	container := r.ContainerTitle != "" && r.Type != "book" && r.Type != "thesis" && r.Type != "report"
	styled := title
	if !container && title != "" {
		styled = "*" + title + "*"
	}
	if who != "" {
		b.WriteString(who)
		if eds && len(r.Editor) > 1 {
			b.WriteString(" (Eds.)")
		} else if eds {
			b.WriteString(" (Ed.)")
		}
		b.WriteString(" (" + year + "). ")
		if styled != "" {
			b.WriteString(styled + ". ")
		}
	} else {
		b.WriteString(styled + " (" + year + "). ")
	}
	if container {
		part := "*" + r.ContainerTitle
		if r.Volume != "" {
			part += ", " + r.Volume + "*"
			if r.Issue != "" {
				part += "(" + r.Issue + ")"
			}
		} else {
			part += "*"
		}
		if r.Page != "" {
			part += ", " + strings.ReplaceAll(r.Page, "-", "–")
		}
		b.WriteString(part + ". ")
	} else if r.Edition != "" && r.Edition != "1" {
		s := strings.TrimSpace(b.String())
		b.Reset()
		b.WriteString(strings.TrimSuffix(s, ".") + " (" + edition(r.Edition) + "). ")
	}
	if r.Publisher != "" && (r.Type != "article-journal" || r.ContainerTitle == "") {
		b.WriteString(strings.TrimRight(r.Publisher, ".") + ". ")
	}
	switch {
	case r.DOI != "":
		b.WriteString("https://doi.org/" + normalDOIKeepCase(r.DOI))
	case r.URL != "":
		b.WriteString(r.URL)
	}
	return strings.TrimSpace(b.String())
}

// edition is "2nd ed." of "2", or the edition as written.
func edition(e string) string {
	switch e {
	case "2":
		return "2nd ed."
	case "3":
		return "3rd ed."
	}
	if allDigits(e) {
		return e + "th ed."
	}
	if n, ok := ordinalWords[strings.ToLower(e)]; ok {
		return edition(n)
	}
	return e + " ed."
}

// ordinalWords are editions as BibTeX files write them ("Second").
var ordinalWords = map[string]string{"second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6",
	"seventh": "7", "eighth": "8", "ninth": "9", "tenth": "10"}

func normalDOIKeepCase(s string) string {
	l := normalDOI(s)
	return strings.TrimSpace(s[len(s)-len(l):])
}

// apaNames is "Doe, J., Roe, R., & Poe, E." (up to twenty names).
func apaNames(names []Name) string {
	var parts []string
	for _, n := range names {
		if n.Family == "" {
			parts = append(parts, n.Literal)
			continue
		}
		if ini := initials(n.Given); ini != "" {
			parts = append(parts, n.Family+", "+ini)
		} else {
			parts = append(parts, n.Family)
		}
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	case 2:
		return parts[0] + ", & " + parts[1]
	}
	if len(parts) > 20 {
		parts = append(parts[:19], "… "+parts[len(parts)-1])
		return strings.Join(parts, ", ")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + ", & " + parts[len(parts)-1]
}

// initials is "J. R." of "John Ronald" (and of "J. R."), hyphenated
// names kept: "J.-P." of "Jean-Paul".
func initials(given string) string {
	var out []string
	for _, w := range strings.Fields(given) {
		var parts []string
		for _, p := range strings.Split(w, "-") {
			if r, _ := utf8.DecodeRuneInString(p); r != utf8.RuneError && unicode.IsLetter(r) {
				parts = append(parts, string(unicode.ToUpper(r))+".")
			}
		}
		if len(parts) > 0 {
			out = append(out, strings.Join(parts, "-"))
		}
	}
	return strings.Join(out, " ")
}

// A Bibliography is the works cited in a text: the entries of the keys a
// library has, sorted, and the keys it has not.
type Bibliography struct {
	Entries []string
	Missing []string
	Cited   int // citations found
}

// Source finds references by key.
type Source interface {
	Get(key string) (Reference, bool)
}

// Cited makes the bibliography of the citations of text.
func Cited(text string, src Source) Bibliography {
	cites := FindCitations(text)
	b := Bibliography{Cited: len(cites)}
	seen := map[string]bool{}
	var refs []Reference
	for _, c := range cites {
		for _, key := range c.Keys() {
			if seen[key] {
				continue
			}
			seen[key] = true
			if r, ok := src.Get(key); ok {
				refs = append(refs, r)
			} else {
				b.Missing = append(b.Missing, key)
			}
		}
	}
	for _, r := range sortedRefs(refs) {
		b.Entries = append(b.Entries, Entry(r))
	}
	return b
}
