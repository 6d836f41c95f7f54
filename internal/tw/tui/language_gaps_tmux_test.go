package tui

import (
	"strings"
	"testing"
)

// TestTmuxFrenchInterfaceHasNoEnglishGaps drives the real reader in tmux
// with the interface in French and no audio device: the status bar says
// "sans audio", and the go-to prompt takes "fin", the word it offers.
func TestTmuxFrenchInterfaceHasNoEnglishGaps(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	copySample(t, dir)
	homeWith(t, dir, "settings.toml", "[display]\nlanguage = \"fr\"\n")
	s := startTw(t, 100, 30, dir, "PULSE_SERVER=unix:/nonexistent/pulse", "--backend espeak sample.md")
	s.said.expect("A Walk Through the Lighthouse ouvert.")
	s.waitScreen("no audio, in French", func(sc string) bool {
		return strings.Contains(sc, "espeak, sans audio") && !strings.Contains(sc, "no audio")
	})
	s.press([]step{
		{"", "C-g", "Aller à : ligne, pour cent, début ou fin"},
		{"fin", "Enter", "Fin du document"},
	})
	quit(s.term)
}
