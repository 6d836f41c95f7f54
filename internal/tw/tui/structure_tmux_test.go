package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTmuxContinuousReadingSaysTheStructure: a blind reader with espeak-ng
// and no audio device reads the original textweaver's Markdown sample
// from the top; each utterance is shown on the message line as the voice
// reaches it, with the document's structure said as the original says it.
func TestTmuxContinuousReadingSaysTheStructure(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startStructureSample(t)
	s.said.expect("No audio device")
	s.said.expect("Opened Sample Markdown Document.")
	s.waitScreen("the reader", func(sc string) bool { return strings.Contains(sc, "espeak, no audio") })
	s.keys("Enter") // read from the cursor
	for _, want := range []string{
		"heading level 1, Sample Markdown Document",
		"list with 3 items, First bullet item",
		"heading level 2, A Table",
		"Table with 3 columns: Name, Role, Score.",
		"Row 1: Name is Ada, Role is Engineer, Score is 98.",
		"Row 2: Name is Grace, Role is Admiral, Score is 100.",
		"block quote, A block quote spans a sentence.",
		"code block, fn main() {",
		"graphic, A diagram of the reading pipeline",
	} {
		if got := s.said.expect(want); got != want {
			t.Errorf("shown %q, want %q", got, want)
		}
	}
	s.waitScreen("the reading to end", func(sc string) bool { return strings.Contains(sc, "| stopped |") })
	s.quit()
}

// startStructureSample runs the reader in a 100×30 tmux window on a copy
// of testdata/structure-sample.md, reading with espeak-ng at 900 words a
// minute and no audio device (silently, at the speed of speech).
func startStructureSample(t *testing.T) *twSession {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("testdata", "structure-sample.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sample.md"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	homeWith(t, dir, "settings.toml", "[speech]\nrate = 900\n")
	return startTw(t, 100, 30, dir, "PULSE_SERVER=unix:/nonexistent/pulse", "--backend espeak sample.md")
}

// TestTmuxStopAtAndReadingStatistics drives the real reader in tmux with
// espeak-ng and no audio device: the stop_at prompt (from the command
// palette) takes "section", continuous reading then stops at the next
// heading and says so; the reading statistics list (Alt+Y) then shows the
// time read aloud and the session, and the reading pass (from the
// palette) is named.
func TestTmuxStopAtAndReadingStatistics(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startStructureSample(t)
	s.said.expect("Opened Sample Markdown Document.")
	s.press([]step{
		{"", "F2", "Command"},
		{"stop at", "Enter", "Stop reading at: a time such as 22:30"},
	})
	s.waitScreen("the stop_at prompt", func(sc string) bool { return strings.Contains(sc, "Stop reading at:") })
	s.press([]step{
		{"section", "Enter", "Reading will stop at the end of each section."},
		{"", "Enter", "End of section. Read from the cursor to go on."},
	})
	s.waitScreen("the reading to stop", func(sc string) bool { return strings.Contains(sc, "| stopped |") })
	s.press([]step{{"", "M-y", "Reading statistics, 3 items."}})
	s.waitScreen("the statistics list", func(sc string) bool {
		return strings.Contains(sc, "read aloud, sessions: 1, documents: 1.") &&
			strings.Contains(sc, "1. Sample Markdown Document: ")
	})
	s.press([]step{
		{"", "Escape", "Cancelled."},
		{"", "F2", "Command"},
		{"reading pass", "Enter", "Reading pass: first sentences with headings."},
	})
	s.quit()
}

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
