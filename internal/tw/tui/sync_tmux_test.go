package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/syncfolder"
)

// TestTmuxSync drives the real reader in tmux: sync setup asks the folder
// and this computer's name, and brings the note another computer left in
// the shared folder; the places list goes to that computer's place.
func TestTmuxSync(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	text := "# Tides\n\nThe sea rises twice a day.\n\nThe moon pulls the water.\n\nStorms raise it more.\n"
	testkit.WriteFile(t, filepath.Join(dir, "tides.md"), text)
	stick := filepath.Join(dir, "stick")
	s := startTw(t, 100, 30, dir, "", "--no-speech tides.md")
	s.said.expect("Opened")
	// The lab's view, as its tw writes it, under the hash of the text read.
	readText := "Tides\n\nThe sea rises twice a day.\n\nThe moon pulls the water.\n\nStorms raise it more."
	lab := syncfolder.Device{Title: "Tides", Place: &syncfolder.Place{Offset: strings.Index(readText, "Storms"), Percent: 85},
		Notes: []syncfolder.Note{{SID: "lab:1:x", Start: 7, End: 31, Anchor: "The sea rises twice a day", Text: "Check the tables", Edited: 1}}}
	s.press([]step{
		{"", "F2", ""},
		{"sync setup", "Enter", "Sync folder: a folder your computers share"},
		{stick, "Enter", "This computer's name for sync"},
		{"desk", "Enter", "Sync set up: desk, through " + stick + ". No other computer has this document yet."},
	})
	// The lab syncs once the folder is there.
	if err := syncfolder.Publish(syncfolder.Config{Folder: stick, Computer: "lab"}, docstate.Hash(readText), lab); err != nil {
		t.Fatal(err)
	}
	s.press([]step{
		{"", "F2", ""},
		{"sync now", "Enter", "Synced with lab. 1 note arrived."},
		{"", "F2", ""},
		{"sync go to place", "Enter", "Other computers' places, 1 item."},
		{"", "Enter", "Place of lab: Storms raise it more."},
		{"", "S-F5", "Other computers with this document: lab."},
	})
	s.quit()
}
