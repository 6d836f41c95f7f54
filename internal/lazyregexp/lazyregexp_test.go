package lazyregexp

import (
	"regexp"
	"slices"
	"testing"
)

func TestForwardsToTheCompiledExpression(t *testing.T) {
	const pattern = `(\d+)-(\d+)`
	lazy, eager := New(pattern), regexp.MustCompile(pattern)
	for _, s := range []string{"", "no digits", "pages 3-7 and 10-12", "1-2"} {
		if got, want := lazy.FindAllStringSubmatch(s, -1), eager.FindAllStringSubmatch(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("FindAllStringSubmatch(%q) = %q, want %q", s, got, want)
		}
		if got, want := lazy.ReplaceAllString(s, "$2-$1"), eager.ReplaceAllString(s, "$2-$1"); got != want {
			t.Errorf("ReplaceAllString(%q) = %q, want %q", s, got, want)
		}
		if got, want := lazy.MatchString(s), eager.MatchString(s); got != want {
			t.Errorf("MatchString(%q) = %v, want %v", s, got, want)
		}
	}
	if lazy.Regexp() != lazy.Regexp() {
		t.Error("the expression was compiled twice")
	}
	if lazy.String() != pattern {
		t.Errorf("String() = %q, want %q", lazy.String(), pattern)
	}
}

func TestBadPatternFailsUnderTest(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New accepted an invalid pattern in a test binary; it must panic at once")
		}
	}()
	New(`(unclosed`)
}
