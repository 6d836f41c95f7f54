package tui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<html><body>"+body+"</body></html>")
	}))
	defer srv.Close()
	s := startTw(t, 80, 24, t.TempDir(), "", "--no-speech "+srv.URL+"/index.html")
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
