package load

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// manyChapterEPUB is an EPUB of n chapters, each in the spine and the nav.
func manyChapterEPUB(t testing.TB, n int) []byte {
	var manifest, spine, nav strings.Builder
	m := map[string]string{
		"mimetype":               "application/epub+zip",
		"META-INF/container.xml": `<container><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
	}
	for i := range n {
		fmt.Fprintf(&manifest, `<item id="c%d" href="c%d.xhtml" media-type="application/xhtml+xml"/>`, i, i)
		fmt.Fprintf(&spine, `<itemref idref="c%d"/>`, i)
		fmt.Fprintf(&nav, `<li><a href="c%d.xhtml">Chapter %d</a></li>`, i, i)
		m[fmt.Sprintf("OPS/c%d.xhtml", i)] = fmt.Sprintf(`<html><body><h1>Chapter %d</h1><p>Text of chapter %d.</p></body></html>`, i, i)
	}
	m["OPS/nav.xhtml"] = `<html><body><nav epub:type="toc"><ol>` + nav.String() + `</ol></nav></body></html>`
	m["OPS/book.opf"] = `<package><metadata><dc:title>Many</dc:title></metadata><manifest><item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>` +
		manifest.String() + `</manifest><spine>` + spine.String() + `</spine></package>`
	return zipOf(t, m)
}

// nestedDOCX is a DOCX whose body nests tables depth deep, with list
// paragraphs at every level Word has (ilvl 0–8) in each cell.
func nestedDOCX(t testing.TB, depth int) []byte {
	sample := zipMembers(t, conformanceFile(t, "sample.docx"))
	var body strings.Builder
	for i := range depth {
		fmt.Fprintf(&body, `<w:tbl><w:tr><w:tc><w:p><w:pPr><w:numPr><w:ilvl w:val="%d"/><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t>level %d</w:t></w:r></w:p>`, i%9, i)
	}
	for range depth {
		body.WriteString(`</w:tc></w:tr></w:tbl>`)
	}
	for i := range depth {
		fmt.Fprintf(&body, `<w:p><w:pPr><w:numPr><w:ilvl w:val="%d"/><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t>item %d</w:t></w:r></w:p>`, i%100, i)
	}
	sample["word/document.xml"] = `<w:document xmlns:w="w"><w:body>` + body.String() + `</w:body></w:document>`
	return zipOf(t, sample)
}

// bigCSV is about size bytes of CSV, ten columns.
func bigCSV(size int) []byte {
	var sb strings.Builder
	sb.Grow(size + 200)
	sb.WriteString("id,name,city,score,a,b,c,d,e,note\n")
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, "%d,Name %d,\"City, %d\",%d.5,x,y,z,w,v,\"a \"\"quoted\"\" note\"\n", i, i, i%100, i%1000)
	}
	return []byte(sb.String())
}

func TestPathologicalInputs(t *testing.T) {
	cases := []struct {
		name  string
		path  string
		data  func(testing.TB) []byte
		check func(t *testing.T, text string, markers int)
	}{
		{"epub with 10,000 chapters", "many.epub", func(t testing.TB) []byte { return manyChapterEPUB(t, 10000) }, func(t *testing.T, text string, markers int) {
			if !strings.HasSuffix(text, "Chapter 9999\n\nText of chapter 9999.") || markers < 30000 {
				t.Errorf("end %q, %d markers", text[max(0, len(text)-40):], markers)
			}
		}},
		{"docx with 100-level nesting", "nested.docx", func(t testing.TB) []byte { return nestedDOCX(t, 100) }, func(t *testing.T, text string, _ int) {
			if !strings.Contains(text, "level 99") || !strings.HasSuffix(text, "item 99") {
				t.Errorf("text %q", text[max(0, len(text)-60):])
			}
		}},
		{"50 MB csv", "big.csv", func(testing.TB) []byte { return bigCSV(50 << 20) }, func(t *testing.T, text string, markers int) {
			if !strings.HasSuffix(text, "more rows not shown.)") || markers > maxTableCells+maxTableCells/5 {
				t.Errorf("end %q, %d markers", text[max(0, len(text)-40):], markers)
			}
		}},
		{"rtf nested 100,000 groups", "deep.rtf", func(testing.TB) []byte {
			return []byte(`{\rtf1 ` + strings.Repeat(`{\b `, 100000) + "x" + strings.Repeat("}", 100000) + "}")
		}, func(t *testing.T, text string, _ int) {
			if text != "x" {
				t.Errorf("text %q", text)
			}
		}},
		{"json nested 100,000 arrays", "deep.json", func(testing.TB) []byte {
			return []byte(strings.Repeat("[", 100000) + "1" + strings.Repeat("]", 100000))
		}, func(t *testing.T, text string, _ int) {}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data(t)
			start := time.Now()
			d, err := Bytes(tc.path, data)
			el := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, d)
			tc.check(t, d.Text, d.NumMarkers())
			t.Logf("%d bytes loaded in %v: %d characters, %d markers", len(data), el.Round(time.Millisecond), d.Len(), d.NumMarkers())
			// The original's rule: pathological inputs finish under 10 s
			// (here on a machine shared with other work).
			if el > 10*time.Second {
				t.Errorf("took %v", el)
			}
		})
	}
}

// TestTruncatedDocuments: every format cut short loads what it can or is
// refused with a *load.Error; it never panics or hangs.
func TestTruncatedDocuments(t *testing.T) {
	files := map[string][]byte{
		"a.epub": conformanceFile(t, "pandoc.epub"),
		"a.docx": conformanceFile(t, "pandoc.docx"),
		"a.rtf":  []byte(`{\rtf1\ansi{\fonttbl{\f0 Arial;}}{\b bold}\trowd\intbl a\cell\row{\field{\*\fldinst HYPERLINK "x"}{\fldrslt y}}\u8364?{\*\footnote n}\par}`),
		"a.tex":  []byte("\\begin{document}\\section{A}\\begin{itemize}\\item x\\end{itemize}\\begin{tabular}{l}a\\\\\\end{tabular}\\end{document}"),
		"a.json": []byte(`{"a":[1,2,{"b":null}]}`),
		"a.xlsx": nil,
	}
	for name, data := range files {
		for _, cut := range []int{len(data) / 3, len(data) / 2, len(data) - 1} {
			if cut < 0 {
				continue
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				d, err := Bytes(name, data[:cut])
				if err != nil {
					var le *Error
					if !errors.As(err, &le) {
						t.Errorf("%s cut at %d: %T %v", name, cut, err, err)
					}
					return
				}
				checkInvariants(t, d)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s cut at %d: still loading after 10 s", name, cut)
			}
		}
	}
}
