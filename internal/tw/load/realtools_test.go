package load

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
)

// Fixtures made by real tools (pandoc, LibreOffice) from one source
// document, testdata/formats/source.md, once per test binary.
var realTools struct {
	once    sync.Once
	dir     string
	err     error
	elapsed time.Duration
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range []string{realTools.dir, benchDocs.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// realToolFixtures converts the source document with pandoc (DOCX, ODT,
// EPUB, HTML, RTF) and LibreOffice headless (RTF, from Pandoc's DOCX, in
// one invocation with a private profile) and returns the folder holding
// them. The tools come from scripts/deps-formats.sh.
func realToolFixtures(t *testing.T) string {
	t.Helper()
	realTools.once.Do(func() {
		start := time.Now()
		defer func() { realTools.elapsed = time.Since(start) }()
		dir, err := os.MkdirTemp("", "tw-formats-")
		if err != nil {
			realTools.err = err
			return
		}
		realTools.dir = dir
		src, err := os.ReadFile(filepath.Join("testdata", "formats", "source.md"))
		if err != nil {
			realTools.err = err
			return
		}
		if err := os.WriteFile(filepath.Join(dir, "source.md"), src, 0o644); err != nil {
			realTools.err = err
			return
		}
		run := func(name string, args ...string) error {
			cmd := exec.Command(name, args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+dir)
			out, err := cmd.CombinedOutput()
			if err != nil {
				return fmt.Errorf("%s %s: %v\n%s\n(install the tools with scripts/deps-formats.sh)", name, strings.Join(args, " "), err, out)
			}
			return nil
		}
		jobs := [][]string{
			{"pandoc", "source.md", "-o", "pandoc.docx"},
			{"pandoc", "source.md", "-o", "pandoc.odt"},
			{"pandoc", "source.md", "--metadata", "title=Field Guide", "-o", "pandoc.epub"},
			{"pandoc", "-s", "source.md", "--metadata", "pagetitle=Field Guide", "-o", "pandoc.html"},
			{"pandoc", "-s", "source.md", "-o", "pandoc.rtf"},
			{"pandoc", "source.md", "-o", "pandoc.pptx"},
			{"pandoc", "-s", "source.md", "--metadata", "title=Field Guide", "-o", "pandoc.tex"},
		}
		errs := make([]error, len(jobs))
		var wg sync.WaitGroup
		for i, j := range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = run(j[0], j[1:]...)
			}()
		}
		wg.Wait()
		for _, e := range errs {
			if e != nil {
				realTools.err = e
				return
			}
		}
		// LibreOffice: one invocation, its own profile (no clash with a
		// running LibreOffice or another test), its output in lo/.
		profile := "file://" + filepath.Join(dir, "lo-profile")
		if err := run("soffice", "-env:UserInstallation="+profile, "--headless", "--norestore",
			"--convert-to", "rtf", "--outdir", filepath.Join(dir, "lo"), "pandoc.docx"); err != nil {
			realTools.err = err
			return
		}
		if err := os.Rename(filepath.Join(dir, "lo", "pandoc.rtf"), filepath.Join(dir, "libreoffice.rtf")); err != nil {
			realTools.err = fmt.Errorf("LibreOffice wrote no RTF: %v", err)
		}
	})
	if realTools.err != nil {
		t.Fatal(realTools.err)
	}
	return realTools.dir
}

// outline lists the headings as "level text".
func outline(d *doc.Document) []string {
	var out []string
	for _, m := range d.MarkersOf(doc.Heading) {
		out = append(out, fmt.Sprintf("%d %s", m.Level, d.Slice(m.Start, m.End)))
	}
	return out
}

// nextHeading is the first heading after pos (of the level, when not 0),
// as heading navigation finds it.
func nextHeading(d *doc.Document, pos, level int) (doc.Marker, bool) {
	for _, m := range d.All() {
		if m.Kind == doc.Heading && m.Start > pos && (level == 0 || m.Level == level) {
			return m, true
		}
	}
	return doc.Marker{}, false
}

