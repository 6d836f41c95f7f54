package core_test

// The reader's own behaviour that the server relies on, driven directly:
// marks and the place found again after the file changes outside tw,
// bookmark names, the jump history, and where-am-I announcements.

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// notesMD is the spec's example document.
const notesMD = testkit.NotesMD

// writeTestFile writes a test file (testkit.WriteFile).
var writeTestFile = testkit.WriteFile

// recorder keeps what the app announced.
type recorder struct {
	mu   sync.Mutex
	says []string
}

func (r *recorder) Announce(text string, _ core.Priority) {
	r.mu.Lock()
	r.says = append(r.says, text)
	r.mu.Unlock()
}
func (r *recorder) Playback(string)        {}
func (r *recorder) Position(int, int, int) {}

func (r *recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.says) == 0 {
		return ""
	}
	return r.says[len(r.says)-1]
}

// all is a copy of every announcement so far.
func (r *recorder) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.says)
}

// expect checks that the last announcement is want; what names the step.
func (r *recorder) expect(t *testing.T, want, what string) {
	t.Helper()
	if got := r.last(); got != want {
		t.Errorf("%s: said %q, want %q", what, got, want)
	}
}

type fixture struct {
	t    *testing.T
	home string
	path string
}

func newFixture(t *testing.T) *fixture {
	dir := t.TempDir()
	f := &fixture{t: t, home: t.TempDir(), path: filepath.Join(dir, "notes.md")}
	f.write(notesMD)
	return f
}

func (f *fixture) write(text string) {
	f.t.Helper()
	testkit.WriteFile(f.t, f.path, text)
}

// open opens the document in a new app on the fixture's home.
func (f *fixture) open() (*core.App, *recorder) {
	f.t.Helper()
	rec := &recorder{}
	app := core.New(core.Options{Home: f.home, Events: rec, Load: load.File, Parse: load.Bytes})
	f.t.Cleanup(app.Close)
	if err := app.Open(f.path); err != nil {
		f.t.Fatal(err)
	}
	return app, rec
}

func (f *fixture) do(app *core.App, id string) core.ActionResult {
	f.t.Helper()
	res, err := app.Action(id, nil)
	if err != nil {
		f.t.Fatalf("%s: %v", id, err)
	}
	return res
}

func (f *fixture) goTo(app *core.App, target string) {
	f.t.Helper()
	if _, err := app.GoTo(target); err != nil {
		f.t.Fatalf("go to %s: %v", target, err)
	}
}

func at(t *testing.T, app *core.App) int {
	t.Helper()
	p, err := app.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p.Char
}

// TestMarksFollowOutsideEdits: each mark keeps about 40 characters of
// context, so when the file changes outside tw the marks are found on
// the same text again, and reading resumes on the same words.
func TestMarksFollowOutsideEdits(t *testing.T) {
	f := newFixture(t)
	app, _ := f.open()
	f.goTo(app, "char 90") // "The nucleus"
	f.do(app, "add_bookmark")
	f.goTo(app, "char 103") // "The nucleus holds the cell's DNA."
	f.do(app, "toggle_highlight")
	f.goTo(app, "char 137") // "It controls growth and division."
	app.Close()

	// Outside tw, a paragraph is added before everything that was marked.
	added := "A new first paragraph, written later. It moves every mark.\n\n"
	f.write(strings.Replace(notesMD, "Cells are", added+"Cells are", 1))
	shift := len([]rune(added))

	app, rec := f.open()
	if got := at(t, app); got != 137+shift {
		t.Fatalf("resumed at %d, want %d (It controls...); announced %q", got, 137+shift, rec.last())
	}
	hs, err := app.Highlights()
	if err != nil || len(hs) != 1 || hs[0].Start != 103+shift || hs[0].Text != "The nucleus holds the cell's DNA." {
		t.Fatalf("highlight after the edit: %+v, %v; want it at %d", hs, err, 103+shift)
	}
	f.goTo(app, "start")
	f.do(app, "next_bookmark")
	if got := at(t, app); got != 90+shift || rec.last() != "Bookmark mark1, line 7: The nucleus" {
		t.Fatalf("next bookmark at %d (%q), want %d, line 7", got, rec.last(), 90+shift)
	}
}

