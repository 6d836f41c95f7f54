package core_test

import (
	"os"
	"testing"
)

// TestTableCells: in edit mode, next_table_cell and previous_table_cell
// move through a Markdown table's cells, row by row over the delimiter
// row, saying each cell's column header (on the header row, its number) and text; past the last cell a
// row is added; add_table_row adds one below; outside a table,
// next_table_cell types a tab.
func TestTableCells(t *testing.T) {
	f := newFixture(t)
	f.write("Intro line\n\n| Name | Role |\n|---|---|\n| Ada | Engineer |\n")
	app, rec := f.open()
	f.do(app, "toggle_edit_mode")
	f.do(app, "caret_next_line") // the header row (over the blank line)
	steps := []struct{ action, said string }{
		{"next_table_cell", "Column 2: Role"},
		{"next_table_cell", "Name: Ada"},
		{"next_table_cell", "Role: Engineer"},
		{"previous_table_cell", "Name: Ada"},
		{"previous_table_cell", "Column 2: Role"},
		{"previous_table_cell", "Column 1: Name"},
		{"previous_table_cell", "Start of the table."},
	}
	for _, s := range steps {
		f.do(app, s.action)
		if got := rec.last(); got != s.said {
			t.Fatalf("%s said %q, want %q", s.action, got, s.said)
		}
	}
	// To the last cell, then past it: a new row.
	for range 3 {
		f.do(app, "next_table_cell")
	}
	f.do(app, "next_table_cell")
	if got := rec.last(); got != "Row added." {
		t.Fatalf("past the last cell said %q", got)
	}
	f.do(app, "add_table_row")
	f.do(app, "document_start") // the intro line
	f.do(app, "next_table_cell")
	f.do(app, "previous_table_cell")
	rec.expect(t, "Not in a table.", "previous_table_cell outside a table")
	f.do(app, "save")
	data, _ := os.ReadFile(f.path)
	want := "\tIntro line\n\n| Name | Role |\n|---|---|\n| Ada | Engineer |\n|  |  |\n|  |  |\n"
	if string(data) != want {
		t.Errorf("saved %q, want %q", data, want)
	}
}
