package load

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
)

// fuzzZipDoc loads data as a whole file when it is a ZIP archive, else as
// the main XML part put into the sample's archive; any input must either
// load (with sound markers) or fail with a *load.Error.
func fuzzZipDoc(t *testing.T, path string, data []byte, wrap func([]byte) []byte) {
	if !bytes.HasPrefix(data, []byte("PK")) {
		data = wrap(data)
	}
	d, err := Bytes(path, data)
	if err != nil {
		var le *Error
		if !errors.As(err, &le) {
			t.Fatalf("error %T is not a *load.Error: %v", err, err)
		}
		return
	}
	checkFuzzed(t, d)
}

func FuzzEPUB(f *testing.F) {
	for _, name := range []string{"sample.epub", "pandoc.epub"} {
		data := conformanceFile(f, name)
		f.Add(data)
		for member, body := range zipMembers(f, data) {
			if len(member) > 6 && member[len(member)-6:] == ".xhtml" {
				f.Add([]byte(body))
			}
		}
	}
	for _, ncx := range []bool{false, true} {
		path := filepath.Join(f.TempDir(), "paged.epub")
		testkit.MakePagedEPUB(f, path, ncx)
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`<html><body><nav epub:type="toc"><ol><li><a href="c.xhtml#x">x</a></li></ol></nav><aside epub:type="footnote">n</aside><p id="x">a</p></body></html>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzZipDoc(t, "f.epub", data, func(b []byte) []byte {
			return minimalEPUB(t, string(b), map[string]string{"OPS/c.xhtml": string(b)})
		})
	})
}

func FuzzDOCX(f *testing.F) {
	sample := zipMembers(f, conformanceFile(f, "sample.docx"))
	for _, name := range []string{"sample.docx", "pandoc.docx"} {
		data := conformanceFile(f, name)
		f.Add(data)
		f.Add([]byte(zipMembers(f, data)["word/document.xml"]))
	}
	f.Add([]byte(`<w:document xmlns:w="w"><w:body><w:p><w:pPr><w:numPr><w:ilvl w:val="8"/><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t>x</w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:tbl><w:tr><w:tc><w:p><w:r><w:footnoteReference w:id="1"/></w:r></w:p></w:tc></w:tr></w:tbl></w:tc></w:tr></w:tbl></w:body></w:document>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzZipDoc(t, "f.docx", data, func(b []byte) []byte {
			m := map[string]string{}
			for k, v := range sample {
				m[k] = v
			}
			m["word/document.xml"] = string(b)
			return zipWith(t, m, zip.Store)
		})
	})
}

func FuzzODF(f *testing.F) {
	f.Add([]byte(`<office:document-content><office:body><office:text><text:h text:outline-level="2">H</text:h><text:list><text:list-item><text:p>a<text:note><text:note-body><text:p>n</text:p></text:note-body></text:note></text:p><text:list><text:list-item><text:p>b</text:p></text:list-item></text:list></text:list-item></text:list><table:table><table:table-header-rows><table:table-row><table:table-cell table:number-columns-repeated="3"><text:p>x</text:p></table:table-cell></table:table-row></table:table-header-rows></table:table></office:text></office:body></office:document-content>`))
	f.Add([]byte(`<document-content><body><presentation><draw:page><draw:frame presentation:class="title"><draw:text-box><text:p>T</text:p></draw:text-box></draw:frame><presentation:notes><draw:frame><draw:text-box><text:p>N</text:p></draw:text-box></draw:frame></presentation:notes></draw:page></presentation><spreadsheet><table:table table:name="S"><table:table-row table:number-rows-repeated="1000000"><table:table-cell><text:p>1</text:p></table:table-cell></table:table-row></table:table></spreadsheet></body></document-content>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzZipDoc(t, "f.odt", data, func(b []byte) []byte {
			return zipWith(t, map[string]string{"mimetype": "application/vnd.oasis.opendocument.text", "content.xml": string(b)}, zip.Store)
		})
	})
}

func FuzzXLSX(f *testing.F) {
	workbook := map[string]string{
		"xl/workbook.xml":            `<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		"xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`,
		"xl/sharedStrings.xml":       `<sst><si><t>Day</t></si><si><r><t>Mon</t></r><r><t>day</t></r></si></sst>`,
	}
	f.Add([]byte(`<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="C2"><v>8.5</v></c><c r="D2" t="b"><v>1</v></c><c t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzZipDoc(t, "f.xlsx", data, func(b []byte) []byte {
			m := map[string]string{"xl/worksheets/sheet1.xml": string(b)}
			for k, v := range workbook {
				m[k] = v
			}
			return zipWith(t, m, zip.Store)
		})
	})
}
