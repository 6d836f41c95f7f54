package docxreview

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

const ns = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`

// body wraps paragraphs in a document part.
func body(ps string) string {
	return `<?xml version="1.0"?><w:document ` + ns + `><w:body>` + ps + `</w:body></w:document>`
}

func TestDecide(t *testing.T) {
	ins := `<w:p><w:r><w:t xml:space="preserve">a </w:t></w:r><w:ins w:id="1" w:author="A"><w:r><w:t>new</w:t></w:r></w:ins><w:r><w:t xml:space="preserve"> b</w:t></w:r></w:p>`
	del := `<w:p><w:r><w:t xml:space="preserve">a </w:t></w:r><w:del w:id="2" w:author="B"><w:r><w:delText>old</w:delText></w:r></w:del><w:r><w:t xml:space="preserve"> b</w:t></w:r></w:p>`
	mark := `<w:p><w:pPr><w:rPr><w:ins w:id="1" w:author="A"/></w:rPr></w:pPr><w:r><w:t>x</w:t></w:r></w:p>`
	nested := `<w:p><w:ins w:id="1"><w:r><w:t>keep</w:t></w:r><w:del w:id="2"><w:r><w:delText>gone</w:delText></w:r></w:del></w:ins></w:p>`
	// pandoc writes a replacement's deletion and insertion with one id.
	shared := `<w:p><w:del w:id="1"><w:r><w:delText>two</w:delText></w:r></w:del><w:ins w:id="1"><w:r><w:t>three</w:t></w:r></w:ins></w:p>`
	for _, c := range []struct {
		name, src string
		decided   map[string]bool
		want      string
		found     int
	}{
		{"insertion accepted", ins, map[string]bool{"1": true},
			`<w:p><w:r><w:t xml:space="preserve">a </w:t></w:r><w:r><w:t>new</w:t></w:r><w:r><w:t xml:space="preserve"> b</w:t></w:r></w:p>`, 1},
		{"insertion rejected", ins, map[string]bool{"1": false},
			`<w:p><w:r><w:t xml:space="preserve">a </w:t></w:r><w:r><w:t xml:space="preserve"> b</w:t></w:r></w:p>`, 1},
		{"deletion accepted", del, map[string]bool{"2": true},
			`<w:p><w:r><w:t xml:space="preserve">a </w:t></w:r><w:r><w:t xml:space="preserve"> b</w:t></w:r></w:p>`, 1},
		{"deletion rejected", del, map[string]bool{"2": false},
			`<w:p><w:r><w:t xml:space="preserve">a </w:t></w:r><w:r><w:t>old</w:t></w:r><w:r><w:t xml:space="preserve"> b</w:t></w:r></w:p>`, 1},
		{"undecided left tracked", del, map[string]bool{"9": true}, del, 0},
		{"paragraph mark left alone", mark, map[string]bool{"1": true}, mark, 0},
		{"a change inside a rejected insertion goes with it", nested, map[string]bool{"1": false, "2": false}, `<w:p></w:p>`, 2},
		{"a shared id's deletion rejected alone", shared, map[string]bool{"deleted:1": false},
			`<w:p><w:r><w:t>two</w:t></w:r><w:ins w:id="1"><w:r><w:t>three</w:t></w:r></w:ins></w:p>`, 1},
		{"a shared id's insertion accepted alone", shared, map[string]bool{"inserted:1": true},
			`<w:p><w:del w:id="1"><w:r><w:delText>two</w:delText></w:r></w:del><w:r><w:t>three</w:t></w:r></w:p>`, 1},
		{"accepted around rejected", nested, map[string]bool{"1": true, "2": false}, `<w:p><w:r><w:t>keep</w:t></w:r><w:r><w:t>gone</w:t></w:r></w:p>`, 2},
	} {
		found := map[string]bool{}
		got, err := decide(body(c.src), c.decided, found)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != body(c.want) || len(found) != c.found {
			t.Errorf("%s:\n got %s (found %v)\nwant %s", c.name, got, found, body(c.want))
		}
	}
}

func TestDecideRefusesBrokenXML(t *testing.T) {
	for _, src := range []string{`<w:document><w:p>`, `<w:document></w:p>`, `<w:document><w:p a="1></w:document>`, ``} {
		if _, err := decide(src, map[string]bool{"1": true}, map[string]bool{}); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

