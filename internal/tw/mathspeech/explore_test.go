package mathspeech

import "testing"

// TestExplore walks a formula term by term, into parts and out again.
func TestExplore(t *testing.T) {
	e := NewExplorer(ParseLaTeX(`\frac{a+b}{c} = x^2`))
	steps := []struct {
		move string
		ok   bool
		want string
	}{
		{"", true, "the fraction a plus b over c, end fraction"},
		{"next", true, "equals"},
		{"next", true, "x squared"},
		{"next", false, "x squared"},
		{"down", true, "base, x"},
		{"next", true, "exponent, 2"},
		{"down", false, "exponent, 2"},
		{"up", true, "x squared"},
		{"previous", true, "equals"},
		{"previous", true, "the fraction a plus b over c, end fraction"},
		{"previous", false, "the fraction a plus b over c, end fraction"},
		{"down", true, "numerator, a plus b"},
		{"down", true, "a"},
		{"next", true, "plus"},
		{"up", true, "numerator, a plus b"},
		{"next", true, "denominator, c"},
		{"up", true, "the fraction a plus b over c, end fraction"},
		{"up", true, "the fraction a plus b over c, end fraction equals x squared"},
		{"up", false, "the fraction a plus b over c, end fraction equals x squared"},
	}
	for i, s := range steps {
		var ok bool
		switch s.move {
		case "":
			ok = true
		case "next":
			ok = e.Next()
		case "previous":
			ok = e.Previous()
		case "down":
			ok = e.Down()
		case "up":
			ok = e.Up()
		}
		if got := e.Describe(nil); ok != s.ok || got != s.want {
			t.Fatalf("step %d %s: moved %v, at %q; want %v, %q", i, s.move, ok, got, s.ok, s.want)
		}
	}
}
