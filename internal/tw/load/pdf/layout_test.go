package pdf

import "testing"

// TestMayStartItem: the quick test before the list expressions turns away
// no line either of them takes.
func TestMayStartItem(t *testing.T) {
	lines := []string{
		"", "-", "- item", "– item", "— item", "* item", "• item", "•item", "◦ item", "▪item", "▫ item",
		"■item", "□ item", "●item", "○ item", "‣ item", "⁃ item", "∙ item", "· item", "1. item", "12) item",
		"123. item", "1234. item", "a) item", "z) item", "A) item", "ab) item", "a)", "Item 1.", " 1. item",
		"\xff item", "•\nitem", "1.\titem", "x", "§ 3",
	}
	for _, s := range lines {
		want := bulletRe.MatchString(s) || numberedRe.MatchString(s)
		if want && !mayStartItem(s) {
			t.Errorf("mayStartItem(%q) = false, but a list expression takes it", s)
		}
	}
	for _, s := range []string{"Item 1.", "The end", "(a) item", "\xff item"} {
		if mayStartItem(s) {
			t.Errorf("mayStartItem(%q) = true, want false", s)
		}
	}
}