func TestBookmarkNamesAreTheFirstFree(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	steps := []struct {
		goTo, action, say string
	}{
		{"char 0", "add_bookmark", "Bookmark mark1 set at 0 percent."},
		{"char 90", "add_bookmark", "Bookmark mark2 set at 53 percent."},
		{"char 14", "add_bookmark", "Bookmark mark3 set at 8 percent."},
	}
	for _, s := range steps {
		f.goTo(app, s.goTo)
		f.do(app, s.action)
		if rec.last() != s.say {
			t.Fatalf("%s at %s: %q, want %q", s.action, s.goTo, rec.last(), s.say)
		}
	}
	// Delete mark1 (the one at the cursor's left: go to the start).
	f.goTo(app, "char 0")
	yes := true
	if _, err := app.Action("delete_bookmark", &yes); err != nil || rec.last() != "Bookmark mark1 deleted." {
		t.Fatalf("delete: %v, %q", err, rec.last())
	}
	f.goTo(app, "char 160")
	f.do(app, "add_bookmark")
	if rec.last() != "Bookmark mark1 set at 94 percent." {
		t.Fatalf("after deleting mark1 the next bookmark is %q, want mark1 again", rec.last())
	}
}

// TestHistory: jumps of a sentence or more are recorded; history_back and
// history_forward move through them, and the history is saved with the
// document.
func TestHistory(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	next, _ := core.LookupAction("next_heading")
	if _, err := app.Navigate(next); err != nil {
		t.Fatal(err)
	}
	f.do(app, "history_back")
	if at(t, app) != 0 || rec.last() != "Back, line 1: Cell biology" {
		t.Fatalf("back: at %d, %q", at(t, app), rec.last())
	}
	f.do(app, "history_forward")
	if at(t, app) != 90 || rec.last() != "Forward, line 5: The nucleus" {
		t.Fatalf("forward: at %d, %q", at(t, app), rec.last())
	}
	f.do(app, "history_forward")
	if rec.last() != "No forward history." {
		t.Fatalf("past the last: %q", rec.last())
	}
	app.Close()

	app, rec = f.open()
	f.do(app, "history_back")
	if at(t, app) != 0 {
		t.Fatalf("history after reopening: at %d (%q), want back at 0", at(t, app), rec.last())
	}
}

func TestWhereAmI(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	f.goTo(app, "5")
	cases := []struct{ action, say string }{
		{"say_position", "Line 5 of 7, 53 percent."},
		{"word_count", "29 words."},
	}
	for _, c := range cases {
		f.do(app, c.action)
		if rec.last() != c.say {
			t.Errorf("%s: %q, want %q", c.action, rec.last(), c.say)
		}
	}
}

// TestSummarizeLists: summarize opens a list of the central sentences in
// document order; choosing one moves there and says it.
func TestSummarizeLists(t *testing.T) {
	f := newFixture(t)
	text := "# Tides\n\nThe moon pulls the sea towards it and makes the tides rise.\n" +
		"My neighbour bought a bright red bicycle last Tuesday afternoon.\n" +
		"Spring tides come when the sun and the moon pull the sea together.\n" +
		"Neap tides come when the sun and the moon pull the sea apart.\n"
	f.write(text)
	app, rec := f.open()
	f.do(app, "summarize")
	l := app.ListState()
	if l == nil || l.Title != "Summary of the document" || len(l.Items) != 4 || l.Items[3] != "Neap tides come when the sun and the moon pull the sea apart." {
		t.Fatalf("list %+v", l)
	}
	app.Choose(3)
	canonical, _, _, _ := app.TextRange(nil, nil)
	if got, want := at(t, app), len([]rune(canonical[:strings.Index(canonical, "Neap")])); got != want {
		t.Errorf("cursor at %d after choosing the last sentence, want %d", got, want)
	}
	if !strings.HasPrefix(rec.last(), "Neap tides") {
		t.Errorf("said %q", rec.last())
	}
}

