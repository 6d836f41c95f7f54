package core_test

import (
	"archive/zip"
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

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
