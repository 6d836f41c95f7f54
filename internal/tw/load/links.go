package load

import (
	"strings"
	"unicode"

	"textfirst/internal/tw/doc"
)

// headingSlug is the anchor name Markdown renderers (GitHub, Pandoc) give a
// heading: lowercase, letters, digits, "-" and "_" kept, spaces turned
// into "-", everything else dropped.
func headingSlug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '\n' || r == '\t':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// linkHeadings adds to d.Links the links "#name" not resolved yet whose
// name is the slug of a heading (a repeated slug gets "-1", "-2", as
// GitHub numbers them). Footnote references need no entry: a reader finds
// the note by its footnote marker's reference.
func linkHeadings(d *doc.Document) {
	slugs := map[string]int{}
	seen := map[string]int{}
	for _, m := range d.All() {
		if m.Kind != doc.Heading {
			continue
		}
		s := headingSlug(d.Slice(m.Start, m.End))
		if n := seen[s]; n > 0 {
			seen[s] = n + 1
			s = s + "-" + itoa(n)
		} else {
			seen[s] = 1
		}
		if _, ok := slugs[s]; !ok {
			slugs[s] = m.Start
		}
	}
	for _, m := range d.All() {
		if m.Kind != doc.Link || !strings.HasPrefix(m.Reference, "#") {
			continue
		}
		if _, done := d.Links[m.Start]; done {
			continue
		}
		name := urlUnescape(m.Reference[1:])
		pos, ok := slugs[name]
		if !ok {
			pos, ok = slugs[strings.ToLower(name)]
		}
		if ok {
			if d.Links == nil {
				d.Links = map[int]int{}
			}
			d.Links[m.Start] = pos
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	return string(buf[i:])
}
