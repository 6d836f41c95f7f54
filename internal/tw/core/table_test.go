package core_test

import (
	"fmt"
	"strings"
	"testing"
)

// gridTable is a Markdown table with a header row "c0 | c1 | ..." and rows
// of cells "r1c0", "r1c1", ...
func gridTable(rows, cols int) string {
	var b strings.Builder
	b.WriteString("Before the table.\n\n|")
	for c := range cols {
		fmt.Fprintf(&b, "c%d|", c)
	}
	b.WriteString("\n|")
	b.WriteString(strings.Repeat("-|", cols))
	for r := 1; r < rows; r++ {
		b.WriteString("\n|")
		for c := range cols {
			fmt.Fprintf(&b, "r%dc%d|", r, c)
		}
	}
	b.WriteString("\n\nAfter the table.\n")
	return b.String()
}

// Moves between cells say the cell reached (with its column's header when
// the column changes), keep the column from row to row and stop at the
// table's edges; the same for a small table and for a
// large one whose cells the document derives from its rows.
func TestTableCellMoves(t *testing.T) {
	for _, size := range []struct{ rows, cols int }{{3, 3}, {80, 80}} {
		t.Run(fmt.Sprintf("%dx%d", size.rows, size.cols), func(t *testing.T) {
			f := newFixture(t)
			f.write(gridTable(size.rows, size.cols))
			app, rec := f.open()
			f.do(app, "table_next_column")
			if rec.last() != "Not in a table." {
				t.Fatalf("outside a table: %q", rec.last())
			}
			f.do(app, "next_table")
			last := fmt.Sprint(size.rows - 1)
			steps := []struct{ action, say string }{
				{"table_next_column", "c1"},
				{"table_next_row", "r1c1"},
				{"table_next_row", "r2c1"},
				{"table_previous_column", "c0: r2c0"}, // the column changed: its header first
				{"table_previous_column", "No previous cell."},
				{"table_previous_row", "r1c0"},
				{"table_previous_row", "c0"},
				{"table_previous_row", "No previous row."},
			}
			for _, s := range steps {
				f.do(app, s.action)
				if rec.last() != s.say {
					t.Fatalf("%s said %q, want %q", s.action, rec.last(), s.say)
				}
			}
			for range size.rows - 1 {
				f.do(app, "table_next_row")
			}
			if want := "r" + last + "c0"; rec.last() != want {
				t.Fatalf("last row: %q, want %q", rec.last(), want)
			}
			f.do(app, "table_next_row")
			if rec.last() != "No next row." {
				t.Fatalf("past the last row: %q", rec.last())
			}
			for range size.cols - 1 {
				f.do(app, "table_next_column")
			}
			if want := fmt.Sprintf("c%d: r%sc%d", size.cols-1, last, size.cols-1); rec.last() != want {
				t.Fatalf("last cell: %q, want %q", rec.last(), want)
			}
			f.do(app, "table_next_column")
			if rec.last() != "No next cell." {
				t.Fatalf("past the last cell: %q", rec.last())
			}
		})
	}
}

// A table with no header row (an HTML table of td cells only, as the
// Debian handbook has) says no header on moves between columns: its
// first row is data.
func TestTableWithoutHeaderRowSaysNoHeader(t *testing.T) {
	f := newFixture(t)
	f.path = strings.TrimSuffix(f.path, ".md") + ".html"
	f.write("<p>Steps.</p><table><tr><td>1</td><td>Name it</td></tr><tr><td>2</td><td>Declare types</td></tr></table>")
	app, rec := f.open()
	for _, s := range []struct{ action, say string }{
		{"next_table", "Table, 2 rows: 1 | Name it"},
		{"table_next_row", "2"},
		{"table_next_column", "Declare types"},
	} {
		f.do(app, s.action)
		if rec.last() != s.say {
			t.Fatalf("%s said %q, want %q", s.action, rec.last(), s.say)
		}
	}
}
