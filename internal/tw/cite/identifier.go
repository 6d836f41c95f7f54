package cite

import (
	"errors"
	"strings"
)

// IdentifierKind says what an identifier is.
type IdentifierKind int

const (
	DOI IdentifierKind = iota + 1
	ISBN
)

// An Identifier is a DOI or an ISBN in its plain form: a DOI in
// lowercase without a resolver prefix, an ISBN as its digits (and X).
type Identifier struct {
	Kind  IdentifierKind
	Value string
}

// ErrNotIdentifier is returned by ParseIdentifier for text that is
// neither a DOI nor an ISBN with a right check digit.
var ErrNotIdentifier = errors.New("cite: not a DOI (10.1234/…) or an ISBN with a right check digit")

// ParseIdentifier reads a DOI ("10.1038/nature12373", "doi:…", a doi.org
// address) or an ISBN (10 or 13 digits, hyphens and spaces allowed, its
// check digit right).
func ParseIdentifier(s string) (Identifier, error) {
	s = strings.TrimSpace(s)
	if d := normalDOI(s); strings.HasPrefix(d, "10.") {
		prefix, suffix, ok := strings.Cut(d, "/")
		if ok && suffix != "" && len(prefix) >= 7 && allDigits(strings.ReplaceAll(prefix[3:], ".", "")) && !strings.ContainsAny(d, " \t") {
			return Identifier{Kind: DOI, Value: d}, nil
		}
		return Identifier{}, ErrNotIdentifier
	}
	if n, ok := normalISBN(s); ok {
		return Identifier{Kind: ISBN, Value: n}, nil
	}
	return Identifier{}, ErrNotIdentifier
}

// normalDOI is a DOI without its resolver prefix, in lowercase (DOIs
// compare without case).
func normalDOI(s string) string {
	s = strings.TrimSpace(s)
	l := strings.ToLower(s)
	for _, p := range []string{"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi.org/", "doi:", "doi "} {
		if strings.HasPrefix(l, p) {
			l = strings.TrimSpace(l[len(p):])
			break
		}
	}
	return l
}

// normalISBN is the ISBN's digits (a final X kept) when s is an ISBN-10
// or ISBN-13 whose check digit is right.
func normalISBN(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 4 && strings.EqualFold(s[:4], "isbn") {
		s = strings.TrimLeft(s[4:], ":- ")
		s = strings.TrimPrefix(strings.TrimPrefix(s, "-13"), "-10")
		s = strings.TrimLeft(s, ": ")
	}
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			b.WriteRune(c)
		case c == 'x' || c == 'X':
			b.WriteByte('X')
		case c == '-' || c == ' ':
		default:
			return "", false
		}
	}
	d := b.String()
	switch len(d) {
	case 10:
		sum := 0
		for i := 0; i < 10; i++ {
			v := int(d[i] - '0')
			if d[i] == 'X' {
				if i != 9 {
					return "", false
				}
				v = 10
			}
			sum += (10 - i) * v
		}
		return d, sum%11 == 0
	case 13:
		if strings.Contains(d, "X") {
			return "", false
		}
		return d, ean13Check(d[:12]) == d[12]
	}
	return "", false
}

// ean13Check is the check digit of the first twelve digits of an
// ISBN-13.
func ean13Check(twelve string) byte {
	sum := 0
	for i := 0; i < 12; i++ {
		v := int(twelve[i] - '0')
		if i%2 == 1 {
			v *= 3
		}
		sum += v
	}
	return byte('0' + (10-sum%10)%10)
}

// isbn13 is an ISBN in its 13-digit form, for comparing an ISBN-10 with
// an ISBN-13 of the same book.
func isbn13(d string) string {
	if len(d) != 10 {
		return d
	}
	core := "978" + d[:9]
	return core + string(ean13Check(core))
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
