package cite

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
)

// xampl is the BibTeX sample of Debian's texlive-base: every entry type,
// @string abbreviations, accents, crossrefs (scripts/deps-tw.sh installs
// it).
const xampl = "/usr/share/texlive/texmf-dist/bibtex/bib/base/xampl.bib"

func readXampl(t *testing.T) []Reference {
	t.Helper()
	if _, err := os.Stat(xampl); err != nil {
		t.Fatalf("%v: install texlive-base (scripts/deps-tw.sh)", err)
	}
	refs, err := ReadFile(xampl)
	if err != nil {
		t.Fatalf("ReadFile(xampl.bib): %v", err)
	}
	return refs
}

func byKey(refs []Reference) map[string]Reference {
	m := map[string]Reference{}
	for _, r := range refs {
		m[r.ID] = r
	}
	return m
}

func keysOf(m map[string]Reference) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func firstFamily(r Reference) string {
	if len(r.Author) > 0 {
		return r.Author[0].Short()
	}
	if len(r.Editor) > 0 {
		return r.Editor[0].Short()
	}
	return ""
}

// Debian's xampl.bib read here agrees with pandoc's reading of it
// (pandoc --to csljson, itself read back as CSL-JSON): the same keys,
// years, first authors and, where no TeX math is in them, titles.
func TestBibTeXAgreesWithPandoc(t *testing.T) {
	ours := byKey(readXampl(t))
	out, err := exec.Command("pandoc", "--from", "bibtex", "--to", "csljson", xampl).Output()
	if err != nil {
		t.Fatalf("pandoc (scripts/deps-export.sh installs it): %v", err)
	}
	refs, err := ReadCSLJSON(out)
	if err != nil {
		t.Fatalf("ReadCSLJSON(pandoc's output): %v", err)
	}
	theirs := byKey(refs)
	if !reflect.DeepEqual(keysOf(ours), keysOf(theirs)) {
		t.Fatalf("keys:\n ours %v\n pandoc's %v", keysOf(ours), keysOf(theirs))
	}
	compared := 0
	for key, p := range theirs {
		o := ours[key]
		if yearByMacro[key] {
			continue // pandoc runs the @preamble's macros, which we leave out
		}
		if o.Year() != p.Year() {
			t.Errorf("%s: year %q, pandoc %q", key, o.Year(), p.Year())
		}
		if firstFamily(o) != firstFamily(p) {
			t.Errorf("%s: first author %q, pandoc %q", key, firstFamily(o), firstFamily(p))
		}
		if !strings.ContainsAny(p.Title, "$\\") && !strings.EqualFold(o.Title, p.Title) {
			t.Errorf("%s: title %q, pandoc %q", key, o.Title, p.Title)
		}
		compared++
	}
	if compared < 25 {
		t.Errorf("compared %d entries, want most of xampl.bib's", compared)
	}
	if r := ours["inbook-crossref"]; firstFamily(r) != "Knuth" || r.Year() != "1973" || r.ContainerTitle != "The Art of Computer Programming" {
		t.Errorf("a crossref does not take its parent's fields: %+v", r)
	}
	if r := ours["unpublished-full"]; len(r.Author) != 3 || r.Author[0].Family != "Ünderwood" || r.Author[1].Family != "Ñet" {
		t.Errorf("accents: %+v", r.Author)
	}
}

// yearByMacro are xampl's entries whose year is made by the @preamble's
// \noopsort and \switchargs, which bibutils does not run.
// book-crossref takes its year from book-minimal; article-crossref takes
// 1986 from whole-journal, as BibTeX gives a crossref every field it
// lacks, where pandoc and bibutils take none from a journal.
var yearByMacro = map[string]bool{"book-minimal": true, "book-full": true, "whole-set": true,
	"book-crossref": true, "article-crossref": true}

