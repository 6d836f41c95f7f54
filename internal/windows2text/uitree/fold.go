package uitree

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// SameText reports whether two names say the same to a reader: equal after
// FoldText. "Don't Save" is "Don’t Save", "Save As..." is "Save As…",
// "A - B" is "A — B" and "ok" is "OK".
func SameText(a, b string) bool { return FoldText(a) == FoldText(b) }

// ContainsText reports whether part is in s once both are folded as
// FoldText does: "don't" is in "Don’t Save".
func ContainsText(s, part string) bool { return strings.Contains(FoldText(s), FoldText(part)) }

// FoldText is s as names are compared: compatibility-normalised (NFKC: "…"
// is "...", a no-break space is a space), curly and prime quotes made
// straight, hyphens and dashes made "-", runs of white space one space,
// leading and trailing space dropped, and case folded.
func FoldText(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case strings.ContainsRune("‘’‚‛′‵`´", r):
			r = '\''
		case strings.ContainsRune("“”„‟″‶«»", r):
			r = '"'
		case unicode.Is(unicode.Pd, r) || r == '−':
			r = '-'
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