func TestRealToolFixtures(t *testing.T) {
	dir := realToolFixtures(t)
	t.Logf("fixtures made in %v", realTools.elapsed.Round(time.Millisecond))
	body := []string{"1 Field Guide", "2 Getting Started", "3 Safety", "2 Tables", "2 Birds"}
	withNotes := append(append([]string{}, body...), "2 Footnotes")
	cases := []struct {
		file, format string
		outline      []string
		linked       bool // the in-page link "#tables" leads to the Tables heading
		note         bool // the footnote reads "[1]" with the note at the end
	}{
		{"source.md", "markdown", withNotes, true, true},
		{"pandoc.docx", "docx", withNotes, true, true},
		{"pandoc.odt", "odt", withNotes, true, true},
		// EPUB notes are gathered at the end; the reference stays the
		// book's own "1" (see epubnotes.go).
		{"pandoc.epub", "epub", append([]string{"1 Field Guide"}, withNotes...), true, false},
		{"pandoc.html", "html", body, true, false},
		{"pandoc.rtf", "rtf", withNotes, true, true},
		{"libreoffice.rtf", "rtf", withNotes, true, true},
		{"pandoc.tex", "latex", append([]string{"1 Field Guide"}, withNotes...), true, true},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(dir, tc.file)
			if tc.file == "source.md" {
				path = filepath.Join("testdata", "formats", "source.md")
			}
			d, err := File(path)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, d)
			if d.Meta.Format != tc.format {
				t.Errorf("format %q, want %q", d.Meta.Format, tc.format)
			}
			if d.Meta.Title != "Field Guide" {
				t.Errorf("title %q", d.Meta.Title)
			}
			if got := outline(d); strings.Join(got, "\n") != strings.Join(tc.outline, "\n") {
				t.Errorf("outline\n got: %q\nwant: %q", got, tc.outline)
			}
			for _, want := range []string{
				"This guide covers the marsh trail. See the tables for the hours.",
				"\n\nWalk north from the gate. The path is well marked and easy to follow.\n\n",
				"\n\nBring water\nWear boots\nCarry a map\n\n",
				"\n\nDay | Hours\nMonday | 9 to 5\nSunday | closed\n\n",
				"\n\nHeron\nEgret\nKingfisher\n\n",
				"The heron is the tallest bird on the trail.",
			} {
				if !strings.Contains(d.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, d.Text)
				}
			}
			if tc.note && !strings.Contains(d.Text, "trail.[1]") || tc.note && !strings.HasSuffix(d.Text, "\n\n[1] It stands over a metre high.") {
				t.Errorf("footnote not read as [1] with the note at the end:\n%s", d.Text)
			}
			if tc.format == "epub" && (!strings.Contains(d.Text, "trail.1") || !strings.HasSuffix(d.Text, "\n\n[1] It stands over a metre high.")) {
				t.Errorf("EPUB footnote not read with the note at the end:\n%s", d.Text)
			}
			// Heading navigation: next heading from each, and by level.
			pos, i := -1, 0
			for {
				m, ok := nextHeading(d, pos, 0)
				if !ok {
					break
				}
				if i >= len(tc.outline) || fmt.Sprintf("%d %s", m.Level, d.Slice(m.Start, m.End)) != tc.outline[i] {
					t.Errorf("heading %d by navigation: %d %q", i, m.Level, d.Slice(m.Start, m.End))
				}
				pos, i = m.Start, i+1
			}
			var level2 []string
			for pos := -1; ; {
				m, ok := nextHeading(d, pos, 2)
				if !ok {
					break
				}
				level2 = append(level2, d.Slice(m.Start, m.End))
				pos = m.Start
			}
			if got := strings.Join(level2, ","); !strings.HasPrefix(got, "Getting Started,Tables,Birds") {
				t.Errorf("level-2 headings by navigation: %s", got)
			}
			// Lists: three bullets without labels, three numbered items.
			var labels []string
			for _, m := range d.MarkersOf(doc.ListItem) {
				labels = append(labels, m.Label)
			}
			// (HTML's footnotes are an ordered list of their own.)
			if got := strings.Join(labels, ","); got != ",,,1.,2.,3." && !(tc.format == "html" && got == ",,,1.,2.,3.,1.") {
				t.Errorf("list item labels %q", got)
			}
			// Tables: one, a header row then two rows.
			rows := d.MarkersOf(doc.TableRow)
			if len(rows) != 3 || d.MarkersOf(doc.Table) == nil {
				t.Errorf("table rows: %d", len(rows))
			}
			// The in-page link.
			links := d.MarkersOf(doc.Link)
			if len(links) == 0 || d.Slice(links[0].Start, links[0].End) != "the tables" {
				t.Fatalf("first link: %v", markerLines(d))
			}
			pos, ok := d.LinkTarget(links[0])
			if tc.linked {
				if !ok || !strings.HasPrefix(d.Text[d.Byte(pos):], "Tables\n") {
					t.Errorf("link #tables leads to %d (%v): %.20q", pos, ok, d.Text[d.Byte(pos):])
				}
			}
		})
	}
}

