package core_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
)

// pagedText is a document of four pages, as the PDF loader builds one: a
// page-break marker spans each page, labelled with the number it prints
// (roman numerals for the front matter).
const pagedText = "Preface words here.\n\nContents of the book.\n\nFirst chapter begins.\n\nSecond page of the chapter.\n"

func pagedDoc(path string) *doc.Document {
	var ms []doc.Marker
	start := 0
	for i, label := range []string{"i", "ii", "1", "2"} {
		end := start + len(strings.SplitAfterN(pagedText[start:], "\n\n", 2)[0])
		if i == 3 {
			end = len(pagedText)
		}
		ms = append(ms, doc.Marker{Kind: doc.PageBreak, Start: start, End: end, Label: label})
		start = end
	}
	d := doc.New(pagedText, doc.Meta{Format: "pdf", Path: path}, ms)
	return d
}

// openPaged opens pagedDoc in a new app.
func openPaged(t *testing.T) (*core.App, *recorder) {
	t.Helper()
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Load: func(path string) (*doc.Document, error) { return pagedDoc(path), nil }})
	t.Cleanup(app.Close)
	if err := app.Open(filepath.Join(t.TempDir(), "book.pdf")); err != nil {
		t.Fatal(err)
	}
	return app, rec
}

// TestGoToPage: "page N" goes to the page the book prints as N (its label),
// else to the N-th page; over GoTo (navigate) and through the go_to prompt.
func TestGoToPage(t *testing.T) {
	cases := []struct {
		target string
		char   int
		said   string
	}{
		{"page 1", 44, "Page 1: First chapter begins."},
		{"page 2", 67, "Page 2: Second page of the chapter."},
		{"Page ii", 21, "Page ii: Contents of the book."},
		{"p. 2", 67, "Page 2: Second page of the chapter."},
		{"page 4", 67, "Page 2: Second page of the chapter."}, // no label "4": the fourth page
	}
	for _, tc := range cases {
		t.Run(tc.target, func(t *testing.T) {
			app, rec := openPaged(t)
			pos, err := app.GoTo(tc.target)
			if err != nil || pos.Char != tc.char || rec.last() != tc.said {
				t.Fatalf("GoTo(%q) = %d, %v, said %q; want %d, %q", tc.target, pos.Char, err, rec.last(), tc.char, tc.said)
			}
			app.GoTo("start")
			if _, err := app.Action("go_to", nil); err != nil {
				t.Fatal(err)
			}
			app.Answer(tc.target)
			if got := at(t, app); got != tc.char || rec.last() != tc.said {
				t.Fatalf("go_to prompt %q: at %d, said %q; want %d, %q", tc.target, got, rec.last(), tc.char, tc.said)
			}
		})
	}
}

// TestGoToMissingPage: a page the document lacks is not a go-to target (the
// spec's error) over GoTo, and the prompt says which pages there are; the
// cursor stays.
func TestGoToMissingPage(t *testing.T) {
	app, rec := openPaged(t)
	app.GoTo("char 5")
	if _, err := app.GoTo("page 9"); !errors.Is(err, core.ErrNotGoToTarget) {
		t.Fatalf("GoTo(page 9) error %v, want ErrNotGoToTarget", err)
	}
	app.Action("go_to", nil)
	app.Answer("page 9")
	if want := "There is no page 9: this document has pages i to 2."; rec.last() != want || at(t, app) != 5 {
		t.Fatalf("prompt said %q at %d; want %q at 5", rec.last(), at(t, app), want)
	}

	f := newFixture(t)
	app, rec = f.open()
	if _, err := app.GoTo("page 1"); !errors.Is(err, core.ErrNotGoToTarget) {
		t.Fatalf("GoTo(page 1) without pages: %v, want ErrNotGoToTarget", err)
	}
	app.Action("go_to", nil)
	app.Answer("page 1")
	if want := "This document has no pages."; rec.last() != want || at(t, app) != 0 {
		t.Fatalf("prompt said %q at %d; want %q", rec.last(), at(t, app), want)
	}
}

