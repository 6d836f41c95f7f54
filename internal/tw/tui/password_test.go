package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxEncryptedPDF: `tw open locked.pdf` starts with the password
// prompt; what is typed shows as stars on screen and in what is said; a
// wrong password asks again; the right one opens the document.
func TestTmuxEncryptedPDF(t *testing.T) {
	tw := twBinary(t)
	dir := t.TempDir()
	src := filepath.Join(testkit.Path(t, "conformance", "textweaver"), "notes.pdf")
	pdf := filepath.Join(dir, "locked.pdf")
	if msg, err := exec.Command("qpdf", "--encrypt", "open-sesame", "owner-pw", "256", "--", src, pdf).CombinedOutput(); err != nil {
		t.Fatalf("qpdf: %v\n%s", err, msg)
	}
	logPath := filepath.Join(dir, "said.log")
	tm := startTerm(t, 80, 24, fmt.Sprintf("TEXTWEAVER_HOME=%s TEXTWEAVER_ANNOUNCE_LOG=%s %s open %s --no-speech; echo EXIT=$?; sleep 60",
		filepath.Join(dir, "home"), logPath, tw, pdf))
	said := &announcements{t: t, path: logPath}
	said.expect("Password for locked.pdf")
	tm.text("nope")
	tm.waitScreen("four stars in the prompt", func(s string) bool { return strings.Contains(s, "****") })
	if s := tm.screen(); strings.Contains(s, "nope") {
		t.Fatalf("the password is shown in clear:\n%s", s)
	}
	tm.keys("Enter")
	said.expect("Wrong password. Password for locked.pdf")
	tm.text("open-sesame")
	tm.waitScreen("eleven stars", func(s string) bool { return strings.Contains(s, strings.Repeat("*", 11)) })
	tm.keys("Enter")
	said.expect("Opened ")
	tm.waitScreen("the document's text", func(s string) bool { return strings.Contains(s, "Notes") })
	data, _ := os.ReadFile(logPath)
	if strings.Contains(string(data), "open-sesame") || strings.Contains(string(data), "nope") {
		t.Errorf("the announcement log holds the password:\n%s", data)
	}
	tm.keys("C-q")
	said.expect("Quit textweaver? y or n")
	tm.keys("y")
	tm.waitScreen("tw to exit", func(s string) bool { return strings.Contains(s, "EXIT=0") })
}
