package export_test

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

func markedDoc(t *testing.T) (*doc.Document, []export.Mark) {
	t.Helper()
	d := loadFile(t, "rich.md")
	at := func(s string) (int, int) {
		i := strings.Index(d.Text, s)
		st := len([]rune(d.Text[:i]))
		return st, st + len([]rune(s))
	}
	st := &docstate.DocState{}
	s1, e1 := at("bold")
	s2, e2 := at("A quote.")
	s3, e3 := at("nested")
	yellow := "yellow"
	st.Notes = []docstate.Note{
		{ID: 2, Start: s2, End: e2, Text: "Braces {and} 100% & $5 #1 under_score\nsecond line", Tags: []string{"quote", "review"}},
		{ID: 1, Start: s1, End: e1, Text: "Why \"bold\", here?", Color: &yellow},
	}
	st.Highlights = []docstate.Highlight{{ID: 3, Start: s3, End: e3, Color: "green"}}
	st.Bookmarks = []docstate.Bookmark{{Name: "start", Char: 0}}
	return d, export.Marks(d, st)
}

func TestMarksOrderAndPlace(t *testing.T) {
	_, marks := markedDoc(t)
	var got []string
	for _, m := range marks {
		got = append(got, m.Kind+"|"+m.Heading+"|"+m.Quote)
	}
	want := []string{"bookmark|Title|", "note|Title|bold", "highlight|Lists|nested", "note|Lists|A quote."}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("marks:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// BibTeX parses with bibtexparser (python3-bibtexparser, from
// scripts/deps-export.sh) into the entries and fields written.
func TestMarksBibTeX(t *testing.T) {
	d, marks := markedDoc(t)
	bib := export.MarksBibTeX(d, marks)
	script := `
import sys, bibtexparser
db = bibtexparser.loads(sys.stdin.read())
for e in db.entries:
    print(e["ID"], e["ENTRYTYPE"], "|", e.get("annote", ""), "|", e.get("keywords", ""), "|", e["note"])
`
	cmd := exec.Command("/usr/bin/python3", "-c", script) // Debian's python3, which has the package
	cmd.Stdin = bytes.NewReader(bib)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bibtexparser: %v\n%s\n%s", err, out, bib)
	}
	want := `tw-note-1 misc | bold |  | note, line 3, under Title: Why "bold", here?
tw-highlight-3 misc | nested |  | highlight, line 9, under Lists
tw-note-2 misc | A quote. | quote, review | note, line 14, under Lists: Braces \{and\} 100\% \& \$5 \#1 under\_score second line
`
	if string(out) != want {
		t.Errorf("bibtexparser read:\n%s\nwant:\n%s\nfrom:\n%s", out, want, bib)
	}
}

// RIS: every line is a tag line ("XX  - value"), each record runs from TY
// to ER, and holds the fields written.
func TestMarksRIS(t *testing.T) {
	d, marks := markedDoc(t)
	ris := string(export.MarksRIS(d, marks))
	line := regexp.MustCompile(`^([A-Z][A-Z0-9])  - (.*)$`)
	var records []map[string][]string
	var cur map[string][]string
	for _, l := range strings.Split(ris, "\r\n") {
		if l == "" {
			continue
		}
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not an RIS line: %q", l)
		}
		switch {
		case m[1] == "TY":
			if cur != nil {
				t.Fatal("TY inside a record")
			}
			cur = map[string][]string{}
		case cur == nil:
			t.Fatalf("%s outside a record", m[1])
		case m[1] == "ER":
			records = append(records, cur)
			cur = nil
			continue
		}
		cur[m[1]] = append(cur[m[1]], m[2])
	}
	if cur != nil || len(records) != 3 {
		t.Fatalf("%d records, last open %v", len(records), cur != nil)
	}
	r := records[2]
	if r["TY"][0] != "GEN" || r["AB"][0] != "A quote." || strings.Join(r["KW"], ",") != "quote,review" || r["TI"][0] != "Title" ||
		r["N1"][0] != "note, line 14, under Lists: Braces {and} 100% & $5 #1 under_score second line" {
		t.Errorf("record %v", r)
	}
}

