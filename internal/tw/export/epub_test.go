package export_test

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

func unzip(t *testing.T, data []byte) (map[string][]byte, []string) {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	var order []string
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(r)
		order = append(order, f.Name)
	}
	if z.File[0].Name == "mimetype" && z.File[0].Method != zip.Store || len(z.File[0].Extra) != 0 {
		t.Error("mimetype is compressed or has an extra field")
	}
	return files, order
}

func wellFormed(t *testing.T, name string, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
	}
}

// The EPUB holds the text (its XHTML reads back as the source's canonical
// text and outline), a nav document of the headings, and passes epubcheck.
func TestEPUB(t *testing.T) {
	t.Parallel() // waits on external tools (Java, LibreOffice, node): overlap them
	for _, src := range sources {
		t.Run(src, func(t *testing.T) {
			d := loadFile(t, src)
			data, err := export.EPUB(d, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
			if err != nil {
				t.Fatal(err)
			}
			files, order := unzip(t, data)
			if order[0] != "mimetype" || string(files["mimetype"]) != "application/epub+zip" {
				t.Errorf("first entry %q %q", order[0], files["mimetype"])
			}
			for _, n := range []string{"META-INF/container.xml", "EPUB/package.opf", "EPUB/nav.xhtml", "EPUB/text.xhtml"} {
				wellFormed(t, n, files[n])
			}
			back, err := load.Bytes("text.html", files["EPUB/text.xhtml"])
			if err != nil {
				t.Fatal(err)
			}
			if back.Text != strings.TrimRight(d.Text, "\n") || outline(back) != outline(d) {
				t.Errorf("the XHTML reads as %q, outline %q; want %q, %q", back.Text, outline(back), d.Text, outline(d))
			}
			// The nav lists every heading, linked to its id.
			nav := string(files["EPUB/nav.xhtml"])
			for i, h := range strings.Split(strings.TrimSpace(outline(d)), "\n") {
				if h == "" {
					continue
				}
				_, text, _ := strings.Cut(h, " ")
				if !strings.Contains(nav, `<a href="text.xhtml#h-`+strconv.Itoa(i+1)+`">`+text+"</a>") || !strings.Contains(string(files["EPUB/text.xhtml"]), `id="h-`+strconv.Itoa(i+1)+`">`+text) {
					t.Errorf("nav lacks heading %d %q:\n%s", i+1, text, nav)
				}
			}
			opf := string(files["EPUB/package.opf"])
			if !strings.Contains(opf, "<dc:title>"+d.Meta.Title) || !strings.Contains(opf, `<meta property="dcterms:modified">2026-01-02T03:04:05Z</meta>`) {
				t.Errorf("package:\n%s", opf)
			}
			if src == "rich.md" && (files["EPUB/images/owl.png"] == nil || !strings.Contains(opf, `href="images/owl.png" media-type="image/png"`)) {
				t.Errorf("the image beside the document is not packed: %v", order)
			}
			if src != "rich.md" {
				return // epubcheck (Java) costs ~20 s of CPU a run: the richest book only
			}
			path := filepath.Join(t.TempDir(), "book.epub")
			os.WriteFile(path, data, 0o644)
			out, err := exec.Command("java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
				"-jar", "/usr/share/java/epubcheck.jar", path).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "0 fatals / 0 errors / 0 warnings") {
				t.Errorf("epubcheck (scripts/deps-export.sh installs it): %v\n%s", err, out)
			}
		})
	}
}
