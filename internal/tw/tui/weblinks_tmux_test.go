package tui

import (
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxFollowLinkToAnotherWebPage drives the real reader in tmux on a
// page served over HTTP (tw open URL): following a link to another page
// of the site opens it at the anchor, and Back (Backspace, as in the
// original) returns to the first page where the link was.
func TestTmuxFollowLinkToAnotherWebPage(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	pages := map[string]string{
		"/index.html": `<h1>Manual</h1><p>Intro words here.</p><p>See <a href="guide.html#usage">the guide</a> now.</p>`,
		"/guide.html": `<h1>Guide</h1><p>Start.</p><h2 id="usage">Usage</h2><p>Use it well.</p>`,
	}
	site := testkit.ServeHTML(t, pages)
	s := startTw(t, 80, 24, t.TempDir(), "", "--no-speech "+site+"/index.html")
	s.press([]step{
		{"", "", "Opened Manual."},
		{"", "k", "Link: the guide"},
		{"", "M-F", "Heading level 2: Usage"},
	})
	s.waitScreen("the guide page", func(sc string) bool { return strings.HasPrefix(sc, "Guide") && strings.Contains(sc, "Use it well.") })
	s.press([]step{{"", "BSpace", "Back to Manual, line 5: the guide now."}})
	s.waitScreen("the first page again", func(sc string) bool { return strings.HasPrefix(sc, "Manual") })
	s.quit()
}
