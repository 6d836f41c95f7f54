package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/load"
)

// TestExportActions: export_html and export_epub write the open document
// beside it, and reading what they wrote gives the same text;
// export_study_sheet writes the notes under their headings.
func TestExportActions(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "cells.md")
	writeTestFile(t, src, "# Cells\n\nCells are the smallest units of life.\n\n## The nucleus\n\nThe nucleus holds the DNA.\n")
	app, rec := openApp(t, t.TempDir(), src)
	want, err := load.File(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ action, file string }{{"export_html", "cells.html"}, {"export_epub", "cells.epub"}, {"export_docx", "cells.docx"}} {
		mustAction(t, app, tc.action, nil)
		out := filepath.Join(dir, tc.file)
		if got := rec.last(); got != "Exported to "+out+"." {
			t.Fatalf("%s said %q", tc.action, got)
		}
		back, err := load.File(out)
		if err != nil {
			t.Fatalf("reading back %s: %v", tc.file, err)
		}
		if back.Text != want.Text {
			t.Errorf("%s reads back as %q, want %q", tc.file, back.Text, want.Text)
		}
	}

	mustAction(t, app, "export_study_sheet", nil)
	if got := rec.last(); got != "There are no notes or highlights to export." {
		t.Errorf("study sheet without marks said %q", got)
	}
	mustAction(t, app, "next_heading", nil)
	mustAction(t, app, "next_sentence", nil)
	mustAction(t, app, "toggle_highlight", nil)
	mustAction(t, app, "export_study_sheet", nil)
	sheet := readString(t, filepath.Join(dir, "cells-study-sheet.md"))
	if !strings.Contains(sheet, "The nucleus") || !strings.Contains(sheet, "The nucleus holds the DNA.") {
		t.Errorf("study sheet:\n%s", sheet)
	}
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
