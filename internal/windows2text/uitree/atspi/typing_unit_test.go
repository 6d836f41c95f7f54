package atspi

import (
	"testing"

	"textfirst/internal/windows2text/uitree"
)

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

func TestScrollSteps(t *testing.T) {
	tests := []struct {
		name       string
		vi         valueInfo
		pane       uitree.Rect
		horizontal bool
		line, page float64
	}{
		{"GTK list, own increment", valueInfo{max: 50000, step: 25}, uitree.Rect{Width: 400, Height: 300}, false, 25, 275},
		{"no increment", valueInfo{max: 50000}, uitree.Rect{Width: 400, Height: 300}, false, 30, 270},
		{"horizontal", valueInfo{max: 1000, step: 10}, uitree.Rect{Width: 200, Height: 300}, true, 10, 190},
		{"increment too big", valueInfo{max: 1000, step: 500}, uitree.Rect{Width: 200, Height: 300}, false, 30, 270},
		{"no pane size", valueInfo{max: 1000}, uitree.Rect{}, false, 10, 90},
	}
	for _, tt := range tests {
		line, page := scrollSteps(tt.vi, tt.pane, tt.horizontal)
		if line != tt.line || page != tt.page {
			t.Errorf("%s: line %g page %g, want %g %g", tt.name, line, page, tt.line, tt.page)
		}
	}
}

func TestArrivedReshaped(t *testing.T) {
	for _, tt := range []struct {
		text, want string
		ok         bool
	}{
		{"if x:\n        one\n        two", "if x:\n\tone\ntwo", true},
		{"a    b", "a\tb", true},
		{"pre if x:\r\n    one", "if x:\n\tone", true},
		{"if x:\n        on", "if x:\n\tone", false},
		{"if x: one", "if x:\n\tone", false},
		{"   ", "\t", false},
	} {
		if got := arrivedReshaped(tt.text, tt.want); got != tt.ok {
			t.Errorf("arrivedReshaped(%q, %q) = %v, want %v", tt.text, tt.want, got, tt.ok)
		}
	}
}
