package tui

import (
	"strings"
	"testing"
)

// TestTmuxFrenchInterfaceHasNoEnglishGaps drives the real reader in tmux
// with the interface in French and no audio device: the status bar says
// "sans audio", the go-to prompt takes "fin", the word it offers, and the
// user guide (F1) is in French, its title, pages and keys, and its
// glossary feeds help search ("tempo" finds the rate).
func TestTmuxFrenchInterfaceHasNoEnglishGaps(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSampleWith(t, 100, 30, "[display]\nlanguage = \"fr\"\n", "PULSE_SERVER=unix:/nonexistent/pulse", "--backend espeak sample.md")
	s.said.expect("A Walk Through the Lighthouse ouvert.")
	s.waitScreen("no audio, in French", func(sc string) bool {
		return strings.Contains(sc, "espeak, sans audio") && !strings.Contains(sc, "no audio")
	})
	s.press([]step{
		{"", "C-g", "Aller à : ligne, pour cent, début ou fin"},
		{"fin", "Enter", "Fin du document"},
		{"", "F1", "Guide de l'utilisateur de tw ouvert."},
		{"", "h", "Titre de niveau 2 : Premiers pas"},
		{"", "h", "Titre de niveau 2 : Lecture à voix haute"},
	})
	s.waitScreen("the guide in French", func(sc string) bool {
		return strings.HasPrefix(sc, "guide de l'utilisateur de tw") && strings.Contains(sc, "tw lit les documents à voix haute")
	})
	s.press([]step{
		{"", "C-End", ""},
		{"", "H", "Titre de niveau 3 : Menu Affichage et aide, Alt+L"},
		{"", "F1", "A Walk Through the Lighthouse ouvert."},
		{"", "M-?", "Rechercher dans l'aide"},
		// A French answer from the glossary: "Plus rapide" or, listed
		// before it since RSVP came, "RSVP plus rapide".
		{"tempo", "", "lus rapide, "},
		{"", "Escape", "Annulé."},
	})
	quit(s.term)
}
