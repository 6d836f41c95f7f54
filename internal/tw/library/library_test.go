package library_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/library"
)

// Debian's manuals the library tests read: scripts/deps-formats.sh
// installs debian-handbook and live-manual-epub, scripts/deps-pdf.sh
// bash-doc.
const (
	handbook   = "/usr/share/doc/debian-handbook/html"
	liveEPUB   = "/usr/share/doc/live-manual/epub"
	bashManual = "/usr/share/doc/bash/bashref.pdf"
)

func need(t testing.TB, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s is missing: run scripts/deps-formats.sh (debian-handbook, live-manual-epub) and scripts/deps-pdf.sh (bash-doc): %v", p, err)
		}
	}
}

func openLibrary(t testing.TB) *library.Library {
	t.Helper()
	l, err := library.Open(library.File(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// TestRealLibrary indexes hundreds of Debian's manuals (HTML in two
// languages, EPUB, a PDF) with a corrupt EPUB among them, and finds them
// by title, by author and by a phrase of their text.
func TestRealLibrary(t *testing.T) {
	need(t, handbook+"/en-US", handbook+"/fr-FR", liveEPUB, bashManual)
	mine := t.TempDir()
	if err := os.WriteFile(filepath.Join(mine, "broken.epub"), []byte("PK\x03\x04 this is no zip at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(bashManual)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mine, "bashref.pdf"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	folders := []string{handbook + "/en-US", handbook + "/fr-FR", liveEPUB, mine}
	l := openLibrary(t)
	var last library.Progress
	calls := 0
	rep, err := l.Scan(context.Background(), folders, library.LoadExtractor, func(p library.Progress) {
		calls++
		last = p
	})
	if err != nil {
		t.Fatal(err)
	}
	all, failed, err := l.Count()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("indexed %d documents (%d failed), %d progress reports", all, failed, calls)
	if all < 250 || rep.Added+len(rep.Failed) != all {
		t.Fatalf("indexed %d documents, report %+v", all, rep)
	}
	if last.Done != last.Total || last.Total != all || calls != all+1 {
		t.Errorf("progress ended at %+v after %d reports, want %d of %d", last, calls, all, all)
	}
	if len(rep.Failed) != 1 || filepath.Base(rep.Failed[0].Path) != "broken.epub" || rep.Failed[0].Reason == "" {
		t.Fatalf("failed: %+v, want broken.epub with its reason", rep.Failed)
	}
	broken, err := l.Get(filepath.Join(mine, "broken.epub"))
	if err != nil || broken.Error == "" {
		t.Fatalf("the corrupt file is listed as %+v, %v; want it with its reason", broken, err)
	}

	cases := []struct {
		name, typed, want string
	}{
		{"title", "Debian Live Manual", "live-manual.en.epub"},
		{"title in French", "cahier de l'administrateur", "index.html"},
		{"author", "Raphaël Hertzog", ""},
		{"phrase of the text", `"initramfs boot images"`, ""},
		{"phrase of the PDF", `"Bourne-Again SHell"`, "bashref.pdf"},
		{"word start being typed", "debconf preseed", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			docs, err := l.Search(c.typed, 50)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%q: %d documents in %v", c.typed, len(docs), time.Since(start))
			if len(docs) == 0 {
				t.Fatalf("%q found nothing", c.typed)
			}
			if c.want == "" {
				return
			}
			for _, d := range docs[:min(5, len(docs))] {
				if filepath.Base(d.Path) == c.want {
					return
				}
			}
			t.Errorf("%q: %s is not among the first five: %v", c.typed, c.want, paths(docs[:min(5, len(docs))]))
		})
	}

	// Nothing changed: a second scan reads nothing.
	rep, err = l.Scan(context.Background(), folders, failExtract(t), nil)
	if err != nil || rep.Unchanged != all || rep.Added+rep.Updated+rep.Removed+len(rep.Failed) != 0 {
		t.Fatalf("second scan: %+v, %v; want all %d unchanged", rep, err, all)
	}
}

func failExtract(t *testing.T) library.Extractor {
	return func(path string) (library.Extracted, error) {
		t.Errorf("%s was read again though it did not change", path)
		return library.Extracted{}, nil
	}
}

func paths(docs []library.Document) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Path)
	}
	return out
}

// TestLibraryStaysCurrent: a changed file is read again, a new one is
// added, a deleted one leaves the library, and a folder that vanished is
// reported while its documents are kept.
func TestLibraryStaysCurrent(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	write := func(dir, name, text string, when time.Time) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, when, when)
	}
	then := time.Now().Add(-time.Hour)
	write(dir, "a.md", "# Apples\n\nOrchards in autumn.\n", then)
	write(dir, "b.md", "# Bees\n\nHives in spring.\n", then)
	write(other, "c.md", "# Cherries\n\nBlossom.\n", then)
	l := openLibrary(t)
	folders := []string{dir, other}
	if rep, err := l.Scan(context.Background(), folders, library.LoadExtractor, nil); err != nil || rep.Added != 3 {
		t.Fatalf("first scan: %+v, %v", rep, err)
	}
	write(dir, "a.md", "# Apples\n\nPressed into cider in winter.\n", time.Now())
	write(dir, "d.md", "# Dates\n\nPalms.\n", then)
	os.Remove(filepath.Join(dir, "b.md"))
	os.RemoveAll(other)
	rep, err := l.Scan(context.Background(), folders, library.LoadExtractor, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Updated != 1 || rep.Added != 1 || rep.Removed != 1 || len(rep.Missing) != 1 || rep.Missing[0].Folder != other {
		t.Fatalf("rescan: %+v", rep)
	}
	if !os.IsNotExist(rep.Missing[0].Err) {
		t.Errorf("the vanished folder's reason is %v, want not found", rep.Missing[0].Err)
	}
	for typed, want := range map[string]int{"cider": 1, "orchards": 0, "hives": 0, "palms": 1, "blossom": 1} {
		docs, err := l.Search(typed, 0)
		if err != nil || len(docs) != want {
			t.Errorf("search %q: %v, %v; want %d", typed, paths(docs), err, want)
		}
	}
}

