package rpc_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestTableCellMovesSayTheColumnHeader drives the real tw serve --stdio:
// moving by cell says the column's header when the column changes (not
// when it stays, nor in the header row itself), at normal and high
// verbosity, as NVDA and Orca do; low says the cell alone.
func TestTableCellMovesSayTheColumnHeader(t *testing.T) {
	const table = "Prices.\n\n| Fruit | Price | Stock |\n| --- | --- | --- |\n| apple | 3 | many |\n| pear | 5 |  |\n\nAfter.\n"
	moves := []string{"next_table", "table_next_column", "table_next_row", "table_next_row", "table_next_column",
		"table_previous_row", "table_previous_column"}
	want := map[string][]string{
		"normal": {"Table, 3 rows: Fruit | Price | Stock", "Price", "3", "5", "Stock: blank", "many", "Price: 3"},
		"high": {"Table 1 of 1, 3 rows, 3 columns: Fruit | Price | Stock", "Row 1, column 2: Price",
			"Row 2, column 2: 3", "Row 3, column 2: 5", "Row 3, column 3, Stock: blank",
			"Row 2, column 3: many", "Row 2, column 2, Price: 3"},
		"low": {"Fruit | Price | Stock", "Price", "3", "5", "blank", "many", "3"},
	}
	for _, level := range []string{"normal", "high", "low"} {
		t.Run(level, func(t *testing.T) {
			dir, home := t.TempDir(), t.TempDir()
			writeFile(t, filepath.Join(dir, "prices.md"), table)
			var input strings.Builder
			input.WriteString(request(1, "initialize", `{}`) + "\n")
			input.WriteString(request(2, "set_setting", fmt.Sprintf(`{"path":"speech.verbosity","value":%q}`, level)) + "\n")
			input.WriteString(request(3, "open", `{"path":"prices.md"}`) + "\n")
			for i, m := range moves {
				input.WriteString(request(4+i, "navigate", fmt.Sprintf(`{"action":%q}`, m)) + "\n")
			}
			out, _ := runTw(t, dir, nil, input.String(), "serve", "--stdio", "--no-speech", "--home", home)
			said := map[int][]string{}
			var pending []message
			for _, m := range readAll(t, out) {
				if m.isNotification() {
					pending = append(pending, m)
					continue
				}
				var id int
				fmt.Sscan(string(m.ID), &id)
				said[id] = announcements(pending)
				pending = nil
			}
			for i, m := range moves {
				got := said[4+i]
				if len(got) == 0 || got[len(got)-1] != want[level][i] {
					t.Errorf("%s: said %q, want %q", m, got, want[level][i])
				}
			}
		})
	}
}
