package core_test

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// TestStructureMovesFindTheMarkerAtTheStart: h and k in a document just
// opened that begins with a heading or a link go to that heading or link
// first, then on to the next one; a first heading that is the title
// (said on opening) is passed over as before.
func TestStructureMovesFindTheMarkerAtTheStart(t *testing.T) {
	tests := []struct {
		name, file, text, move string
		want                   []string
	}{
		{"heading", "h.md", "---\ntitle: Handbook\n---\n\n## First\n\nText.\n\n## Second\n\nMore.\n",
			"skip_next_heading", []string{"Heading level 2: First", "Heading level 2: Second"}},
		{"link", "l.md", "[one](https://one.example) and [two](https://two.example).\n", "next_link",
			[]string{"Link: one", "Link: two"}},
		{"title heading", "t.md", "# Handbook\n\nText.\n\n## Second\n\nMore.\n", "skip_next_heading",
			[]string{"Heading level 2: Second"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.path = filepath.Join(filepath.Dir(f.path), tt.file)
			f.write(tt.text)
			app, rec := f.open()
			for _, want := range tt.want {
				f.do(app, tt.move)
				if got := rec.last(); got != want {
					t.Errorf("%s said %q, want %q", tt.move, got, want)
				}
			}
		})
	}
}

// TestReadingHeadingMoveSaysTheHeadingOnce: > (next_heading) says the
// heading and reads on from after it, so the heading is not heard twice.
func TestReadingHeadingMoveSaysTheHeadingOnce(t *testing.T) {
	dir := t.TempDir()
	const text = "Intro.\n\n## Getting around\n\nReading by ear.\n"
	path := writeTestFile(t, filepath.Join(dir, "h.md"), text)
	voice := &readRecorder{}
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Load: load.File, Parse: load.Bytes, Speaker: voice})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	mustAction(t, app, "next_heading", nil)
	if got := rec.last(); got != "Heading level 2: Getting around" {
		t.Fatalf("said %q", got)
	}
	d, err := load.Bytes("h.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if read := d.Slice(voice.from, voice.to); read != "Reading by ear." && read != "\n\nReading by ear." {
		t.Errorf("read on %q, want the text after the heading", read)
	}
}

// TestWordCountCountsTheSelection: with a selection, word count counts
// the words selected; without, the document's.
func TestWordCountCountsTheSelection(t *testing.T) {
	f := newFixture(t)
	f.write("One two three four five.\n")
	app, rec := f.open()
	f.do(app, "word_count")
	rec.expect(t, "5 words.", "without a selection")
	f.do(app, "select_next_word")
	f.do(app, "select_next_word")
	f.do(app, "word_count")
	rec.expect(t, "2 words in the selection.", "with two words selected")
}

// TestPaletteListsTheCommandsANearNameFinds: a near name that finds
// several commands lists them; choosing one runs it.
func TestPaletteListsTheCommandsANearNameFinds(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	f.do(app, "command_palette")
	app.Answer("bookmarks")
	ls := app.ListState()
	if ls == nil || ls.Title != "Commands matching bookmarks" || len(ls.Items) < 4 {
		t.Fatalf("the list is %+v (said %q)", ls, rec.last())
	}
	for i, it := range ls.Items {
		if strings.HasPrefix(it, "Add bookmark") {
			app.Choose(i)
			if got := rec.last(); !strings.HasPrefix(got, "Bookmark mark1 set") {
				t.Errorf("choosing Add bookmark said %q", got)
			}
			return
		}
	}
	t.Errorf("no Add bookmark in %q", ls.Items)
}
