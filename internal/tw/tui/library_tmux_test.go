package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/syncfolder"
)

// TestTmuxLibraryAndFileBrowser drives the real reader in tmux: the
// command palette opens the library of Debian's live manuals and a folder of the user's
// own (a corrupt EPUB among them, listed with its reason), indexes it in
// the background, finds a note by a word of its text as it is typed,
// and opens it with Enter; then the file browser (from the command
// palette) walks into a zip archive and opens a document inside it.
func TestTmuxLibraryAndFileBrowser(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	const manuals = "/usr/share/doc/live-manual/epub"
	if _, err := os.Stat(manuals); err != nil {
		t.Fatalf("%s is missing: run scripts/deps-formats.sh (live-manual-epub): %v", manuals, err)
	}
	dir := t.TempDir()
	copySample(t, dir)
	books, src := filepath.Join(dir, "books"), t.TempDir()
	testkit.WriteFiles(t, books, map[string]string{
		"cells.md":    "# Cell biology\n\nThe mitochondria make the cell's energy.\n",
		"broken.epub": "PK\x03\x04 no zip here"})
	testkit.WriteFiles(t, src, map[string]string{"week1/reading.md": "# Week one reading\n\nPhotosynthesis.\n"})
	testkit.ZipFolder(t, src, filepath.Join(dir, "course.zip"), "")
	homeWith(t, dir, "settings.toml", "[library]\nfolders = [\""+books+"\", \""+manuals+"\"]\n")

	s := startTw(t, 100, 24, dir, "", "--no-speech sample.md")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.press([]step{
		{"", "F2", "Command"},
		{"open library", "Enter", "Library, "},
	})
	s.said.expect("Library updated: 11 added, 0 changed, 0 removed, 1 could not be read.")
	s.waitScreen("the corrupt EPUB with its reason", func(sc string) bool {
		return strings.Contains(sc, "broken.epub, could not be read: ")
	})
	s.text("mitochondria")
	s.waitScreen("the note found by its text", func(sc string) bool {
		return strings.Contains(sc, "Cell biology") && !strings.Contains(sc, "Live Systems Manual")
	})
	s.keys("Enter")
	s.said.expect("Opened Cell biology.")

	// The file browser starts in the note's folder: up, then into the
	// archive beside the sample.
	s.press([]step{
		{"", "F2", "Command"},
		{"browse files", "Enter", "Files in " + books},
		{"", "Home", "Up to " + dir},
		{"", "Enter", "Files in " + dir},
		{"c", "", "course.zip, archive"},
		{"", "Enter", "week1/reading.md, 2 of 2"},
		{"", "Enter", "Opened Week one reading."},
	})
	s.quit()
}

// TestTmuxDetailsContinueAndBatch drives the real reader in tmux through
// the document details form (Tab to the next field, Enter saves), the
// continue-reading list, and batch_convert's format list and question.
func TestTmuxDetailsContinueAndBatch(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 24, "")
	dir := s.dir
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.press([]step{
		{"", "F2", "Command"},
		{"edit document details", "Enter", "Document details, Title (1 of 4)"},
		{"", "C-u", ""},
		{"Lighthouse walk", "Tab", "Document details, Author (2 of 4)"},
		{"Ada Byron", "Enter", "Details saved for Lighthouse walk."},
		{"", "M-Down", ""},
		{"", "F2", "Command"},
		{"continue reading", "Enter", "Continue reading, 1 item."},
		{"", "Escape", "Cancelled."},
		{"", "F2", "Command"},
		{"batch convert", "Enter", "Convert the documents of " + dir + " to, 7 items."},
		{"", "Enter", "Convert 1 document to Markdown into " + filepath.Join(dir, "converted") + "? y or n"},
		{"", "y", "Converted 1 of 1 documents into "},
	})
	if _, err := os.Stat(filepath.Join(dir, "converted", "sample.md")); err != nil {
		t.Errorf("the converted file: %v", err)
	}
	s.quit()
}

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
