package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTmuxCursorOnTheStatusBar: in a real terminal, with
// accessibility.cursor "status" the terminal's cursor waits at the start
// of the status bar as the reader moves; with "follow" it is on the word
// at the cursor.
func TestTmuxCursorOnTheStatusBar(t *testing.T) {
	needTmux(t)
	run := func(place string) (x, y int) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "c.txt"), []byte("First line here.\nSecond line there.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		homeWith(t, dir, "settings.toml", "[accessibility]\ncursor = \""+place+"\"\n")
		s := startTw(t, 60, 10, dir, "", "--no-speech c.txt")
		s.said.expect("Opened c.txt.")
		s.keys("Down")
		s.said.expect("Second line there.")
		s.waitScreen("the status bar", func(sc string) bool { return strings.Contains(sc, "c.txt") })
		x, y = s.cursor()
		s.quit()
		return x, y
	}
	if x, y := run("follow"); x != 0 || y != 1 {
		t.Errorf("follow: the cursor is at %d,%d, want the second line's start, 0,1", x, y)
	}
	// 10 rows: the text, the status bar on row 8, the message line on 9.
	if x, y := run("status"); x != 0 || y != 8 {
		t.Errorf("status: the cursor is at %d,%d, want the status bar's start, 0,8", x, y)
	}
}