// TestDocumentDetails: the details the user edits are shown and searched,
// survive a reindex of the file, and an empty field gives back the file's.
func TestDocumentDetails(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "notes.md")
	os.WriteFile(p, []byte("# Lecture notes\n\nThe mitochondria.\n"), 0o644)
	l := openLibrary(t)
	if _, err := l.Scan(context.Background(), []string{dir}, library.LoadExtractor, nil); err != nil {
		t.Fatal(err)
	}
	if err := l.SetDetails(p, library.Details{Title: "Biology 101", Author: "Ada Byron", DOI: "10.1000/xyz123", ISBN: ""}); err != nil {
		t.Fatal(err)
	}
	check := func(typed, title string) {
		t.Helper()
		docs, err := l.Search(typed, 0)
		if err != nil || len(docs) != 1 || docs[0].Title != title {
			t.Fatalf("search %q: %+v, %v; want the title %q", typed, docs, err, title)
		}
	}
	check("Byron", "Biology 101")
	check("biology", "Biology 101")
	check("10.1000", "Biology 101")
	// Reindexed after a change: the edits stay.
	later := time.Now().Add(time.Minute)
	os.WriteFile(p, []byte("# Lecture notes\n\nThe ribosome.\n"), 0o644)
	os.Chtimes(p, later, later)
	if _, err := l.Scan(context.Background(), []string{dir}, library.LoadExtractor, nil); err != nil {
		t.Fatal(err)
	}
	check("ribosome", "Biology 101")
	if err := l.SetDetails(p, library.Details{}); err != nil {
		t.Fatal(err)
	}
	check("lecture", "Lecture notes")
}

func TestQuery(t *testing.T) {
	for typed, want := range map[string]string{
		"":                   "",
		"  ":                 "",
		"live":               `"live"*`,
		"debian live ":       `"debian" AND "live"`,
		`"initial ram disk"`: `"initial ram disk"`,
		`ram "disk image`:    `"ram" AND "disk image"*`,
		`x" OR 1=1 --`:       `"x" AND "OR 1 1"*`,
		"l'administrateur":   `"l" AND "administrateur"*`,
	} {
		if got := library.Query(typed); got != want {
			t.Errorf("Query(%q) = %s, want %s", typed, got, want)
		}
	}
}

func TestRecent(t *testing.T) {
	home := t.TempDir()
	dir := t.TempDir()
	state := filepath.Join(home, "data", "state", "documents")
	os.MkdirAll(state, 0o700)
	write := func(name, docPath string, place, length int, age time.Duration) {
		os.WriteFile(filepath.Join(dir, docPath), []byte("x"), 0o644)
		body := `{"path": "` + filepath.Join(dir, docPath) + `", "length": ` + itoa(length) + `, "place": {"char": ` + itoa(place) + `}}`
		f := filepath.Join(state, name)
		os.WriteFile(f, []byte(body), 0o600)
		when := time.Now().Add(-age)
		os.Chtimes(f, when, when)
	}
	write("1.json", "old.md", 50, 100, 3*time.Hour)
	write("2.json", "new.md", 10, 100, time.Hour)
	write("3.json", "start.md", 0, 100, 2*time.Hour)
	write("4.json", "done.md", 99, 100, 30*time.Minute)
	os.WriteFile(filepath.Join(state, "5.json"), []byte("{broken"), 0o600)
	got, err := library.Recent(home, 0)
	if err != nil {
		t.Fatal(err)
	}
	if names(got) != "done.md new.md start.md old.md" {
		t.Errorf("recent: %s", names(got))
	}
	if got, _ := library.Recent(home, 2); names(got) != "done.md new.md" {
		t.Errorf("recent, 2: %s", names(got))
	}
	cont, err := library.ContinueReading(home)
	if err != nil || names(cont) != "new.md old.md" || cont[1].Percent() != 50 {
		t.Errorf("continue reading: %s, %v", names(cont), err)
	}
}

func names(rs []library.Read) string {
	var out []string
	for _, r := range rs {
		out = append(out, filepath.Base(r.Path))
	}
	return strings.Join(out, " ")
}

func itoa(n int) string { return strconv.Itoa(n) }
