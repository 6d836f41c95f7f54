package pdf

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// annotatedFodt is a LibreOffice flat document with an annotation (a
// comment) anchored after "dawn" in its second paragraph; LibreOffice
// exports it as a /Text annotation (a sticky note) beside the anchor.
const annotatedFodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>
<text:p>The first paragraph has nothing to say about the harbour at all.</text:p>
<text:p>The harbour opens at dawn<office:annotation><dc:creator>Ada Reviewer</dc:creator><dc:date>2026-03-01T10:30:00</dc:date><text:p>Check the opening hours.</text:p></office:annotation> and closes at dusk every day of the week.</text:p>
<text:p>A third paragraph ends the page.</text:p>
</office:text></office:body></office:document>`

// freeTextPDF is one page of two lines with a /FreeText annotation beside
// the second line and a /Text one with no contents (left out).
func freeTextPDF() []byte {
	return makePDF([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [6 0 R 7 0 R] >>",
		contentObj("BT /F1 12 Tf 72 700 Td (Tides follow the moon.) Tj 0 -40 Td (Boats wait for the tide.) Tj ET"),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		"<< /Type /Annot /Subtype /FreeText /Rect [300 655 400 675] /T (Grace) /Contents (Which tide?) >>",
		"<< /Type /Annot /Subtype /Text /Rect [300 700 320 720] /Contents () >>",
	}, "/Root 1 0 R")
}

// TestTextAnnotationsAreComments: a PDF's sticky notes (/Text) and
// free-text annotations are comments as in DOCX and ODT: "[cN]" after the
// text nearest the annotation on its page, the note's text under a
// "Comments" heading at the end, never inline, all under footnote markers
// labelled "comment" that share a reference.
func TestTextAnnotationsAreComments(t *testing.T) {
	cases := []struct {
		name   string
		load   func(t *testing.T) *doc.Document
		anchor string // the text the reference follows
		body   string // the text before the comments section
		notes  []string
	}{
		{"libreoffice", func(t *testing.T) *doc.Document { return loadFile(t, filepath.Join(officePDFs(t), "annotated.pdf")) },
			"dawn[c1]", "The harbour opens at dawn[c1] and closes", []string{"[c1] Ada Reviewer, 03/01/26: Check the opening hours."}},
		{"freetext", func(t *testing.T) *doc.Document {
			d, err := Load("f.pdf", freeTextPDF())
			if err != nil {
				t.Fatal(err)
			}
			return d
		}, "tide.[c1]", "Boats wait for the tide.[c1]", []string{"[c1] Grace: Which tide?"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.load(t)
			body, section, found := strings.Cut(d.Text, "\n\nComments\n\n")
			if !found {
				t.Fatalf("no comments section in %q", d.Text)
			}
			if !strings.Contains(body, tc.body) || strings.Count(body, "[c") != len(tc.notes) {
				t.Errorf("body %q, want %q in it and %d references", body, tc.body, len(tc.notes))
			}
			if got := strings.Split(section, "\n"); fmt.Sprint(got) != fmt.Sprint(tc.notes) {
				t.Errorf("comments %q, want %q", got, tc.notes)
			}
			refs := map[string]int{}
			heading := false
			for _, m := range d.All() {
				if m.Kind == doc.Footnote && m.Label == "comment" {
					refs[m.Reference]++
					if m.Level == 0 && d.Slice(m.Start, m.End) != "["+m.Reference+"]" {
						t.Errorf("reference marker over %q", d.Slice(m.Start, m.End))
					}
				}
				heading = heading || m.Kind == doc.Heading && m.Level == 2 && d.Slice(m.Start, m.End) == "Comments"
			}
			if !heading {
				t.Error("no level-2 Comments heading")
			}
			for i := range tc.notes {
				if r := fmt.Sprintf("c%d", i+1); refs[r] != 3 {
					t.Errorf("%s has %d markers, want 3 (reference, note, the note's reference): %v", r, refs[r], refs)
				}
			}
			if !strings.Contains(body, tc.anchor) {
				t.Errorf("the reference does not follow %q", tc.anchor)
			}
		})
	}
}
