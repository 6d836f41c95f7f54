// Package hyphen finds where words break into syllables with the
// hyphenation patterns of libhyphen (Debian's hyphen-* packages, such as
// hyphen-en-us's /usr/share/hyphen/hyph_en_US.dic): Liang's algorithm, as
// TeX and LibreOffice use it.
package hyphen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dir is where Debian installs the hyphenation dictionaries.
const Dir = "/usr/share/hyphen"

// ErrNoDictionary is returned by ForLanguage when no dictionary of the
// language is installed.
var ErrNoDictionary = errors.New("hyphen: no hyphenation dictionary for the language is installed (Debian package hyphen-en-us, hyphen-fr, hyphen-de, …)")

// Dict is a set of hyphenation patterns. It is safe for concurrent use.
type Dict struct {
	patterns map[string][]byte // letters -> the digit before each letter and after the last
	maxLen   int               // the longest pattern, in letters
	// LeftMin and RightMin are the fewest letters before the first break
	// and after the last.
	LeftMin, RightMin int
}

// Load reads a libhyphen dictionary: a first line naming its character
// set (only UTF-8 is read), LEFTHYPHENMIN and RIGHTHYPHENMIN lines, then
// one pattern a line (letters with digits between them, "." for a word's
// edge). Lines of other keywords, comments and nonstandard patterns
// (with "/") are passed over.
func Load(r io.Reader) (*Dict, error) {
	d := &Dict{patterns: map[string][]byte{}, LeftMin: 2, RightMin: 2}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if first {
			first = false
			if !strings.EqualFold(line, "UTF-8") {
				return nil, fmt.Errorf("hyphen: the dictionary's character set is %q; only UTF-8 is read", line)
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "%") || strings.HasPrefix(line, "#") || strings.Contains(line, "/") {
			continue
		}
		if k, v, ok := strings.Cut(line, " "); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 && n < 20 {
				switch k {
				case "LEFTHYPHENMIN":
					d.LeftMin = n
				case "RIGHTHYPHENMIN":
					d.RightMin = n
				}
			}
			continue
		}
		d.add(line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("hyphen: %w", err)
	}
	if len(d.patterns) == 0 {
		return nil, errors.New("hyphen: the dictionary has no patterns")
	}
	return d, nil
}

// add adds one pattern, such as ".ad4der" or "a2n".
func (d *Dict) add(p string) {
	var letters []rune
	digits := []byte{0}
	for _, r := range p {
		if r >= '0' && r <= '9' {
			digits[len(digits)-1] = byte(r - '0')
			continue
		}
		letters = append(letters, unicode.ToLower(r))
		digits = append(digits, 0)
	}
	if len(letters) == 0 {
		return
	}
	d.patterns[string(letters)] = digits
	d.maxLen = max(d.maxLen, len(letters))
}

// Open loads the dictionary file at path.
func Open(path string) (*Dict, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("hyphen: %w", err)
	}
	defer f.Close()
	d, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return d, nil
}

// ForLanguage opens the installed dictionary of lang ("en", "en-US",
// "fr"): hyph_ll_CC.dic, else hyph_ll.dic, else the first hyph_ll_*.dic;
// English without a country is en_US.
func ForLanguage(lang string) (*Dict, error) {
	ll, cc, _ := strings.Cut(strings.ReplaceAll(lang, "-", "_"), "_")
	ll = strings.ToLower(ll)
	if ll == "" {
		ll = "en"
	}
	var names []string
	if cc != "" {
		names = append(names, "hyph_"+ll+"_"+strings.ToUpper(cc)+".dic")
	}
	names = append(names, "hyph_"+ll+".dic")
	if ll == "en" {
		names = append(names, "hyph_en_US.dic")
	}
	if more, _ := filepath.Glob(filepath.Join(Dir, "hyph_"+ll+"_*.dic")); len(more) > 0 {
		names = append(names, filepath.Base(more[0]))
	}
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(Dir, n)); err == nil {
			return Open(filepath.Join(Dir, n))
		}
	}
	return nil, ErrNoDictionary
}

// Breaks returns where word breaks into syllables: the offsets, in code
// points, of the letters that begin its second syllable onwards. A word
// with anything but letters, or too short to break, has none.
func (d *Dict) Breaks(word string) []int {
	n := utf8.RuneCountInString(word)
	if n < d.LeftMin+d.RightMin || n > 100 {
		return nil
	}
	// The word in lower case between dots, and where each of its
	// letters starts, so that patterns are looked up by slices of it.
	var b strings.Builder
	b.Grow(len(word) + 2)
	at := make([]int, 0, n+3)
	at = append(at, 0)
	b.WriteByte('.')
	for _, r := range word {
		if !unicode.IsLetter(r) {
			return nil
		}
		at = append(at, b.Len())
		b.WriteRune(unicode.ToLower(r))
	}
	at = append(at, b.Len())
	b.WriteByte('.')
	at = append(at, b.Len())
	letters := b.String()
	count := len(at) - 1 // letters, the dots included
	// values[i] is the highest digit before letter i of letters.
	values := make([]byte, count+1)
	for i := 0; i < count; i++ {
		for j := i + 1; j <= count && j-i <= d.maxLen; j++ {
			p, ok := d.patterns[letters[at[i]:at[j]]]
			if !ok {
				continue
			}
			for k, v := range p {
				values[i+k] = max(values[i+k], v)
			}
		}
	}
	var out []int
	// values[i+1] is the digit before word letter i (letters[i+1]).
	for i := d.LeftMin; i <= n-d.RightMin; i++ {
		if values[i+1]%2 == 1 {
			out = append(out, i)
		}
	}
	return out
}

// Split is word with sep between its syllables.
func (d *Dict) Split(word, sep string) string {
	breaks := d.Breaks(word)
	if len(breaks) == 0 {
		return word
	}
	var b strings.Builder
	i, next := 0, 0
	for _, r := range word {
		if next < len(breaks) && i == breaks[next] {
			b.WriteString(sep)
			next++
		}
		b.WriteRune(r)
		i++
	}
	return b.String()
}
