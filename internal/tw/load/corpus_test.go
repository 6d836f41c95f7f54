package load

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// The real-document corpus: manuals Debian ships (HTML, PDF, EPUB, LaTeX) and
// LibreOffice's own templates converted by LibreOffice to DOCX, ODT, XLSX
// and PPTX, each loaded and its words counted against a reference tool's.
// The packages come from scripts/deps-formats.sh and scripts/deps-pdf.sh.

// corpusTolerance is how far our word count may stray from the reference's.
const corpusTolerance = 0.05

// corpusKnown lists the files whose count strays further, by the start
// of the name the corpus gives them, with the reason.
var corpusKnown = []struct{ prefix, reason string }{
	{"bash/bash.pdf", "pdftotext keeps groff's running head and foot on each of the 87 pages (959 words); without them 0.957"},
	{"template offimisc/Businesscard-with-logo.ott", "LibreOffice's text export leaves out text frames, where the cards are"},
	{"template wizard/letter/", "LibreOffice's text export leaves out text frames (sender, recipient, footer fields)"},
	{"template wizard/fax/", "LibreOffice's text export leaves out text frames (the sender's fields)"},
	{"template wizard/report/stl-", "tw leaves out page headers and footers (repeated on every page), where these have their only words (\"Author\", \"<company logo>\")"},
	{"template presnt/Freshes.otp", "ours: chart axis labels (years, values) are not read; the PDF has them"},
	{"template presnt/", "a slide template of a few words: tw names each slide (\"Slide 1\"); LibreOffice's PDF leaves out empty placeholders and adds the date and slide number fields"},
	{"texlive-doc/latex/amsmath/subeqn.tex", "math throughout: tw reads each formula as words (\"x squared\"), pandoc's text keeps its TeX"},
	{"texlive-doc/latex/amsmath/testmath.tex", "math throughout: tw reads each formula as words (\"x squared\"), pandoc's text keeps its TeX"},
	{"texlive-doc/latex/psnfss/test/mathtest.tex", "math throughout: tw reads each formula as words (\"x squared\"), pandoc's text keeps its TeX"},
	{"texlive-doc/latex/amsmath/technote.tex", "pandoc drops the argument of the document's own \\pkg and \\cn macros (\"amsmath\" 16 times); tw reads it"},
	{"texlive-doc/latex/l3kernel/l3syntax-changes.tex", "pandoc drops the argument of the document's own \\cs and \\pkg macros (function names); tw reads it"},
	{"texlive-doc/latex/psnfss/psnfss2e.tex", "pandoc writes out the raw LaTeX of the font tables it cannot read (lengths such as -2.5ex, shapes n, sl, sc): 0.87"},
	{"texlive-doc/latex/colortbl/colortbl-DE.tex", "a manual of coloured tables: pandoc writes out the raw LaTeX of the tables it cannot read and leaves out cells (\"eins\", \"drei\") tw reads"},
	{"texlive-doc/latex/psnfss/test/pitest.tex", "a test page of 200 words: tw keeps the pifont macros' arguments (\\Pisymbol{psy}{101}), pandoc drops them"},
}

// knownOutlier gives the reason a document's count may stray.
func knownOutlier(name string) (string, bool) {
	for _, k := range corpusKnown {
		if strings.HasPrefix(name, k.prefix) {
			return k.reason, true
		}
	}
	return "", false
}

// corpusDoc is one document of the corpus: the file tw loads, and how its
// reference word count is made.
type corpusDoc struct {
	name string // shown in the outlier table
	path string
	// ref is the reference tool: "pandoc", "pdftotext", "soffice-text"
	// (LibreOffice's text export of src), "soffice-csv" (its CSV export of
	// every sheet of src) or "soffice-pdf" (pdftotext of its PDF of src).
	ref string
	src string // the template a converted file was made from
	// refFiles is the pattern of LibreOffice's exports of src in the
	// cache.
	refFiles string
}

