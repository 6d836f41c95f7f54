// Package spell checks the spelling of words against a word list, such as
// the one Debian's wamerican package installs in /usr/share/dict, and
// suggests corrections a single edit (or two) away.
//
// A word list rather than a Hunspell dictionary: every inflected form is
// in it, so a lookup is one map access and needs no affix rules.
package spell

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// lists are the word lists looked for, in order.
var lists = []string{"/usr/share/dict/american-english", "/usr/share/dict/british-english", "/usr/share/dict/words"}

// errNoList is returned when no word list is installed.
var errNoList = errors.New("spell: no word list is installed (on Debian: apt install wamerican)")

// Checker checks words. It is safe for concurrent use once made.
type Checker struct {
	words map[string]bool
	// lower holds every word in lower case, so that "The" at the start of
	// a sentence is known; proper names ("Paris") must keep their capital.
	lower map[string]bool
}

// readList makes a Checker from a word list, one word a line.
func readList(r io.Reader) (*Checker, error) {
	c := &Checker{words: map[string]bool{}, lower: map[string]bool{}}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		w := strings.TrimSpace(sc.Text())
		if w == "" || !utf8.ValidString(w) {
			continue
		}
		c.words[w] = true
		if w == strings.ToLower(w) {
			c.lower[w] = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("spell: %w", err)
	}
	if len(c.words) == 0 {
		return nil, errors.New("spell: the word list is empty")
	}
	return c, nil
}

var (
	sysOnce sync.Once
	sys     *Checker
	sysErr  error
)

// System is the Checker of the first installed word list of lists, read
// once.
func System() (*Checker, error) {
	sysOnce.Do(func() {
		sysErr = errNoList
		for _, path := range lists {
			f, err := os.Open(path)
			if err != nil {
				continue
			}
			sys, sysErr = readList(f)
			f.Close()
			return
		}
	})
	return sys, sysErr
}

// normal turns typographic apostrophes into the list's straight ones.
func normal(w string) string { return strings.NewReplacer("’", "'", "ʼ", "'").Replace(w) }

// checked reports whether a word is one spelling checks look at: a word
// of two or more letters, with no digits, that is not all capitals (an
// abbreviation) and is written in the Latin script of the word list.
func checked(word string) bool {
	ok, latin := wordShape(word)
	return ok && latin
}

// wordShape reports whether word has two or more letters of any script, no
// digits and not only capitals (the words spelling looks at), and whether
// every letter in it is of the Latin script.
func wordShape(word string) (ok, latin bool) {
	letters, upper := 0, 0
	latin = true
	for _, r := range word {
		switch {
		case unicode.IsDigit(r):
			return false, latin
		case unicode.IsLetter(r):
			latin = latin && unicode.Is(unicode.Latin, r)
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= 2 && upper < letters, latin
}

// Known reports whether word is spelled correctly: it is in the list as
// written, or in lower case (a capital at the start of a sentence), and a
// hyphenated compound when each of its parts is. Words checked says no to
// are always known.
func (c *Checker) Known(word string) bool {
	if !checked(word) {
		return true
	}
	w := normal(word)
	if c.known(w) {
		return true
	}
	if strings.Contains(w, "-") {
		for _, part := range strings.Split(w, "-") {
			if part != "" && !c.known(part) && checked(part) {
				return false
			}
		}
		return true
	}
	return false
}

func (c *Checker) known(w string) bool {
	return c.words[w] || c.lower[strings.ToLower(w)]
}

const alphabet = "abcdefghijklmnopqrstuvwxyz'"

// edits returns the spellings one edit from w: a letter deleted, two
// swapped, one replaced or one inserted.
func edits(w string) []string {
	r := []rune(w)
	var out []string
	for i := 0; i <= len(r); i++ {
		if i < len(r) {
			out = append(out, string(r[:i])+string(r[i+1:]))
		}
		if i+1 < len(r) {
			s := append([]rune{}, r...)
			s[i], s[i+1] = s[i+1], s[i]
			out = append(out, string(s))
		}
		for _, a := range alphabet {
			if i < len(r) && r[i] != a {
				out = append(out, string(r[:i])+string(a)+string(r[i+1:]))
			}
			out = append(out, string(r[:i])+string(a)+string(r[i:]))
		}
	}
	return out
}

// Suggest returns up to max known words one edit from word, else two,
// those keeping its first letter first, with its capital kept.
func (c *Checker) Suggest(word string, max int) []string {
	w := normal(word)
	lower := strings.ToLower(w)
	capital := w != lower
	found := map[string]bool{}
	collect := func(cands []string) {
		for _, s := range cands {
			if c.lower[s] || c.words[s] {
				found[s] = true
			}
		}
	}
	one := edits(lower)
	collect(one)
	if len(found) == 0 && utf8.RuneCountInString(lower) <= 12 {
		for _, e := range one {
			collect(edits(e))
		}
	}
	delete(found, lower)
	out := make([]string, 0, len(found))
	for s := range found {
		out = append(out, s)
	}
	first, _ := utf8.DecodeRuneInString(lower)
	sort.Slice(out, func(i, j int) bool {
		fi, _ := utf8.DecodeRuneInString(out[i])
		fj, _ := utf8.DecodeRuneInString(out[j])
		if (fi == first) != (fj == first) {
			return fi == first
		}
		if len(out[i]) != len(out[j]) {
			return abs(len(out[i])-len(lower)) < abs(len(out[j])-len(lower))
		}
		return out[i] < out[j]
	})
	if len(out) > max {
		out = out[:max]
	}
	if capital {
		for i, s := range out {
			r, n := utf8.DecodeRuneInString(s)
			out[i] = string(unicode.ToUpper(r)) + s[n:]
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
