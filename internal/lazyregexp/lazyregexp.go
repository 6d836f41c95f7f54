// Package lazyregexp holds regular expressions that are compiled on first
// use instead of at program start.
//
// A package-level regexp.MustCompile runs in every process that links the
// package, whether or not the expression is ever used; a command-line tool
// with many of them pays for all of them at each start. A Regexp from New
// is compiled once, the first time one of its methods is called, and is
// safe for concurrent use. An invalid pattern panics at that first use, as
// regexp.MustCompile would at start; under `go test` it is compiled at once,
// so a bad pattern still fails the package's tests.
package lazyregexp

import (
	"os"
	"regexp"
	"strings"
	"sync"
)

// Regexp is a regular expression compiled on first use.
type Regexp struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

// New returns the regular expression for pattern, compiled on first use.
func New(pattern string) *Regexp {
	r := &Regexp{pattern: pattern}
	if inTest {
		r.Regexp()
	}
	return r
}

// inTest reports whether the program is a test binary, whose patterns are
// compiled at once so that a bad one fails its package's tests.
var inTest = len(os.Args) > 0 && strings.HasSuffix(strings.TrimSuffix(os.Args[0], ".exe"), ".test")

// Regexp returns the compiled expression, compiling it on the first call.
func (r *Regexp) Regexp() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pattern) })
	return r.re
}

// String returns the source text of the expression.
func (r *Regexp) String() string { return r.pattern }

// MatchString reports whether s contains a match.
func (r *Regexp) MatchString(s string) bool { return r.Regexp().MatchString(s) }

// Match reports whether b contains a match.
func (r *Regexp) Match(b []byte) bool { return r.Regexp().Match(b) }

// FindString returns the leftmost match in s.
func (r *Regexp) FindString(s string) string { return r.Regexp().FindString(s) }

// FindStringIndex returns the location of the leftmost match in s.
func (r *Regexp) FindStringIndex(s string) []int { return r.Regexp().FindStringIndex(s) }

// FindStringSubmatch returns the leftmost match in s and its submatches.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Regexp().FindStringSubmatch(s) }

// FindStringSubmatchIndex returns the locations of the leftmost match in s
// and its submatches.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Regexp().FindStringSubmatchIndex(s)
}

// FindAllString returns up to n successive matches in s (all if n < 0).
func (r *Regexp) FindAllString(s string, n int) []string { return r.Regexp().FindAllString(s, n) }

// FindAllStringIndex returns the locations of up to n successive matches in s.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Regexp().FindAllStringIndex(s, n)
}

// FindAllStringSubmatch returns up to n successive matches in s with their
// submatches.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Regexp().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex returns the locations of up to n successive
// matches in s and their submatches.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Regexp().FindAllStringSubmatchIndex(s, n)
}

// FindSubmatch returns the leftmost match in b and its submatches.
func (r *Regexp) FindSubmatch(b []byte) [][]byte { return r.Regexp().FindSubmatch(b) }

// FindIndex returns the location of the leftmost match in b.
func (r *Regexp) FindIndex(b []byte) []int { return r.Regexp().FindIndex(b) }

// FindAllSubmatchIndex returns the locations of up to n successive matches
// in b and their submatches.
func (r *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return r.Regexp().FindAllSubmatchIndex(b, n)
}

// FindAllSubmatch returns up to n successive matches in b with their
// submatches.
func (r *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte {
	return r.Regexp().FindAllSubmatch(b, n)
}

// ReplaceAllString replaces every match in src with repl, expanding $1 and
// the like.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Regexp().ReplaceAllString(src, repl)
}

// ReplaceAllStringFunc replaces every match in src with what repl returns
// for it.
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Regexp().ReplaceAllStringFunc(src, repl)
}

// SubexpIndex returns the index of the named group, or -1.
func (r *Regexp) SubexpIndex(name string) int { return r.Regexp().SubexpIndex(name) }

// Split slices s into the substrings between matches, at most n of them
// (all if n < 0).
func (r *Regexp) Split(s string, n int) []string { return r.Regexp().Split(s, n) }
