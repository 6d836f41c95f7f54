package cli

import (
	"archive/zip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

func TestTextToAndConvert(t *testing.T) {
	dir := t.TempDir()
	md := testkit.WriteFile(t, filepath.Join(dir, "notes.md"), "# Notes\n\nSee [the site](https://example.org) & *this*.\n\n- a\n- b\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"text", md, "--to", "markdown"}, "# Notes\n\nSee [the site](https://example.org) \\& *this*.\n\n- a\n- b\n"},
		{[]string{"text", md, "--to", "html"}, "<main>\n<h1>Notes</h1>\n<p>See <a href=\"https://example.org\">the site</a> &amp; <em>this</em>.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</main>"},
		{[]string{"text", "-", "--to", "html"}, "<p>From stdin.</p>"},
		{[]string{"convert", md, "-", "--to", "text"}, "Notes\n\nSee the site & this.\n\na\nb\n"},
	} {
		code, out, errs := call(tc.args[0], "From stdin.", tc.args[1:]...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%q: exit %d %q, output:\n%s\nwant within it:\n%s", tc.args, code, errs, out, tc.want)
		}
	}
	for _, name := range []string{"n.html", "n.md", "n.txt", "n.json", "n.epub", "n.docx", "n.odt"} {
		out := filepath.Join(dir, name)
		if code, _, errs := call("convert", "", md, out); code != 0 {
			t.Fatalf("convert to %s: exit %d %q", name, code, errs)
		}
		if data, _ := os.ReadFile(out); len(data) == 0 {
			t.Errorf("%s is empty", name)
		}
	}
	if z, err := zip.OpenReader(filepath.Join(dir, "n.epub")); err != nil || z.File[0].Name != "mimetype" {
		t.Errorf("n.epub: %v", err)
	}
	// The DOCX and ODT read back as the source's text.
	for _, name := range []string{"n.docx", "n.odt"} {
		code, out, errs := call("text", "", filepath.Join(dir, name))
		if code != 0 || out != "Notes\n\nSee the site & this.\n\na\nb\n" {
			t.Errorf("tw text %s: exit %d %q\n%s", name, code, errs, out)
		}
	}
	// tw text --to docx -o writes the same file tw convert writes.
	viaText := filepath.Join(dir, "t.docx")
	if code, _, errs := call("text", "", md, "--to", "docx", "-o", viaText); code != 0 {
		t.Errorf("text --to docx: exit %d %q", code, errs)
	}
	a, _ := os.ReadFile(viaText)
	b, _ := os.ReadFile(filepath.Join(dir, "n.docx"))
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("tw text --to docx -o wrote %d bytes, tw convert %d", len(a), len(b))
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{md}, 2, "Error: tw convert: give the document to read and the file to write."},
		{[]string{md, "x.doc"}, 2, "Error: tw convert: cannot tell the format of x.doc: name it .txt, .md, .html, .json, .epub, .docx, .odt, .pdf or .brf, or give --to."},
		{[]string{md, "x.md", "--to", "rtf"}, 2, `Error: tw convert: cannot convert to "rtf".`},
		{[]string{filepath.Join(dir, "none.md"), "x.md"}, 1, "Error: tw convert: cannot read " + filepath.Join(dir, "none.md") + ": no such file."},
		{[]string{md, filepath.Join(dir, "no", "x.md")}, 1, "Error: tw convert: cannot write " + filepath.Join(dir, "no", "x.md")},
	} {
		code, _, errs := call("convert", "", tc.args...)
		if code != tc.code || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("%q: exit %d, %q", tc.args, code, errs)
		}
	}
}

// An image beside the document that links out of its folder is left out
// of the export, which goes on and says which image and why, in the
// interface language.
func TestConvertTellsOfImagesLeftOut(t *testing.T) {
	dir := t.TempDir()
	md := testkit.WriteFile(t, filepath.Join(dir, "notes.md"), "# Notes\n\n![key](key.png)\n")
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "key.png")); err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		lang, want string
	}{
		{"en", "tw convert: Left out the image key.png: it lies outside the document's folder.\n"},
		{"fr", "tw convert : Image key.png laissée de côté : elle se trouve hors du dossier du document.\n"},
	} {
		out := filepath.Join(dir, tc.lang+".epub")
		home := SettingsHome(t, "[display]\nlanguage = \""+tc.lang+"\"\n")
		var stderr strings.Builder
		code := Main([]string{"convert", md, out}, Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr,
			Getenv: func(k string) string { return map[string]string{"TEXTWEAVER_HOME": home}[k] }})
		errs := stderr.String()
		if code != 0 || errs != tc.want {
			t.Errorf("%s: exit %d, stderr %q; want %q", tc.lang, code, errs, tc.want)
		}
		if data, _ := os.ReadFile(out); len(data) == 0 {
			t.Errorf("%s: no EPUB written", tc.lang)
		}
	}
}
