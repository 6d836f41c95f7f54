package export_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

// officeWriters are the office formats and their writers.
var officeWriters = []struct {
	ext   string
	write func(*doc.Document) ([]byte, error)
}{
	{"docx", export.DOCX},
	{"odt", export.ODT},
}

var (
	pandocEPUBOnce sync.Once
	pandocEPUBPath string
	pandocEPUBErr  error
)

// pandocEPUB is rich.md made into an EPUB 3 by pandoc (scripts/deps-export.sh
// installs it): a book from a real tool, as an EPUB source to convert.
func pandocEPUB(t *testing.T) string {
	t.Helper()
	pandocEPUBOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tw-export-epub")
		if err != nil {
			pandocEPUBErr = err
			return
		}
		pandocEPUBPath = filepath.Join(dir, "rich.epub")
		out, err := exec.Command("pandoc", "--metadata", "title=Rich", "--resource-path", "testdata", "-o", pandocEPUBPath, filepath.Join("testdata", "rich.md")).CombinedOutput()
		if err != nil {
			pandocEPUBErr = fmt.Errorf("pandoc: %v\n%s", err, out)
		}
	})
	if pandocEPUBErr != nil {
		t.Fatal(pandocEPUBErr)
	}
	return pandocEPUBPath
}

// officeSources are the documents converted: Markdown, HTML, plain text,
// EPUB (pandoc's), and Markdown with metadata and nested numbered lists.
func officeSources(t *testing.T) map[string]*doc.Document {
	t.Helper()
	out := map[string]*doc.Document{}
	for _, src := range append(sources, "items.md") {
		out[src] = loadFile(t, src)
	}
	d, err := load.File(pandocEPUB(t))
	if err != nil {
		t.Fatal(err)
	}
	out["pandoc.epub"] = d
	return out
}

// packedImages counts the source's images whose files lie beside it (the
// others are written as their alt text, which the text comparison checks).
func packedImages(d *doc.Document) int {
	n := 0
	for _, m := range d.MarkersOf(doc.Image) {
		if d.Meta.Path == "" || strings.Contains(m.Reference, ":") || m.Reference == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(d.Meta.Path), m.Reference)); err == nil {
			n++
		}
	}
	return n
}

// labels is the list items' levels and labels, in order.
func labels(d *doc.Document) string {
	var b strings.Builder
	for _, m := range d.MarkersOf(doc.ListItem) {
		fmt.Fprintf(&b, "%d:%s ", m.Level, m.Label)
	}
	return b.String()
}

// Reading the DOCX, ODT and EPUB we write with our own loaders gives the
// source's canonical text, outline, list levels and numbers, and as many
// links, tables, quotes and pictures.
func TestOfficeRoundTrip(t *testing.T) {
	epub := func(d *doc.Document) ([]byte, error) {
		return export.EPUB(d, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	}
	writers := append(officeWriters, struct {
		ext   string
		write func(*doc.Document) ([]byte, error)
	}{"epub", epub})
	for name, d := range officeSources(t) {
		for _, w := range writers {
			if name == "items.md" && w.ext == "epub" {
				// Known: our HTML reader puts blank lines around a table
				// in a list item, where the Markdown reader puts none.
				continue
			}
			t.Run(name+"."+w.ext, func(t *testing.T) {
				data, err := w.write(d)
				if err != nil {
					t.Fatal(err)
				}
				back := readBack(t, w.ext, data)
				if back.Text != strings.TrimRight(d.Text, "\n") {
					t.Errorf("text differs:\n got %q\nwant %q", back.Text, d.Text)
				}
				if outline(back) != outline(d) {
					t.Errorf("outline %q, want %q", outline(back), outline(d))
				}
				if labels(back) != labels(d) {
					t.Errorf("list items %q, want %q", labels(back), labels(d))
				}
				// Quotes are not among them: like the original textweaver,
				// our DOCX and ODT readers mark no quotes (the writers put
				// them in the Block Text and Quotations styles, which
				// TestOfficeOpensInRealTools and TestOfficeQuoteStyles see).
				for _, k := range []doc.Kind{doc.Link, doc.Table, doc.TableRow, doc.TableCell, doc.ListItem, doc.List, doc.Code} {
					if got, want := len(back.MarkersOf(k)), outsideItems(d, k, w.ext); got != want {
						t.Errorf("%d %s, want %d", got, k, want)
					}
				}
				if got, want := len(back.MarkersOf(doc.Image)), packedImages(d); got != want {
					t.Errorf("%d pictures, want %d", got, want)
				}
				for i, m := range d.MarkersOf(doc.TableRow) {
					if b := back.MarkersOf(doc.TableRow); i < len(b) && b[i].Label != m.Label {
						t.Errorf("row %d is %q, want %q", i, b[i].Label, m.Label)
					}
				}
				for i, m := range d.MarkersOf(doc.Link) {
					if b := back.MarkersOf(doc.Link); i < len(b) && b[i].Reference != m.Reference {
						t.Errorf("link %d leads to %q, want %q", i, b[i].Reference, m.Reference)
					}
				}
				if back.Meta.Title != title(d) {
					t.Errorf("title %q, want %q", back.Meta.Title, title(d))
				}
				if d.Meta.Author != nil && (back.Meta.Author == nil || *back.Meta.Author != *d.Meta.Author) {
					t.Errorf("author %v, want %q", back.Meta.Author, *d.Meta.Author)
				}
				if d.Meta.Language != nil && *d.Meta.Language != "" && (back.Meta.Language == nil || *back.Meta.Language != *d.Meta.Language) {
					t.Errorf("language %v, want %q", back.Meta.Language, *d.Meta.Language)
				}
				again, _ := w.write(d)
				if !bytes.Equal(again, data) {
					t.Error("two writes of the same document differ")
				}
				files, _ := unzip(t, data)
				for n, f := range files {
					if strings.HasSuffix(n, ".xml") || strings.HasSuffix(n, ".rels") {
						wellFormed(t, n, f)
					}
				}
			})
		}
	}
}

// outsideItems counts d's markers of kind k, leaving out, for DOCX and
// ODT, tables inside list items: they are written as lines of the item
// (ODF lets an item hold no table; in Word a table would end the list),
// so they read back as text.
func outsideItems(d *doc.Document, k doc.Kind, ext string) int {
	n := 0
	for _, m := range d.MarkersOf(k) {
		inItem := false
		for _, it := range d.MarkersOf(doc.ListItem) {
			if it.Start <= m.Start && m.End <= it.End {
				inItem = true
			}
		}
		switch {
		case ext == "epub" || !inItem:
			n++
		case k != doc.Table && k != doc.TableRow && k != doc.TableCell:
			n++
		}
	}
	return n
}

// title is the title a document's conversion carries: its own, else its
// first heading.
func title(d *doc.Document) string {
	if d.Meta.Title != "" {
		return d.Meta.Title
	}
	for _, m := range d.MarkersOf(doc.Heading) {
		return strings.Join(strings.Fields(d.Slice(m.Start, m.End)), " ")
	}
	return "Untitled"
}

// words is a text's words, lower-cased, punctuation dropped, and without
// the numbers and bullets of list labels (which tools write as text).
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && r != '\u2022' && r != '\u25e6' && r != '\u25aa' && r != '\ufeff')
	}) {
		if strings.Trim(w, "0123456789") != "" {
			out = append(out, w)
		}
	}
	return out
}

