package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxLanguageFollowsLocaleAndSwitchesAtRunTime drives the real tw in
// tmux: with display.language at its default (auto) and LANG French, the
// reader speaks and shows French (the settings list too); changing the
// setting in the settings list (Right moves it to the next language)
// changes the very next announcement, without a restart: French to
// English to Arabic.
func TestTmuxLanguageFollowsLocaleAndSwitchesAtRunTime(t *testing.T) {
	s := startSample(t, 80, 24, "LC_ALL= LC_MESSAGES= LANG=fr_FR.UTF-8")

	s.press([]step{
		{"", "", "A Walk Through the Lighthouse ouvert."},
		{"", "W", "Ligne 1 sur "},
		{"", "F5", "F5 : aucune commande."}, // no command on F5: the reader's own words, in French
	})

	time.Sleep(200 * time.Millisecond)
	s.keys("S-F10")
	s.said.expect("Réglages, ")
	s.text("langue de l'interface")
	s.keys("Right") // auto → English
	s.said.expect(": English")
	s.keys("Escape")
	time.Sleep(300 * time.Millisecond) // so W is not read as Alt+W
	s.press([]step{
		{"", "W", "Line 1 of "},
		{"", "F5", "F5: no command."},
	})

	time.Sleep(200 * time.Millisecond)
	s.keys("S-F10")
	s.said.expect("Settings, ")
	s.text("interface language")
	s.keys("Right") // English → Arabic; the item itself is now said in Arabic
	s.said.expect("لغة الواجهة: العربية (Arabic)")
	s.keys("Escape")
	time.Sleep(300 * time.Millisecond)
	s.press([]step{
		{"", "W", "السطر 1 من "},
		{"", "?", "مساعدة لوحة المفاتيح، "},
		{"", "Escape", ""},
	})
	time.Sleep(300 * time.Millisecond)
	quit(s.term)
}

// TestTmuxArabicShownJoined opens an Arabic document in the real reader
// in tmux (which neither reorders nor shapes): by default the line is
// right-aligned, in visual order, with its letters in their joined forms;
// with interface.rtl = "off" the same line goes out in logical order,
// untouched, for a terminal that does both itself; a settings file of
// before, with display.rtl = "terminal", still does that.
func TestTmuxArabicShownJoined(t *testing.T) {
	tw := twBinary(t)
	tests := []struct {
		name, settings, want string
	}{
		{"shaped by tw", "", "\uFEE2\uFEDC\uFEF4\uFEE0\uFECB \uFEE1\uFEFC\uFEB3"},
		{"left to the terminal", "[interface]\nrtl = \"off\"\n", "سلام عليكم"},
		{"left to the terminal by the former name", "[display]\nrtl = \"terminal\"\n", "سلام عليكم"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			home := homeWith(t, dir, "settings.toml", tt.settings)
			if err := os.WriteFile(filepath.Join(dir, "greeting.txt"), []byte("سلام عليكم\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := fmt.Sprintf("cd %s && TEXTWEAVER_HOME=%s %s open --no-speech greeting.txt; echo EXIT=$?; sleep 60", dir, home, tw)
			tm := startTerm(t, 40, 10, cmd)
			s := tm.waitScreen("the Arabic line", func(s string) bool { return strings.Contains(s, tt.want) })
			for _, row := range strings.Split(s, "\n") {
				if strings.Contains(row, tt.want) && !strings.HasSuffix(strings.TrimRight(row, " "), tt.want) {
					t.Errorf("the line is not right-aligned: %q", row)
				}
			}
			quit(tm)
		})
	}
}

// TestTmuxArabicInterfaceShownJoined: with the interface in Arabic, the
// reader's own messages and status bar are drawn as the document is, in
// visual order with joined letters; no bare (unshaped) Arabic letter
// reaches a terminal that cannot shape.
func TestTmuxArabicInterfaceShownJoined(t *testing.T) {
	dir := t.TempDir()
	homeWith(t, dir, "settings.toml", "[display]\nlanguage = \"ar\"\n")
	copySample(t, dir)
	tm := startTw(t, 100, 24, dir, "", "--no-speech sample.md")
	tm.said.expect("فُتح A Walk Through the Lighthouse.")
	tm.keys("W")
	tm.said.expect("السطر 1 من ")
	// "السطر" (the line) as drawn, left to right: reh final, tah medial,
	// seen medial, lam initial, alef alone.
	s := tm.waitScreen("the Arabic message, joined", func(s string) bool { return strings.Contains(s, "\uFEAE\uFEC4\uFEB4\uFEDF\uFE8D") })
	for _, r := range s {
		if r >= 0x0621 && r <= 0x064A {
			t.Fatalf("an unshaped Arabic letter %q on the screen:\n%s", r, s)
		}
	}
	quit(tm.term)
}

// quit ends the reader with Ctrl+Q and y, and waits for it to exit, so it
// has saved its state before the test's folders are removed.
func quit(tm *term) {
	tm.t.Helper()
	tm.keys("C-q")
	time.Sleep(200 * time.Millisecond)
	tm.keys("y")
	tm.waitScreen("tw to exit", func(s string) bool { return strings.Contains(s, "EXIT=0") })
}

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
