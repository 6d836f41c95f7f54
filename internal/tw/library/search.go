package library

import (
	"fmt"
	"strings"
	"unicode"
)

// Query turns what a user typed into an FTS5 query: every word must be
// found (the last one as the start of a word, as it is being typed), and
// words between double quotes are found as a phrase. Nothing typed gives
// "".
func Query(typed string) string {
	var terms []string
	inQuote := false
	for i, part := range strings.Split(typed, `"`) {
		if i > 0 {
			inQuote = !inQuote
		}
		words := strings.FieldsFunc(part, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
		if len(words) == 0 {
			continue
		}
		if inQuote {
			terms = append(terms, `"`+strings.Join(words, " ")+`"`)
			continue
		}
		for _, w := range words {
			terms = append(terms, `"`+w+`"`)
		}
	}
	if len(terms) == 0 {
		return ""
	}
	// The last word is being typed, unless a space or a closing quote
	// followed it.
	if inQuote || !strings.HasSuffix(typed, `"`) && !strings.HasSuffix(typed, " ") {
		terms[len(terms)-1] += "*"
	}
	return strings.Join(terms, " AND ")
}

// Search returns the documents whose title, author, file name, DOI or
// ISBN hold every word typed, best first, then those whose text holds
// them, best first; at most limit (0: no limit).
func (l *Library) Search(typed string, limit int) ([]Document, error) {
	q := Query(typed)
	if q == "" {
		return l.List()
	}
	lim := -1
	if limit > 0 {
		lim = limit
	}
	rows, err := l.db.Query(`WITH hits(id, tier, score) AS (
			SELECT rowid, 0, bm25(meta_fts, 10.0, 5.0, 2.0, 1.0) FROM meta_fts WHERE meta_fts MATCH ?1
			UNION ALL
			SELECT rowid, 1, rank FROM text_fts WHERE text_fts MATCH ?1),
		best(id, tier, score) AS (SELECT id, MIN(tier), score FROM hits GROUP BY id)
		SELECT `+shown+` JOIN best b ON b.id = d.id ORDER BY b.tier, b.score, d.path LIMIT ?2`, q, lim)
	if err != nil {
		return nil, fmt.Errorf("library: search %q: %w", typed, err)
	}
	return scanDocs(rows)
}