// TestDefineWordLists: define_word lists the senses of the word at the
// cursor from WordNet (Debian's wordnet-base); choosing one copies it.
func TestDefineWordLists(t *testing.T) {
	f := newFixture(t)
	f.write("The tides follow the moon.\n")
	app, rec := f.open()
	f.goTo(app, "char 5")
	f.do(app, "define_word")
	l := app.ListState()
	if l == nil || !strings.HasPrefix(l.Title, "tide, pronounced ") || len(l.Items) != 6 ||
		l.Items[0] != "noun 1: the periodic rise and fall of the sea level under the gravitational pull of the moon." {
		t.Fatalf("list %+v", l)
	}
	effects, _ := app.Choose(1)
	copied := ""
	for _, e := range effects {
		if c, ok := e.(core.CopyEffect); ok {
			copied = c.Text
		}
	}
	if copied != "noun 2: something that may increase or decrease (like the tides of the sea). Example: a rising tide of popular interest." {
		t.Errorf("copied %q", copied)
	}
	app.Cancel()
	f.write("Photosynthsis feeds plants.\n")
	app, rec = f.open()
	f.goTo(app, "char 0")
	f.do(app, "define_word")
	if got := rec.last(); got != "No definition found for Photosynthsis. Nearest: photosynthesis, photosynthetic." || app.ListState() != nil {
		t.Errorf("a word not found: said %q", got)
	}
	// With no word at the cursor, it asks for one.
	f.goTo(app, "char 1000")
	f.do(app, "define_word")
	if p := app.PromptState(); p == nil || p.Purpose != "define_word" {
		t.Fatalf("no define_word prompt: %+v (said %q, list %+v, at %d)", p, rec.last(), app.ListState(), at(t, app))
	}
	app.Answer("osmosis")
	if l := app.ListState(); l == nil || !strings.HasPrefix(l.Title, "osmosis, pronounced ") {
		t.Errorf("after answering osmosis: %+v", l)
	}
}

// TestDocumentOverviewAndReadingLevel: the overview counts the structure
// and the time left from the cursor; the reading level measures the
// selection, else the document, by its language's formula.
func TestDocumentOverviewAndReadingLevel(t *testing.T) {
	f := newFixture(t)
	f.write("# Cats\n\nThe cat sat on the mat. The dog ran to the cat.\n\n## More\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n" +
		"A note.[^1] ![A cat](cat.png)\n\n[^1]: The note.\n")
	app, rec := f.open()
	f.do(app, "document_overview")
	rec.expect(t, "Cats. 3 headings, 1 table, 1 graphic, 1 footnote. About 1 minute left at 265 words per minute.", "overview")
	f.goTo(app, "char 6")
	f.do(app, "select_next_line")
	f.do(app, "reading_level")
	rec.expect(t, "Reading level 100, very easy (Flesch reading ease), over 12 words in 2 sentences.", "reading level of the selection")
}

// TestLintProblems: in edit mode, next and previous lint problem move
// through the Markdown source's problems and say them; in browse mode they
// say why not.
func TestLintProblems(t *testing.T) {
	f := newFixture(t)
	f.write("# Title\n\n### Deep\n\nSee [docs][missing] now.   \n")
	app, rec := f.open()
	f.do(app, "next_lint_problem")
	rec.expect(t, "Lint checks the Markdown source: turn on edit mode first.", "browse mode")
	f.do(app, "toggle_edit_mode")
	for _, want := range []string{
		"Line 3: Heading skips a level: level 3 after level 1",
		"Line 5: Link reference not defined: missing",
		"Line 5: Trailing blanks: 3 trailing blanks",
		"No next lint problem.",
	} {
		f.do(app, "next_lint_problem")
		if got := rec.last(); got != want {
			t.Errorf("next: %q, want %q", got, want)
		}
	}
	f.do(app, "previous_lint_problem")
	rec.expect(t, "Line 5: Link reference not defined: missing", "previous")
}
