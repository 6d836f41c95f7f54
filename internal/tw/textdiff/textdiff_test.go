package textdiff

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMap(t *testing.T) {
	text := "Fluids were often given in acute renal failure.\n\nA second paragraph stays.\n\nThe patient was stable.\n"
	for _, c := range []struct {
		name, old, new string
		at             map[string]string // a word of old → where it is in new (its text from there)
	}{
		{"same", text, text, map[string]string{"second": "second", "stable": "stable"}},
		{"word removed", text, strings.Replace(text, "renal ", "", 1),
			map[string]string{"renal": "failure", "failure": "failure", "stable": "stable", "Fluids": "Fluids"}},
		{"word put back", text, strings.Replace(text, "were ", "were rarely ", 1),
			map[string]string{"often": "often", "second": "second"}},
		{"in two paragraphs", text, strings.Replace(strings.Replace(text, "acute ", "", 1), "was ", "was very ", 1),
			map[string]string{"renal": "renal", "second": "second", "stable": "stable", "patient": "patient"}},
		{"marks around words", "a [inserted: often] b", "a often b", map[string]string{"often": "often", "b": "b"}},
		{"non-ASCII", "çà et là — fin", "çà là — fin", map[string]string{"là": "là", "fin": "fin"}},
	} {
		m := New(c.old, c.new)
		for word, want := range c.at {
			pos := utf8.RuneCountInString(c.old[:strings.Index(c.old, word)])
			got := m.At(pos)
			rest := string([]rune(c.new)[got:])
			if !strings.HasPrefix(rest, want) {
				t.Errorf("%s: %q at %d went to %d, before %q; want %q", c.name, word, pos, got, rest, want)
			}
		}
		if m.At(0) != 0 || m.At(utf8.RuneCountInString(c.old)) != utf8.RuneCountInString(c.new) {
			t.Errorf("%s: the ends are not kept", c.name)
		}
	}
}

// TestMapRandomEdits: after random edits far apart, every character not
// edited is found where it went, and the map only goes forward.
func TestMapRandomEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("the cell nucleus holds DNA and controls growth while the membrane keeps water out")
	for round := range 50 {
		var old []string
		for range 400 {
			old = append(old, words[r.IntN(len(words))])
			if r.IntN(12) == 0 {
				old = append(old, "\n\n")
			}
		}
		// Mark every 30th word changed: replaced by a new word.
		newWords := append([]string(nil), old...)
		kept := map[int]bool{}
		for i := range newWords {
			if i%30 == 7 && newWords[i] != "\n\n" {
				newWords[i] = "ZZ" + strings.Repeat("q", r.IntN(4))
			} else {
				kept[i] = true
			}
		}
		oldText, newText := strings.Join(old, " "), strings.Join(newWords, " ")
		m := New(oldText, newText)
		oldAt, newAt, last := 0, 0, 0
		for i := range old {
			if kept[i] {
				if got := m.At(oldAt); got != newAt {
					t.Fatalf("round %d: word %d (%q) at %d went to %d, want %d", round, i, old[i], oldAt, got, newAt)
				}
			}
			if got := m.At(oldAt); got < last {
				t.Fatalf("round %d: the map goes back at %d", round, oldAt)
			} else {
				last = got
			}
			oldAt += utf8.RuneCountInString(old[i]) + 1
			newAt += utf8.RuneCountInString(newWords[i]) + 1
		}
	}
}

func TestDiffGivesUpWhenTooLarge(t *testing.T) {
	a := []rune(strings.Repeat("a", 3000))
	b := []rune(strings.Repeat("b", 3000))
	if _, ok := diff(a, b); ok {
		t.Error("a diff of 6000 edits did not give up")
	}
	// The map still works, in proportion.
	m := New(string(a), string(b))
	if got := m.At(1500); got < 1400 || got > 1600 {
		t.Errorf("the middle of a replaced text went to %d", got)
	}
}

// TestMapManyChangedLines: with more lines changed than a full diff takes,
// the lines are matched again further on, and text shared keeps its place.
func TestMapManyChangedLines(t *testing.T) {
	var old, new []string
	for i := range 3000 {
		line := "Paragraph " + strings.Repeat("x", i%7) + " number " + string(rune('a'+i%26))
		old = append(old, line)
		if i%2 == 0 {
			new = append(new, line+" changed")
		} else {
			new = append(new, line)
		}
		if i == 1500 {
			new = append(new, "An added line.")
		}
	}
	oldText, newText := strings.Join(old, "\n")+"\n", strings.Join(new, "\n")+"\n"
	if _, ok := diff(splitLines(oldText), splitLines(newText)); ok {
		t.Fatal("the full diff did not give up; the test tests nothing")
	}
	m := New(oldText, newText)
	for _, i := range []int{1, 1499, 1501, 2999} {
		o := utf8.RuneCountInString(strings.Join(old[:i], "\n")) + 1
		n := utf8.RuneCountInString(strings.Join(new[:i+boolInt(i > 1500)], "\n")) + 1
		if got := m.At(o); got != n {
			t.Errorf("line %d at %d went to %d, want %d", i, o, got, n)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