// sofficeRefs are LibreOffice's own exports of a kind of template: the
// reference tool, the cache folder, the conversion filter.
var sofficeRefs = map[string][3]string{
	".ott": {"soffice-text", "ref-txt", "txt:Text (encoded):UTF8"},
	".ots": {"soffice-csv", "ref-csv", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"},
	".otp": {"soffice-pdf", "ref-pdf", "pdf"},
}

// corpusCache is where converted files and reference counts are kept
// between runs: $TEXTFIRST_CORPUS_CACHE, else the user's cache folder.
func corpusCache(t *testing.T) string {
	dir := os.Getenv("TEXTFIRST_CORPUS_CACHE")
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		dir = filepath.Join(base, "textfirst", "corpus")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// sample keeps at most n of the sorted paths, evenly spread.
func sample(paths []string, n int) []string {
	sort.Strings(paths)
	if len(paths) <= n {
		return paths
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, paths[i*len(paths)/n])
	}
	return out
}

// globAll lists the files matching any of the patterns; a pattern matching
// nothing fails the test (its package is missing).
func globAll(t *testing.T, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		m, _ := filepath.Glob(p)
		if len(m) == 0 {
			t.Fatalf("no %s (scripts/deps-formats.sh and scripts/deps-pdf.sh install it)", p)
		}
		out = append(out, m...)
	}
	return out
}

// corpusDocs lists the corpus, converting LibreOffice's templates into
// the cache folder first when they are not there yet.
func corpusDocs(t *testing.T, cache string) []corpusDoc {
	var docs []corpusDoc
	add := func(ref string, paths []string) {
		for _, p := range paths {
			docs = append(docs, corpusDoc{name: strings.TrimPrefix(p, "/usr/share/doc/"), path: p, ref: ref})
		}
	}
	add("pandoc", sample(globAll(t, "/usr/share/doc/debian-handbook/html/en-US/*.html"), 70))
	add("pandoc", sample(globAll(t, "/usr/share/doc/debian-handbook/html/fr-FR/*.html"), 10))
	add("pandoc", sample(globAll(t, "/usr/share/doc/nodejs/api/*.html"), 20))
	add("pandoc", globAll(t, "/usr/share/doc/bash/*.html", "/usr/share/doc/bzip2/manual.html", "/usr/share/doc/libjs-underscore/index.html"))
	add("pandoc", globAll(t, "/usr/share/doc/live-manual/epub/*.epub", "/usr/share/doc/ubuntu-packaging-guide-epub/*.epub"))
	add("pdftotext", globAll(t, "/usr/share/doc/bash/*.pdf", "/usr/share/doc/libtasn1-doc/*.pdf",
		"/usr/share/doc/nettle-dev/*.pdf.gz", "/usr/share/doc/bzip2/*.pdf.gz", "/usr/share/doc/fontconfig/*.pdf.gz",
		"/usr/share/doc/live-manual/pdf/live-manual.portrait.*.a4.pdf.gz"))
	// LaTeX sources of the LaTeX team's guides and newsletters (those
	// pandoc's LaTeX reader takes: the others use short verbatim, |...|).
	latexDocs := "/usr/share/doc/texlive-doc/latex/"
	add("pandoc", globAll(t, latexDocs+"base/ltnews19.tex.gz", latexDocs+"base/ltnews2[0-24-8].tex.gz",
		latexDocs+"base/modguide.tex.gz", latexDocs+"base/cyrguide.tex.gz", latexDocs+"l3kernel/l3news0*.tex.gz",
		latexDocs+"l3kernel/l3syntax-changes.tex.gz", latexDocs+"l3kernel/l3prefixes.tex", latexDocs+"url/url.tex.gz",
		latexDocs+"amsmath/technote.tex.gz", latexDocs+"amsmath/subeqn.tex.gz", latexDocs+"amsmath/testmath.tex.gz",
		latexDocs+"psnfss/psnfss2e.tex.gz", latexDocs+"psnfss/test/*.tex*", latexDocs+"colortbl/colortbl-DE.tex.gz",
		latexDocs+"carlisle/ltx1.tex"))

	var templates []string
	err := filepath.WalkDir("/usr/lib/libreoffice/share/template/common", func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			switch filepath.Ext(p) {
			case ".ott", ".ots", ".otp":
				templates = append(templates, p)
			}
		}
		return nil
	})
	if err != nil || len(templates) == 0 {
		t.Fatalf("no LibreOffice templates (scripts/deps-formats.sh): %v", err)
	}
	sort.Strings(templates)
	conv := map[string][]string{} // target format → templates to convert
	for _, p := range templates {
		rel := strings.TrimPrefix(p, "/usr/lib/libreoffice/share/template/common/")
		stem := strings.ReplaceAll(strings.TrimSuffix(rel, filepath.Ext(rel)), "/", "_")
		targets := map[string][]string{".ott": {"docx", "odt"}, ".ots": {"xlsx"}, ".otp": {"pptx"}}[filepath.Ext(p)]
		ref := sofficeRefs[filepath.Ext(p)]
		refFiles := filepath.Join(cache, ref[1], stem+"."+ref[2][:3])
		if ref[0] == "soffice-csv" {
			refFiles = filepath.Join(cache, ref[1], stem+"-*.csv") // one file a sheet, named after it
		}
		if m, _ := filepath.Glob(refFiles); len(m) == 0 {
			conv[ref[1]+" "+ref[2]] = append(conv[ref[1]+" "+ref[2]], p)
		}
		for _, to := range targets {
			out := filepath.Join(cache, to, stem+"."+to)
			if _, err := os.Stat(out); err != nil {
				conv[to+" "+to] = append(conv[to+" "+to], p)
			}
			docs = append(docs, corpusDoc{name: "template " + rel + " → " + to, path: out, ref: ref[0], src: p, refFiles: refFiles})
		}
	}
	for job, srcs := range conv {
		dir, filter, _ := strings.Cut(job, " ")
		sofficeConvert(t, cache, dir, filter, srcs)
	}
	// A template LibreOffice cannot convert is not the loaders' concern.
	kept := docs[:0]
	for _, d := range docs {
		if _, err := os.Stat(d.path); err != nil {
			t.Logf("LibreOffice made no %s", d.path)
			continue
		}
		kept = append(kept, d)
	}
	return kept
}

