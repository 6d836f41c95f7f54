package tui

import (
	"fmt"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
)

func capitalized(id string) string {
	name := strings.ReplaceAll(id, "_", " ")
	return strings.ToUpper(name[:1]) + name[1:]
}

// TestTmuxMenus: F10 and Alt with each menu's letter reach every menu, the
// menus hold every command once, items say their keys, and one item is
// run from each menu (a front-end one, what a key does, included).
func TestTmuxMenus(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 30, "")
	s.said.expect("Opened A Walk Through the Lighthouse.")

	// Every command of the keyboard reference is in exactly one menu.
	inMenus := map[string]int{}
	for _, m := range core.Menus {
		for _, id := range m.MenuActions() {
			inMenus[id]++
		}
	}
	for _, a := range core.Actions() {
		if inMenus[a.ID] != 1 {
			t.Errorf("%s is in %d menus", a.ID, inMenus[a.ID])
		}
	}

	s.keys("F10")
	file := len(core.Menus[0].MenuActions())
	s.said.expect(fmt.Sprintf("File menu, Open, Ctrl+O, 1 of %d", file))
	s.waitScreen("the File menu drawn", func(sc string) bool {
		return strings.Contains(sc, fmt.Sprintf("File menu — 1 of %d", file)) && strings.Contains(sc, "Save as, Alt+S") &&
			strings.HasPrefix(screenRow(sc, 0), " File (Alt+F)  Edit (Alt+E)  Navigate (Alt+G)")
	})
	s.press([]step{
		{"", "Right", "Edit menu, Toggle edit mode, Ctrl+E, 1 of"},
		{"", "Left", "File menu, Open"},
		{"", "F10", "Menu closed."},
		{"", "/", "Find"},
	})
	s.keys("M-e") // from a prompt, Alt and a letter go to the menu
	s.said.expect("Edit menu, Toggle edit mode")
	s.keys("Escape")
	s.said.expect("Cancelled.")

	run := map[string]struct {
		id   string
		want string // said when the item runs
	}{
		"File":          {"open", "Open file"},
		"Edit":          {"select_all", "Select all works in edit mode"},
		"Navigate":      {"document_end", "End of document."},
		"Search":        {"find", "Find"},
		"Marks":         {"add_bookmark", "Bookmark mark1 set"},
		"Reading":       {"say_position", "Line "},
		"Voice":         {"cycle_speed_preset", "Speed study"},
		"View and help": {"what_does_this_key_do", "Press a key to hear what it does."},
	}
	for _, m := range core.Menus {
		ids := m.MenuActions()
		s.keys(fmt.Sprintf("M-%c", m.Letter))
		s.said.expect(fmt.Sprintf("%s menu, %s", m.Name, capitalized(ids[0])))
		item := run[m.Name]
		k := -1
		for i, id := range ids {
			if id == item.id {
				k = i
			}
		}
		if k < 0 {
			t.Fatalf("%s is not in the %s menu", item.id, m.Name)
		}
		if k > 0 {
			downs := make([]string, k)
			for i := range downs {
				downs[i] = "Down"
			}
			s.keys(downs...)
			got := s.said.expect(fmt.Sprintf("%d of %d", k+1, len(ids)))
			if !strings.HasPrefix(got, capitalized(item.id)) {
				t.Errorf("the %s menu's item %d says %q, want %s", m.Name, k+1, got, capitalized(item.id))
			}
		}
		s.keys("Enter")
		s.said.expect(item.want)
		switch m.Name {
		case "File", "Search":
			s.keys("Escape")
			s.said.expect("Cancelled.")
		case "View and help":
			s.keys("m") // what m does, without doing it
			s.said.expect("m: add bookmark.")
		}
	}
	// What m does was told, not done: there is still one bookmark.
	s.press([]step{
		{"", "M", "Bookmarks, 1 item."},
		{"", "Escape", "Cancelled."},
	})
	s.quit()
}

