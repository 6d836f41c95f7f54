package atspi

import "testing"

func TestExpectedTextAndPrefix(t *testing.T) {
	multi := &actor{h: &handle{states: stateSet(1) << stateMultiLine}}
	single := &actor{h: &handle{}}
	tests := []struct {
		a          *actor
		text, want string
	}{
		{multi, "one\ntwo\tthree", "one\ntwo\tthree"},
		{multi, "a\r\nb", "a\nb"},
		{single, "one\ntwo\tthree", "onetwothree"},
		{single, "Grüße ✓", "Grüße ✓"},
	}
	for _, tt := range tests {
		if got := tt.a.expectedText(tt.text); got != tt.want {
			t.Errorf("expectedText(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	prefixes := []struct {
		text, want string
		n          int
	}{
		{"xx hello wor", "hello world", 9},
		{"hello world", "hello world", 11},
		{"xyz", "hello", 0},
		{"Grü", "Grüße", 3},
		{"", "", 0},
	}
	for _, p := range prefixes {
		if got := typedPrefix(p.text, []rune(p.want)); got != p.n {
			t.Errorf("typedPrefix(%q, %q) = %d, want %d", p.text, p.want, got, p.n)
		}
	}
}