// RIS written by bibutils (bib2xml | xml2ris) from the same file reads to
// the same works.
func TestRISFromBibutils(t *testing.T) {
	bib := byKey(readXampl(t))
	mods, err := exec.Command("bib2xml", xampl).Output()
	if err != nil {
		t.Fatalf("bib2xml (bibutils, scripts/deps-export.sh): %v", err)
	}
	x := exec.Command("xml2ris")
	x.Stdin = strings.NewReader(string(mods))
	ris, err := x.Output()
	if err != nil {
		t.Fatalf("xml2ris: %v", err)
	}
	refs, err := ReadRIS(ris)
	if err != nil {
		t.Fatalf("ReadRIS: %v", err)
	}
	if len(refs) < 30 {
		t.Fatalf("read %d RIS records, want xampl's 30 or more", len(refs))
	}
	for _, r := range refs {
		b, ok := bib[r.ID]
		if !ok {
			t.Errorf("RIS key %q is not one of xampl.bib's", r.ID)
			continue
		}
		if firstFamily(r) != firstFamily(b) {
			t.Errorf("%s: first author %q, BibTeX %q", r.ID, firstFamily(r), firstFamily(b))
		}
		if r.Year() != b.Year() && !yearByMacro[r.ID] {
			t.Errorf("%s: year %q, BibTeX %q", r.ID, r.Year(), b.Year())
		}
	}
}

func TestReadBibTeXForms(t *testing.T) {
	src := `Text before is ignored, as is an address@example.org.
@string{ acm = "Association for " # {Computing Machinery} }
@comment{ @article{hidden, title = {No}} }
@Book(knuth84,
  author = {Donald E. Knuth and {The TeX Users Group} and others},
  title  = "The {\TeX}book",
  publisher = acm,
  year   = 1984,
  month  = jun,
  isbn   = {0-201-13447-0},
)
@article{muller,
  author = {M{\"u}ller, Hans-J{\"o}rg and van der Berg, Anna and {\'E}mile Zola},
  title = {\emph{Ein} Titel -- mit Strich},
  journal = {J.~Test},
  pages = {3--5},
  date = {2001-05-02},
  doi = {10.1000/XYZ.1}
}
@misc{broken, title = {no closing brace}
`
	refs, err := ReadBibTeX([]byte(src))
	if err == nil {
		t.Errorf("an unclosed entry gave no error")
	}
	got := byKey(refs)
	k := got["knuth84"]
	if k.Title != "The TeXbook" || k.Publisher != "Association for Computing Machinery" || k.Year() != "1984" || k.Type != "book" {
		t.Errorf("knuth84: %+v", k)
	}
	if len(k.Author) != 2 || k.Author[0] != (Name{Family: "Knuth", Given: "Donald E."}) || k.Author[1] != (Name{Literal: "The TeX Users Group"}) {
		t.Errorf("knuth84 authors: %+v", k.Author)
	}
	m := got["muller"]
	want := []Name{{Family: "Müller", Given: "Hans-Jörg"}, {Family: "van der Berg", Given: "Anna"}, {Family: "Zola", Given: "Émile"}}
	if !reflect.DeepEqual(m.Author, want) {
		t.Errorf("muller authors: %+v", m.Author)
	}
	if m.Title != "Ein Titel – mit Strich" || m.ContainerTitle != "J. Test" || m.Page != "3–5" || m.Year() != "2001" {
		t.Errorf("muller: %+v", m)
	}
	if _, ok := got["hidden"]; ok {
		t.Errorf("an entry inside @comment was read")
	}
}

