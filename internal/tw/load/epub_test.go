package load

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// ncxEntry is a navPoint of an NCX, as the test reads it on its own.
type ncxEntry struct {
	label, src string
	level      int
}

// readNCX lists the navPoints of the NCX inside an EPUB, depth first, with
// their depth; a navPoint whose target is the one before it (a chapter
// listed again as its own first section) is left out.
func readNCX(t *testing.T, path string) []ncxEntry {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatalf("%v (scripts/deps-formats.sh installs it)", err)
	}
	defer z.Close()
	type navPoint struct {
		Label   string `xml:"navLabel>text"`
		Content struct {
			Src string `xml:"src,attr"`
		} `xml:"content"`
		Points []navPoint `xml:"navPoint"`
	}
	var ncx struct {
		Points []navPoint `xml:"navMap>navPoint"`
	}
	for _, f := range z.File {
		if !strings.HasSuffix(f.Name, ".ncx") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(data, &ncx); err != nil {
			t.Fatal(err)
		}
	}
	var out []ncxEntry
	var walk func(ps []navPoint, level int)
	walk = func(ps []navPoint, level int) {
		for _, p := range ps {
			if len(out) == 0 || out[len(out)-1].src != p.Content.Src {
				out = append(out, ncxEntry{collapseSpace(p.Label), p.Content.Src, level})
			}
			walk(p.Points, level+1)
		}
	}
	walk(ncx.Points, 1)
	if len(out) == 0 {
		t.Fatalf("%s has no NCX entries", path)
	}
	return out
}

// TestEPUB2NavigationHeadings: each entry of a Debian EPUB's NCX is a
// heading of the outline at its place, in order, at its depth; the
// book's contents page and its role="navigation" bars add none.
func TestEPUB2NavigationHeadings(t *testing.T) {
	cases := []struct {
		path  string
		once  string // a section title the contents page repeats
		notIn string // a heading the outline must not have
	}{
		{"/usr/share/doc/live-manual/epub/live-manual.en.epub", "1.1 For the impatient", "Navigation"},
		{"/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub", "2. Getting Set Up", "Navigation"},
	}
	for _, tc := range cases {
		t.Run(tc.path[strings.LastIndex(tc.path, "/")+1:], func(t *testing.T) {
			entries := readNCX(t, tc.path)
			d, err := File(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, d)
			headings := d.MarkersOf(doc.Heading)
			text := func(m doc.Marker) string { return collapseSpace(d.Slice(m.Start, m.End)) }
			// Each entry's label is the text of a heading after the
			// previous entry's heading: its words in order, where the
			// heading may have more ("1. About" for "About"; the NCX
			// label "5.1.1 The command" lost the heading's "lb config").
			at, found := 0, 0
			var missing []string
			for _, e := range entries {
				i := at
				for i < len(headings) && !wordsInOrder(text(headings[i]), e.label) {
					i++
				}
				if i == len(headings) {
					missing = append(missing, e.label)
					continue
				}
				if headings[i].Level != e.level {
					t.Errorf("%q is a level %d heading, level %d in the NCX", e.label, headings[i].Level, e.level)
				}
				found++
				at = i + 1
			}
			if found != len(entries) {
				t.Errorf("%d of %d NCX entries have a heading at their place; missing %q", found, len(entries), missing)
			}
			seen := 0
			for _, h := range headings {
				switch text(h) {
				case tc.once:
					seen++
				case tc.notIn:
					t.Errorf("a heading %q at %d", tc.notIn, h.Start)
				}
			}
			if seen != 1 {
				t.Errorf("%d headings %q, want 1", seen, tc.once)
			}
		})
	}
}

// wordsInOrder reports whether the words of want appear in text in order.
func wordsInOrder(text, want string) bool {
	words := strings.Fields(strings.ToLower(text))
	for _, w := range strings.Fields(strings.ToLower(want)) {
		for len(words) > 0 && words[0] != w {
			words = words[1:]
		}
		if len(words) == 0 {
			return false
		}
		words = words[1:]
	}
	return true
}

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
