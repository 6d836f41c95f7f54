package pdf

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

var readers = []string{"Ada", "Brian", "Chloe", "Dmitri", "Esther", "Farid", "Grace"}

// annotatedPDF has pages pages of one line each, each page with annots
// link annotations (an object each), and returns it with its cross-reference
// table and trailer cut off: a damaged file whose objects are found by
// scanning it.
func annotatedPDF(pages, annots int) (damaged []byte, text string) {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
	var kids, lines []string
	for p := range pages {
		// Lines that differ in words and place: no running header.
		line := fmt.Sprintf("%s reads line %d", readers[p%len(readers)], p+1)
		lines = append(lines, line)
		objs = append(objs, contentObj(fmt.Sprintf("BT /F1 10 Tf 50 %d Td (%s) Tj ET", 700-p%30*20, line)))
		content := len(objs)
		var refs []string
		for a := range annots {
			objs = append(objs, fmt.Sprintf("<< /Type /Annot /Subtype /Link /Rect [%d 20 %d 40] /Border [0 0 0] /A << /S /URI /URI (http://example.org/%d/%d) >> >>", a, a+10, p, a))
			refs = append(refs, fmt.Sprintf("%d 0 R", len(objs)))
		}
		objs = append(objs, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R /Annots [%s] >>", content, strings.Join(refs, " ")))
		kids = append(kids, fmt.Sprintf("%d 0 R", len(objs)))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	data := testkit.PDF(objs, "/Root 1 0 R")
	return data[:bytes.LastIndex(data, []byte("\nxref\n"))+1], strings.Join(lines, "\n")
}

// liveHeap is the heap in use once the collector has run.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestRepairKeepsNoParsedObjects: repairing a damaged file looks at every
// object to find the catalog, and keeps none of them parsed (that cost
// about ten times the file: 762 MB for a damaged 27 MB file); the repaired
// file then reads as the undamaged one does.
func TestRepairKeepsNoParsedObjects(t *testing.T) {
	data, want := annotatedPDF(200, 100)
	before := liveHeap()
	f, err := newFile(data)
	if err != nil {
		t.Fatal(err)
	}
	grown := int64(liveHeap()) - int64(before)
	runtime.KeepAlive(f)
	t.Logf("a damaged %d-byte file of %d objects: %d bytes live after the repair (%.1f× the file), %d objects parsed",
		len(data), len(f.xref), grown, float64(grown)/float64(len(data)), len(f.cache))
	if grown > 3*int64(len(data)) {
		t.Errorf("the repair keeps %d MB live for a %d MB file", grown>>20, len(data)>>20)
	}
	d, err := Load("damaged.pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Text, "Ada reads line 1") || !strings.Contains(d.Text, "Dmitri reads line 200") {
		t.Errorf("the repaired file reads %q…, want its pages (%q…)", d.Text[:min(len(d.Text), 80)], want[:40])
	}
}