// sofficeConvert converts files with LibreOffice headless into
// cache/dir, each named after its path under the template folder (several
// folders hold templates of one name), in one run with a private profile.
func sofficeConvert(t *testing.T, cache, dir, filter string, srcs []string) {
	t.Helper()
	stage := t.TempDir()
	for _, p := range srcs {
		rel := strings.TrimPrefix(p, "/usr/lib/libreoffice/share/template/common/")
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(stage, strings.ReplaceAll(rel, "/", "_")), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	staged, _ := filepath.Glob(filepath.Join(stage, "*"))
	args := append([]string{"-env:UserInstallation=file://" + filepath.Join(cache, "profile"), "--headless", "--norestore",
		"--convert-to", filter, "--outdir", filepath.Join(cache, dir)}, staged...)
	cmd := exec.Command("soffice", args...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+cache)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice --convert-to %s: %v\n%s", filter, err, out)
	}
}

// refCounts are the reference word counts kept in the cache, by tool,
// path, size and modification time.
type refCounts struct {
	mu   sync.Mutex
	path string
	m    map[string]int
}

func loadRefCounts(cache string) *refCounts {
	rc := &refCounts{path: filepath.Join(cache, "reference-counts.json"), m: map[string]int{}}
	if data, err := os.ReadFile(rc.path); err == nil {
		_ = json.Unmarshal(data, &rc.m)
	}
	return rc
}