// TestChaptersAreTopHeadings: next_chapter and previous_chapter move by the
// headings of the top level present, the chapters export-audio makes; pages
// are never chapters.
func TestChaptersAreTopHeadings(t *testing.T) {
	cases := []struct {
		name, text string
		steps      []string // action, then what it says
	}{
		{"level 1", "# One\n\nText.\n\n## Inside\n\nMore.\n\n# Two\n\nEnd.\n", []string{
			"next_chapter", "Chapter: Two",
			"next_chapter", "No next chapter.",
			"previous_chapter", "Chapter: One",
		}},
		{"top level 2", "Intro.\n\n## First\n\nA.\n\n### Deeper\n\nB.\n\n## Second\n\nC.\n", []string{
			"next_chapter", "Chapter: First",
			"next_chapter", "Chapter: Second",
			"previous_chapter", "Chapter: First",
		}},
		{"no headings", "Just a paragraph.\n", []string{"next_chapter", "This document has no chapters."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.write(tc.text)
			app, rec := f.open()
			for i := 0; i < len(tc.steps); i += 2 {
				f.do(app, tc.steps[i])
				if rec.last() != tc.steps[i+1] {
					t.Fatalf("step %d %s said %q, want %q", i/2+1, tc.steps[i], rec.last(), tc.steps[i+1])
				}
			}
		})
	}
	app, rec := openPaged(t)
	(&fixture{t: t}).do(app, "next_chapter")
	if want := "This document has no chapters."; rec.last() != want || at(t, app) != 0 {
		t.Fatalf("next_chapter in a PDF with pages and no headings: %q at %d, want %q", rec.last(), at(t, app), want)
	}
}

// TestOutlineOfPages: a paged document without headings outlines its pages
// (level 0, pages true, as the spec's outline method says); choosing one
// in the outline list goes there.
func TestOutlineOfPages(t *testing.T) {
	app, rec := openPaged(t)
	items, pages, err := app.Outline()
	if err != nil || !pages || len(items) != 4 {
		t.Fatalf("Outline() = %+v, %v, %v; want the 4 pages", items, pages, err)
	}
	want := []core.OutlineItem{{Level: 0, Text: "Page i", Char: 0, Line: 1}, {Level: 0, Text: "Page ii", Char: 21, Line: 3},
		{Level: 0, Text: "Page 1", Char: 44, Line: 5}, {Level: 0, Text: "Page 2", Char: 67, Line: 7}}
	for i := range want {
		if items[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v", i, items[i], want[i])
		}
	}
	if _, err := app.Action("outline", nil); err != nil {
		t.Fatal(err)
	}
	if l := app.ListState(); l == nil || len(l.Items) != 4 || l.Items[2] != "Page 1" {
		t.Fatalf("outline list: %+v", l)
	}
	app.Choose(2)
	if at(t, app) != 44 || rec.last() != "Page 1: First chapter begins." {
		t.Fatalf("chose page 1: at %d, said %q", at(t, app), rec.last())
	}

	f := newFixture(t)
	app, _ = f.open()
	if items, pages, _ := app.Outline(); pages || len(items) != 2 || items[1].Text != "The nucleus" {
		t.Fatalf("outline of headings: %+v, pages %v", items, pages)
	}
}

// TestPositionSaysThePage: where-am-I says the printed page in a paged
// document, and only the line elsewhere.
func TestPositionSaysThePage(t *testing.T) {
	app, rec := openPaged(t)
	app.GoTo("page ii")
	(&fixture{t: t}).do(app, "say_position")
	if want := "Page ii, line 3 of 7, 22 percent."; rec.last() != want {
		t.Errorf("say_position on page ii said %q, want %q", rec.last(), want)
	}
	f := newFixture(t)
	app, rec = f.open()
	f.do(app, "say_position")
	if want := "Line 1 of 7, 0 percent."; rec.last() != want {
		t.Errorf("say_position without pages said %q, want %q", rec.last(), want)
	}
}