// TestPlaceComment: a comment goes on its text: around whole runs when
// the text is theirs, splitting a run (its properties copied, its spaces
// kept) when it starts or ends inside one; the occurrence picks among
// repeats, and text outside deletions counts.
func TestPlaceComment(t *testing.T) {
	p := `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>One two. Three &amp; four.</w:t></w:r></w:p>` +
		`<w:p><w:r><w:t>Three &amp; four.</w:t></w:r><w:del w:id="5"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`
	ref := func(id string) string {
		return `<w:commentRangeEnd w:id="` + id + `"/><w:r><w:commentReference w:id="` + id + `"/></w:r>`
	}
	for _, c := range []struct {
		name, anchor string
		occurrence   int
		want         string
	}{
		{"inside a run", "Three & four.", 0,
			`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">One two. </w:t></w:r><w:commentRangeStart w:id="0"/><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Three &amp; four.</w:t></w:r>` + ref("0") + `</w:p>` +
				`<w:p><w:r><w:t>Three &amp; four.</w:t></w:r><w:del w:id="5"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`},
		{"the second occurrence, a whole run", "Three & four.", 1,
			`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>One two. Three &amp; four.</w:t></w:r></w:p>` +
				`<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Three &amp; four.</w:t></w:r>` + ref("0") + `<w:del w:id="5"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`},
		{"across paragraphs", "four. Three", 0,
			`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">One two. Three &amp; </w:t></w:r><w:commentRangeStart w:id="0"/><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">four.</w:t></w:r></w:p>` +
				`<w:p><w:r><w:t xml:space="preserve">Three</w:t></w:r>` + ref("0") + `<w:r><w:t xml:space="preserve"> &amp; four.</w:t></w:r><w:del w:id="5"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`},
	} {
		tr, err := parseTree(body(p))
		if err != nil {
			t.Fatal(err)
		}
		m := visibleText(tr)
		if got := m.text.String(); got != "One two. Three & four. Three & four." {
			t.Fatalf("visible text %q", got)
		}
		start, end, ok := m.find(c.anchor, c.occurrence)
		if !ok {
			t.Fatalf("%s: %q not found", c.name, c.anchor)
		}
		got := applyEdits(tr.src, placement(tr, m, start, end, "0", "w"))
		if got != body(c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, body(c.want))
		}
	}
}

func TestBackupPath(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "report.docx")
	if got := BackupPath(doc); got != filepath.Join(dir, "report-original.docx") {
		t.Errorf("first backup %s", got)
	}
	testkit.WriteFile(t, filepath.Join(dir, "report-original.docx"), "x")
	if got := BackupPath(doc); got != filepath.Join(dir, "report-original-2.docx") {
		t.Errorf("second backup %s", got)
	}
}

// pandocMarkdown is the Word file path as pandoc reads it, tracked changes
// and comments shown.
func pandocMarkdown(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("pandoc", "--track-changes=all", "--wrap=none", "-t", "markdown", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pandoc (install with scripts/deps-formats.sh): %v\n%s", err, out)
	}
	return string(out)
}