func (rc *refCounts) save() error {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	data, err := json.MarshalIndent(rc.m, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(rc.path, data, 0o644)
}

// count gives the reference word count of a document, from the cache or
// by running its tool.
func (rc *refCounts) count(t *testing.T, d corpusDoc) int {
	src := d.path
	if d.src != "" {
		src = d.src
	}
	st, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("%s|%s|%d|%d", d.ref, src, st.Size(), st.ModTime().Unix())
	if strings.Contains(src, ".tex") {
		key += "|standalone"
	}
	rc.mu.Lock()
	n, ok := rc.m[key]
	rc.mu.Unlock()
	if ok {
		return n
	}
	var text string
	switch d.ref {
	case "pandoc":
		if strings.Contains(src, ".tex") {
			// Standalone, so that the title and authors are counted as
			// tw reads them.
			text = corpusTool(t, readMaybeGzipped(t, src), "pandoc", "-s", "-f", "latex", "-t", "plain", "--wrap=none")
		} else if strings.HasSuffix(src, ".epub") {
			text = corpusTool(t, epubChapters(t, src), "pandoc", "-f", "html", "-t", "plain", "--wrap=none")
		} else {
			text = corpusTool(t, nil, "pandoc", "-t", "plain", "--wrap=none", src)
		}
	case "pdftotext":
		data := readMaybeGzipped(t, src)
		text = corpusTool(t, data, "pdftotext", "-", "-")
	default:
		text = sofficeText(t, d)
	}
	n = corpusWords(text)
	rc.mu.Lock()
	rc.m[key] = n
	rc.mu.Unlock()
	return n
}

// sofficeText is LibreOffice's own text of a template: its text export, its
// CSV of every sheet, or the text of its PDF, made by corpusDocs.
func sofficeText(t *testing.T, d corpusDoc) string {
	made, _ := filepath.Glob(d.refFiles)
	if len(made) == 0 {
		t.Fatalf("LibreOffice exported nothing of %s", d.src)
	}
	var sb strings.Builder
	for _, p := range made {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		switch d.ref {
		case "soffice-csv":
			// The sheet's name, which tw reads as its heading, is in the
			// file's name only.
			sheet := strings.TrimSuffix(filepath.Base(p), ".csv")
			sb.WriteString(sheet[strings.LastIndex(sheet, "-")+1:] + "\n")
			rows, _ := csv.NewReader(bytes.NewReader(data)).ReadAll()
			for _, r := range rows {
				sb.WriteString(strings.Join(r, " ") + "\n")
			}
		case "soffice-pdf":
			sb.WriteString(corpusTool(t, data, "pdftotext", "-", "-"))
		default:
			sb.Write(data)
		}
	}
	return sb.String()
}

// epubChapters are the chapters of an EPUB's spine that are read in order
// (not linear="no", which ubuntu-packaging-guide gives its other
// languages), one after the other, for pandoc's HTML reader: pandoc 2.17
// refuses live-manual's EPUBs, whose manifest lists "file#fragment" items.
func epubChapters(t *testing.T, file string) []byte {
	z, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	read := func(name string) []byte {
		f, err := z.Open(name)
		if err != nil {
			return nil
		}
		defer f.Close()
		data, _ := io.ReadAll(f)
		return data
	}
	var container struct {
		Rootfile struct {
			Path string `xml:"full-path,attr"`
		} `xml:"rootfiles>rootfile"`
	}
	if err := xml.Unmarshal(read("META-INF/container.xml"), &container); err != nil {
		t.Fatal(err)
	}
	opfPath := container.Rootfile.Path
	var opf struct {
		Items []struct {
			ID   string `xml:"id,attr"`
			Href string `xml:"href,attr"`
		} `xml:"manifest>item"`
		Refs []struct {
			IDRef  string `xml:"idref,attr"`
			Linear string `xml:"linear,attr"`
		} `xml:"spine>itemref"`
	}
	if err := xml.Unmarshal(read(opfPath), &opf); err != nil {
		t.Fatal(err)
	}
	href := map[string]string{}
	for _, it := range opf.Items {
		href[it.ID] = it.Href
	}
	var out bytes.Buffer
	seen := map[string]bool{}
	for _, r := range opf.Refs {
		h, _, _ := strings.Cut(href[r.IDRef], "#")
		if h == "" || seen[h] || r.Linear == "no" {
			continue
		}
		seen[h] = true
		out.Write(read(path.Join(path.Dir(opfPath), h)))
	}
	return out.Bytes()
}

func readMaybeGzipped(t *testing.T, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return data
}

func corpusTool(t *testing.T, stdin []byte, name string, args ...string) string {
	cmd := exec.Command(name, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, errb.String())
	}
	return out.String()
}