func TestMarksCSVAndMarkdown(t *testing.T) {
	d, marks := markedDoc(t)
	rows, err := csv.NewReader(bytes.NewReader(export.MarksCSV(marks))).ReadAll()
	if err != nil || len(rows) != 5 || rows[0][0] != "kind" || rows[4][7] != "Braces {and} 100% & $5 #1 under_score\nsecond line" || rows[4][8] != "quote;review" {
		t.Errorf("csv %v %q", err, rows)
	}
	md := export.MarksMarkdown(d, marks)
	back, err := load.Bytes("m.md", md)
	if err != nil || len(back.MarkersOf(doc.ListItem)) != 4 || !strings.Contains(back.Text, "Note, line 14, under Lists: “A quote.” — Braces {and} 100% & $5 #1 under_score second line (tags: quote, review)") {
		t.Errorf("markdown %v:\n%s\nreads as\n%s", err, md, back.Text)
	}
}

func TestStudySheet(t *testing.T) {
	d, marks := markedDoc(t)
	want := `# Study sheet: Title

## Title

> bold

Note, line 3 (yellow): Why "bold", here?

### Lists

> nested

Highlight, line 9 (green)

> A quote.

Note, line 14: Braces {and} 100% \& $5 #1 under\_score second line

Tags: quote, review
`
	if got := string(export.StudySheet(d, marks)); got != want {
		t.Errorf("study sheet:\n%s\nwant:\n%s", got, want)
	}
	html, err := export.StudySheetHTML(d, marks)
	if err != nil || !strings.Contains(string(html), "<h3>Lists</h3>\n<blockquote>\n<p>nested</p>\n</blockquote>\n<p>Highlight, line 9 (green)</p>") {
		t.Errorf("html %v:\n%s", err, html)
	}
	if got := string(export.StudySheet(d, nil)); !strings.HasSuffix(got, "\nNo notes or highlights yet.\n") {
		t.Errorf("empty sheet %q", got)
	}
}

// The RIS is read by a real RIS parser: ris2xml of bibutils (Debian's
// bibutils; scripts/deps-export.sh installs it), which turns it into MODS
// XML with every record, its note, quote and tags.
func TestMarksRISByBibutils(t *testing.T) {
	d, marks := markedDoc(t)
	path := filepath.Join(t.TempDir(), "marks.ris")
	if err := os.WriteFile(path, export.MarksRIS(d, marks), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("ris2xml", path).Output()
	if err != nil {
		t.Fatalf("ris2xml: %v", err)
	}
	var mods struct {
		Records []struct {
			ID       string   `xml:"ID,attr"`
			Title    string   `xml:"titleInfo>title"`
			Abstract string   `xml:"abstract"`
			Note     string   `xml:"note"`
			Topics   []string `xml:"subject>topic"`
		} `xml:"mods"`
	}
	if err := xml.Unmarshal(bytes.TrimPrefix(out, []byte("\ufeff")), &mods); err != nil {
		t.Fatalf("MODS from ris2xml: %v\n%s", err, out)
	}
	var got []string
	for _, r := range mods.Records {
		got = append(got, fmt.Sprintf("%s|%s|%s|%s|%s", r.ID, r.Title, r.Abstract, r.Note, strings.Join(r.Topics, ",")))
	}
	want := []string{
		`tw-note-1|Title|bold|note, line 3, under Title: Why "bold", here?|`,
		"tw-highlight-3|Title|nested|highlight, line 9, under Lists|",
		"tw-note-2|Title|A quote.|note, line 14, under Lists: Braces {and} 100% & $5 #1 under_score second line|quote,review",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ris2xml read:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStudySheetKeepsTheHeadingPath: a mark under a section is written
// under its chapter and the section, at levels that follow one another
// (no level skipped), each heading once.
func TestStudySheetKeepsTheHeadingPath(t *testing.T) {
	d, err := load.Bytes("book.md", []byte("# Book\n\nIntro.\n\n## Chapter one\n\nOpening.\n\n#### Deep section\n\nA fact here.\n\n## Chapter two\n\nMore facts.\n"))
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) (int, int) {
		i := strings.Index(d.Text, s)
		st := len([]rune(d.Text[:i]))
		return st, st + len([]rune(s))
	}
	s1, e1 := at("A fact here.")
	s2, e2 := at("More facts.")
	st := &docstate.DocState{Highlights: []docstate.Highlight{{ID: 1, Start: s1, End: e1}, {ID: 2, Start: s2, End: e2}}}
	got := string(export.StudySheet(d, export.Marks(d, st)))
	want := `# Study sheet: Book

## Book

### Chapter one

#### Deep section

> A fact here.

Highlight, line 11

### Chapter two

> More facts.

Highlight, line 15
`
	if got != want {
		t.Errorf("study sheet:\n%s\nwant:\n%s", got, want)
	}
}