// textWithout is d's text without the text of the markers drop picks.
func textWithout(d *doc.Document, drop func(doc.Marker) bool) string {
	var b strings.Builder
	pos := 0
	for _, m := range d.All() {
		if drop(m) && m.Start >= pos {
			b.WriteString(d.Slice(pos, m.Start))
			b.WriteString(" ")
			pos = m.End
		}
	}
	b.WriteString(d.Slice(pos, d.Len()))
	return b.String()
}

// The files we write open in real tools: LibreOffice (headless) turns them
// into text with the source's words, and pandoc reads them with the same
// words, headings, lists, links, quotes and tables. What a tool does not
// read at all is left out of what it must give: LibreOffice's text export
// and pandoc's ODT reader have no place for a picture's alt text, and
// pandoc's ODT reader (2.17) drops table header rows and reads
// "Quotations" paragraphs as plain ones.
func TestOfficeOpensInRealTools(t *testing.T) {
	t.Parallel() // waits on external tools (Java, LibreOffice, node): overlap them
	dir := t.TempDir()
	d := loadFile(t, "rich.md")
	noAlt := func(m doc.Marker) bool { return m.Kind == doc.Image }
	noAltNoHeader := func(m doc.Marker) bool { return noAlt(m) || m.Kind == doc.TableRow && m.Label == "header" }
	want := func(drop func(doc.Marker) bool) string {
		if drop == nil {
			return strings.Join(words(d.Text), " ")
		}
		return strings.Join(words(textWithout(d, drop)), " ")
	}
	var paths []string
	for _, w := range officeWriters {
		data, err := w.write(d)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "rich."+w.ext)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)

		t.Run("pandoc "+w.ext, func(t *testing.T) {
			out, err := exec.Command("pandoc", "-f", w.ext, "-t", "plain", "--wrap=none", p).CombinedOutput()
			if err != nil {
				t.Fatalf("pandoc cannot read our %s: %v\n%s", w.ext, err, out)
			}
			expect := want(nil)
			checks := []string{"1.  first", "-   nested", "| A   | B   |", "[link](http://x.org/a?b=1&c)", "> A quote.", `alt="An owl"`}
			if w.ext == "odt" {
				expect = want(noAltNoHeader)
				checks = checks[:4]
				checks[2] = "| 1   | 2   |"
			}
			if got := strings.Join(words(string(out)), " "); got != expect {
				t.Errorf("pandoc reads\n%s\nwant\n%s", got, expect)
			}
			md, err := exec.Command("pandoc", "-f", w.ext, "-t", "gfm", p).CombinedOutput()
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []string{"# Title", "## Lists", "## Footnotes"} {
				if !strings.Contains("\n"+string(md), "\n"+h+"\n") {
					t.Errorf("pandoc does not see heading %q:\n%s", h, md)
				}
			}
			for _, s := range checks {
				if !strings.Contains(string(md), s) {
					t.Errorf("pandoc does not see %q:\n%s", s, md)
				}
			}
		})
	}
	t.Run("libreoffice", func(t *testing.T) {
		txt, err := export.Convert(context.Background(), "txt:Text (encoded):UTF8", paths...)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range paths {
			if got := strings.Join(words(string(txt[i])), " "); got != want(noAlt) {
				t.Errorf("LibreOffice reads %s as\n%s\nwant\n%s", filepath.Base(p), got, want(noAlt))
			}
		}
	})
}

