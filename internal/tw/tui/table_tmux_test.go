package tui

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTmuxTableSaysColumnHeader drives the real reader in tmux: moving by
// cell in a table says the column's header when the column changes.
func TestTmuxTableSaysColumnHeader(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	table := "Prices.\n\n| Fruit | Price | Stock |\n| --- | --- | --- |\n| apple | 3 | many |\n| pear | 5 | few |\n"
	if err := os.WriteFile(filepath.Join(dir, "prices.md"), []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTw(t, 80, 24, dir, "", "--no-speech prices.md")
	s.press([]step{
		{"", "", "Opened prices.md."},
		{"", "t", "Table, 3 rows: Fruit | Price | Stock"},
		{"", "C-M-Down", "apple"},
		{"", "C-M-Right", "Price: 3"},
		{"", "C-M-Down", "5"},
		{"", "C-M-Right", "Stock: few"},
	})
	s.quit()
}
