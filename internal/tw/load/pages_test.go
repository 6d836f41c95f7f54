package load

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWrittenPageBreaksArePages: the page breaks a word processor writes
// (ODT fo:break-before="page" on a paragraph or table style and
// text:soft-page-break, DOCX w:br w:type="page", w:pageBreakBefore and
// w:lastRenderedPageBreak) make the document's pages: LibreOffice's own
// idxexample.odt and agenda template (a table style breaks its page), and
// the DOCX LibreOffice writes of each, have the pages of the PDF
// LibreOffice lays out of it, each starting with the word its PDF page
// starts with. A page without text (idxexample's first, where an index
// would be generated) is no page of ours: a page is never empty.
func TestWrittenPageBreaksArePages(t *testing.T) {
	for _, src := range []string{
		"/usr/lib/libreoffice/share/template/common/internal/idxexample.odt",
		"/usr/lib/libreoffice/share/template/common/wizard/agenda/2elegant.ott",
	} {
		stem := strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))
		t.Run(stem, func(t *testing.T) {
			dir := t.TempDir()
			for _, to := range []string{"docx", "pdf"} {
				cmd := exec.Command("soffice", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--headless", "--norestore",
					"--convert-to", to, "--outdir", dir, src)
				cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+dir)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("soffice (scripts/deps-formats.sh): %v\n%s", err, out)
				}
			}
			want := pdfPageStarts(t, filepath.Join(dir, stem+".pdf"))
			for _, path := range []string{src, filepath.Join(dir, stem+".docx")} {
				d, err := File(path)
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, d)
				var got []string
				for _, p := range d.Pages() {
					w := firstWord(d.Slice(p.Start, p.End))
					if w == "" {
						t.Errorf("%s: page %s is empty", path, p.Label)
						continue
					}
					got = append(got, w)
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: pages start with %q; LibreOffice's PDF pages with %q", filepath.Base(path), got, want)
				}
			}
		})
	}
}

// firstWord is the first run of non-space holding a letter or a digit
// (not a cell separator), or "".
func firstWord(s string) string {
	for _, f := range strings.Fields(s) {
		if corpusWords(f) > 0 {
			return f
		}
	}
	return ""
}

// pdfPageStarts is the first word of each page of a PDF that has text, as
// pdftotext reads it.
func pdfPageStarts(t *testing.T, pdf string) []string {
	var want []string
	for _, l := range strings.Split(corpusTool(t, nil, "pdfinfo", pdf), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "Pages:" {
			n, _ := strconv.Atoi(f[1])
			for i := 1; i <= n; i++ {
				if w := firstWord(corpusTool(t, nil, "pdftotext", "-f", strconv.Itoa(i), "-l", strconv.Itoa(i), pdf, "-")); w != "" {
					want = append(want, w)
				}
			}
		}
	}
	if len(want) < 2 {
		t.Fatalf("LibreOffice's PDF has %d pages with text", len(want))
	}
	return want
}
