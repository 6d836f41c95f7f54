package load

import (
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// notesEPUB is a book of two chapters that both number their footnote
// "1", and an endnotes file with Pandoc-like backlinks.
func notesEPUB(t testing.TB) []byte {
	chapter := func(body string) string {
		return `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>c</title></head><body>` + body + `</body></html>`
	}
	return minimalEPUB(t, "", map[string]string{
		"OPS/book.opf": `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Notes</dc:title></metadata>` +
			`<manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/><item id="n" href="notes.xhtml" media-type="application/xhtml+xml"/></manifest>` +
			`<spine><itemref idref="c"/><itemref idref="c2"/><itemref idref="n"/></spine></package>`,
		"OPS/c.xhtml": chapter(`<h1>One</h1><p>Alpha.<a epub:type="noteref" href="#n1">1</a> Beta.<a epub:type="noteref" href="notes.xhtml#e1">*</a></p>` +
			`<aside epub:type="footnote" id="n1"><p>First <em>note</em>.</p><p>Second para.</p></aside>`),
		"OPS/c2.xhtml":    chapter(`<h1>Two</h1><p>Gamma.<a role="doc-noteref" href="#n1">1</a></p><aside epub:type="footnote" id="n1"><p>Chapter two note.</p></aside>`),
		"OPS/notes.xhtml": chapter(`<section epub:type="rearnotes"><h2>Notes</h2><ol><li id="e1"><p><a role="doc-backlink" href="c.xhtml">1</a>. An endnote.</p></li></ol></section>`),
	})
}

// Beyond the original (which skips EPUB notes): footnotes and endnotes are
// gathered after the book, each reference is a footnote marker inside its
// link, the link leads to its note, and notes of the same number in two
// chapters stay apart.
func TestEPUBNotes(t *testing.T) {
	d, err := Bytes("notes.epub", notesEPUB(t))
	if err != nil {
		t.Fatal(err)
	}
	want := "One\n\nAlpha.1 Beta.*\n\nTwo\n\nGamma.1\n\nFootnotes\n\n[1] First note. Second para.\n\n[1] Chapter two note.\n\n[*] An endnote."
	if d.Text != want {
		t.Fatalf("text\n%q\nwant\n%q", d.Text, want)
	}
	notes := map[string]doc.Marker{} // reference → the note
	refs := map[string]doc.Marker{}  // reference → the reference's marker
	for _, m := range d.MarkersOf(doc.Footnote) {
		switch {
		case m.Level == 1:
			notes[m.Reference] = m
		case !strings.HasPrefix(d.Slice(m.Start, m.End), "["):
			refs[m.Reference] = m
		}
	}
	for ref, wantNote := range map[string]string{"1": "[1] First note. Second para.", "1#2": "[1] Chapter two note.", "*": "[*] An endnote."} {
		n, ok := notes[ref]
		if !ok || d.Slice(n.Start, n.End) != wantNote {
			t.Errorf("note %q: %q (%v), want %q", ref, d.Slice(n.Start, n.End), ok, wantNote)
		}
		r, ok := refs[ref]
		if !ok {
			t.Errorf("no reference marker for note %q", ref)
			continue
		}
		// The link over the reference leads to the note.
		for _, l := range d.MarkersOf(doc.Link) {
			if l.Start == r.Start {
				if to, ok := d.LinkTarget(l); !ok || to != n.Start {
					t.Errorf("link of reference %q leads to %d (%v), want the note at %d", ref, to, ok, n.Start)
				}
			}
		}
	}
	if h := d.MarkersOf(doc.Heading); len(h) != 3 || d.Slice(h[2].Start, h[2].End) != "Footnotes" || h[2].Level != 2 {
		t.Errorf("headings %v", markerLines(d))
	}
}
