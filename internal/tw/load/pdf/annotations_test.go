package pdf

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/testkit"
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
	return testkit.PDF([]string{
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

// notedQDF adds to page (from 1) of a PDF qpdf wrote in QDF form the
// annotations given (their dictionaries), as new objects; fix-qdf then
// writes their offsets.
func notedQDF(t *testing.T, qdf []byte, page int, annots ...string) []byte {
	t.Helper()
	re := regexp.MustCompile(`%% Page ` + strconv.Itoa(page) + `\n%% Original object ID: \d+ \d+\n\d+ 0 obj\n<<\n`)
	loc := re.FindIndex(qdf)
	size := regexp.MustCompile(`/Size (\d+)`).FindAllSubmatchIndex(qdf, -1)
	if loc == nil || len(size) == 0 {
		t.Fatalf("no page %d or no /Size in the QDF file", page)
	}
	last := size[len(size)-1]
	n, _ := strconv.Atoi(string(qdf[last[2]:last[3]]))
	var refs, objs []string
	for i, a := range annots {
		refs = append(refs, fmt.Sprintf("%d 0 R", n+i))
		objs = append(objs, fmt.Sprintf("%d 0 obj\n%s\nendobj\n\n", n+i, a))
	}
	xref := bytes.LastIndex(qdf, []byte("\nxref\n")) + 1
	var out bytes.Buffer
	out.Write(qdf[:loc[1]])
	fmt.Fprintf(&out, "  /Annots [%s]\n", strings.Join(refs, " "))
	out.Write(qdf[loc[1]:xref])
	out.WriteString(strings.Join(objs, ""))
	out.Write(qdf[xref:last[2]])
	out.WriteString(strconv.Itoa(n + len(annots)))
	out.Write(qdf[last[3]:])
	return out.Bytes()
}

// TestStickyNotesOnDebianManual: a sticky note and a free-text note added
// (with qpdf) to page 7 of Debian's bashref.pdf, where a running page
// number heads the page, change nothing of how the page reads but for
// their references: the running head stays left out, the heading stays
// the bookmark's, and each reference follows the word beside its note
// (the free text in the margin beside the heading, on the line at its
// height rather than the wider line nearer).
func TestStickyNotesOnDebianManual(t *testing.T) {
	src := readDebianPDF(t, "/usr/share/doc/bash/bashref.pdf")
	dir := t.TempDir()
	orig := filepath.Join(dir, "bashref.pdf")
	if err := os.WriteFile(orig, src, 0o644); err != nil {
		t.Fatal(err)
	}
	qdf, err := exec.Command("qpdf", "--qdf", "--object-streams=disable", orig, "-").Output()
	if err != nil {
		t.Fatalf("qpdf: %v (scripts/deps-pdf.sh installs it)", err)
	}
	noted := filepath.Join(dir, "noted.qdf")
	if err := os.WriteFile(noted, notedQDF(t, qdf, 7,
		"<< /Type /Annot /Subtype /Text /Rect [174 626 194 646] /T (Sam Student) /Contents (Which shell does Debian use for /bin/sh?) >>",
		"<< /Type /Annot /Subtype /FreeText /Rect [530 680 590 700] /Contents (Start here) /DA (/Helv 10 Tf 0 g) >>"), 0o644); err != nil {
		t.Fatal(err)
	}
	fixed, err := exec.Command("fix-qdf", noted).Output()
	if err != nil {
		t.Fatalf("fix-qdf: %v", err)
	}
	d, err := Load("noted.pdf", fixed)
	if err != nil {
		t.Fatal(err)
	}
	plain := loadFile(t, orig)
	body, section, ok := strings.Cut(d.Text, "\n\nComments\n\n")
	if !ok {
		t.Fatal("no comments section")
	}
	if want := "[c1] Start here\n[c2] Sam Student: Which shell does Debian use for /bin/sh?"; section != want {
		t.Errorf("comments %q, want %q", section, want)
	}
	for _, s := range []string{"1 Introduction[c1]\n", "Bash is the shell,[c2] or command"} {
		if !strings.Contains(body, s) {
			t.Errorf("no %q in the text", s)
		}
	}
	if got := strings.NewReplacer("[c1]", "", "[c2]", "").Replace(body); got != plain.Text {
		t.Error("the text without the references is not the text of the PDF without the notes")
	}
	kinds := func(d *doc.Document, k doc.Kind) int { return len(d.MarkersOf(k)) }
	for _, k := range []doc.Kind{doc.Heading, doc.SectionBreak, doc.Link, doc.PageBreak, doc.Paragraph} {
		want := kinds(plain, k)
		if k == doc.Heading {
			want++ // "Comments"
		}
		if got := kinds(d, k); got != want {
			t.Errorf("%d %s markers, %d without the notes", got, k, want)
		}
	}
}