// TestApplyToLibreOfficeFile: decisions and a new comment written into a
// Word file LibreOffice made, read back by pandoc: the decided changes
// are gone as decided, the undecided one is still tracked, both comments
// are there on their text; parts not touched are byte for byte the same.
func TestApplyToLibreOfficeFile(t *testing.T) {
	dir := t.TempDir()
	path := testkit.TrackedDOCX(t, dir, "draft.docx")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before := pandocMarkdown(t, path)
	for _, want := range []string{`[rarely]{.deletion`, `[often]{.insertion`, `[renal]{.insertion`, `[very]{.deletion`} {
		if !strings.Contains(before, want) {
			t.Fatalf("the file made has no %s:\n%s", want, before)
		}
	}
	out, rep, err := Apply(data, Update{
		Decisions: []Decision{{Part: "word/document.xml", ID: "0"}, {ID: "1", Accept: true}, {ID: "2"}, {ID: "77", Accept: true}},
		Comments:  []Comment{{Author: "Cy Reader", Date: "2026-04-01T09:00:00Z", Text: "Which <units>?", Anchor: "A second paragraph stays as it is."}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Decided != 3 || rep.Missing != 1 || rep.Unplaced != 0 || len(rep.CommentIDs) != 1 || rep.CommentIDs[0] != "1" {
		t.Errorf("report %+v", rep)
	}
	written := filepath.Join(dir, "written.docx")
	if err := os.WriteFile(written, out, 0o644); err != nil {
		t.Fatal(err)
	}
	after := pandocMarkdown(t, written)
	for _, want := range []string{
		"Fluids were rarelyoften given in acute failure.",
		`[Check this dose.]{.comment-start id="0" author="Ann Author"`,
		`[Which \<units\>?]{.comment-start id="1" author="Cy Reader" date="2026-04-01T09:00:00Z"}A second paragraph stays as it is.[]{.comment-end id="1"}`,
		`The patient was [very]{.deletion author="Bob Reviewer"`,
	} {
		if !strings.Contains(after, want) {
			t.Errorf("after the update, pandoc reads no %q:\n%s", want, after)
		}
	}
	for _, gone := range []string{"{.insertion", "renal"} {
		if strings.Contains(after, gone) {
			t.Errorf("after the update, pandoc still reads %q:\n%s", gone, after)
		}
	}
	// Parts not touched are copied as they were.
	zin, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	zout, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"word/styles.xml", "docProps/core.xml", "word/settings.xml"} {
		if a, b := partOf(t, zin, name), partOf(t, zout, name); a != b {
			t.Errorf("%s changed", name)
		}
	}
}

func partOf(t *testing.T, z *zip.Reader, name string) string {
	t.Helper()
	f, err := z.Open(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer f.Close()
	b, _ := io.ReadAll(f)
	return string(b)
}

// FuzzDecideAndPlace: any part text either is refused or is decided and
// commented without a panic, and what comes out parses again.
func FuzzDecideAndPlace(f *testing.F) {
	f.Add(body(`<w:p><w:ins w:id="1"><w:r><w:t>a &amp; b</w:t></w:r></w:ins><w:del w:id="2"><w:r><w:delText>c</w:delText></w:r></w:del></w:p>`), "a & b")
	f.Add(`<a><b x='>'/></a>`, "x")
	f.Add(`<w:p><w:r><w:t/></w:r></w:p>`, "")
	f.Fuzz(func(t *testing.T, src, anchor string) {
		out, err := decide(src, map[string]bool{"1": true, "2": false}, map[string]bool{})
		if err != nil {
			return
		}
		tr, err := parseTree(out)
		if err != nil {
			t.Fatalf("decided %q into %q, which does not parse: %v", src, out, err)
		}
		m := visibleText(tr)
		if s, e, ok := m.find(anchor, 0); ok {
			placed := applyEdits(out, placement(tr, m, s, e, "9", "w"))
			if _, err := parseTree(placed); err != nil {
				t.Fatalf("placing a comment on %q in %q gave %q: %v", anchor, out, placed, err)
			}
		}
	})
}

// TestApplyInFootnote: a decision names its part; one in the footnotes
// is written there, a change of the same id in the body is left alone.
func TestApplyInFootnote(t *testing.T) {
	dir := t.TempDir()
	src := testkit.WriteFile(t, filepath.Join(dir, "note.md"),
		"Body [kept]{.insertion author=\"A\" date=\"2026-01-01T00:00:00Z\"} text.[^1]\n\n[^1]: A [new]{.insertion author=\"B\" date=\"2026-01-02T00:00:00Z\"} note.\n")
	path := filepath.Join(dir, "note.docx")
	if out, err := exec.Command("pandoc", src, "-o", path).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v\n%s", err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	z, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	notes := partOf(t, z, "word/footnotes.xml")
	tr, err := parseTree(notes)
	if err != nil {
		t.Fatal(err)
	}
	id := ""
	for i, e := range tr.elems {
		if e.local == "ins" {
			id, _ = tr.attr(i, "id")
		}
	}
	out, rep, err := Apply(data, Update{Decisions: []Decision{{Part: "word/footnotes.xml", ID: id}}})
	if err != nil || rep.Decided != 1 {
		t.Fatalf("%+v %v", rep, err)
	}
	written := filepath.Join(dir, "written.docx")
	if err := os.WriteFile(written, out, 0o644); err != nil {
		t.Fatal(err)
	}
	md := pandocMarkdown(t, written)
	if strings.Contains(md, "new") || !strings.Contains(md, "A note.") || !strings.Contains(md, "[kept]{.insertion") {
		t.Errorf("after rejecting the footnote's insertion:\n%s", md)
	}
}
