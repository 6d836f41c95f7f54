package pdf

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// outlineHeadings are the headings of outlineFodt, with their levels.
var outlineHeadings = []struct {
	level int
	title string
}{{1, "Introduction"}, {2, "Background"}, {1, "Methods"}, {2, "Sampling"}, {1, "Results"}}

// outlineFodt writes a LibreOffice flat document in two columns whose
// headings are in the body's size (bold or italic only), so that only the
// PDF's bookmarks tell them; a page break before "Sampling"; and, in the
// first paragraph, links to the "Results" heading (by a bookmark) and to
// "Sampling" (by the outline).
func outlineFodt() string {
	var body strings.Builder
	paras := knownParagraphs()
	for i, h := range outlineHeadings {
		style := "H1"
		if h.level == 2 {
			style = "H2"
		}
		fmt.Fprintf(&body, `<text:h text:style-name="%s" text:outline-level="%d"><text:bookmark text:name="h%d"/>%s</text:h>`, style, h.level, i, h.title)
		for k, p := range paras[2*i : 2*i+2] {
			if i == 0 && k == 0 {
				p += ` See <text:a xlink:type="simple" xlink:href="#h4">the results</text:a> and <text:a xlink:type="simple" xlink:href="#Sampling|outline">the sampling</text:a>.`
			}
			fmt.Fprintf(&body, `<text:p text:style-name="Body">%s</text:p>`, p)
		}
		if h.title == "Methods" {
			body.WriteString(`<text:p text:style-name="Break"/>`)
		}
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:styles>
<style:style style:name="Body" style:family="paragraph"><style:text-properties fo:font-size="11pt"/></style:style>
<style:style style:name="H1" style:family="paragraph" style:default-outline-level="1"><style:text-properties fo:font-size="11pt" fo:font-weight="bold"/></style:style>
<style:style style:name="H2" style:family="paragraph" style:default-outline-level="2"><style:text-properties fo:font-size="11pt" fo:font-style="italic"/></style:style>
<style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-after="page"/></style:style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2cm" fo:margin-right="2cm"><style:columns fo:column-count="2" fo:column-gap="1cm"/></style:page-layout-properties></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles>
<office:body><office:text>` + body.String() + `</office:text></office:body></office:document>`
}

// TestBookmarksAreHeadings: headings in the body's size that the layout
// cannot tell are headings when the PDF's outline names them, with the
// outline's levels, and each section starts at its heading.
func TestBookmarksAreHeadings(t *testing.T) {
	d := loadFile(t, filepath.Join(officePDFs(t), "outline.pdf"))
	var got, want []string
	for _, h := range outlineHeadings {
		want = append(want, fmt.Sprintf("%d %s", h.level, h.title))
	}
	heads := map[int]bool{}
	for _, m := range d.MarkersOf(doc.Heading) {
		got = append(got, fmt.Sprintf("%d %s", m.Level, d.Slice(m.Start, m.End)))
		heads[m.Start] = true
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("headings %q, want %q", got, want)
	}
	for _, m := range d.MarkersOf(SectionBreak) {
		if !heads[m.Start] {
			t.Errorf("bookmark %q starts at %d, not at a heading: %q", m.Label, m.Start, trunc(d.Slice(m.Start, m.End)))
		}
	}
}

// TestInternalLinksLand: a link to a place in the PDF (an explicit
// destination, with its page and top) leads to the heading there, in
// either column.
func TestInternalLinksLand(t *testing.T) {
	d := loadFile(t, filepath.Join(officePDFs(t), "outline.pdf"))
	want := map[string]string{"the results": "Results", "the sampling": "Sampling"}
	found := 0
	for _, m := range d.MarkersOf(doc.Link) {
		text := strings.Join(strings.Fields(d.Slice(m.Start, m.End)), " ")
		heading, ok := want[strings.TrimSuffix(text, ".")]
		if !ok {
			continue
		}
		found++
		to, ok := d.LinkTarget(m)
		if !ok {
			t.Errorf("link %q (%s) leads nowhere", text, m.Reference)
			continue
		}
		if got := d.Slice(to, to+len(heading)); got != heading {
			t.Errorf("link %q (%s) leads to %d: %q, want the heading %q", text, m.Reference, to, trunc(d.Slice(to, d.Len())), heading)
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the %d links", found, len(want))
	}
}
