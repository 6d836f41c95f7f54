package load

import (
	"strings"
	"testing"
	"time"
)

func TestLimitBrackets(t *testing.T) {
	deep := strings.Repeat("[", 40) + "x" + strings.Repeat("]", 40)
	tests := []struct {
		name, src, want string
	}{
		{"real text is not copied", "a [link](x) and [[wiki]]\n", "a [link](x) and [[wiki]]\n"},
		{"deep nesting escaped past the limit", deep, strings.Repeat("[", 32) + strings.Repeat(`\[`, 8) + "x" + strings.Repeat("]", 40)},
		{"a blank line ends the paragraph", strings.Repeat("[", 20) + "\n\n" + strings.Repeat("[", 20), strings.Repeat("[", 20) + "\n\n" + strings.Repeat("[", 20)},
		{"escaped brackets do not count", strings.Repeat(`\[`, 40), strings.Repeat(`\[`, 40)},
	}
	for _, tc := range tests {
		if got := string(limitBrackets([]byte(tc.src))); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDeepBracketsReadTheSame: escaping changes nothing a listener hears —
// the brackets are still read — and 100,000 nested brackets load quickly
// (goldmark alone took 12 s for them).
func TestDeepBracketsReadTheSame(t *testing.T) {
	small := strings.Repeat("[", 40) + "x" + strings.Repeat("]", 40)
	d, err := loadMarkdown("b.md", []byte(small))
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != small {
		t.Errorf("text = %q, want the brackets as written", d.Text)
	}
	huge := strings.Repeat("[", 100_000) + "x" + strings.Repeat("]", 100_000)
	start := time.Now()
	d, err = loadMarkdown("b.md", []byte(huge))
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("100,000 nested brackets took %v", took)
	}
	if d.Text != huge {
		t.Errorf("the brackets are not read as written (%d characters, want %d)", len(d.Text), len(huge))
	}
}
