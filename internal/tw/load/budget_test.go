package load

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// A paragraph of filler text, long enough that a few thousand copies of
// it pass the document budget.
var fillerText = strings.Repeat("All work and no play makes a dull reader. ", 3200) // 134,400 bytes

// repeatedNoteDOCX references one footnote refs times.
func repeatedNoteDOCX(t testing.TB, refs int) []byte {
	m := zipMembers(t, conformanceFile(t, "sample.docx"))
	m["word/document.xml"] = `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Body.</w:t></w:r>` +
		strings.Repeat(`<w:r><w:footnoteReference w:id="5"/></w:r>`, refs) + `</w:p></w:body></w:document>`
	m["word/footnotes.xml"] = `<w:footnotes xmlns:w="w"><w:footnote w:id="5"><w:p><w:r><w:t>` + fillerText + `</w:t></w:r></w:p></w:footnote></w:footnotes>`
	return zipOf(t, m)
}

// sharedStringXLSX shows one long shared string in each of cells cells.
func sharedStringXLSX(t testing.TB, cells int) []byte {
	var sheet strings.Builder
	for r := range cells / 10 {
		fmt.Fprintf(&sheet, `<row r="%d">`, r+1)
		sheet.WriteString(strings.Repeat(`<c t="s"><v>0</v></c>`, 10))
		sheet.WriteString(`</row>`)
	}
	return zipOf(t, map[string]string{
		"xl/workbook.xml":            `<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		"xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`,
		"xl/sharedStrings.xml":       `<sst><si><t>` + fillerText + `</t></si></sst>`,
		"xl/worksheets/sheet1.xml":   `<worksheet><sheetData>` + sheet.String() + `</sheetData></worksheet>`,
	})
}

// repeatedCellODS repeats one long cell 64 times in a row repeated 64
// times.
func repeatedCellODS(t testing.TB) []byte {
	return zipOf(t, map[string]string{
		"mimetype": "application/vnd.oasis.opendocument.spreadsheet",
		"content.xml": `<office:document-content><office:body><office:spreadsheet><table:table table:name="S">` +
			`<table:table-row table:number-rows-repeated="64"><table:table-cell table:number-columns-repeated="64"><text:p>` + fillerText +
			`</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>`,
	})
}

// repeatedSpineEPUB lists one long chapter times times in its spine.
func repeatedSpineEPUB(t testing.TB, times int) []byte {
	m := zipMembers(t, minimalEPUB(t, strings.Repeat("<p>"+fillerText+"</p>", 4), nil))
	m["OPS/book.opf"] = strings.Replace(m["OPS/book.opf"], `<itemref idref="c"/>`, strings.Repeat(`<itemref idref="c"/>`, times), 1)
	return zipOf(t, m)
}

// TestRepeatedPartsRead: a part used many times is read once where the
// format allows it, and refused with the budget's reason where it does not;
// either answer comes with bounded work.
func TestRepeatedPartsRead(t *testing.T) {
	cases := []struct {
		name, path string
		data       func(testing.TB) []byte
		reason     string // "" when the document loads
		check      func(t *testing.T, d *doc.Document)
	}{
		{"docx footnote referenced 2,000 times", "notes.docx", func(t testing.TB) []byte { return repeatedNoteDOCX(t, 2000) }, "", func(t *testing.T, d *doc.Document) {
			if n := strings.Count(d.Text, "dull reader"); n != 3200 {
				t.Errorf("the note's sentence is in the text %d times, want 3200 (the note once)", n)
			}
			if n := strings.Count(d.Text, "[1]"); n != 2001 {
				t.Errorf("%d references [1], want 2,000 and the note's label", n)
			}
		}},
		{"epub chapter listed 127 times in the spine", "spine.epub", func(t testing.TB) []byte { return repeatedSpineEPUB(t, 127) }, "", func(t *testing.T, d *doc.Document) {
			if n := strings.Count(d.Text, "dull reader"); n != 4*3200 {
				t.Errorf("the chapter's sentence is in the text %d times, want %d (the chapter once)", n, 4*3200)
			}
		}},
		{"xlsx shared string in 4,000 cells", "shared.xlsx", func(t testing.TB) []byte { return sharedStringXLSX(t, 4000) }, ReasonTextOutgrowsFile, nil},
		{"ods cell repeated 64 x 64", "repeat.ods", repeatedCellODS, ReasonTextOutgrowsFile, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data(t)
			if len(data) > 16<<10 {
				t.Fatalf("the hostile file is %d bytes, want a few KB", len(data))
			}
			var d *doc.Document
			var err error
			// Growing the text to the budget allocates about five times
			// the budget (a file of a few KB has the floor's); an
			// unbounded load allocates until it crashes.
			if n := allocated(func() { d, err = Bytes(tc.path, data) }); n > 8*minDocumentText {
				t.Errorf("loading allocated %d MB", n>>20)
			}
			if tc.reason != "" {
				var le *Error
				if !errors.As(err, &le) || le.Reason != tc.reason || le.Path != tc.path {
					t.Fatalf("err = %v, want %s: %s", err, tc.path, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, d)
		})
	}
}

// TestBuilderBudget: the builder refuses to grow past the document budget,
// with the reason the load gives.
func TestBuilderBudget(t *testing.T) {
	chunk := strings.Repeat("x", 1<<20)
	cases := []struct {
		name   string
		grow   func(b *builder)
		reason string
	}{
		{"text", func(b *builder) {
			for {
				b.literal(chunk)
			}
		}, ReasonTooMuchText},
		{"markers", func(b *builder) {
			for {
				b.point(doc.Marker{Kind: doc.Rule})
			}
		}, ReasonTooManyMarkers},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBuilder(0)
			d, err := safeLoad(func(string, []byte) (*doc.Document, error) {
				tc.grow(b)
				return nil, nil
			}, "big.x", nil)
			var le *Error
			if d != nil || !errors.As(err, &le) || le.Reason != tc.reason || le.Path != "big.x" {
				t.Fatalf("got %v, %v; want big.x: %s", d, err, tc.reason)
			}
			if b.text.Len() > maxDocumentText || len(b.markers) > maxDocumentMarkers {
				t.Errorf("the builder grew to %d bytes and %d markers", b.text.Len(), len(b.markers))
			}
		})
	}
}

