package export_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

// readBack loads data, written in the format of extension ext, with our
// own loader.
func readBack(t testing.TB, ext string, data []byte) *doc.Document {
	t.Helper()
	back, err := load.Bytes("x."+strings.TrimPrefix(ext, "."), data)
	if err != nil {
		t.Fatalf("%s does not read back: %v", ext, err)
	}
	return back
}

var sources = []string{"rich.md", "page.html", "plain.txt", "meta.md"}

func loadFile(t *testing.T, name string) *doc.Document {
	t.Helper()
	d, err := load.File(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// outline is the headings: level and text.
func outline(d *doc.Document) string {
	var b strings.Builder
	for _, m := range d.MarkersOf(doc.Heading) {
		fmt.Fprintf(&b, "%d %s\n", m.Level, d.Slice(m.Start, m.End))
	}
	return b.String()
}

// Reading the Markdown and HTML we write gives the source's canonical text
// and outline back.
func TestRoundTrip(t *testing.T) {
	for _, src := range sources {
		d := loadFile(t, src)
		for _, tc := range []struct {
			ext   string
			write func(*doc.Document) []byte
		}{
			{"md", export.Markdown},
			{"html", export.HTML},
		} {
			t.Run(src+"."+tc.ext, func(t *testing.T) {
				data := tc.write(d)
				back := readBack(t, tc.ext, data)
				// Markdown and HTML keep no final line break.
				if back.Text != strings.TrimRight(d.Text, "\n") {
					t.Errorf("text differs:\n got %q\nwant %q\nfrom:\n%s", back.Text, d.Text, data)
				}
				if outline(back) != outline(d) {
					t.Errorf("outline %q, want %q", outline(back), outline(d))
				}
				// The links, images and tables stay.
				for _, k := range []doc.Kind{doc.Link, doc.Image, doc.Table, doc.ListItem, doc.Quote} {
					if got, want := len(back.MarkersOf(k)), len(d.MarkersOf(k)); got != want {
						t.Errorf("%d %s, want %d", got, k, want)
					}
				}
			})
		}
	}
}

// The HTML we write passes html-validate (npm; scripts/deps-export.sh
// installs it) with its recommended rules.
func TestHTMLValidates(t *testing.T) {
	t.Parallel() // waits on external tools (Java, LibreOffice, node): overlap them
	dir := t.TempDir()
	var files []string
	for _, src := range sources {
		path := filepath.Join(dir, src+".html")
		os.WriteFile(path, export.HTML(loadFile(t, src)), 0o644)
		files = append(files, path)
	}
	out, err := exec.Command("html-validate", files...).CombinedOutput()
	if err != nil {
		t.Errorf("html-validate: %v\n%s", err, out)
	}
}

// Empty cells, first or last in their row, stay in their row in every
// format: " | z | " reads back as " | z | ", not "z".
func TestEmptyCellsKept(t *testing.T) {
	d, err := load.Bytes("t.html", []byte("<p>x</p><table><tr><th>a</th><th>b</th><th>c</th></tr><tr><td></td><td>z</td><td></td></tr></table><p>y</p>"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Text, "\n | z | \n") {
		t.Fatalf("the source reads %q", d.Text)
	}
	for _, f := range []export.Format{export.FormatMarkdown, export.FormatHTML, export.FormatDOCX, export.FormatODT, export.FormatEPUB} {
		data, err := export.Write(d, f)
		if err != nil {
			t.Fatal(err)
		}
		back := readBack(t, f.Ext(), data)
		if back.Text != d.Text {
			t.Errorf("%s reads back as %q, want %q", f, back.Text, d.Text)
		}
	}
}