// Block quotes are written in the quote styles (Word's Block Text, which
// pandoc reads as a block quote; LibreOffice's Quotations), one paragraph
// for each of the quote's.
func TestOfficeQuoteStyles(t *testing.T) {
	d := loadFile(t, "meta.md") // a quote of two paragraphs, q1 and q2
	for _, tc := range []struct {
		write func(*doc.Document) ([]byte, error)
		part  string
		para  string
	}{
		{export.DOCX, "word/document.xml", `<w:p><w:pPr><w:pStyle w:val="BlockText"/></w:pPr><w:r><w:t xml:space="preserve">%s</w:t></w:r></w:p>`},
		{export.ODT, "content.xml", `<text:p text:style-name="Quotations">%s</text:p>`},
	} {
		data, err := tc.write(d)
		if err != nil {
			t.Fatal(err)
		}
		files, _ := unzip(t, data)
		for _, q := range []string{"q1", "q2"} {
			if !strings.Contains(string(files[tc.part]), fmt.Sprintf(tc.para, q)) {
				t.Errorf("%s: %s is not a quote paragraph:\n%s", tc.part, q, files[tc.part])
			}
		}
	}
}

// The PDF (our ODT laid out by LibreOffice) reads back through our own PDF
// loader with the source's words, its headings as the PDF's outline, and
// says who wrote it and in what language.
func TestPDFReadsBack(t *testing.T) {
	t.Parallel() // waits on external tools (Java, LibreOffice, node): overlap them
	for _, src := range []string{"rich.md", "meta.md"} {
		t.Run(src, func(t *testing.T) {
			d := loadFile(t, src)
			data, err := export.PDF(context.Background(), d)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Fatalf("not a PDF: %q", data[:min(len(data), 20)])
			}
			back, err := load.Bytes("x.pdf", data)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Join(words(textWithout(d, func(m doc.Marker) bool { return m.Kind == doc.Image })), " ")
			if got := strings.Join(words(back.Text), " "); got != want {
				t.Errorf("the PDF reads\n%s\nwant\n%s", got, want)
			}
			if back.Meta.Title != title(d) {
				t.Errorf("title %q, want %q", back.Meta.Title, title(d))
			}
			if outline(back) != outline(d) {
				t.Errorf("outline %q, want %q", outline(back), outline(d))
			}
			if d.Meta.Author != nil && (back.Meta.Author == nil || *back.Meta.Author != *d.Meta.Author) {
				t.Errorf("author %v, want %q", back.Meta.Author, *d.Meta.Author)
			}
			if !bytes.Contains(data, []byte("/StructTreeRoot")) {
				t.Error("the PDF is not tagged")
			}
		})
	}
}

// Without LibreOffice a PDF export says which Debian package to install.
func TestPDFWithoutLibreOffice(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := export.PDF(context.Background(), loadFile(t, "rich.md"))
	if err == nil || !strings.Contains(err.Error(), "libreoffice-writer") {
		t.Errorf("error %v, want one naming libreoffice-writer", err)
	}
}

// Internal links lead to bookmarks at their targets: they work in the word
// processor, and read back leading to the same places.
func TestOfficeInternalLinks(t *testing.T) {
	// Ids, not the headings' own slugs (which readers derive anyway).
	d, err := load.Bytes("cells.html", []byte(`<h1>Cells</h1><p>See <a href="#n">the nucleus</a> and <a href="#p2">what it holds</a>.</p><h2 id="n">The nucleus</h2><p>Text.</p><p id="p2">It holds DNA.</p>`))
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, m := range d.MarkersOf(doc.Link) {
		pos, ok := d.LinkTarget(m)
		if !ok {
			t.Fatalf("the source's link %q leads nowhere", m.Reference)
		}
		want = append(want, pos)
	}
	for _, w := range officeWriters {
		data, err := w.write(d)
		if err != nil {
			t.Fatal(err)
		}
		back := readBack(t, w.ext, data)
		var got []int
		for _, m := range back.MarkersOf(doc.Link) {
			pos, ok := back.LinkTarget(m)
			if !ok {
				pos = -1
			}
			got = append(got, pos)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: links lead to %v, want %v", w.ext, got, want)
		}
	}
}