// linearCases are inputs of n units that took time and memory quadratic in
// n: text split into n pieces in XML (every XML format reads its parts
// through parseXML) and in RTF's runs, list labels, bookmarks, title and
// author.
var linearCases = []struct {
	name, path string
	data       func(t testing.TB, n int) []byte
	want       string // in the text (or, for RTF's title and author, in them)
}{
	{"docx text split by comments", "x.docx", func(t testing.TB, n int) []byte { return docxWithText(t, strings.Repeat("a<!--c-->", n)) }, "aaaa"},
	{"docx text split by CDATA", "x.docx", func(t testing.TB, n int) []byte { return docxWithText(t, strings.Repeat("a<![CDATA[b]]>", n)) }, "abab"},
	{"docx text split by processing instructions", "x.docx", func(t testing.TB, n int) []byte { return docxWithText(t, strings.Repeat("a<?p?>", n)) }, "aaaa"},
	{"rtf run of many pieces", "x.rtf", func(_ testing.TB, n int) []byte {
		return []byte(`{\rtf1 ` + strings.Repeat(`a\b0 `, n) + `\par}`)
	}, "aaaa"},
	{"rtf list label of many pieces", "x.rtf", func(_ testing.TB, n int) []byte {
		return []byte(`{\rtf1 {\listtext ` + strings.Repeat(`a\b0 `, n) + `}item\par}`)
	}, "item"},
	{"rtf bookmark of many pieces", "x.rtf", func(_ testing.TB, n int) []byte {
		return []byte(`{\rtf1 {\*\bkmkstart ` + strings.Repeat(`a\b0 `, n) + `}text\par}`)
	}, "text"},
	{"rtf title and author of many pieces", "x.rtf", func(_ testing.TB, n int) []byte {
		return []byte(`{\rtf1 {\info{\title ` + strings.Repeat(`a\b0 `, n) + `}{\author ` + strings.Repeat(`b\b0 `, n) + `}}text\par}`)
	}, "aaaa bbbb"},
	{"daisy 2.02 book of many phrases and headings", "x.zip", daisy2OfPhrases, "p3999"},
	{"daisy 3 book of many phrases and navPoints", "x.zip", daisy3OfPhrases, "p3999"},
}

// docxWithText is the sample DOCX with one paragraph whose w:t holds text
// (raw XML).
func docxWithText(t testing.TB, text string) []byte {
	m := zipMembers(t, conformanceFile(t, "sample.docx"))
	m["word/document.xml"] = `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>` + text + `</w:t></w:r></w:p></w:body></w:document>`
	return zipOf(t, m)
}

// TestLinearWork: eight times the input allocates about eight times the
// memory, not sixty-four times (allocations, unlike time, do not depend on
// how busy the machine is).
func TestLinearWork(t *testing.T) {
	for _, tc := range linearCases {
		t.Run(tc.name, func(t *testing.T) {
			cost := func(n int) uint64 {
				data := tc.data(t, n)
				return allocated(func() {
					d, err := Bytes(tc.path, data)
					if err != nil {
						t.Fatal(err)
					}
					if got := d.Text + " " + d.Meta.Title + " " + testkit.Deref(d.Meta.Author); !strings.Contains(got, tc.want) {
						t.Errorf("text %q, title %q: want %q in them", d.Text[:min(len(d.Text), 40)], d.Meta.Title, tc.want)
					}
				})
			}
			small, large := cost(4000), cost(32000)
			if large > 16*small {
				t.Errorf("8x the input allocates %.1fx the memory (%d, then %d bytes)", float64(large)/float64(small), small, large)
			}
		})
	}
}

// TestBudgetFollowsInputSize: a small file may build the floor, a larger
// one a multiple of its size, and none more than the absolute budget; the
// reason says which was passed.
func TestBudgetFollowsInputSize(t *testing.T) {
	cases := []struct {
		size          int
		text, markers int
		textReason    string
	}{
		{0, minDocumentText, minDocumentMarkers, ReasonTextOutgrowsFile},
		{4 << 10, minDocumentText, minDocumentMarkers, ReasonTextOutgrowsFile},
		{1 << 20, 64 << 20, 1 << 20, ReasonTextOutgrowsFile},
		{3 << 20, 192 << 20, 3 << 20, ReasonTextOutgrowsFile},
		{4 << 20, maxDocumentText, maxDocumentMarkers, ReasonTooMuchText},
		{MaxSize, maxDocumentText, maxDocumentMarkers, ReasonTooMuchText},
	}
	for _, c := range cases {
		b := budgetFor(c.size)
		if b.text != c.text || b.markers != c.markers || b.textReason != c.textReason {
			t.Errorf("budgetFor(%d) = %d bytes, %d markers (%s), want %d, %d (%s)", c.size, b.text, b.markers, b.textReason, c.text, c.markers, c.textReason)
		}
		want := ReasonTooManyMarkers
		if b.markers < maxDocumentMarkers {
			want = ReasonMarkersOutgrowFile
		}
		if b.markersReason != want {
			t.Errorf("budgetFor(%d): markers reason %q, want %q", c.size, b.markersReason, want)
		}
	}
}
