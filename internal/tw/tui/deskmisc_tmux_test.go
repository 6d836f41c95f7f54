package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxContextMenu drives the real reader in tmux: Ctrl+F10 on a link
// lists the commands that fit there with their keys, Enter on Link
// address runs it, and on a plain word the link's commands are gone.
func TestTmuxContextMenu(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "links.md"), "# Links\n\nSee [the site](http://example.com/) now.\n")
	s := startTw(t, 100, 30, dir, "", "--no-speech links.md")
	s.press([]step{
		{"", "", "Opened Links."},
		{"", "k", "Link: the site"},
		{"", "C-F10", "Context menu, Copy, Ctrl+C, 1 of "},
	})
	s.waitScreen("the context menu with the link's commands", func(sc string) bool {
		return strings.Contains(sc, "Context menu") && strings.Contains(sc, "Follow link, Alt+Shift+F") &&
			strings.Contains(sc, "Link address") && strings.Contains(sc, "Add bookmark")
	})
	s.press([]step{
		{"", "Down", "Follow link"},
		{"", "Down", "Link address"},
		{"", "Enter", "http://example.com/"},
	})
	s.waitScreen("the menu closed", func(sc string) bool { return !strings.Contains(sc, "Context menu") })
	s.press([]step{
		{"", "C-Home", ""},
		{"", "C-F10", "Context menu, Copy, Ctrl+C, 1 of "},
	})
	sc := s.waitScreen("the context menu on a heading", func(sc string) bool {
		return strings.Contains(sc, "Context menu") && strings.Contains(sc, "Add note")
	})
	if strings.Contains(sc, "Follow link") {
		t.Errorf("Follow link offered away from the link:\n%s", sc)
	}
	s.press([]step{{"", "Escape", ""}})
	s.waitScreen("the menu closed", func(sc string) bool { return !strings.Contains(sc, "Context menu") })
	s.quit()
}

// TestTmuxShowOriginalBraille: on a BRF file, show_original_braille from
// the command palette lists the braille lines of the page at the cursor,
// the first page at the start and the second at the end.
func TestTmuxShowOriginalBraille(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "cross.brf"), "  cat dog sun cat dog sun\ncat dog sun\n\n                            #a\n"+
		"\fcat dog sun cat\n  ,sun dog cat4\n\n                            #b\n")
	s := startTw(t, 100, 30, dir, "", "--no-speech cross.brf")
	s.press([]step{
		{"", "", "Opened cross.brf."},
		{"", "F2", ""},
		{"show original braille", "Enter", "Original braille, page 1 of 2."},
	})
	s.waitScreen("page 1's braille", func(sc string) bool {
		return strings.Contains(sc, "Original braille, page 1") && strings.Contains(sc, "cat dog sun cat dog sun") &&
			strings.Contains(sc, "#a") && !strings.Contains(sc, ",sun dog cat4")
	})
	s.press([]step{
		{"", "Escape", "Cancelled."},
		{"", "C-End", ""},
		{"", "F2", ""},
		{"show original braille", "Enter", "Original braille, page 2 of 2."},
	})
	s.waitScreen("page 2's braille", func(sc string) bool {
		return strings.Contains(sc, "Original braille, page 2") && strings.Contains(sc, ",sun dog cat4") && strings.Contains(sc, "#b")
	})
	s.press([]step{{"", "Escape", "Cancelled."}})
	s.quit()
}

// TestTmuxExportKnowledgeGraph: a note added in the reader, then
// export_knowledge_graph from the command palette lists the formats, and
// Enter on JSON writes knowledge-graph.json beside the document.
func TestTmuxExportKnowledgeGraph(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "cells.md"), "# Cells\n\nCells are small.\n")
	s := startTw(t, 100, 30, dir, "", "--no-speech cells.md")
	s.press([]step{
		{"", "", "Opened Cells."},
		{"", "F2", ""},
		{"add note", "Enter", "Note"},
		{"See [[Cells]]", "Enter", "Note added"},
		{"", "F2", ""},
		{"export knowledge graph", "Enter", "Knowledge graph of the notes of Cells: choose a format. Markdown list (.md), 1 of 7."},
	})
	s.waitScreen("the formats", func(sc string) bool {
		return strings.Contains(sc, "Knowledge graph format") && strings.Contains(sc, "GraphML (.graphml)") && strings.Contains(sc, "CSV edge list (.csv)")
	})
	path := filepath.Join(dir, "knowledge-graph.json")
	s.press([]step{
		{"", "Down", "JSON (.json)"},
		{"", "Enter", "Knowledge graph written to " + path + "."},
	})
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"type": "links to"`) {
		t.Errorf("the graph: %s, %v", data, err)
	}
	s.quit()
}

// TestTmuxOnlineDocumentation: without a display the address is said;
// with one, the question comes first and n keeps the browser closed.
func TestTmuxOnlineDocumentation(t *testing.T) {
	t.Parallel() // its own tmux servers, homes and files
	s := startSample(t, 100, 30, "DISPLAY= WAYLAND_DISPLAY=")
	s.press([]step{
		{"", "", "Opened"},
		{"", "F2", ""},
		{"online documentation", "Enter", "The documentation on the web is at https://"},
	})
	s.quit()
	s = startSample(t, 100, 30, "DISPLAY=:97 WAYLAND_DISPLAY=")
	s.press([]step{
		{"", "", "Opened"},
		{"", "F2", ""},
		{"online documentation", "Enter", "Open it in the browser? y or n"},
		{"", "n", "Kept."},
	})
	s.quit()
}
