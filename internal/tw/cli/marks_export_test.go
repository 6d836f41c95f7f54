package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/docstate"
)

func TestMarksExports(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	md := testkit.WriteFile(t, filepath.Join(dir, "notes.md"), "# Cells\n\nA cell has a membrane.\n\n## Parts\n\nThe nucleus holds DNA.\n")
	st := &docstate.DocState{Path: md, Notes: []docstate.Note{{ID: 1, Start: 15, End: 21, Text: "Check this", Tags: []string{"bio"}}},
		Highlights: []docstate.Highlight{{ID: 2, Start: 48, End: 55, Color: "yellow"}}}
	if err := (docstate.Store{Home: home}).Save(st); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--to", "bibtex"}, "@misc{tw-note-1,\n  title = {Cells},\n  annote = {as a m},\n  note = {note, line 3, under Cells: Check this},\n  keywords = {bio},"},
		{[]string{"--to", "ris"}, "TY  - GEN\r\nID  - tw-note-1\r\n"},
		{[]string{"--to", "csv"}, "kind,id,start,end,line,heading,quote,text,tags,color\nnote,1,15,21,3,Cells,as a m,Check this,bio,\n"},
		{[]string{"--to", "markdown"}, "# Marks of Cells\n\n- Note, line 3, under Cells: “as a m” — Check this (tags: bio)\n"},
		{[]string{"--study-sheet"}, "# Study sheet: Cells\n\n## Cells\n\n> as a m\n\nNote, line 3: Check this\n\nTags: bio\n\n### Parts\n"},
		{[]string{"--study-sheet", "--to", "html"}, "<h2>Cells</h2>\n<blockquote>\n<p>as a m</p>\n</blockquote>"},
		{[]string{}, "Notes: 1\n"},
	} {
		code, out, errs := call("marks", "", append([]string{md, "--home", home}, tc.args...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%q: exit %d %q:\n%s\nwant within:\n%s", tc.args, code, errs, out, tc.want)
		}
	}
	for _, args := range [][]string{{"--to", "docx"}, {"--study-sheet", "--to", "csv"}} {
		if code, _, errs := call("marks", "", append([]string{md, "--home", home}, args...)...); code != 2 || !strings.HasPrefix(errs, "Error: tw marks: ") {
			t.Errorf("%q: exit %d %q", args, code, errs)
		}
	}
}
