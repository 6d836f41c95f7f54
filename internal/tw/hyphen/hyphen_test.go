package hyphen_test

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"textfirst/internal/tw/hyphen"
)

// TestEnglishSyllablesFromDebiansPatterns: Debian's hyphen-en-us breaks
// words as TeX's American patterns do, never leaving fewer than two
// letters before a break or three after one.
func TestEnglishSyllablesFromDebiansPatterns(t *testing.T) {
	d, err := hyphen.ForLanguage("en")
	if err != nil {
		t.Fatalf("%v; scripts/deps-tui.sh installs hyphen-en-us", err)
	}
	if d.LeftMin != 2 || d.RightMin != 3 {
		t.Errorf("LEFTHYPHENMIN %d, RIGHTHYPHENMIN %d; the file says 2 and 3", d.LeftMin, d.RightMin)
	}
	for _, tt := range []struct{ word, want string }{
		{"hyphenation", "hy·phen·ation"},
		{"lighthouse", "light·house"},
		{"Reading", "Read·ing"},
		{"computer", "com·puter"}, // "er" is shorter than RIGHTHYPHENMIN
		{"cat", "cat"},
		{"x2y", "x2y"},
	} {
		if got := d.Split(tt.word, "·"); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.word, got, tt.want)
		}
	}
}

// TestLoadRefusesWhatIsNotADictionary: another character set, or no
// patterns at all, is an error that says so.
func TestLoadRefusesWhatIsNotADictionary(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"ISO8859-1\n.a2b\n", "only UTF-8"},
		{"UTF-8\nLEFTHYPHENMIN 2\n", "no patterns"},
		{"", "no patterns"},
	} {
		if _, err := hyphen.Load(strings.NewReader(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want an error saying %q", tt.text, err, tt.want)
		}
	}
}

// FuzzLoad: any dictionary text loads or is refused, and a loaded one
// breaks any word within its letters, after LeftMin and before RightMin.
func FuzzLoad(f *testing.F) {
	f.Add("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\n1a1\n.b9\n", "abab")
	f.Add("UTF-8\nLEFTHYPHENMIN 0\n9\n..9..\n", "éé")
	f.Fuzz(func(t *testing.T, text, word string) {
		d, err := hyphen.Load(strings.NewReader(text))
		if err != nil {
			return
		}
		n := len([]rune(word))
		for _, b := range d.Breaks(word) {
			if b < d.LeftMin || b > n-d.RightMin || b <= 0 || b >= n {
				t.Fatalf("break at %d of %q (left %d, right %d)", b, word, d.LeftMin, d.RightMin)
			}
		}
	})
}

// BenchmarkBreaks hyphenates the words of a file (TW_HYPHEN_WORDS, one a
// line; by default the words of Debian's GPL-3), as the reader does for
// each line it draws.
func BenchmarkBreaks(b *testing.B) {
	d, err := hyphen.ForLanguage("en")
	if err != nil {
		b.Fatal(err)
	}
	path := os.Getenv("TW_HYPHEN_WORDS")
	if path == "" {
		path = "/usr/share/common-licenses/GPL-3"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	words := strings.FieldsFunc(string(data), func(r rune) bool { return !unicode.IsLetter(r) })
	b.ResetTimer()
	for range b.N {
		for _, w := range words {
			d.Breaks(w)
		}
	}
	b.ReportMetric(float64(len(words))*float64(b.N)/b.Elapsed().Seconds(), "words/s")
}
