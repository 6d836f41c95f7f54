package core_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/cite"
)

// xamplBib is the BibTeX sample of Debian's texlive-base
// (scripts/deps-tw.sh installs it).
const xamplBib = "/usr/share/texlive/texmf-dist/bibtex/bib/base/xampl.bib"

// keyOfItem is the key a citation list item ends with: "… (key)".
func keyOfItem(t *testing.T, item string) string {
	t.Helper()
	i := strings.LastIndex(item, " (")
	if i < 0 || !strings.HasSuffix(item, ")") {
		t.Fatalf("list item without a key: %q", item)
	}
	return item[i+2 : len(item)-1]
}

// TestCitationsFromARealLibrary: Debian's xampl.bib imported into the
// home's library; citations put in while editing, joined, checked, and
// the works cited written out; a reference added by hand after a DOI
// the libraries lack; the library is CSL-JSON that pandoc reads.
func TestCitationsFromARealLibrary(t *testing.T) {
	if _, err := os.Stat(xamplBib); err != nil {
		t.Fatalf("%v: install texlive-base (scripts/deps-tw.sh)", err)
	}
	f := newFixture(t)
	f.write("Knuth wrote it.\n")
	app, rec := f.open()
	f.do(app, "check_citations")
	rec.expect(t, "The document has no citations.", "check with none")
	f.do(app, "insert_citation")
	rec.expect(t, "Insert citation works in edit mode. Press Ctrl+E to edit.", "insert_citation while reading")
	f.do(app, "toggle_edit_mode")
	f.do(app, "insert_citation")
	if got := rec.last(); !strings.HasPrefix(got, "Your reference library is empty.") {
		t.Errorf("with an empty library: %q", got)
	}

	f.do(app, "import_references")
	if p := app.PromptState(); p == nil || p.Purpose != "import_references" {
		t.Fatalf("no import_references prompt: %+v", p)
	}
	app.Answer(xamplBib)
	rec.expect(t, "Imported 36 new references from xampl.bib.", "import")
	f.do(app, "import_references")
	app.Answer(xamplBib)
	rec.expect(t, "Imported 0 new references from xampl.bib. 36 were already in your library.", "import again")

	// Cite one of Knuth's books at page 12, just before the full stop.
	f.do(app, "document_start")
	for i := 0; i < len("Knuth wrote it"); i++ {
		app.CaretChar(true)
	}
	f.do(app, "insert_citation")
	l := app.ListState()
	if l == nil || l.Title != "Insert citation" || len(l.Items) != 36 || l.Filter == nil {
		t.Fatalf("citation list: %+v", l)
	}
	for _, c := range "seminumerical" {
		app.ListKey(string(c))
	}
	if l = app.ListState(); len(l.Items) != 3 {
		t.Fatalf("filtered by seminumerical: %q", l.Items)
	}
	first := keyOfItem(t, l.Items[0])
	app.ListKey("enter")
	if p := app.PromptState(); p == nil || p.Purpose != "citation_locator" {
		t.Fatalf("no citation_locator prompt: %+v", p)
	}
	app.Answer("somewhere")
	if p := app.PromptState(); p == nil || p.Purpose != "citation_locator" || !strings.HasPrefix(rec.last(), "Could not read the place somewhere.") {
		t.Fatalf("a place that cannot be read: prompt %+v, said %q", p, rec.last())
	}
	app.Answer("12")
	want := "Knuth wrote it [@" + first + ", p. 12]."
	if got := app.Doc().Text; !strings.HasPrefix(got, want) {
		t.Fatalf("after the citation: %q, want %q", got, want)
	}
	if got := rec.last(); !strings.HasPrefix(got, "Inserted citation of Knuth, 19") || !strings.HasSuffix(got, ", p. 12.") {
		t.Errorf("said %q", got)
	}
	// A second work, with no place, joins the citation the cursor is at.
	f.do(app, "insert_citation")
	for _, c := range "gnats" {
		app.ListKey(string(c))
	}
	second := "article-full"
	for _, item := range app.ListState().Items {
		if keyOfItem(t, item) == second {
			break
		}
		app.ListKey("down")
	}
	app.ListKey("enter")
	app.Answer("")
	want = "Knuth wrote it [@" + first + ", p. 12; @" + second + "]."
	if got := app.Doc().Text; !strings.HasPrefix(got, want) {
		t.Fatalf("after joining: %q, want %q", got, want)
	}

	app.CaretChar(true)
	app.Insert(" See @nobody2000.")
	f.do(app, "check_citations")
	rec.expect(t, "2 citations found. Not in the library: nobody2000.", "check")
	app.Insert("\n")
	f.do(app, "insert_bibliography")
	rec.expect(t, "Inserted the bibliography, 2 entries. Not in the library: nobody2000.", "bibliography")
	text := app.Doc().Text
	for _, entry := range []string{
		"Aamport, L. A. (1986). The Gnats and Gnus Document Preparation System. *G-Animal's Journal",
		"Knuth, D. E. (19",
	} {
		if !strings.Contains(text, "\n"+entry) {
			t.Errorf("bibliography lacks %q:\n%s", entry, text)
		}
	}
	if strings.Index(text, "Aamport") > strings.Index(text, "Knuth, D. E.") {
		t.Errorf("entries not by author:\n%s", text)
	}

	// A DOI no library has: its details are typed.
	f.do(app, "add_reference")
	app.Answer("10.1000/NOT.A.DOI")
	if p := app.PromptState(); p == nil || p.Purpose != "reference_authors" || !strings.Contains(p.Label, "network") {
		t.Fatalf("after a DOI the libraries lack: %+v", p)
	}
	for _, answer := range []string{"Doe, Jane; Richard Roe", "On Testing", "2021", "Journal of Tests"} {
		app.Answer(answer)
	}
	rec.expect(t, "Added to your library: Doe and Roe, 2021, On Testing (doe2021)", "added")
	f.do(app, "add_reference")
	app.Answer("https://doi.org/10.1000/not.a.doi")
	if got := rec.last(); got != "Already in your library: Doe and Roe, 2021, On Testing (doe2021)" || app.PromptState() != nil {
		t.Errorf("the same DOI again: %q", got)
	}
	f.do(app, "add_reference")
	app.Answer("0-306-40615-3")
	if got := rec.last(); !strings.HasPrefix(got, "Not a DOI or an ISBN: 0-306-40615-3.") {
		t.Errorf("a wrong check digit: %q", got)
	}

	// The library is CSL-JSON that pandoc reads, every reference in it.
	lib := cite.UserLibrary(f.home)
	out, err := exec.Command("pandoc", "--from", "csljson", "--to", "csljson", lib).Output()
	if err != nil {
		t.Fatalf("pandoc reading the library: %v", err)
	}
	refs, err := cite.ReadCSLJSON(out)
	if err != nil || len(refs) != 37 {
		t.Errorf("pandoc's reading of the library: %d references, %v", len(refs), err)
	}
}

// A library beside the document is looked in before the home's.
func TestFolderLibraryIsLookedInFirst(t *testing.T) {
	f := newFixture(t)
	f.write("See [@local1, ch. 2] and @local1.\n")
	testkit.WriteFile(t, filepath.Join(filepath.Dir(f.path), cite.LibraryFile),
		`[{"id":"local1","type":"book","title":"Local","author":[{"family":"Near"}],"issued":{"date-parts":[[2001]]}}]`)
	app, rec := f.open()
	f.do(app, "check_citations")
	rec.expect(t, "2 citations found. Every key is in the library.", "check")
}
