package i18n

import (
	"fmt"
	"slices"
	"strconv"
)

// verbUse is one fmt verb of a format: the 1-based argument it prints and
// its letter.
type verbUse struct {
	arg    int
	letter byte
}

// verbs lists a format's verbs as fmt reads them: %[n]d prints argument
// n, and a verb without an index prints the argument after the previous
// verb's. "%%" prints no argument.
func verbs(format string) []verbUse {
	var out []verbUse
	next := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && isFlagOrWidth(format[i]) {
			i++
		}
		n := next
		if i < len(format) && format[i] == '[' {
			end := i + 1
			for end < len(format) && format[end] != ']' {
				end++
			}
			if v, err := strconv.Atoi(format[i+1 : min(end, len(format))]); err == nil {
				n = v
			}
			i = end + 1
		}
		for i < len(format) && isFlagOrWidth(format[i]) {
			i++
		}
		if i >= len(format) || format[i] == '%' {
			continue
		}
		out = append(out, verbUse{n, format[i]})
		next = n + 1
	}
	return out
}

func isFlagOrWidth(c byte) bool {
	return c == '-' || c == '+' || c == '#' || c == ' ' || c == '.' || ('0' <= c && c <= '9')
}

// countArg is the argument that counts in a key: its first %d verb's (0
// when it has none). A PO entry with plural forms chooses its form by it.
func countArg(key string) int {
	for _, v := range verbs(key) {
		if v.letter == 'd' {
			return v.arg
		}
	}
	return 0
}

// sameArgs checks that a translation prints the key's arguments with the
// same verbs: all of them, or, for a plural form, some of them (Arabic
// says "two items" without the number).
func sameArgs(key, translation string, pluralForm bool) error {
	want := verbs(key)
	got := verbs(translation)
	for _, v := range got {
		if !slices.Contains(want, v) {
			return fmt.Errorf("%q: the translation %q prints argument %d with %%%c, which the key does not", key, translation, v.arg, v.letter)
		}
	}
	if pluralForm {
		return nil
	}
	for _, v := range want {
		if !slices.Contains(got, v) {
			return fmt.Errorf("%q: the translation %q does not print argument %d (%%%c)", key, translation, v.arg, v.letter)
		}
	}
	return nil
}