// corpusWords counts the words of a text as both sides are compared: runs
// of non-space holding a letter or a digit (a dot leader, a table border
// or a bullet is no word).
func corpusWords(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}

// corpusRow is one document's result.
type corpusRow struct {
	name      string
	ours, ref int
}

func (r corpusRow) ratio() float64 {
	if r.ref == 0 {
		return 0
	}
	return float64(r.ours) / float64(r.ref)
}

// TestRealDocumentCorpus loads every document of the corpus with no error
// and with text, and compares its word count with the reference tool's:
// within corpusTolerance, or listed in corpusKnown with the reason. The
// outliers are printed and written to bench/tw/corpus-outliers.md.
func TestRealDocumentCorpus(t *testing.T) {
	cache := corpusCache(t)
	docs := corpusDocs(t, cache)
	if len(docs) < 200 {
		t.Errorf("the corpus has %d documents, want at least 200", len(docs))
	}
	refs := loadRefCounts(cache)
	var mu sync.Mutex
	var rows []corpusRow
	t.Run("docs", func(t *testing.T) {
		for _, d := range docs {
			t.Run(d.name, func(t *testing.T) {
				t.Parallel()
				got, err := Bytes(strings.TrimSuffix(d.path, ".gz"), readMaybeGzipped(t, d.path))
				if err != nil {
					t.Fatal(err)
				}
				ours := corpusWords(got.Text)
				ref := refs.count(t, d)
				if _, known := knownOutlier(d.name); ours == 0 && ref > 0 && !known {
					t.Errorf("no text; the reference has %d words", ref)
				}
				mu.Lock()
				rows = append(rows, corpusRow{d.name, ours, ref})
				mu.Unlock()
			})
		}
	})
	if err := refs.save(); err != nil {
		t.Error(err)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].name < rows[j].name })
	var table strings.Builder
	table.WriteString("| file | ours | reference | ratio | known |\n|---|---:|---:|---:|---|\n")
	outliers := 0
	for _, r := range rows {
		if r.ref > 0 && r.ratio() >= 1-corpusTolerance && r.ratio() <= 1+corpusTolerance || r.ref == 0 && r.ours == 0 {
			continue
		}
		outliers++
		reason, known := knownOutlier(r.name)
		fmt.Fprintf(&table, "| %s | %d | %d | %.3f | %s |\n", r.name, r.ours, r.ref, r.ratio(), reason)
		if !known {
			t.Errorf("%s: %d words, the reference %d (ratio %.3f)", r.name, r.ours, r.ref, r.ratio())
		}
	}
	t.Logf("%d documents, %d outside ±%.0f%% of the reference:\n%s", len(rows), outliers, corpusTolerance*100, table.String())
	report := fmt.Sprintf("# Real-document corpus: word counts beside the reference tools\n\n"+
		"Written by `go test ./internal/tw/load/ -run TestRealDocumentCorpus`: %d documents, the %d whose word\n"+
		"count is outside ±%.0f%% of the reference's (pandoc, pdftotext, LibreOffice's own export).\n\n%s",
		len(rows), outliers, corpusTolerance*100, table.String())
	if err := os.WriteFile(filepath.Join("..", "..", "..", "bench", "tw", "corpus-outliers.md"), []byte(report), 0o644); err != nil {
		t.Error(err)
	}
}
