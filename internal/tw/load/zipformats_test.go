package load

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// zipOf builds a ZIP archive of the given members (sorted by name, but
// "mimetype" first, stored, as EPUB wants).
func zipOf(t testing.TB, members map[string]string) []byte {
	t.Helper()
	return zipWith(t, members, zip.Deflate)
}

// zipWith is zipOf with a compression method for all members but
// "mimetype" (zip.Store makes fuzzing fast).
func zipWith(t testing.TB, members map[string]string, compression uint16) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := make([]string, 0, len(members))
	for n := range members {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if names[i] == "mimetype" || names[j] == "mimetype" {
			return names[i] == "mimetype"
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		method := compression
		if n == "mimetype" {
			method = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(members[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// tarOf builds a tar archive of the given members in name order.
func tarOf(t testing.TB, members map[string]string) []byte {
	t.Helper()
	names := make([]string, 0, len(members))
	for n := range members {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(members[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(members[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipMembers reads every member of a ZIP file into a map.
func zipMembers(t testing.TB, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := b.ReadFrom(rc); err != nil {
			t.Fatal(err)
		}
		rc.Close()
		out[f.Name] = b.String()
	}
	return out
}

func conformanceFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(conformanceDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// minimalEPUB is a one-chapter EPUB 3 around body (the chapter's <body>
// content), with extra members added.
func minimalEPUB(t testing.TB, body string, extra map[string]string) []byte {
	m := map[string]string{
		"mimetype":               "application/epub+zip",
		"META-INF/container.xml": `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
		"OPS/book.opf": `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title></metadata>` +
			`<manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>`,
		"OPS/c.xhtml": `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>` + body + `</body></html>`,
	}
	for k, v := range extra {
		m[k] = v
	}
	return zipWith(t, m, zip.Store)
}

func loadErrReason(t *testing.T, path string, data []byte) string {
	t.Helper()
	d, err := Bytes(path, data)
	if err == nil {
		t.Fatalf("%s loaded (%d characters), want an error", path, d.Len())
	}
	var le *Error
	if !errors.As(err, &le) {
		t.Fatalf("%s: error %T %v is not a *load.Error", path, err, err)
	}
	if le.Path != path {
		t.Errorf("error path %q, want %q", le.Path, path)
	}
	return le.Reason
}

func TestZipDocumentsRefusedClearly(t *testing.T) {
	epub := conformanceFile(t, "sample.epub")
	docx := conformanceFile(t, "sample.docx")
	drm := minimalEPUB(t, "<p>secret</p>", map[string]string{
		"META-INF/encryption.xml": `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OPS/c.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`,
	})
	var bomb bytes.Buffer
	{
		zw := zip.NewWriter(&bomb)
		w, _ := zw.Create("word/document.xml")
		zeros := make([]byte, 1<<20)
		for range 40 {
			w.Write(zeros)
		}
		zw.Close()
	}
	cases := []struct {
		name, path string
		data       []byte
		reason     string // prefix
	}{
		{"truncated epub", "a.epub", epub[:len(epub)/2], reasonCorrupt},
		{"truncated docx", "a.docx", docx[:len(docx)-30], reasonCorrupt},
		{"empty docx", "a.docx", nil, reasonCorrupt},
		{"text named epub", "a.epub", []byte("just text"), reasonCorrupt},
		{"docx without document.xml", "a.docx", zipOf(t, map[string]string{"x": "y"}), reasonCorrupt},
		{"epub without container", "a.epub", zipOf(t, map[string]string{"mimetype": "application/epub+zip"}), reasonCorrupt},
		{"drm epub", "a.epub", drm, reasonEncrypted},
		{"zip bomb", "a.docx", bomb.Bytes(), reasonZipBomb},
		{"encrypted office file", "a.docx", zipOf(t, map[string]string{"EncryptionInfo": "x", "EncryptedPackage": "y"}), reasonEncrypted},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if r := loadErrReason(t, tc.path, tc.data); !strings.HasPrefix(r, tc.reason) {
				t.Errorf("reason %q, want it to start with %q", r, tc.reason)
			}
		})
	}
}

func TestEPUBFontObfuscationIsNotDRM(t *testing.T) {
	data := minimalEPUB(t, "<p>open</p>", map[string]string{
		"META-INF/encryption.xml": `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/><enc:CipherData><enc:CipherReference URI="OPS/fonts/a.otf"/></enc:CipherData></enc:EncryptedData></encryption>`,
	})
	d, err := Bytes("a.epub", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != "open" || d.Meta.Title != "T" {
		t.Errorf("got %q title %q", d.Text, d.Meta.Title)
	}
}

func TestZipFormatsSkipBinaryCheck(t *testing.T) {
	for _, name := range []string{"sample.epub", "sample.docx"} {
		d, err := Bytes(name, conformanceFile(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d.Meta.Format != strings.TrimPrefix(filepath.Ext(name), ".") {
			t.Errorf("%s: format %q", name, d.Meta.Format)
		}
	}
}

func TestEPUBInBookLinks(t *testing.T) {
	data := minimalEPUB(t, `<p><a href="#s2">to two</a> and <a href="c.xhtml#s3">to three</a>, <a href="http://x.org/#s2">out</a></p>`+
		`<h2 id="s2">Two</h2><p>x</p><section id="s3"><h2>Three</h2></section>`, nil)
	d, err := Bytes("a.epub", data)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"to two": "Two", "to three": "Three"}
	links := d.MarkersOf("link")
	if len(links) != 3 {
		t.Fatalf("links %v", markerLines(d))
	}
	for _, l := range links {
		label := d.Slice(l.Start, l.End)
		pos, ok := d.LinkTarget(l)
		if w, inBook := want[label]; inBook {
			if !ok || !strings.HasPrefix(d.Text[d.Byte(pos):], w) {
				t.Errorf("link %q leads to %d (%v), want %q", label, pos, ok, w)
			}
		} else if ok {
			t.Errorf("outside link %q has an in-book target", label)
		}
	}
}

func TestDataFormats(t *testing.T) {
	runLoaderCases(t, []loaderCase{
		{name: "csv", path: "a.csv", in: "name,age\n\"Ada, L\",36\n\nBob,\"x\"\"y\"\n", text: "name | age\nAda, L | 36\nBob | x\"y",
			markers: []string{`table 0-32 "name | age\nAda, L | 36\nBob | x\"y"`, `table_row 0-10 label="header" "name | age"`, `table_cell 0-4 "name"`, `table_cell 7-10 "age"`,
				`table_row 11-22 "Ada, L | 36"`, `table_cell 11-17 "Ada, L"`, `table_cell 20-22 "36"`, `table_row 23-32 "Bob | x\"y"`, `table_cell 23-26 "Bob"`, `table_cell 29-32 "x\"y"`}},
		{name: "json outline", path: "a.json", in: `{"name":"x","n":2,"tags":["a","b"],"owner":{"id":1}}`, text: "name: x\nn: 2\n\ntags\n\na\nb\n\nowner\n\nid: 1"},
		{name: "invalid json is text", path: "a.json", in: `{"a":`, text: `{"a":`},
	}, Bytes)
}

func TestXLSX(t *testing.T) {
	data := zipOf(t, map[string]string{
		"xl/workbook.xml":            `<workbook xmlns:r="r"><sheets><sheet name="Hours" sheetId="1" r:id="rId1"/><sheet name="Hidden" sheetId="2" r:id="rId2" state="hidden"/></sheets></workbook>`,
		"xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/></Relationships>`,
		"xl/sharedStrings.xml":       `<sst><si><t>Day</t></si><si><t>Hours</t></si><si><r><t>Mon</t></r><r><t>day</t></r></si></sst>`,
		"xl/worksheets/sheet1.xml":   `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="C2"><v>8.5</v></c><c r="D2" t="b"><v>1</v></c></row><row r="3"/></sheetData></worksheet>`,
		"xl/worksheets/sheet2.xml":   `<worksheet><sheetData><row><c t="inlineStr"><is><t>secret</t></is></c></row></sheetData></worksheet>`,
		"docProps/core.xml":          `<cp:coreProperties xmlns:dc="dc" xmlns:cp="cp"><dc:title>Rota</dc:title></cp:coreProperties>`,
	})
	d, err := Bytes("a.xlsx", data)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Hours\n\nDay | Hours\nMonday |  | 8.5 | TRUE"; d.Text != want || d.Meta.Title != "Rota" {
		t.Errorf("got %q title %q, want %q", d.Text, d.Meta.Title, want)
	}
}

func TestEML(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "formats", "trail.eml"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Bytes("trail.eml", data)
	if err != nil {
		t.Fatal(err)
	}
	want := "From: Adá <ada@example.org>\nTo: bob@example.org\nDate: Mon, 1 Dec 2026 10:00:00 +0000\nSubject: Trail report\n\n" +
		"Hello Bob,\n\nThe trail is open. Café too.\n\nAttachments\n\nmap.pdf (application/pdf, 9 bytes)"
	if d.Text != want || d.Meta.Title != "Trail report" || d.Meta.Author == nil || *d.Meta.Author != "Adá <ada@example.org>" {
		t.Errorf("got %q title %q", d.Text, d.Meta.Title)
	}
	checkInvariants(t, d)
}

func TestArchives(t *testing.T) {
	dir := t.TempDir()
	zipPath := filepath.Join(dir, "bundle.zip")
	if err := os.WriteFile(zipPath, zipOf(t, map[string]string{
		"docs/guide.md": "# Guide\n\nRead *me*.\n", "notes.txt": "plain\n", "img/a.png": "\x89PNG\x00", "book.docx": string(conformanceFile(t, "sample.docx")),
	}), 0o644); err != nil {
		t.Fatal(err)
	}
	tgzPath := filepath.Join(dir, "src.tar.gz")
	tgz := gzipped(t, tarOf(t, map[string]string{"./a/readme.md": "# Readme\n", "b.html": "<h1>B</h1>"}))
	if err := os.WriteFile(tgzPath, tgz, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, text, format string }{
		{zipPath + "!docs/guide.md", "Guide\n\nRead me.", "markdown"},
		{zipPath + "!notes.txt", "plain\n", "text"},
		{zipPath + "!book.docx", "", "docx"},
		{tgzPath + "!a/readme.md", "Readme", "markdown"},
		{tgzPath + "!b.html", "B", "html"},
		// Images are readable through OCR.
		{zipPath, "bundle.zip\n\nbook.docx (4 KB)\ndocs/guide.md (20 bytes)\nimg/a.png (5 bytes)\nnotes.txt (6 bytes)\n\n4 readable of 4 files.", "archive"},
		{tgzPath, "src.tar.gz\n\na/readme.md (9 bytes)\nb.html (10 bytes)\n\n2 readable of 2 files.", "archive"},
	}
	for _, tc := range cases {
		d, err := File(tc.path)
		if err != nil {
			t.Errorf("%s: %v", tc.path, err)
			continue
		}
		if tc.text != "" && d.Text != tc.text || d.Meta.Format != tc.format {
			t.Errorf("%s: %q (%s), want %q (%s)", tc.path, d.Text, d.Meta.Format, tc.text, tc.format)
		}
		checkInvariants(t, d)
	}
	for _, p := range []string{zipPath + "!missing.md", tgzPath + "!nope"} {
		_, err := File(p)
		var le *Error
		if !errors.As(err, &le) || le.Reason != ReasonNoMember || le.Path != p {
			t.Errorf("%s: %v", p, err)
		}
	}
	if _, err := File(filepath.Join(dir, "none.zip!a.md")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing archive: %v", err)
	}
}

func TestStdin(t *testing.T) {
	cases := []struct {
		in, format, text, docFormat string
	}{
		{"# T\n\nx\n", "markdown", "T\n\nx", "markdown"},
		{"# T\n", "", "# T\n", "text"},
		{"# T\n", ".md", "T", "markdown"},
		{"# T\n\n- a\n- b\n", "", "T\n\na\nb", "markdown"},
		{"# T\n\n- a\n", "plain", "# T\n\n- a\n", "text"},
		{"T\n", "gfm", "T", "markdown"},
		{"*T*\n", "markdown+smart-raw_html", "T", "markdown"},
		{"\\section{S}", "latex", "S", "latex"},
		{"<!DOCTYPE html><p>hi</p>", "", "hi", "html"},
		{`{\rtf1 hello}`, "", "hello", "rtf"},
		{string(conformanceFile(t, "sample.epub")), "", "", "epub"},
		{string(conformanceFile(t, "pandoc.docx")), "", "", "docx"},
	}
	for _, tc := range cases {
		d, err := stdinDocument(strings.NewReader(tc.in), 0, tc.format)
		if err != nil {
			t.Errorf("%q: %v", tc.format, err)
			continue
		}
		if tc.text != "" && d.Text != tc.text || d.Meta.Format != tc.docFormat || d.Meta.Path != "" {
			t.Errorf("%q %q: %q (%s)", tc.in[:min(len(tc.in), 20)], tc.format, d.Text, d.Meta.Format)
		}
	}
	if _, err := stdinDocument(strings.NewReader("abcdef"), 3, ""); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := stdinDocument(strings.NewReader("a\x00b"), 0, ""); err == nil || !strings.Contains(err.Error(), ReasonBinary) {
		t.Errorf("binary: %v", err)
	}
	d, _ := stdinDocument(strings.NewReader("plain"), 0, "")
	if d == nil || d.Meta.Title != "standard input" {
		t.Errorf("title: %+v", d)
	}
}

// Comments (DOCX comments, ODT annotations) are notes of their own: "[cN]"
// where the document anchors them, the text under a "Comments" heading
// after the footnotes, both under footnote markers labelled "comment" that
// share a reference (so follow_link goes from one to the other).
func TestCommentsAsNotes(t *testing.T) {
	docx := zipMembers(t, conformanceFile(t, "sample.docx"))
	docx["word/document.xml"] = `<w:document xmlns:w="w"><w:body><w:tbl><w:tr><w:tc><w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Checked text.</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Next.</w:t></w:r><w:r><w:commentReference w:id="5"/></w:r></w:p></w:tc></w:tr></w:tbl></w:body></w:document>`
	docx["word/comments.xml"] = `<w:comments xmlns:w="w"><w:comment w:id="0" w:author="Grace"><w:p><w:r><w:t>Is this right?</w:t></w:r></w:p></w:comment><w:comment w:id="5" w:author=""><w:p><w:r><w:t>Yes.</w:t></w:r></w:p></w:comment></w:comments>`
	odt := map[string]string{
		"mimetype":    "application/vnd.oasis.opendocument.text",
		"content.xml": `<office:document-content><office:body><office:text><table:table><table:table-row><table:table-cell><text:p><office:annotation office:name="a1"><dc:creator>Grace</dc:creator><dc:date>2026-01-01T00:00:00</dc:date><text:p>Is this right?</text:p></office:annotation>Checked text.<office:annotation-end office:name="a1"/><text:note><text:note-body><text:p>The footnote text lives here.</text:p></text:note-body></text:note></text:p></table:table-cell><table:table-cell><text:p>Next.<office:annotation><text:p>Yes.</text:p></office:annotation></text:p></table:table-cell></table:table-row></table:table></office:text></office:body></office:document-content>`,
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"c.docx", zipOf(t, docx), "Checked text.[c1][1] | Next.[c2]\n\nFootnotes\n\n[1] The footnote text lives here.\n\nComments\n\n[c1] Grace: Is this right?\n[c2] Yes."},
		{"c.odt", zipOf(t, odt), "Checked text.[c1][1] | Next.[c2]\n\nFootnotes\n\n[1] The footnote text lives here.\n\nComments\n\n[c1] Grace: Is this right?\n[c2] Yes."},
	}
	for _, tc := range cases {
		d := loadWithText(t, tc.name, tc.data, tc.want)
		if d == nil {
			continue
		}
		refs := map[string]int{}
		section := false
		for _, m := range d.All() {
			if m.Kind == doc.Footnote && m.Label == "comment" {
				refs[m.Reference]++
			}
			section = section || m.Kind == doc.Heading && m.Level == 2 && d.Slice(m.Start, m.End) == "Comments"
		}
		// c1 and c2: the reference in the text, the note, and the note's own reference.
		if refs["c1"] != 3 || refs["c2"] != 3 || len(refs) != 2 {
			t.Errorf("%s: comment markers by reference %v", tc.name, refs)
		}
		if !section {
			t.Errorf("%s: no level-2 Comments heading", tc.name)
		}
	}
}

// LibreOffice writes a text frame as mc:AlternateContent directly inside a
// run that has no w:rPr; the run must load, with the frame's text.
func TestDOCXAlternateContentInRunWithoutProperties(t *testing.T) {
	m := zipMembers(t, conformanceFile(t, "sample.docx"))
	m["word/document.xml"] = docxAlternateContentRun
	d, err := Bytes("lo.docx", zipOf(t, m))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Before. In the choice.\n\nIn the frame."; d.Text != want {
		t.Errorf("got %q\nwant %q", d.Text, want)
	}
}

// docxAlternateContentRun is the shape LibreOffice writes for a frame
// (idxexample.odt converted to DOCX), cut down.
const docxAlternateContentRun = `<w:document xmlns:w="w" xmlns:mc="mc" xmlns:wps="wps"><w:body><w:p><w:r><w:t xml:space="preserve">Before. </w:t></w:r><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:t>In the choice.</w:t><w:drawing><wps:txbx><w:txbxContent><w:p><w:r><w:t>In the frame.</w:t></w:r></w:p></w:txbxContent></wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict/></mc:Fallback></mc:AlternateContent></w:r></w:p></w:body></w:document>`

// A table row with no text reads as nothing (not a line of " | "), in
// DOCX and ODT alike; a table of such rows only is left out, and a first
// row left out does not make the next one a header.
func TestBlankTableRowsLeftOut(t *testing.T) {
	wordRow := func(cells ...string) string {
		var sb strings.Builder
		sb.WriteString("<w:tr>")
		for _, c := range cells {
			sb.WriteString("<w:tc><w:p><w:r><w:t>" + c + "</w:t></w:r></w:p></w:tc>")
		}
		return sb.String() + "</w:tr>"
	}
	odfRow := func(cells ...string) string {
		var sb strings.Builder
		sb.WriteString("<table:table-row>")
		for _, c := range cells {
			sb.WriteString("<table:table-cell><text:p>" + c + "</text:p></table:table-cell>")
		}
		return sb.String() + "</table:table-row>"
	}
	docx := func(rows ...string) []byte {
		m := zipMembers(t, conformanceFile(t, "sample.docx"))
		m["word/document.xml"] = `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Before.</w:t></w:r></w:p><w:tbl><w:tblPr><w:tblLook w:firstRow="1"/></w:tblPr>` + strings.Join(rows, "") + `</w:tbl><w:p><w:r><w:t>After.</w:t></w:r></w:p></w:body></w:document>`
		return zipOf(t, m)
	}
	odt := func(rows ...string) []byte {
		return zipOf(t, map[string]string{
			"mimetype":    "application/vnd.oasis.opendocument.text",
			"content.xml": `<office:document-content><office:body><office:text><text:p>Before.</text:p><table:table>` + strings.Join(rows, "") + `</table:table><text:p>After.</text:p></office:text></office:body></office:document-content>`,
		})
	}
	cases := []struct {
		name        string
		data        []byte
		text        string
		headerAfter bool
	}{
		{"mixed.docx", docx(wordRow("a", "b"), wordRow("", " "), wordRow("c", "d")), "Before.\n\na | b\nc | d\n\nAfter.", true},
		{"mixed.odt", odt(odfRow("a", "b"), odfRow("", " "), odfRow("c", "d")), "Before.\n\na | b\nc | d\n\nAfter.", false},
		{"blank.docx", docx(wordRow("", ""), wordRow(" ", "")), "Before.\n\nAfter.", false},
		{"blank.odt", odt(odfRow("", ""), odfRow("", "", "", "")), "Before.\n\nAfter.", false},
		{"first-blank.docx", docx(wordRow("", ""), wordRow("c", "d")), "Before.\n\nc | d\n\nAfter.", false},
	}
	for _, tc := range cases {
		d := loadWithText(t, tc.name, tc.data, tc.text)
		if d == nil {
			continue
		}
		headers := 0
		for _, m := range d.All() {
			if m.Kind == doc.TableRow && m.Label == doc.HeaderRow {
				headers++
			}
		}
		if want := map[bool]int{true: 1}[tc.headerAfter]; headers != want {
			t.Errorf("%s: %d header rows, want %d", tc.name, headers, want)
		}
	}
}

// loadWithText loads data as the file name and checks its text is want
// and its markers sound; it returns nil (the error reported) when the text
// differs.
func loadWithText(t *testing.T, name string, data []byte, want string) *doc.Document {
	t.Helper()
	d, err := Bytes(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if d.Text != want {
		t.Errorf("%s: got %q\nwant %q", name, d.Text, want)
		return nil
	}
	checkInvariants(t, d)
	return d
}

// Markdown is told from plain text by its structure: two kinds of it, or
// a fence or a Setext heading; a lone "# line" or a script is text.
func TestLooksLikeMarkdown(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{"# Title\n\nSome *text* here.\n", true},
		{"# Title\n\n- one\n- two\n", true},
		{"Title\n=====\n\nText.\n", true},
		{"Text.\n\n```go\nx := 1\n```\n", true},
		{"See [the site](https://example.org) and **this**.\n", true},
		{"1. first\n2. second\n\n> quoted\n", true},
		{"| a | b |\n|---|---|\n| 1 | 2 |\n\n- x\n", true},
		{"# T\n", false},
		{"#!/bin/sh\n# build\n- x\n**y**\n", false},
		{"Dear Ann,\n\nThe meeting is at 3 * 4 = 12 o'clock.\n\n-- Bob\n", false},
		{"# a comment\nfoo=1 # another\n", false},
		{"Just a line of text.\nAnd another - with a dash.\n", false},
		{"    - indented code\n    # not a heading\n", false},
		{"", false},
	}
	for _, tc := range cases {
		if got := looksLikeMarkdown([]byte(tc.in)); got != tc.want {
			t.Errorf("looksLikeMarkdown(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// Options.Format reads a file in the format given, whatever its name says
// (pandoc --from); a name no loader reads is not an input format.
func TestFormatOption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(path, []byte("# Notes\n\nSome *text*.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for format, want := range map[string]string{"": "text", "markdown": "markdown", "commonmark": "markdown", ".md": "markdown", "plain": "text", "html": "html"} {
		d, err := FileOptions(path, Options{Format: format})
		if err != nil {
			t.Fatalf("%q: %v", format, err)
		}
		if d.Meta.Format != want {
			t.Errorf("format %q: read as %s, want %s", format, d.Meta.Format, want)
		}
	}
	// A container format named so is read by its loader, not refused as
	// binary for a name that says nothing.
	dat := filepath.Join(t.TempDir(), "report.dat")
	if err := os.WriteFile(dat, docxWithText(t, "Quarterly report"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d, err := FileOptions(dat, Options{Format: "docx"}); err != nil || d.Meta.Format != "docx" || !strings.Contains(d.Text, "Quarterly report") {
		t.Errorf("--from docx on report.dat: %v, %v", d, err)
	}
	for _, bad := range []string{"nonsense", ".nope", "docbook"} {
		if ext, ok := InputExtension(bad); ok {
			t.Errorf("InputExtension(%q) = %q, true", bad, ext)
		}
	}
}
