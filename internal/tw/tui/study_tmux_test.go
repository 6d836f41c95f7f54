package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/cite"
)

// TestTmuxHighlightAsAndStudyCards drives the real reader in tmux: the
// highlight_as prompt names a highlight, make_cards makes cards of it and
// its section, and study_cards asks them in a list where Enter reveals
// the answer on the screen and 3 and 4 grade them.
func TestTmuxHighlightAsAndStudyCards(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 24, "")
	s.press([]step{
		{"", "", "Opened"},
		{"", "p", ""},
		{"", "F2", "Command"},
		{"highlight as", "Enter", "Highlight as: a name, such as important"},
		{"exam", "Enter", "Highlighted as exam: "},
		{"", "F2", "Command"},
		{"collect highlights", "Enter", "Highlights by name"},
		{"", "Escape", "Cancelled."},
		{"", "F2", "Command"},
		{"make cards", "Enter", "Cards made: 2 new, 2 in all."},
		{"", "F2", "Command"},
		{"study cards", "Enter", "Due today: 0, new: 2."},
		{"", "Enter", "Answer: "},
	})
	s.waitScreen("the answer shown", func(sc string) bool { return strings.Contains(sc, "Answer:") })
	s.press([]step{
		{"", "3", "Good, next in 1 day."},
		{"", "4", "Easy, next in 1 day. Session done: every card asked."},
	})
	s.quit()
}

// TestTmuxCitations drives the real reader in tmux: Alt+C in edit mode
// lists the library filtered as typed and asks the page (before the
// full stop the caret was moved to), then the
// citation is in the text and saved; Alt+B asks a DOI, then the details
// a network lookup would have given, and the work is in the library.
func TestTmuxCitations(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	dir := t.TempDir()
	testkit.WriteFile(t, filepath.Join(dir, "essay.md"), "Knuth wrote it.\n")
	homeWith(t, dir, cite.LibraryFile, `[
 {"id":"doe2020","type":"book","title":"On Things","author":[{"family":"Doe","given":"Jane"}],"issued":{"date-parts":[[2020]]}},
 {"id":"roe2019","type":"book","title":"Other Things","author":[{"family":"Roe","given":"Rita"}],"issued":{"date-parts":[[2019]]}}
]`)
	s := startTw(t, 100, 30, dir, "", "--no-speech essay.md")
	s.said.expect("Opened")
	s.press([]step{{"", "C-e", "Edit mode on."}})
	for range len("Knuth wrote it") {
		s.keys("Right")
	}
	s.press([]step{
		{"", "M-c", "Insert citation, 2 items."},
		{"roe", "", "Roe, 2019, Other Things (roe2019)"},
		{"", "Enter", "Page or other place"},
		{"12", "Enter", "Inserted citation of Roe, 2019, p. 12."},
	})
	s.waitScreen("the citation", func(sc string) bool { return strings.HasPrefix(sc, "Knuth wrote it [@roe2019, p. 12].") })
	s.press([]step{
		{"", "M-b", "DOI or ISBN of the reference to add"},
		{"10.1000/abc", "Enter", "Looking up needs a network"},
		{"Poe, Edgar", "Enter", "Title"},
		{"Raven", "Enter", "Year; Enter alone for none"},
		{"1845", "Enter", "Journal or publisher"},
		{"", "Enter", "Added to your library: Poe, 1845, Raven (poe1845)"},
		{"", "C-s", "Saved essay.md"},
	})
	data, err := os.ReadFile(filepath.Join(dir, "essay.md"))
	if err != nil || string(data) != "Knuth wrote it [@roe2019, p. 12].\n" {
		t.Errorf("saved %q, %v", data, err)
	}
	l, err := cite.Load(cite.UserLibrary(s.home))
	if r, ok := l.Get("poe1845"); err != nil || !ok || r.DOI != "10.1000/abc" {
		t.Errorf("the library after add_reference: %+v %v", r, err)
	}
	s.press([]step{{"", "C-e", "Edit mode off."}})
	s.quit()
}

// TestTmuxNewFromTemplate: the command palette runs new_from_template,
// whose title prompt starts a document under that heading, in edit mode.
func TestTmuxNewFromTemplate(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSample(t, 100, 30, "")
	s.said.expect("Opened")
	s.press([]step{
		{"", "F2", ""},
		{"new from template", "Enter", "Title of the new document"},
		{"Harbour Log", "Enter", "New document from the template: Harbour Log."},
		{"Calm sea.", "", ""},
	})
	s.waitScreen("the new document", func(sc string) bool {
		return strings.Contains(sc, "# Harbour Log\n\nCalm sea.\n\n## References")
	})
	s.press([]step{{"", "C-e", "Save"}, {"", "d", ""}})
	s.quit()
}
