package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxLanguageFollowsLocaleAndSwitchesAtRunTime drives the real tw in
// tmux: with display.language at its default (auto) and LANG French, the
// reader speaks and shows French; changing the setting in the settings
// list (Right moves it to the next language) changes the very next
// announcement and the screen, without a restart.
func TestTmuxLanguageFollowsLocaleAndSwitchesAtRunTime(t *testing.T) {
	tw := twBinary(t)
	dir := t.TempDir()
	copySample(t, dir)
	home := filepath.Join(dir, "home")
	logPath := filepath.Join(dir, "said.log")
	cmd := fmt.Sprintf("cd %s && LC_ALL= LC_MESSAGES= LANG=fr_FR.UTF-8 TEXTWEAVER_HOME=%s TEXTWEAVER_ANNOUNCE_LOG=%s %s open --no-speech sample.md; sleep 60",
		dir, home, logPath, tw)
	tm := startTerm(t, 80, 24, cmd)
	said := &announcements{t: t, path: logPath}

	said.expect("A Walk Through the Lighthouse ouvert.")
	tm.keys("W")
	said.expect("Ligne 1 sur ")
	tm.keys("F5") // no command on F5: the reader's own words, in French
	said.expect("F5 : aucune commande.")

	tm.keys("S-F10")
	said.expect("Réglages, ")
	tm.text("interface language")
	tm.keys("Right") // auto → English
	said.expect(": English")
	tm.keys("Escape")
	time.Sleep(300 * time.Millisecond) // so W is not read as Alt+W
	tm.keys("W")
	said.expect("Line 1 of ")
	tm.keys("F5")
	said.expect("F5: no command.")

	tm.keys("S-F10")
	said.expect("Settings, ")
	tm.text("interface language")
	tm.keys("Right", "Right") // English → Arabic → German
	said.expect(": Deutsch")
	tm.keys("Escape")
	time.Sleep(300 * time.Millisecond) // so W is not read as Alt+W
	tm.keys("W")
	said.expect("Zeile 1 von ")
	tm.keys("?")
	said.expect("Tastenhilfe, ")
	tm.waitScreen("the help list's title in German", func(s string) bool { return strings.Contains(s, "Tastenhilfe") })
}
