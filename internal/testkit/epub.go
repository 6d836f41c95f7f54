package testkit

import (
	"path/filepath"
	"testing"
)

// PagedEPUBPages are the labels of the print pages of the book
// MakePagedEPUB makes, and the first words of each.
var PagedEPUBPages = [][2]string{
	{"xi", "The preface begins on page eleven."},
	{"xii", "It ends on page twelve."},
	{"1", "The Harbour"},
	{"2", "Boats leave at dusk."},
}

// MakePagedEPUB writes at path an EPUB of two chapters whose print pages
// (PagedEPUBPages) come from a page list: in an EPUB 3 navigation
// document (nav epub:type="page-list"), or, when ncx is true, in an
// EPUB 2 NCX (pageList). Page "1" is a whole chapter (a target without a
// fragment); the others are elements inside one.
func MakePagedEPUB(t testing.TB, path string, ncx bool) {
	t.Helper()
	xhtml := func(body string) string {
		return `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>c</title></head><body>` + body + `</body></html>`
	}
	targets := []string{"c1.xhtml#pxi", "c1.xhtml#pxii", "c2.xhtml", "c2.xhtml#p2"}
	files := map[string]string{
		"mimetype":               "application/epub+zip",
		"META-INF/container.xml": `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
		"OPS/c1.xhtml": xhtml(`<h1>Preface</h1><p><span epub:type="pagebreak" id="pxi" title="xi"/>The preface begins on page eleven.</p>` +
			`<p><span epub:type="pagebreak" id="pxii" title="xii"/>It ends on page twelve.</p>`),
		"OPS/c2.xhtml": xhtml(`<h1>The Harbour</h1><p>Boats come in at dawn.</p><div epub:type="pagebreak" id="p2" title="2"></div><p>Boats leave at dusk.</p>`),
	}
	manifest := `<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/>`
	spine := `<spine>`
	if ncx {
		manifest += `<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>`
		spine = `<spine toc="ncx">`
		list := ""
		for i, p := range PagedEPUBPages {
			list += `<pageTarget type="normal" value="` + p[0] + `" playOrder="` + p[0] + `"><navLabel><text>` + p[0] + `</text></navLabel><content src="` + targets[i] + `"/></pageTarget>`
		}
		files["OPS/toc.ncx"] = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>Paged</text></docTitle>` +
			`<navMap><navPoint id="n1"><navLabel><text>Preface</text></navLabel><content src="c1.xhtml"/></navPoint><navPoint id="n2"><navLabel><text>The Harbour</text></navLabel><content src="c2.xhtml"/></navPoint></navMap>` +
			`<pageList><navLabel><text>Pages</text></navLabel>` + list + `</pageList></ncx>`
	} else {
		manifest += `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`
		list := ""
		for i, p := range PagedEPUBPages {
			list += `<li><a href="` + targets[i] + `">` + p[0] + `</a></li>`
		}
		files["OPS/nav.xhtml"] = xhtml(`<nav epub:type="toc"><ol><li><a href="c1.xhtml">Preface</a></li><li><a href="c2.xhtml">The Harbour</a></li></ol></nav>` +
			`<nav epub:type="page-list" hidden=""><ol>` + list + `</ol></nav>`)
	}
	version := map[bool]string{true: "2.0", false: "3.0"}[ncx]
	files["OPS/book.opf"] = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="` + version + `"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Paged</dc:title><dc:language>en</dc:language></metadata>` +
		`<manifest>` + manifest + `</manifest>` + spine + `<itemref idref="c1"/><itemref idref="c2"/></spine></package>`
	dir := t.TempDir()
	WriteFiles(t, dir, files)
	ZipFolder(t, dir, path, "")
	if filepath.Ext(path) != ".epub" {
		t.Fatalf("MakePagedEPUB: %s is not named .epub", path)
	}
}
