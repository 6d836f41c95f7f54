package textdiff

import (
	"testing"
	"unicode/utf8"
)

// FuzzMap: any two texts give a map that never panics, keeps every place
// of the old text inside the new one, and never sends a later place
// before an earlier one.
func FuzzMap(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nx\nc\n")
	f.Add("The patient takes two tablets.", "The patient takes three tablets.")
	f.Add("", "new\ntext")
	f.Add("é\n日本\n", "日本\né\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		if !utf8.ValidString(old) || !utf8.ValidString(new) {
			return
		}
		m := New(old, new)
		oldN, newN := utf8.RuneCountInString(old), utf8.RuneCountInString(new)
		last := 0
		for pos := 0; pos <= oldN; pos++ {
			at := m.At(pos)
			if at < 0 || at > newN {
				t.Fatalf("At(%d) = %d, outside the new text of %d", pos, at, newN)
			}
			if at < last {
				t.Fatalf("At(%d) = %d, before At(%d) = %d", pos, at, pos-1, last)
			}
			last = at
		}
		if old == new {
			for pos := 0; pos <= oldN; pos++ {
				if m.At(pos) != pos {
					t.Fatalf("the same text moved %d to %d", pos, m.At(pos))
				}
			}
		}
	})
}
