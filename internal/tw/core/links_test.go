package core_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFollowInPageLink: a link whose target is in the same document moves
// there, says where it landed, and history goes back.
func TestFollowInPageLink(t *testing.T) {
	cases := []struct {
		name, file, content, landing string
	}{
		{"html id", "page.html", `<p><a href="#two">Jump to two</a></p><h2>One</h2><p>x</p><h2 id="two">Section Two</h2><p>Body text here.</p>`, "Heading level 2: Section Two"},
		{"html anchor in a paragraph", "page.html", `<p><a href="#p">Jump</a></p><h2>One</h2><p id="p">Target paragraph words.</p>`, "Target paragraph words."},
		{"markdown heading", "notes.md", "[Go](#section-two)\n\n# One\n\nx\n\n## Section Two\n\nBody.\n", "Heading level 2: Section Two"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.path = filepath.Join(filepath.Dir(f.path), tc.file)
			f.write(tc.content)
			app, rec := f.open()
			f.do(app, "follow_link")
			if rec.last() != tc.landing {
				t.Fatalf("follow_link said %q, want %q", rec.last(), tc.landing)
			}
			if at(t, app) == 0 {
				t.Fatal("follow_link did not move")
			}
			f.do(app, "history_back")
			if at(t, app) != 0 || !strings.HasPrefix(rec.last(), "Back") {
				t.Fatalf("back: at %d, %q", at(t, app), rec.last())
			}
		})
	}
}
