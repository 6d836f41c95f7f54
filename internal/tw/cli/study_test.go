package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/study"
)

// TestStudyCommand: tw study makes cards from a document's marks, counts
// the due ones, exports them as an Anki deck and imports a deck into
// another document; a corrupt deck is refused and changes nothing.
func TestStudyCommand(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	file := testkit.WriteFile(t, filepath.Join(dir, "tides.md"), tidesMD)
	other := testkit.WriteFile(t, filepath.Join(dir, "other.md"), notesMD)
	d, err := load.File(file)
	if err != nil {
		t.Fatal(err)
	}
	text := d.Slice(0, d.Len())
	span := func(s string) (int, int) {
		i := len([]rune(text[:strings.Index(text, s)]))
		return i, i + len([]rune(s))
	}
	st := &docstate.DocState{Path: d.Meta.Path, NextID: 2}
	hs, he := span("moon")
	ns, ne := span("Neap tides come when the sun and the moon pull the sea apart.")
	st.Highlights = []docstate.Highlight{{ID: 1, Start: hs, End: he, Color: "yellow", Name: "exam"}}
	st.Notes = []docstate.Note{{ID: 2, Start: ns, End: ne, Text: "When are neap tides?", Tags: []string{}}}
	if err := (docstate.Store{Home: home}).Save(st); err != nil {
		t.Fatal(err)
	}
	tw := func(args ...string) (int, string, string) {
		t.Helper()
		return run(t, "", nil, append(args, "--home", home)...)
	}
	if code, out, errs := tw("study", "make", file); code != 0 || out != "Cards made: 3 new, 3 in all.\n" {
		t.Fatalf("make: exit %d, %q, %q", code, out, errs)
	}
	if code, out, _ := tw("study", "due"); code != 0 || out != "Due today: 0, new: 3. "+d.Meta.Path+"\n" {
		t.Errorf("due: exit %d, %q", code, out)
	}
	code, out, _ := tw("study", "due", file, "--json")
	var due struct{ Cards, Due, New int }
	if err := json.Unmarshal([]byte(out), &due); code != 0 || err != nil || due.Cards != 3 || due.New != 3 {
		t.Errorf("due --json: exit %d, %v, %s", code, err, out)
	}
	deck := filepath.Join(dir, "tides.apkg")
	if code, out, errs := tw("study", "export", file, deck); code != 0 || out != "Exported to "+deck+".\n" {
		t.Fatalf("export: exit %d, %q, %q", code, out, errs)
	}
	notes, err := study.ReadDeck(deck)
	if err != nil || len(notes) != 3 {
		t.Fatalf("the exported deck: %d notes, %v", len(notes), err)
	}

	// A corrupt deck: refused, the other document's cards untouched.
	if code, out, _ := tw("study", "import", other, deck); code != 0 || out != "Cards imported: 3 new, 3 in all.\n" {
		t.Fatalf("import: exit %d, %q", code, out)
	}
	cardsFile := study.Store{Home: home}.FileFor(other)
	before, err := os.ReadFile(cardsFile)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(deck)
	broken := testkit.WriteFile(t, filepath.Join(dir, "broken.apkg"), string(data[:len(data)/3]))
	code, out, errs := tw("study", "import", other, broken)
	if code != 1 || out != "" || !strings.Contains(errs, "not an Anki deck") || !strings.Contains(errs, "Nothing was changed.") {
		t.Errorf("a corrupt deck: exit %d, %q, %q", code, out, errs)
	}
	if after, _ := os.ReadFile(cardsFile); !bytes.Equal(before, after) {
		t.Error("a corrupt deck changed the cards")
	}
	// Imported again: updated, not added twice.
	if code, out, _ := tw("study", "import", other, deck); code != 0 || out != "Cards imported: 0 new, 3 in all.\n" {
		t.Errorf("import again: exit %d, %q", code, out)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"study", "make"}, 2, "make takes 1 argument: make FILE"},
		{[]string{"study", "export", file}, 2, "export takes 2 arguments: export FILE DECK.apkg"},
		{[]string{"study", "due", file, other}, 2, "give one document, or none"},
		{[]string{"study", "make", other}, 1, "Nothing to make cards from"},
	} {
		if code, _, errs := tw(c.args...); code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("tw %v: exit %d, %q", c.args, code, errs)
		}
	}
}

// TestStudyReview: tw study review asks the cards on standard input: a
// line shows the answer, a wrong grade is asked again, 1 to 4 grade, and
// the grades are kept; q stops.
func TestStudyReview(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	file := testkit.WriteFile(t, filepath.Join(dir, "tides.md"), tidesMD)
	_, err := study.Store{Home: home}.Update(file, func(d *study.Deck) error {
		d.Add([]study.Card{
			{ID: "n-1", Kind: study.Question, Question: "What pulls the sea?", Answer: "The moon."},
			{ID: "n-2", Kind: study.Question, Question: "When are neap tides?", Answer: "When the sun and the moon pull apart."},
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "\n7\n3\n\nq\n", nil, "study", "review", file, "--home", home)
	want := `Due today: 0, new: 2.
What pulls the sea?, 1 of 2
Enter shows the answer.
Answer: The moon.
Grade it 1 to 4: again, hard, good, easy; q stops.
Grade it 1 to 4: again, hard, good, easy; q stops.
Good, next in 1 day.
When are neap tides?, 2 of 2
Enter shows the answer.
Answer: When the sun and the moon pull apart.
Grade it 1 to 4: again, hard, good, easy; q stops.
`
	if code != 0 || errs != "" || out != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	d, err := study.Store{Home: home}.Load(file)
	if err != nil || d.Card("n-1").LastGrade() != study.Good || d.Card("n-2").LastGrade() != 0 {
		t.Errorf("grades kept: %+v, %v", d, err)
	}
}
