package load

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// trackedDOCX is a Word file with tracked changes, written by pandoc (a
// tool no one here wrote): "rarely" deleted, "often" and "renal" inserted.
func trackedDOCX(t *testing.T) []byte {
	t.Helper()
	pandoc, err := exec.LookPath("pandoc")
	if err != nil {
		t.Fatalf("pandoc is needed (bash scripts/deps-formats.sh installs it): %v", err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "draft.md")
	md := `Fluids were [rarely]{.deletion author="Ada Example" date="2026-03-03T10:00:00Z"}` +
		`[often]{.insertion author="Ada Example" date="2026-03-03T10:00:00Z"} given in acute ` +
		`[renal]{.insertion author="Bo Writer" date="2026-03-04T10:00:00Z"} failure.` + "\n"
	if err := os.WriteFile(src, []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "draft.docx")
	if msg, err := exec.Command(pandoc, src, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDOCXRevisions: the final text drops deletions and keeps insertions,
// saying nothing; marked writes each change where it is, and the changes
// recorded in the document's properties cover their text.
func TestDOCXRevisions(t *testing.T) {
	data := trackedDOCX(t)
	cases := []struct {
		revisions, text string
		changes         []string // the text at each recorded change's range
	}{
		{"", "Fluids were often given in acute renal failure.", []string{"", "often", "renal"}},
		{RevisionsFinal, "Fluids were often given in acute renal failure.", []string{"", "often", "renal"}},
		{RevisionsMarked, "Fluids were [deleted: rarely][inserted: often] given in acute [inserted: renal] failure.", []string{"rarely", "often", "renal"}},
	}
	for _, c := range cases {
		d, err := load("draft.docx", "draft.docx", data, Options{Revisions: c.revisions})
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != c.text {
			t.Errorf("revisions %q: %q, want %q", c.revisions, d.Text, c.text)
		}
		var changes []trackedChangeJSON
		if err := json.Unmarshal([]byte(d.Meta.Properties["textweaver.changes"]), &changes); err != nil || len(changes) != len(c.changes) {
			t.Fatalf("revisions %q: changes %v (%v)", c.revisions, changes, err)
		}
		for i, ch := range changes {
			if got := d.Slice(ch.Range.Start, ch.Range.End); got != c.changes[i] {
				t.Errorf("revisions %q: change %d (%s) covers %q, want %q", c.revisions, i, ch.Kind, got, c.changes[i])
			}
		}
		checkInvariants(t, d)
	}
}

type trackedChangeJSON struct {
	Kind  string `json:"kind"`
	Range struct{ Start, End int }
}

// TestODTAndRTFRevisions: the same changes in an OpenDocument text and in
// RTF, as LibreOffice writes them from the Word file: final reads the
// final text, marked writes each change where it is.
func TestODTAndRTFRevisions(t *testing.T) {
	dir := t.TempDir()
	docx := filepath.Join(dir, "draft.docx")
	if err := os.WriteFile(docx, trackedDOCX(t), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"odt", "rtf"} {
		cmd := exec.Command("soffice", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--headless", "--norestore",
			"--convert-to", format, "--outdir", dir, docx)
		cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("soffice (install with scripts/deps-formats.sh): %v\n%s", err, out)
		}
		name := "draft." + format
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for revisions, want := range map[string]string{
			RevisionsFinal:  "Fluids were often given in acute renal failure.",
			RevisionsMarked: "Fluids were [deleted: rarely][inserted: often] given in acute [inserted: renal] failure.",
		} {
			d, err := load(name, name, data, Options{Revisions: revisions})
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != want {
				t.Errorf("%s, revisions %q: %q, want %q", format, revisions, d.Text, want)
			}
			checkInvariants(t, d)
		}
	}
}

// TestRTFRevisionsAsWordWritesThem: \deleted text is left out of the
// final text and \revised text kept; marked says both, and \deleted0
// ends a deletion inside its group.
func TestRTFRevisionsAsWordWritesThem(t *testing.T) {
	src := `{\rtf1\ansi {\revtbl {Unknown;}{Ada;}}\pard Keep {\deleted\revauthdel1 gone }{\revised\revauth1 new }{\deleted x\deleted0 y} end.\par}`
	for revisions, want := range map[string]string{
		"":              "Keep new y end.",
		RevisionsMarked: "Keep [deleted: gone] [inserted: new] [deleted: x]y end.",
	} {
		d, err := load("a.rtf", "a.rtf", []byte(src), Options{Revisions: revisions})
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != want {
			t.Errorf("revisions %q: %q, want %q", revisions, d.Text, want)
		}
	}
}

// TestDOCXReviewProperties: a Word file LibreOffice wrote records each
// change with its Word id, part, kind, author and date, its range
// covering its text (empty for a deletion read as the final text), and
// each comment with its author, date, text and the range it is on.
func TestDOCXReviewProperties(t *testing.T) {
	path := testkit.TrackedDOCX(t, t.TempDir(), "draft.docx")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type want struct{ kind, author, date, text, covers string }
	for _, c := range []struct {
		revisions string
		changes   []want
		comment   string // the text the comment is on
	}{
		{RevisionsFinal, []want{
			{"deleted", "Bob Reviewer", "2026-03-03T10:00:00Z", "rarely", ""},
			{"inserted", "Ann Author", "2026-03-03T10:05:00Z", "often", "often"},
			{"inserted", "Ann Author", "2026-03-04T09:00:00Z", "renal", "renal"},
			{"deleted", "Bob Reviewer", "2026-03-05T11:30:00Z", "very", ""},
		}, "two litres"},
		{RevisionsMarked, []want{
			{"deleted", "Bob Reviewer", "2026-03-03T10:00:00Z", "rarely", "rarely"},
			{"inserted", "Ann Author", "2026-03-03T10:05:00Z", "often", "often"},
			{"inserted", "Ann Author", "2026-03-04T09:00:00Z", "renal", "renal"},
			{"deleted", "Bob Reviewer", "2026-03-05T11:30:00Z", "very", "very"},
		}, "two litres"},
	} {
		d, err := load("draft.docx", "draft.docx", data, Options{Revisions: c.revisions})
		if err != nil {
			t.Fatal(err)
		}
		var changes []DocChange
		if err := json.Unmarshal([]byte(d.Meta.Properties["textweaver.changes"]), &changes); err != nil || len(changes) != len(c.changes) {
			t.Fatalf("%s: changes %+v (%v)", c.revisions, changes, err)
		}
		ids := map[string]bool{}
		for i, ch := range changes {
			w := c.changes[i]
			got := want{ch.Kind, ch.Author, ch.Date, ch.Text, d.Slice(ch.Range.Start, ch.Range.End)}
			if got != w || ch.Part != "" || ch.ID == "" || ids[ch.ID] {
				t.Errorf("%s: change %d is %+v (%+v), want %+v", c.revisions, i, got, ch, w)
			}
			ids[ch.ID] = true
		}
		if got := d.Meta.Properties["textweaver.revisions_marked"] == "true"; got != (c.revisions == RevisionsMarked) {
			t.Errorf("%s: revisions_marked %v", c.revisions, got)
		}
		var comments []DocComment
		if err := json.Unmarshal([]byte(d.Meta.Properties["textweaver.comments"]), &comments); err != nil || len(comments) != 1 {
			t.Fatalf("%s: comments %+v (%v)", c.revisions, comments, err)
		}
		cm := comments[0]
		if cm.Author != "Ann Author" || cm.Date != "2026-03-05T08:00:00Z" || cm.Text != "Check this dose." || cm.Ref != "c1" ||
			d.Slice(cm.Range.Start, cm.Range.End) != c.comment {
			t.Errorf("%s: comment %+v on %q", c.revisions, cm, d.Slice(cm.Range.Start, cm.Range.End))
		}
		checkInvariants(t, d)
	}
}

// TestDOCXChangeInFootnote: a change in a footnote is recorded with its
// part (textweaver.change_parts); changes in the main part alone record
// no parts, as the original writes the changes.
func TestDOCXChangeInFootnote(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "note.md")
	md := "Body [kept]{.insertion author=\"A\" date=\"2026-01-01T00:00:00Z\"} text.[^1]\n\n[^1]: A [new]{.insertion author=\"B\" date=\"2026-01-02T00:00:00Z\"} note.\n"
	if err := os.WriteFile(src, []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "note.docx")
	if msg, err := exec.Command("pandoc", src, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	d, err := load("note.docx", "note.docx", data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	changes := ChangesOf(d.Meta.Properties)
	if len(changes) != 2 || changes[0].Part != "" || changes[1].Part != "word/footnotes.xml" || changes[1].Text != "new" {
		t.Errorf("changes %+v (parts %s)", changes, d.Meta.Properties["textweaver.change_parts"])
	}
	if strings.Contains(d.Meta.Properties["textweaver.changes"], "part") {
		t.Errorf("the changes name their parts: %s", d.Meta.Properties["textweaver.changes"])
	}
}
