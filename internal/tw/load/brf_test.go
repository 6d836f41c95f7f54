package load

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/doc"
)

// TestBRFFromLiblouis: a BRF that liblouis itself made from a known text
// (lou_translate, grade 2 and grade 1) reads back as that text.
func TestBRFFromLiblouis(t *testing.T) {
	if _, err := exec.LookPath(braille.Tool); err != nil {
		t.Fatal("lou_translate is not installed (scripts/deps-formats.sh installs liblouis-bin)")
	}
	text := "The quick brown fox jumps over the lazy dog.\n\nKnowledge is power, said the teacher, and the children wrote it down.\n\nChapter 42 ends here."
	for _, table := range []string{"en-ueb-g2.ctb", "en-ueb-g1.ctb"} {
		t.Run(table, func(t *testing.T) {
			cmd := exec.Command(braille.Tool, "--forward", table)
			cmd.Stdin = strings.NewReader(text + "\n")
			brf, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "book.brf")
			if err := os.WriteFile(path, brf, 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := FileOptions(path, Options{BrailleTable: table})
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != text || d.Meta.Format != "brf" {
				t.Errorf("read %s as %q\n%q\nwant\n%q", table, d.Meta.Format, d.Text, text)
			}
			checkInvariants(t, d)
		})
	}
}

// TestBRFWrittenReadsBack: a BRF tw writes reads back as the same text,
// its centred heading a heading.
func TestBRFWrittenReadsBack(t *testing.T) {
	src, err := Bytes("a.md", []byte("# Tides\n\nThe tide comes in twice a day, and the harbour fills with boats from the north before the evening bell.\n\n## Notes\n\nMind the rocks."))
	if err != nil {
		t.Fatal(err)
	}
	data, err := braille.WriteBRF(context.Background(), src, braille.Layout{Cells: 32, Lines: 8})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Bytes("a.brf", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != src.Text {
		t.Errorf("read back\n%q\nwant\n%q\nfrom\n%s", d.Text, src.Text, data)
	}
	var heads []string
	for _, m := range d.MarkersOf(doc.Heading) {
		heads = append(heads, d.Slice(m.Start, m.End))
	}
	if strings.Join(heads, "|") != "Tides|Notes" {
		t.Errorf("headings %q, want Tides and Notes", heads)
	}
}

// TestBRFUnknownTable: a table liblouis does not have is refused naming
// the installed ones.
func TestBRFUnknownTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.brf")
	if err := os.WriteFile(path, []byte(",! qk br{n fox\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := FileOptions(path, Options{BrailleTable: "xx-nosuch.ctb"})
	if err == nil || !strings.Contains(err.Error(), "xx-nosuch.ctb") || !strings.Contains(err.Error(), "en-ueb-g1.ctb") {
		t.Fatalf("err = %v, want the unknown table and the installed ones", err)
	}
}

func FuzzBRF(f *testing.F) {
	f.Add([]byte(",! qk br{n fox\r\n\r\n  ,second p>agraph\r\n                                     #a\f"))
	f.Add([]byte("\u2801\u2803\n\f\f   #a"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Bytes("f.brf", data)
		if err != nil {
			return
		}
		checkInvariants(t, d)
	})
}

// TestBRFPageBreaks: where each page of the file starts, a page_break
// point holds the page's number, even inside a paragraph that goes on
// over the page: as many words come before it in print as the pages
// before it hold in braille (the words here have no contractions, so
// each braille word is a print word), and the text reads as before.
func TestBRFPageBreaks(t *testing.T) {
	words := []string{"cat", "dog", "sun", "pig", "box", "cup", "jam", "map", "fox", "bus"}
	var paras []string
	for p := range 5 {
		var w []string
		for i := range 23 + 7*p {
			w = append(w, words[(i*7+p)%len(words)])
		}
		paras = append(paras, strings.Join(w, " ")+".")
	}
	src, err := Bytes("a.md", []byte(strings.Join(paras, "\n\n")))
	if err != nil {
		t.Fatal(err)
	}
	data, err := braille.WriteBRF(context.Background(), src, braille.Layout{Cells: 28, Lines: 6})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Bytes("a.brf", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != src.Text {
		t.Fatalf("read back\n%q\nwant\n%q", d.Text, src.Text)
	}
	checkInvariants(t, d)
	pages, ok := braille.ReadPages(data)
	if !ok {
		t.Fatal("ReadPages: not braille")
	}
	// The words of each page, less its number.
	before := []int{0}
	for _, p := range pages {
		n := 0
		for _, l := range p.Lines {
			for _, f := range strings.Fields(l) {
				if !strings.HasPrefix(f, "#") {
					n++
				}
			}
		}
		before = append(before, before[len(before)-1]+n)
	}
	breaks := d.MarkersOf(doc.PageBreak)
	inside := 0
	for k, m := range breaks {
		page, err := strconv.Atoi(m.Reference)
		if err != nil || page != k+2 {
			t.Fatalf("break %d has the reference %q, want %d", k, m.Reference, k+2)
		}
		if got := len(strings.Fields(d.Slice(0, m.Start))); got != before[page-1] {
			t.Errorf("page %d starts after %d words, want %d", page, got, before[page-1])
		}
		if m.Start > 0 && d.Slice(m.Start-2, m.Start) != "\n\n" {
			inside++
		}
	}
	if want := len(pages) - 1; len(breaks) < want-1 || len(breaks) > want {
		t.Errorf("%d page breaks for %d pages", len(breaks), len(pages))
	}
	if inside == 0 {
		t.Errorf("no page starts inside a paragraph: the test's pages are too large\n%s", data)
	}
}
