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
// (ODT fo:break-before="page" and text:soft-page-break, DOCX
// w:br w:type="page", w:pageBreakBefore and w:lastRenderedPageBreak) make
// the document's pages: LibreOffice's own idxexample.odt, and the DOCX
// LibreOffice writes of it, have the pages of the PDF LibreOffice lays out
// of it, each starting with the words its PDF page starts with. A page
// without text (idxexample's first, where an index would be generated) is
// no page of ours: a page is never empty.
func TestWrittenPageBreaksArePages(t *testing.T) {
	const src = "/usr/lib/libreoffice/share/template/common/internal/idxexample.odt"
	dir := t.TempDir()
	for _, to := range []string{"docx", "pdf"} {
		cmd := exec.Command("soffice", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--headless", "--norestore",
			"--convert-to", to, "--outdir", dir, src)
		cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("soffice (scripts/deps-formats.sh): %v\n%s", err, out)
		}
	}
	pdf := filepath.Join(dir, "idxexample.pdf")
	info := corpusTool(t, nil, "pdfinfo", pdf)
	var want []string // each PDF page's first word
	for _, l := range strings.Split(info, "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "Pages:" {
			n, _ := strconv.Atoi(f[1])
			for i := 1; i <= n; i++ {
				words := strings.Fields(corpusTool(t, nil, "pdftotext", "-f", strconv.Itoa(i), "-l", strconv.Itoa(i), pdf, "-"))
				if len(words) > 0 {
					want = append(want, words[0])
				}
			}
		}
	}
	if len(want) < 2 {
		t.Fatalf("LibreOffice's PDF has %d pages", len(want))
	}
	for _, path := range []string{src, filepath.Join(dir, "idxexample.docx")} {
		t.Run(filepath.Ext(path), func(t *testing.T) {
			d, err := File(path)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, d)
			pages := d.Pages()
			var got []string
			for _, p := range pages {
				f := strings.Fields(d.Slice(p.Start, p.End))
				if len(f) == 0 {
					t.Errorf("page %s is empty", p.Label)
					continue
				}
				got = append(got, f[0])
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("pages start with %q; LibreOffice's PDF pages with %q", got, want)
			}
		})
	}
}