// TestRealToolSlides: Pandoc's PPTX of the source document (Pandoc puts
// everything up to the table on the first slide, the rest on a titleless
// second one and the note on a third).
func TestRealToolSlides(t *testing.T) {
	d, err := File(filepath.Join(realToolFixtures(t), "pandoc.pptx"))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, d)
	var slides []string
	for _, m := range d.MarkersOf(doc.PageBreak) {
		h, _ := nextHeading(d, m.Start-1, 1)
		slides = append(slides, m.Label+" "+d.Slice(h.Start, h.End))
	}
	if got := strings.Join(slides, ","); got != "1 Field Guide,2 Slide 2,3 Notes" {
		t.Errorf("slides %q", got)
	}
	for _, want := range []string{"\nBring water\nWear boots\n", "\n\nDay | Hours\nMonday | 9 to 5\nSunday | closed\n\n", "Kingfisher"} {
		if !strings.Contains(d.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, d.Text)
		}
	}
}

// TestRealDocumentsFromDebian: documents no one here wrote, from Debian
// packages: the Underscore.js manual (one HTML page whose table of
// contents links into the page) and LibreOffice's own ODT templates.
func TestRealDocumentsFromDebian(t *testing.T) {
	d, err := File("/usr/share/doc/libjs-underscore/index.html")
	if err != nil {
		t.Fatalf("%v (install with scripts/deps-formats.sh)", err)
	}
	checkInvariants(t, d)
	inPage, followed := 0, 0
	for _, m := range d.MarkersOf(doc.Link) {
		if !strings.HasPrefix(m.Reference, "#") {
			continue
		}
		inPage++
		if pos, ok := d.LinkTarget(m); ok {
			followed++
			if d.Slice(m.Start, m.End) == "Collections" && !strings.HasPrefix(d.Text[d.Byte(pos):], "Collection Functions") {
				t.Errorf("Collections leads to %.40q", d.Text[d.Byte(pos):])
			}
		}
	}
	if inPage < 100 || followed*100 < inPage*95 {
		t.Errorf("%d of %d in-page links lead somewhere", followed, inPage)
	}
	templates, _ := filepath.Glob("/usr/lib/libreoffice/share/template/common/*/*.ot[tp]")
	odt, _ := filepath.Glob("/usr/lib/libreoffice/share/template/common/*/*.odt")
	templates = append(templates, odt...)
	if len(templates) == 0 {
		t.Fatal("no LibreOffice templates (install with scripts/deps-formats.sh)")
	}
	for _, p := range templates {
		d, err := File(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		checkInvariants(t, d)
		if strings.TrimSpace(d.Text) == "" && len(d.MarkersOf(doc.Table)) == 0 {
			t.Logf("%s: no text", p)
		}
	}
	t.Logf("underscore manual: %d of %d in-page links followed; %d LibreOffice templates loaded", followed, inPage, len(templates))
}

// The Word files LibreOffice writes from its own text templates load (with
// text when the template has some), and idxexample.odt's (frames as mc:AlternateContent in runs with no
// properties, blank table rows) has its frame's text and no line of bare
// cell separators.
func TestLibreOfficeDOCXOfItsTemplates(t *testing.T) {
	templates, _ := filepath.Glob("/usr/lib/libreoffice/share/template/common/*/*.ott")
	odt, _ := filepath.Glob("/usr/lib/libreoffice/share/template/common/*/*.odt")
	templates = append(templates, odt...)
	if len(templates) == 0 {
		t.Fatal("no LibreOffice templates (install with scripts/deps-formats.sh)")
	}
	dir := t.TempDir()
	args := append([]string{"-env:UserInstallation=file://" + filepath.Join(dir, "profile"), "--headless", "--norestore",
		"--convert-to", "docx", "--outdir", filepath.Join(dir, "out")}, templates...)
	cmd := exec.Command("soffice", args...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	hasText := map[string]bool{} // by name without extension: the template read as ODF has text
	for _, p := range templates {
		if d, err := File(p); err == nil && strings.TrimSpace(d.Text) != "" {
			hasText[strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))] = true
		}
	}
	made, _ := filepath.Glob(filepath.Join(dir, "out", "*.docx"))
	if len(made) != len(templates) {
		t.Errorf("LibreOffice wrote %d DOCX files of %d templates", len(made), len(templates))
	}
	for _, p := range made {
		d, err := File(p)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(p), err)
			continue
		}
		checkInvariants(t, d)
		if strings.TrimSpace(d.Text) == "" && hasText[strings.TrimSuffix(filepath.Base(p), ".docx")] {
			t.Errorf("%s: no text, though its template has some", filepath.Base(p))
		}
		if filepath.Base(p) != "idxexample.docx" {
			continue
		}
		if !strings.Contains(d.Text, "TABLE1") {
			t.Errorf("idxexample.docx: no frame text TABLE1 in %q", d.Text)
		}
		for _, line := range strings.Split(d.Text, "\n") {
			if line != "" && strings.Trim(line, " |") == "" {
				t.Errorf("idxexample.docx: a line of bare separators %q", line)
			}
		}
	}
}