// TestTmuxHelp: F1 opens the user guide as a document, navigated by
// heading and searched with find; F1 goes back to the document; the help
// search finds commands and guide paragraphs and runs what is chosen;
// Shift+F1 tells what a key does without doing it.
func TestTmuxHelp(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 30, "")
	s.press([]step{
		{"", "", "Opened A Walk Through the Lighthouse."},
		{"", "h", "Heading level 2: Getting around"},
		{"", "F1", "Opened the tw user guide."},
	})
	s.waitScreen("the guide's title", func(sc string) bool { return screenRow(sc, 0) == "tw user guide" })
	for _, h := range []string{"Getting started", "Reading", "Navigation", "Search", "Marks", "Editing", "Speech", "Settings", "Other words", "Keys"} {
		s.keys("h")
		s.said.expect("Heading level 2: " + h)
	}
	s.press([]step{
		{"", "C-Home", "Top of document."},
		{"", "/", "Find"},
		{"clipboard", "Enter", "Match 1 of"},
		{"", "F1", "Opened A Walk Through the Lighthouse."},
		{"", "W", ""},
	})
	if got := s.said.expect("Line "); strings.HasPrefix(got, "Line 1 of") {
		t.Errorf("back from the guide, the place was lost: %q", got)
	}

	// One search across the commands and the guide.
	s.press([]step{
		{"", "M-?", "Search help and commands,"},
		{"quiet", "", "Quiet screen, Alt+Q. View and help menu, 1 of"},
		{"", "Enter", "Quiet screen on"},
	})
	s.waitScreen("the text hidden", func(sc string) bool {
		return strings.Contains(sc, "Quiet screen: the text is hidden.") && !strings.Contains(sc, "Lighthouse\n")
	})
	s.keys("M-q")
	s.said.expect("Quiet screen off.")
	s.waitScreen("the text shown", func(sc string) bool { return screenRow(sc, 0) == "A Walk Through the Lighthouse" })

	s.press([]step{
		{"", "M-?", "Search help and commands,"},
		{"same place", "", "Guide, Marks: "},
		{"", "Enter", "User guide, line"},
		{"", "F1", "Opened A Walk Through the Lighthouse."},

		// Shift+F1, then a key: what it does, not done.
		{"", "S-F1", "Press a key to hear what it does."},
		{"", "m", "m: add bookmark."},
		{"", "M", "No bookmarks."},
	})
	s.quit()
}

// TestTmuxNoAudioDevice: with espeak-ng and no audio device, the notice
// stays on screen with "Opened …", and c, w, . and , show what they would
// say, on screen and in the announcement log.
func TestTmuxNoAudioDevice(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSampleWith(t, 100, 30, "[speech]\nrate = 900\n", "PULSE_SERVER=unix:/nonexistent/pulse", "--backend espeak sample.md")
	s.said.expect("No audio device")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.waitScreen("both notices", func(sc string) bool {
		return strings.Contains(sc, "No audio device") && strings.Contains(sc, "Opened A Walk") && strings.Contains(sc, "espeak, no audio")
	})
	s.keys("h")
	s.said.expect("Heading level 2: Getting around")
	steps := []struct{ key, want string }{
		{"c", "G"},
		{"w", "Getting"},
		{"M-.", "Reading by ear works best in small steps."},
		{".", "Reading by ear works best in small steps."},
		{",", "Reading by ear works best in small steps. Move one sentence"},
	}
	for _, st := range steps {
		s.keys(st.key)
		got := s.said.expect(st.want)
		if st.key != "," && got != st.want {
			t.Errorf("%s said %q, want %q", st.key, got, st.want)
		}
		s.waitScreen(st.key+" shown", func(sc string) bool { return strings.Contains(strings.ReplaceAll(sc, "\n", " "), st.want) })
		s.keys("Escape")
		s.said.expect("Stopped.")
	}
	// The notice history still has the first notice.
	s.press([]step{
		{"", `"`, "Messages, newest first"},
		{"", "End", "No audio device"},
		{"", "Escape", "Cancelled."},
	})
	s.quit()
}
