package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxEncryptedPDF: `tw open locked.pdf` starts with the password
// prompt; what is typed shows as stars on screen and in what is said; a
// wrong password asks again; the right one opens the document.
func TestTmuxEncryptedPDF(t *testing.T) {
	dir := t.TempDir()
	pdf := testkit.EncryptedPDF(t, filepath.Join(dir, "locked.pdf"), "open-sesame")
	s := startTw(t, 80, 24, dir, "", pdf+" --no-speech")
	s.said.expect("Password for locked.pdf")
	s.text("nope")
	s.waitScreen("four stars in the prompt", func(sc string) bool { return strings.Contains(sc, "****") })
	if sc := s.screen(); strings.Contains(sc, "nope") {
		t.Fatalf("the password is shown in clear:\n%s", sc)
	}
	s.keys("Enter")
	s.said.expect("Wrong password. Password for locked.pdf")
	s.text("open-sesame")
	s.waitScreen("eleven stars", func(sc string) bool { return strings.Contains(sc, strings.Repeat("*", 11)) })
	s.keys("Enter")
	s.said.expect("Opened ")
	s.waitScreen("the document's text", func(sc string) bool { return strings.Contains(sc, "Notes") })
	data, _ := os.ReadFile(s.said.path)
	if strings.Contains(string(data), "open-sesame") || strings.Contains(string(data), "nope") {
		t.Errorf("the announcement log holds the password:\n%s", data)
	}
	s.quit()
}
