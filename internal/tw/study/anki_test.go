package study

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// tool is the path of a program the test needs; a missing one fails the
// test.
func tool(t *testing.T, name string) string { return testkit.Tool(t, name, "scripts/deps-tw.sh") }

func sqlite3(t *testing.T, db, script string) string {
	t.Helper()
	cmd := exec.Command(tool(t, "sqlite3"), "-batch", db)
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sqlite3: %v\n%s", err, out)
	}
	return string(out)
}

// ankiDeckBySQLite builds an Anki deck with SQLite's own CLI, in Anki's
// schema, and zips it with zip: a Basic note, a Cloze note, and a note
// with HTML in its fields.
func ankiDeckBySQLite(t *testing.T, dir string) string {
	coll := filepath.Join(dir, "collection.anki2")
	models := `{"1001":{"id":1001,"name":"Basic","type":0,"flds":[{"name":"Front","ord":0},{"name":"Back","ord":1}]},` +
		`"1002":{"id":1002,"name":"Cloze","type":1,"flds":[{"name":"Text","ord":0},{"name":"Back Extra","ord":1}]}}`
	sqlite3(t, coll, ankiSchema+`
INSERT INTO col VALUES (1, 1700000000, 1700000000000, 1700000000000, 11, 0, 0, 0, '{}', '`+models+`', '{"1":{"id":1,"name":"Default"}}', '{}', '{}');
INSERT INTO notes VALUES (1, 'guidA', 1001, 0, -1, '', 'What is the capital of France?'||char(31)||'<b>Paris</b>', 'What', 0, 0, '');
INSERT INTO notes VALUES (2, 'guidB', 1002, 0, -1, '', '{{c1::Ottawa}} is the capital of {{c2::Canada::country}}.'||char(31)||'', 'Ottawa', 0, 0, '');
INSERT INTO notes VALUES (3, 'guidC', 1001, 0, -1, '', 'Fish &amp; chips<br>come from?'||char(31)||'<div>England</div>[sound:x.mp3]', 'Fish', 0, 0, '');
INSERT INTO notes VALUES (4, 'guidD', 1001, 0, -1, '', 'Only a front', 'Only', 0, 0, '');
`)
	if err := os.WriteFile(filepath.Join(dir, "media"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	deck := filepath.Join(dir, "made-by-sqlite.apkg")
	cmd := exec.Command(tool(t, "zip"), "-q", "-j", deck, coll, filepath.Join(dir, "media"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("zip: %v\n%s", err, out)
	}
	return deck
}

func TestImportADeckMadeBySQLitesOwnCLI(t *testing.T) {
	deck := ankiDeckBySQLite(t, t.TempDir())
	notes, err := ReadDeck(deck)
	if err != nil {
		t.Fatal(err)
	}
	var got [][3]string
	for _, c := range CardsFromNotes(notes, "blank", 5) {
		got = append(got, [3]string{string(c.Kind), c.Question, c.Answer})
	}
	want := [][3]string{
		{"question", "What is the capital of France?", "Paris"},
		{"cloze", "blank is the capital of blank [country].", "Ottawa, Canada"},
		{"question", "Fish & chips come from?", "England"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("imported\n%q\nwant\n%q", got, want)
	}
}

func TestExportReadBackBySQLitesOwnCLI(t *testing.T) {
	dir := t.TempDir()
	cards := []Card{
		{ID: "h-1", Kind: Cloze, Question: "The kidneys blank the blood.", Answer: "filter", Reviews: []Review{{Good, t0}, {Easy, t0 + DaySeconds}}},
		{ID: "n-2", Kind: Question, Question: "What <leaves>?", Answer: "Urine & more\nleaves.", Reviews: []Review{}},
		// Graded in the same second as the first card: Anki's review log
		// still gives each grade its own id.
		{ID: "r-3", Kind: Recall, Question: "What does “Kidneys” say?", Answer: "They filter.", Reviews: []Review{{Again, t0}}},
	}
	out := filepath.Join(dir, "ours.apkg")
	if err := WriteDeck(out, "Kidneys", "/books/kidneys.md", cards, t0+2*DaySeconds); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool(t, "unzip"), "-q", out, "-d", filepath.Join(dir, "x"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("unzip: %v\n%s", err, b)
	}
	coll := filepath.Join(dir, "x", "collection.anki2")
	for _, tc := range []struct{ query, want string }{
		{"PRAGMA integrity_check;", "ok\n"},
		{"SELECT ver FROM col;", "11\n"},
		{"SELECT replace(flds, char(31), ' | ') FROM notes ORDER BY id;",
			"The kidneys blank the blood. | filter\nWhat &lt;leaves&gt;? | Urine &amp; more<br>leaves.\nWhat does “Kidneys” say? | They filter.\n"},
		{"SELECT type, queue, ivl, reps FROM cards ORDER BY id;", "2|2|6|2\n0|0|0|0\n2|2|1|1\n"},
		{"SELECT cid % 10, ease FROM revlog ORDER BY cid, id;", "0|3\n0|4\n2|1\n"},
		{"SELECT count(*) FROM notes n JOIN cards c ON c.nid = n.id;", "3\n"},
		{"SELECT json_extract(decks, '$.1342697561420.name') FROM col;", "Kidneys\n"},
	} {
		if got := sqlite3(t, coll, tc.query); got != tc.want {
			t.Errorf("%s\ngot  %q\nwant %q", tc.query, got, tc.want)
		}
	}
	// And it reads back as the same questions and answers.
	notes, err := ReadDeck(out)
	if err != nil {
		t.Fatal(err)
	}
	back := CardsFromNotes(notes, "blank", 0)
	if len(back) != 3 || back[1].Question != "What <leaves>?" || back[1].Answer != "Urine & more leaves." {
		t.Errorf("read back %+v", back)
	}
	// With their grades, so the schedule is the same.
	for i, c := range back {
		if !reflect.DeepEqual(c.Reviews, cards[i].Reviews) || c.Schedule() != cards[i].Schedule() {
			t.Errorf("card %d read back with the grades %+v, want %+v", i, c.Reviews, cards[i].Reviews)
		}
	}
}

func TestCorruptDecksAreRefusedClearly(t *testing.T) {
	zipOf := func(files map[string][]byte) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for name, data := range files {
			w, _ := zw.Create(name)
			w.Write(data)
		}
		zw.Close()
		return buf.Bytes()
	}
	good, err := os.ReadFile(ankiDeckBySQLite(t, t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, want string
		data       []byte
	}{
		{"empty file", "not a valid zip", nil},
		{"truncated", "not a valid zip", good[:len(good)/2]},
		{"no collection", "no collection.anki2", zipOf(map[string][]byte{"media": []byte("{}")})},
		{"newest format only", "Support older Anki versions", zipOf(map[string][]byte{"collection.anki21b": []byte("zstd")})},
		{"not SQLite", "not an Anki deck", zipOf(map[string][]byte{"collection.anki2": []byte("hello, not a database")})},
		{"SQLite without Anki's tables", "no such table", zipOf(map[string][]byte{"collection.anki2": emptySQLite(t)})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadDeckData(tc.data)
			if !errors.Is(err, ErrNotADeck) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want ErrNotADeck saying %q", err, tc.want)
			}
		})
	}
}

func emptySQLite(t *testing.T) []byte {
	db := filepath.Join(t.TempDir(), "e.sqlite")
	sqlite3(t, db, "CREATE TABLE other (x);")
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
