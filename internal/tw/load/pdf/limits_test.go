package pdf

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"textfirst/internal/testkit"
)

// flateObj is a stream object holding s compressed with FlateDecode.
func flateObj(extra, s string) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return fmt.Sprintf("<< /Length %d /Filter /FlateDecode %s >>\nstream\n%s\nendstream", b.Len(), extra, b.String())
}

// hostileCMap maps 16 ranges of 65,536 four-byte codes each to a text of
// 200 code points: a few KB compressed that would make 200 M characters.
func hostileCMap() string {
	var b strings.Builder
	b.WriteString("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange\n")
	long := strings.Repeat("0041", 200)
	for r := range 16 {
		fmt.Fprintf(&b, "1 beginbfrange <%04X0000> <%04XFFFF> <%s> endbfrange\n", r, r, long)
	}
	// One code to a text past what one code may map to, one ligature.
	fmt.Fprintf(&b, "2 beginbfchar <00100001> <%s> <00100002> <00660069> endbfchar\n", strings.Repeat("0042", maxMappedRunes+1))
	b.WriteString("endcmap CMapName currentdict /CMap defineresource pop end end\n")
	return b.String()
}

// hostileCMapPDF shows two two-byte codes in a Type0 font whose ToUnicode CMap is
// hostileCMap.
func hostileCMapPDF() []byte {
	return testkit.PDF([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		contentObj("BT /F1 12 Tf 72 500 Td <00000001> Tj ET"),
		"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X >>] /ToUnicode 6 0 R >>",
		flateObj("", hostileCMap()),
	}, "/Root 1 0 R")
}

func TestCMapLimits(t *testing.T) {
	uni := map[uint32]string{}
	parseCMap([]byte(hostileCMap()), uni)
	runes := 0
	for _, s := range uni {
		runes += utf8.RuneCountInString(s)
	}
	if runes > maxCMapRunes+maxMappedRunes {
		t.Errorf("the CMap maps to %d code points, more than the limit %d", runes, maxCMapRunes)
	}
	if _, ok := uni[0x00100001]; ok {
		t.Errorf("a mapping of %d code points was kept", maxMappedRunes+1)
	}
	if got := uni[0x00000001]; got != strings.Repeat("A", 199)+"B" {
		t.Errorf("code 1 maps to %q", got)
	}

	d, err := Load("cmap.pdf", hostileCMapPDF())
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(d.Text); n > 2*maxMappedRunes {
		t.Errorf("two codes gave %d code points", n)
	}
}

func TestCMapLigatureKept(t *testing.T) {
	uni := map[uint32]string{}
	parseCMap([]byte("1 beginbfchar <0003> <00660069> endbfchar 1 beginbfrange <0010> <0012> <D835DC00> endbfrange"), uni)
	want := map[uint32]string{3: "fi", 0x10: "\U0001D400", 0x11: "\U0001D401", 0x12: "\U0001D402"}
	for code, text := range want {
		if uni[code] != text {
			t.Errorf("code %#x maps to %q, want %q", code, uni[code], text)
		}
	}
}

// repeatedContentsPDF has one page whose /Contents lists one stream of n
// decoded bytes times times.
func repeatedContentsPDF(n, times int) []byte {
	refs := strings.TrimSpace(strings.Repeat("4 0 R ", times))
	return testkit.PDF([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents [" + refs + "] >>",
		flateObj("", "BT /F1 12 Tf 72 500 Td (Hi) Tj ET"+strings.Repeat(" ", n)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}, "/Root 1 0 R")
}

func TestRepeatedContentsRefused(t *testing.T) {
	// Each listing fits the limit of one stream; together they are past
	// it (a file of a few KB has the floor's, minStreamLimit).
	data := repeatedContentsPDF(minStreamLimit/2+1, 2)
	if streamLimit(len(data)) != minStreamLimit {
		t.Fatalf("a %d-byte file may decode %d bytes a stream, want the floor", len(data), streamLimit(len(data)))
	}
	_, err := Load("contents.pdf", data)
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "a page's contents decode to more than 32 MB") {
		t.Errorf("err = %v, want the page's contents refused", err)
	}
	// The same stream listed three times, small: shown three times (in
	// one place, so the layout interleaves the letters).
	d, err := Load("contents.pdf", repeatedContentsPDF(10, 3))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(d.Text, "H") != 3 || strings.Count(d.Text, "i") != 3 {
		t.Errorf("text = %q, want Hi three times", d.Text)
	}
}

// allocated is the number of bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// lexerCases are content streams of n units whose scanning was quadratic:
// an inline image whose data holds many "EI" not between white space, and
// a number followed by a run of junk that each try of the parse dropped
// one byte of.
var lexerCases = []struct {
	name    string
	content func(n int) string
}{
	{"inline image with EI in its data", func(n int) string {
		return "BI /W 1 /H 1 /BPC 8 /CS /G ID " + strings.Repeat("xEI", n) + " EI BT /F1 12 Tf 72 500 Td (Hi) Tj ET"
	}},
	{"number followed by junk", func(n int) string {
		return "BT /F1 12 Tf 72 500 Td " + strings.Repeat("1", n) + strings.Repeat("-", n) + " 0 Td (Hi) Tj ET"
	}},
	{"number too large", func(n int) string {
		return "BT /F1 12 Tf 72 500 Td " + strings.Repeat("9", 2*n) + " 0 Td (Hi) Tj ET"
	}},
}

func contentPDF(content string) []byte {
	return testkit.PDF([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		flateObj("", content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}, "/Root 1 0 R")
}

// TestLexerLinear: eight times the input costs about eight times the
// memory allocated, not sixty-four times (allocations, unlike time, do not
// depend on how busy the machine is).
func TestLexerLinear(t *testing.T) {
	for _, tc := range lexerCases {
		t.Run(tc.name, func(t *testing.T) {
			cost := func(n int) uint64 {
				data := contentPDF(tc.content(n))
				return allocated(func() {
					d, err := Load("lexer.pdf", data)
					if err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(d.Text, "Hi") {
						t.Errorf("text = %q, want Hi", d.Text)
					}
				})
			}
			small, large := cost(20000), cost(160000)
			if large > 16*small {
				t.Errorf("8x the input allocates %.1fx the memory (%d, then %d bytes)", float64(large)/float64(small), small, large)
			}
		})
	}
}
