package core_test

import (
	"archive/zip"
	"bytes"
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

// epubWithNote is a one-chapter EPUB 3 whose paragraph refers to a
// footnote in an <aside>.
func epubWithNote(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range []struct{ name, body string }{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`},
		{"OPS/book.opf", `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Noted</dc:title></metadata><manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>`},
		{"OPS/c.xhtml", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>c</title></head><body><h1>Chapter</h1>` +
			`<p>The claim is bold.<a epub:type="noteref" href="#fn1">1</a> More text follows here.</p><aside epub:type="footnote" id="fn1"><p>The source of the claim.</p></aside></body></html>`},
	} {
		w, err := zw.Create(f.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(f.body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// An EPUB footnote reference is followed to its note, and the
// note's label back to the reference.
func TestFollowEPUBFootnote(t *testing.T) {
	f := newFixture(t)
	f.path = filepath.Join(filepath.Dir(f.path), "book.epub")
	f.write(epubWithNote(t))
	app, rec := f.open()
	f.do(app, "next_link")
	ref := at(t, app)
	f.do(app, "follow_link")
	if !strings.HasPrefix(rec.last(), "[1] The source of the claim") {
		t.Fatalf("follow_link on the reference said %q", rec.last())
	}
	if at(t, app) <= ref {
		t.Fatalf("follow_link did not move to the note: at %d, reference at %d", at(t, app), ref)
	}
	f.do(app, "follow_link")
	if at(t, app) != ref {
		t.Fatalf("follow_link on the note went to %d (%q), want back to the reference at %d", at(t, app), rec.last(), ref)
	}
}
