package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/docstate"
)

// TestNotesCommand: tw notes lists a document's notes (not its bookmarks
// or highlights) in document order, filters them by tag, exports them, and
// says when there are none.
func TestNotesCommand(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	md := testkit.WriteFile(t, filepath.Join(dir, "cells.md"), "# Cells\n\nA cell has a membrane.\n\n## Parts\n\nThe nucleus holds DNA.\n")
	st := &docstate.DocState{Path: md,
		Notes: []docstate.Note{
			{ID: 2, Start: 48, End: 55, Text: "Nucleus: the control centre", Tags: []string{"Exam"}},
			{ID: 1, Start: 15, End: 21, Text: "Check this", Tags: []string{"bio"}},
		},
		Highlights: []docstate.Highlight{{ID: 3, Start: 30, End: 38, Color: "yellow"}},
		Bookmarks:  []docstate.Bookmark{{Name: "start", Char: 0}}}
	if err := (docstate.Store{Home: home}).Save(st); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		want   string
		stderr string
		lacks  string
	}{
		{nil, 0, "Line 3, under Cells: Check this (on \"as a m\") [bio]\nLine 7, under Parts: Nucleus: the control centre (on \"s holds\") [Exam]\n", "", "yellow"},
		{[]string{"--tag", "exam"}, 0, "Line 7, under Parts: Nucleus: the control centre", "", "Check this"},
		{[]string{"--to", "csv"}, 0, "kind,id,start,end,line,heading,quote,text,tags,color\nnote,1,15,21,3,Cells,as a m,Check this,bio,\nnote,2,", "", "highlight"},
		{[]string{"--to", "markdown", "--tag", "bio"}, 0, "- Note, line 3, under Cells: “as a m” — Check this (tags: bio)\n", "", "Nucleus"},
		{[]string{"--tag", "chemistry"}, 1, "", "No notes tagged chemistry in cells.md.\n", ""},
		{[]string{"--to", "docx"}, 2, "", "Error: tw notes: cannot export notes to \"docx\"", ""},
	}
	for _, tt := range tests {
		code, out, errs := call("notes", "", append([]string{md, "--home", home}, tt.args...)...)
		if code != tt.code || !strings.Contains(out, tt.want) || !strings.HasPrefix(errs, tt.stderr) ||
			tt.lacks != "" && strings.Contains(out, tt.lacks) {
			t.Errorf("tw notes %q: exit %d, stderr %q:\n%s", tt.args, code, errs, out)
		}
	}
	code, out, _ := call("notes", "", md, "--home", home, "--to", "json")
	var got struct {
		Notes []struct {
			ID   int
			Line int
			Tags []string
		}
	}
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || len(got.Notes) != 2 || got.Notes[0].ID != 1 || got.Notes[1].Line != 7 {
		t.Errorf("--to json: exit %d, %v: %s", code, err, out)
	}
	if code, _, errs := call("notes", "", md, "--home", filepath.Join(dir, "empty")); code != 1 || errs != "No notes in cells.md.\n" {
		t.Errorf("no notes: exit %d, %q", code, errs)
	}
}

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
