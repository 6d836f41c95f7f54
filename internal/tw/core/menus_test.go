package core_test

import (
	"os"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// readRecorder is a voice that records what it was asked to read and
// finishes at once.
type readRecorder struct{ from, to int }

func (r *readRecorder) ID() string { return "recorder" }
func (r *readRecorder) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	r.from, r.to = from, to
	done(true)
}
func (r *readRecorder) Stop()      {}
func (r *readRecorder) Say(string) {}

func TestMenusHoldEveryActionOnce(t *testing.T) {
	count := map[string]int{}
	letters := map[rune]string{}
	for _, m := range core.Menus {
		if other, ok := letters[m.Letter]; ok {
			t.Errorf("%s and %s menus share the letter %c", m.Name, other, m.Letter)
		}
		letters[m.Letter] = m.Name
		for _, id := range m.MenuActions() {
			count[id]++
		}
	}
	for _, a := range core.Actions() {
		if count[a.ID] != 1 {
			t.Errorf("%s is in %d menus, want 1", a.ID, count[a.ID])
		}
	}
}

// TestMenuChoosesFrontActions: an action the front end performs itself
// comes back as an ActionEffect; the others run in the app.
func TestMenuChoosesFrontActions(t *testing.T) {
	f := newFixture(t)
	app, _ := f.open()
	app.SetKeyNames(func(id string) string { return map[string]string{"help": "F1"}[id] })
	app.SetFrontActions("what_does_this_key_do")
	_, said := app.OpenMenu("view and help")
	if !strings.HasPrefix(said, "View and help menu, Command palette, 1 of ") {
		t.Errorf("opening the menu said %q", said)
	}
	ls := app.ListState()
	index := func(prefix string) int {
		for i, it := range ls.Items {
			if strings.HasPrefix(it, prefix) {
				return i
			}
		}
		t.Fatalf("no item %q in %q", prefix, ls.Items)
		return -1
	}
	if i := index("Help"); ls.Items[i] != "Help, F1" {
		t.Errorf("the help item is %q, want its key", ls.Items[i])
	}
	effects, _ := app.Choose(index("What does this key do"))
	if len(effects) != 1 || effects[0] != (core.ActionEffect{ID: "what_does_this_key_do"}) {
		t.Errorf("choosing a front-end action gave %#v", effects)
	}
	app.OpenMenu("Reading")
	ls = app.ListState()
	if _, said := app.Choose(index("Word count")); said != "29 words." {
		t.Errorf("word count from the menu said %q", said)
	}
}

func TestSayAllReadsOnToTheEnd(t *testing.T) {
	f := newFixture(t)
	rec := &recorder{}
	voice := &readRecorder{}
	app := core.New(core.Options{Home: f.home, Events: rec, Load: load.File, Parse: load.Bytes, Speaker: voice})
	t.Cleanup(app.Close)
	if err := app.Open(f.path); err != nil {
		t.Fatal(err)
	}
	f.goTo(app, "char 90")
	f.do(app, "select_next_word")
	from := at(t, app)
	f.do(app, "say_all")
	if end := len([]rune(notesMDText(t, app))); voice.from != from || voice.to != end {
		t.Errorf("say all read [%d, %d), want [%d, %d): from the cursor to the end", voice.from, voice.to, from, end)
	}
	if app.View().Selection != nil {
		t.Errorf("say all kept the selection")
	}
}

