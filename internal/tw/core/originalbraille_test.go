package core_test

import (
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"textfirst/internal/tw/doc"
)

// crossingBRF has a paragraph that goes on from page 1 to page 2.
const crossingBRF = "  cat dog sun cat dog sun\ncat dog sun\n\n                            #a\n" +
	"\fcat dog sun cat\n  ,sun dog cat4\n\n                            #b\n"

// TestShowOriginalBraille: on a braille file the braille lines of the
// page at the cursor are listed as the file has them, also for a
// paragraph that goes on over a page; any other document says what the
// command is for.
func TestShowOriginalBraille(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, "cross.brf"), crossingBRF)
	app, rec := openApp(t, filepath.Join(dir, "home"), path)
	if got := app.Doc().Text; got != "cat dog sun cat dog sun cat dog sun cat dog sun cat\n\nSun dog cat." {
		t.Fatalf("read as %q", got)
	}
	breaks := app.Doc().MarkersOf(doc.PageBreak)
	if len(breaks) != 1 {
		t.Fatalf("page breaks %+v", breaks)
	}
	page1 := []string{"  cat dog sun cat dog sun", "cat dog sun", "                            #a"}
	page2 := []string{"cat dog sun cat", "  ,sun dog cat4", "                            #b"}
	cases := []struct {
		at    int
		title string
		lines []string
	}{
		{0, "Original braille, page 1", page1},
		{breaks[0].Start - 1, "Original braille, page 1", page1},
		{breaks[0].Start, "Original braille, page 2", page2},
		{app.Doc().Len() - 1, "Original braille, page 2", page2},
	}
	for _, tc := range cases {
		if _, err := app.GoTo("char " + strconv.Itoa(tc.at)); err != nil {
			t.Fatal(err)
		}
		res := mustAction(t, app, "show_original_braille", nil)
		ls := app.ListState()
		if ls == nil || ls.Title != tc.title || !reflect.DeepEqual(ls.Items, tc.lines) {
			t.Errorf("at %d: list %+v, said %q; want %s %q", tc.at, ls, res.Status, tc.title, tc.lines)
			continue
		}
		if want := tc.title + " of 2. Up and Down move, Escape closes."; res.Status != want {
			t.Errorf("at %d: said %q, want %q", tc.at, res.Status, want)
		}
		app.Cancel()
	}

	md := writeTestFile(t, filepath.Join(dir, "a.md"), "Print.\n")
	if err := app.Open(md); err != nil {
		t.Fatal(err)
	}
	mustAction(t, app, "show_original_braille", nil)
	rec.expect(t, "Show original braille works on braille files (.brf) read as print.", "on Markdown")
}
