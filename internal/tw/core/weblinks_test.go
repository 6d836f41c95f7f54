package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestFollowLinkToAnotherPage: a link to another page of a web document
// (served over real HTTP) or to a sibling HTML file opens that page (at
// the anchor it names); Back returns to the page before, at the place
// the link was followed from; a link to nothing tw can open still says
// its address.
func TestFollowLinkToAnotherPage(t *testing.T) {
	pages := map[string]string{
		"/index.html": `<h1>Manual</h1><p>Intro words here.</p><p>See <a href="guide.html#usage">the guide</a> now.</p>`,
		"/guide.html": `<h1>Guide</h1><p>Start.</p><h2 id="usage">Usage</h2><p>Use it well.</p>`,
	}
	site := testkit.ServeHTML(t, pages)
	dir := t.TempDir()
	for name, body := range pages {
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), []byte("<html><body>"+body+"</body></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, start := range []struct{ name, path string }{
		{"web", site + "/index.html"},
		{"files", filepath.Join(dir, "index.html")},
	} {
		t.Run(start.name, func(t *testing.T) {
			f := newFixture(t)
			f.path = start.path
			app, rec := f.open()
			f.do(app, "next_link")
			from := at(t, app)
			f.do(app, "follow_link")
			if got := rec.last(); got != "Heading level 2: Usage" {
				t.Fatalf("follow_link said %q (all: %q)", got, rec.says)
			}
			if info := app.DocInfo(); info.Title != "Guide" {
				t.Fatalf("the open document is %q", info.Title)
			}
			f.do(app, "history_back")
			if got := rec.last(); !strings.HasPrefix(got, "Back to Manual, line ") || app.DocInfo().Title != "Manual" || at(t, app) != from {
				t.Fatalf("back said %q, title %q, at %d (want %d)", got, app.DocInfo().Title, at(t, app), from)
			}
		})
	}
}

// TestLinkToAnElementOnAnotherPage: a link to an element's id on another
// page (not a heading) lands on that element; Back returns, and Forward
// opens the page again at the place Back left it; following another link
// forgets that forward page.
func TestLinkToAnElementOnAnotherPage(t *testing.T) {
	dir := t.TempDir()
	filler := strings.Repeat("<p>Filler words of the guide.</p>", 20)
	for name, body := range map[string]string{
		"index.html": `<h1>Manual</h1><p>Read <a href="guide.html#fine-print">the fine print</a> first.</p><p>Also <a href="guide.html">the guide</a>.</p>`,
		"guide.html": `<h1>Guide</h1>` + filler + `<p id="fine-print">The fine print says little.</p><p>The end.</p>`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("<html><body>"+body+"</body></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f := newFixture(t)
	f.path = filepath.Join(dir, "index.html")
	app, rec := f.open()
	f.do(app, "next_link")
	from := at(t, app)
	f.do(app, "follow_link")
	if got := rec.last(); got != "The fine print says little." || app.DocInfo().Title != "Guide" {
		t.Fatalf("follow_link said %q in %q (all: %q)", got, app.DocInfo().Title, rec.says)
	}
	landed := at(t, app)
	f.do(app, "history_back")
	if app.DocInfo().Title != "Manual" || at(t, app) != from {
		t.Fatalf("back: %q at %d, want Manual at %d", app.DocInfo().Title, at(t, app), from)
	}
	f.do(app, "history_forward")
	if got := rec.last(); !strings.HasPrefix(got, "Forward to Guide, line ") || app.DocInfo().Title != "Guide" || at(t, app) != landed {
		t.Fatalf("forward said %q, %q at %d, want Guide at %d", got, app.DocInfo().Title, at(t, app), landed)
	}
	// Back again, then a new link: the page Back left is forgotten, and
	// on the page the new link opened there is nothing forward.
	f.do(app, "history_back")
	f.do(app, "next_link")
	f.do(app, "follow_link")
	if app.DocInfo().Title != "Guide" {
		t.Fatalf("the second link opened %q", app.DocInfo().Title)
	}
	f.do(app, "history_forward")
	rec.expect(t, "No forward history.", "forward after a new link")
}