func notesMDText(t *testing.T, app *core.App) string {
	t.Helper()
	text, _, _, err := app.TextRange(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func TestQuietScreenAndCopy(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	f.do(app, "quiet_screen")
	if !app.View().Quiet || !strings.HasPrefix(rec.last(), "Quiet screen on") {
		t.Errorf("quiet screen: view %v, said %q", app.View().Quiet, rec.last())
	}
	f.do(app, "quiet_screen")
	if app.View().Quiet || rec.last() != "Quiet screen off." {
		t.Errorf("quiet screen off: view %v, said %q", app.View().Quiet, rec.last())
	}
	f.goTo(app, "char 14")
	res := f.do(app, "copy")
	want := "Cells are the smallest units of life."
	if len(res.Effects) != 1 || res.Effects[0] != (core.CopyEffect{Text: want}) {
		t.Errorf("copy in browse mode gave %#v, want the sentence for the system clipboard", res.Effects)
	}
}

// TestEditDefects: formatting a selected Markdown block line puts the
// marks inside it; a new document can be edited again; HTML is edited as
// its source.
func TestEditDefects(t *testing.T) {
	tests := []struct {
		name, file, text string
		actions          []string
		want             string
	}{
		{"bold on a heading", "t.md", "# MD title\n", []string{"select_all", "bold"}, "# **MD title**\n"},
		{"italic on list items", "l.md", "- one\n- two words\n", []string{"select_all", "italic"}, "- *one*\n- *two words*\n"},
		{"bold twice takes it off", "b.md", "> quoted\n", []string{"select_all", "bold", "bold"}, "> quoted\n"},
		{"bold in HTML writes tags", "p.html", "<p>Harbour</p>\n", []string{"caret_next_word", "caret_previous_word", "bold"}, "<p><strong>Harbour</strong></p>\n"},
		{"underline in Markdown", "u.md", "Harbour lights\n", []string{"select_all", "underline"}, "<u>Harbour lights</u>\n"},
		{"strikethrough in Markdown", "s.md", "- old plan\n", []string{"select_all", "strikethrough"}, "- ~~old plan~~\n"},
		{"strikethrough twice takes it off", "s2.md", "old plan\n", []string{"select_all", "strikethrough", "strikethrough"}, "old plan\n"},
		{"underline in HTML", "u.html", "<p>Harbour</p>\n", []string{"caret_next_word", "caret_previous_word", "underline"}, "<p><u>Harbour</u></p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.path = f.path[:len(f.path)-len("notes.md")] + tt.file
			f.write(tt.text)
			app, rec := f.open()
			f.do(app, "toggle_edit_mode")
			if !app.Editing() {
				t.Fatalf("edit mode did not start: %q", rec.last())
			}
			for _, id := range tt.actions {
				f.do(app, id)
			}
			f.do(app, "save")
			data, _ := os.ReadFile(f.path)
			if string(data) != tt.want {
				t.Errorf("saved %q, want %q (said %q)", data, tt.want, rec.last())
			}
		})
	}

	f := newFixture(t)
	app, rec := f.open()
	f.do(app, "new_document")
	for i, want := range []string{"Edit mode off.", "Edit mode on.", "Edit mode off.", "Edit mode on."} {
		f.do(app, "toggle_edit_mode")
		if !strings.HasPrefix(rec.last(), want) {
			t.Fatalf("toggle %d after new_document said %q, want %q", i+1, rec.last(), want)
		}
	}
}

// TestListIntroductionsCount: one note is "1 item", when the list opens
// and when it is introduced again (the RPC list_key introduce); the
// outline opens on the heading the cursor is in and says it.
func TestListIntroductionsCount(t *testing.T) {
	f := newFixture(t)
	app, _ := f.open()
	f.do(app, "add_note")
	app.Answer("look at this")
	res := f.do(app, "list_notes")
	if !strings.HasPrefix(res.Status, "Notes, 1 item. ") {
		t.Errorf("list_notes said %q", res.Status)
	}
	if _, said, _ := app.ListKey("introduce"); !strings.HasPrefix(said, "Notes, 1 item. ") {
		t.Errorf("introduce said %q", said)
	}
	app.Cancel()
	f.goTo(app, "char 103") // in "The nucleus" section
	res = f.do(app, "outline")
	if ls := app.ListState(); ls == nil || ls.Selected != 1 || !strings.HasSuffix(res.Status, "The nucleus, level 2, 2 of 2") {
		t.Errorf("the outline opened on %+v, saying %q", ls, res.Status)
	}
}
