package help

import (
	"strings"
	"testing"
)

// TestGuideCoversTheTopics: the guide has a page for each topic a new
// user looks for, each a level-2 heading, in this order, and ends with
// the keys it is given.
func TestGuideCoversTheTopics(t *testing.T) {
	want := []string{"Getting started", "Reading", "Navigation", "Search", "Marks", "Editing", "Speech", "Settings", "Other words"}
	pages := Pages()
	if len(pages) != len(want) {
		t.Fatalf("%d pages, want %d", len(pages), len(want))
	}
	for i, p := range pages {
		first, rest, _ := strings.Cut(p, "\n")
		if first != "## "+want[i] {
			t.Errorf("page %d starts %q, want ## %s", i+1, first, want[i])
		}
		if len(strings.Fields(rest)) < 60 {
			t.Errorf("the %s page has only %d words", want[i], len(strings.Fields(rest)))
		}
	}
	g := Guide("## Keys\n\n- Open, Ctrl+O\n")
	if !strings.HasPrefix(g, "# "+Title+"\n\n## Getting started") || !strings.HasSuffix(g, "## Keys\n\n- Open, Ctrl+O\n") {
		t.Errorf("the guide is laid out wrong:\n%s", g)
	}
}