func TestReadRIS(t *testing.T) {
	src := "\ufeffTY  - BOOK\r\nAU  - Doe, Jane\r\nAU  - Roe, R.\r\nTI  - A long\r\n  title\r\nPY  - 2020///\r\nPB  - Press\r\nSN  - 0-306-40615-2\r\nER  - \r\n" +
		"TY  - JOUR\nA1  - Poe, Edgar\nT1  - Raven\nJO  - Mag\nSP  - 1\nEP  - 9\nY1  - 1845/01/29\nDO  - 10.1/x\nER  -\n"
	refs, err := ReadRIS([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 2 {
		t.Fatalf("read %d records: %+v", len(refs), refs)
	}
	a, b := refs[0], refs[1]
	if a.ID != "doe2020" || a.Title != "A long title" || a.ISBN != "0-306-40615-2" || a.Authors() != "Doe and Roe" {
		t.Errorf("book: %+v", a)
	}
	if b.ID != "poe1845" || b.Page != "1–9" || b.ContainerTitle != "Mag" || b.Type != "article-journal" {
		t.Errorf("article: %+v", b)
	}
	if _, err := ReadRIS([]byte("@article{x, title={y}}")); err == nil {
		t.Errorf("BibTeX read as RIS without an error")
	}
}

func TestFindCitations(t *testing.T) {
	tests := []struct {
		text string
		want [][]string // keys of each citation
		narr []bool
	}{
		{"As shown [@doe2020, p. 12; see @roe:21].", [][]string{{"doe2020", "roe:21"}}, []bool{false}},
		{"@doe2020 [p. 4] says so, and @{odd key} too.", [][]string{{"doe2020"}, {"odd key"}}, []bool{true, true}},
		{"Mail me at jane@example.org, see [a link](http://x) and [@x].", [][]string{{"x"}}, []bool{false}},
		{"In code `[@no]` and\n```\n[@no2]\n```\nbut [-@yes].", [][]string{{"yes"}}, []bool{false}},
		{"[see the text] and [mail @ home]", nil, nil},
		{"A key ends before punctuation: @doe2020.", [][]string{{"doe2020"}}, []bool{true}},
	}
	for _, tc := range tests {
		cs := FindCitations(tc.text)
		var got [][]string
		var narr []bool
		for _, c := range cs {
			got = append(got, c.Keys())
			narr = append(narr, c.Narrative)
		}
		if !reflect.DeepEqual(got, tc.want) || !reflect.DeepEqual(narr, tc.narr) {
			t.Errorf("FindCitations(%q) = %v %v, want %v %v", tc.text, got, narr, tc.want, tc.narr)
		}
	}
	c := FindCitations("x [@doe2020, p. 12; see @roe]")[0]
	if c.Items[0].Suffix != "p. 12" || c.Items[1].Prefix != "see" || WriteCitation(c.Items) != "[@doe2020, p. 12; see @roe]" {
		t.Errorf("items: %+v, written %q", c.Items, WriteCitation(c.Items))
	}
	if c.Start != 2 || c.End != 29 {
		t.Errorf("range %d-%d", c.Start, c.End)
	}
}

func TestParseLocator(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"", "", true}, {"12", "p. 12", true}, {"3-5", "pp. 3-5", true}, {"3–5", "pp. 3-5", true},
		{"p. 12", "p. 12", true}, {"pages 3-5", "pp. 3-5", true}, {"chapter 2", "chap. 2", true},
		{"sec. 4", "sec. 4", true}, {"xiv", "p. xiv", true}, {"12, 15", "pp. 12, 15", true},
		{"somewhere", "", false}, {"chapter", "", false}, {"flavour 3", "", false},
	}
	for _, tc := range tests {
		got, ok := ParseLocator(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseLocator(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseIdentifier(t *testing.T) {
	tests := []struct {
		in   string
		kind IdentifierKind
		want string
	}{
		{"10.1038/nature12373", DOI, "10.1038/nature12373"},
		{"https://doi.org/10.1000/XYZ.1", DOI, "10.1000/xyz.1"},
		{"doi:10.1000/abc", DOI, "10.1000/abc"},
		{"0-306-40615-2", ISBN, "0306406152"},
		{"ISBN 978-0-306-40615-7", ISBN, "9780306406157"},
		{"080442957X", ISBN, "080442957X"},
		{"0-306-40615-3", 0, ""},
		{"10.12/x", 0, ""},
		{"hello", 0, ""},
	}
	for _, tc := range tests {
		id, err := ParseIdentifier(tc.in)
		if tc.kind == 0 {
			if err == nil {
				t.Errorf("ParseIdentifier(%q) = %+v, want an error", tc.in, id)
			}
			continue
		}
		if err != nil || id.Kind != tc.kind || id.Value != tc.want {
			t.Errorf("ParseIdentifier(%q) = %+v, %v", tc.in, id, err)
		}
	}
	l := &Library{}
	l.Add(Reference{ID: "b", Title: "B", ISBN: "978-0-306-40615-7"})
	if id, _ := ParseIdentifier("0-306-40615-2"); !found(l, id) {
		t.Errorf("the ISBN-10 of a book kept by its ISBN-13 is not found")
	}
}

func found(l *Library, id Identifier) bool { _, ok := l.Find(id); return ok }

func TestEntry(t *testing.T) {
	tests := []struct {
		r    Reference
		want string
	}{
		{Reference{ID: "a", Type: "book", Title: "On Things", Author: []Name{{Family: "Doe", Given: "Jane Ann"}, {Family: "Roe", Given: "Jean-Paul"}},
			Issued: YearDate(2020), Publisher: "Press", Edition: "2", DOI: "10.1/AB"},
			"Doe, J. A., & Roe, J.-P. (2020). *On Things* (2nd ed.). Press. https://doi.org/10.1/AB"},
		{Reference{ID: "b", Type: "article-journal", Title: "Raven.", Author: []Name{{Family: "Poe", Given: "Edgar"}},
			Issued: YearDate(1845), ContainerTitle: "Mag", Volume: "3", Issue: "2", Page: "1-9"},
			"Poe, E. (1845). Raven. *Mag, 3*(2), 1–9."},
		{Reference{ID: "c", Title: "Untitled report", Author: []Name{{Literal: "WHO"}}}, "WHO (n.d.). *Untitled report*."},
	}
	for _, tc := range tests {
		if got := Entry(tc.r); got != tc.want {
			t.Errorf("Entry:\n got %q\nwant %q", got, tc.want)
		}
	}
}

func TestLibraryAddAndCited(t *testing.T) {
	l := &Library{}
	k1, o1 := l.Add(Reference{Title: "One", Author: []Name{{Family: "Doe"}}, Issued: YearDate(2020)})
	k2, o2 := l.Add(Reference{Title: "Two", Author: []Name{{Family: "Doe"}}, Issued: YearDate(2020)})
	k3, o3 := l.Add(Reference{Title: "One", Author: []Name{{Family: "Doe"}}, Issued: YearDate(2020)})
	if k1 != "doe2020" || o1 != Added || k2 != "doe2020a" || o2 != Added || k3 != "doe2020" || o3 != Duplicate {
		t.Errorf("keys %s %v, %s %v, %s %v", k1, o1, k2, o2, k3, o3)
	}
	if got := (Reference{ID: "bare"}).Words("p. 3"); got != "bare, p. 3" {
		t.Errorf("a work with neither authors nor a title: %q", got)
	}
	b := Cited("See [@doe2020a; @doe2020] and @nobody.", Layered{nil, l})
	if b.Cited != 2 || !reflect.DeepEqual(b.Missing, []string{"nobody"}) || len(b.Entries) != 2 || !strings.Contains(b.Entries[0], "*One*") {
		t.Errorf("Cited: %+v", b)
	}
}

// Changes made at once by many writers of one library file are all kept,
// and the file is CSL-JSON that reads back.
func TestUpdateKeepsEveryWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "home", LibraryFile)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			err := Update(path, func(l *Library) error {
				l.Add(Reference{Title: "Work " + string(rune('A'+i)), Author: []Name{{Family: "Writer" + string(rune('a'+i))}}})
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	l, err := Load(path)
	if err != nil || l.Len() != 8 {
		t.Fatalf("library after 8 writers: %d references, %v", l.Len(), err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("library file mode: %v %v", fi.Mode(), err)
	}
}
