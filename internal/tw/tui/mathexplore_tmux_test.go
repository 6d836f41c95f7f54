package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTmuxExploreMath: in the real terminal reader, Shift+X (and Alt+Shift+X,
// sent as xterm's modifyOtherKeys reports it) explores the formula at the
// cursor, the arrows move term by term (Down into a
// part, Up out), the status bar shows the Math mode, and Escape leaves,
// after which the arrows move the caret again.
func TestTmuxExploreMath(t *testing.T) {
	needTmux(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "math.md"), []byte("# Circles\n\nThe area is $\\pi r^2$ here.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTw(t, 80, 24, dir, "", "--no-speech math.md")
	s.said.expect("Opened")
	s.text("\x1b[27;4;88~") // Alt+Shift+X
	s.press([]step{
		{want: "No math at the cursor."},
		{key: "p", want: "The area is"},
		{key: "X", want: "Exploring math: pi r squared. pi"},
	})
	s.waitScreen("the Math mode in the status bar", func(sc string) bool { return strings.Contains(sc, "Math") })
	s.press([]step{
		{key: "Right", want: "r squared"},
		{key: "Down", want: "base, r"},
		{key: "Right", want: "exponent, 2"},
		{key: "Right", want: "No next term."},
		{key: "Up", want: "r squared"},
		{key: "Left", want: "pi"},
		{key: "Escape", want: "Left the math."},
	})
	s.keys("Right")
	if got := s.said.expect("r"); strings.Contains(got, "squared") || strings.Contains(got, "term") {
		t.Errorf("after leaving the math, Right said %q, want the next word", got)
	}
	s.quit()
}
